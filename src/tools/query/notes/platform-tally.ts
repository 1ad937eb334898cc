// "How many releases, and on which platforms?" over a long release list: the size cap shows
// part of the page, and players paged on only to read the rest's platforms (eval round 5,
// size-releases-1: 3 extra calls in 6 runs). Every row of the page is fetched whatever is
// shown, so the answer counts their platforms in one line. No request.

import { topLevelFields } from "../../../format/missing-values.js";
import { PLATFORM } from "../../../schema/generated.js";
import type { QueryNote } from "./note.js";

/** Pages of fewer releases read whole at a glance: no tally. */
export const PLATFORM_TALLY_MIN = 10;

const platformName = (code: string) => PLATFORM.find((p) => p.id === code)?.label ?? code;

export const platformTally: QueryNote = {
  name: "platform-tally",
  phase: "annotate",
  maxRequests: 0,
  applies: (ctx) =>
    ctx.spec.endpoint === "release" && !ctx.replaced && ctx.response.results.length >= PLATFORM_TALLY_MIN && topLevelFields(ctx.fields).includes("platforms"),
  run(ctx) {
    const rows = ctx.response.results;
    const counts = new Map<string, number>();
    for (const r of rows) for (const p of Array.isArray(r.platforms) ? (r.platforms as string[]) : []) counts.set(p, (counts.get(p) ?? 0) + 1);
    if (!counts.size) return null;
    const tally = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const scope = ctx.response.more ? `the ${rows.length} releases of this page` : `these ${rows.length} releases`;
    const text = `Platforms of ${scope}: ${tally.map(([p, n]) => `${platformName(p)} (${p}) ${n}`).join(", ")}.`;
    return { head: text, structured: { platform_counts: Object.fromEntries(tally) } };
  },
};
