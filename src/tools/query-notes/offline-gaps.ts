// In the offline mode (--embedded), members the sample does not hold are named as such
// instead of showing VNDB's column defaults as facts (format/offline-gaps.ts has the rules).

import { offlineGapFields, withoutOfflineGaps } from "../../format/offline-gaps.js";
import { topLevelFields } from "../../format/missing-values.js";
import type { QueryNote } from "./note.js";

export const offlineGaps: QueryNote = {
  name: "offline-gaps",
  phase: "shape",
  maxRequests: 0,
  fields: (plan) => (plan.offline ? offlineGapFields(plan.endpoint, topLevelFields(plan.fields)) : null),
  applies: (ctx) => ctx.tool.config.embedded && ctx.response.results.length > 0,
  run(ctx) {
    const asked = topLevelFields(ctx.fields);
    return { rows: ctx.response.results.map((r) => withoutOfflineGaps(ctx.spec.endpoint, r, asked)) };
  },
};
