// In the offline mode (--embedded), members the sample does not hold are named as such
// instead of showing VNDB's column defaults as facts (format/offline-gaps.ts has the rules).

import { keptStandIns, OFFLINE_GAPS_KEY, offlineGapFields, withoutOfflineGaps } from "../../../format/offline-gaps.js";
import { topLevelFields } from "../../../format/missing-values.js";
import type { QueryNote } from "./note.js";

export const offlineGaps: QueryNote = {
  name: "offline-gaps",
  phase: "shape",
  maxRequests: 0,
  fields: (plan) => (plan.offline ? offlineGapFields(plan.endpoint, topLevelFields(plan.fields)) : null),
  applies: (ctx) => ctx.tool.config.embedded && ctx.response.results.length > 0,
  run(ctx) {
    // The sort key stays: the sort-order note says where entries without it went.
    const asked = topLevelFields(ctx.fields).filter((k) => k !== ctx.args.sort);
    const rows = ctx.response.results.map((r) => withoutOfflineGaps(ctx.spec.endpoint, r, asked));
    const kept = keptStandIns(ctx.spec.endpoint, ctx.response.results, asked);
    const keptLine = kept.length ? `Note: ${kept.join("; ")}.` : undefined;
    // What every row lacks is said once for the page, not once per row.
    const gapsOf = (r: Record<string, unknown>) => (r[OFFLINE_GAPS_KEY] as string[] | undefined) ?? [];
    const common = gapsOf(rows[0]!).filter((k) => rows.every((r) => gapsOf(r).includes(k)));
    if (!common.length) return keptLine ? { rows, head: keptLine } : { rows };
    const trimmed = rows.map((r) => {
      const own = gapsOf(r).filter((k) => !common.includes(k));
      const { [OFFLINE_GAPS_KEY]: _all, ...rest } = r;
      return (own.length ? { ...rest, [OFFLINE_GAPS_KEY]: own } : rest) as typeof r;
    });
    const scope = rows.length === 1 ? "" : ` (for ${rows.length === 2 ? "both" : `all ${rows.length}`} entries)`;
    const gapsLine = `Not in the offline sample${scope}: ${common.join(", ")}.`;
    return {
      rows: trimmed,
      head: keptLine ? [gapsLine, keptLine] : gapsLine,
      structured: { [OFFLINE_GAPS_KEY]: common },
    };
  },
};
