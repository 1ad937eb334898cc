// In the offline mode (--embedded), members the sample does not hold are named as such
// instead of showing VNDB's column defaults as facts (format/offline-gaps.ts has the rules).

import { keptStandIns, OFFLINE_GAPS_KEY, offlineGapFields, withoutOfflineGaps } from "../../../format/offline-gaps.js";
import { topLevelFields } from "../../../format/missing-values.js";
import type { QueryNote } from "./note.js";

/** Rows named in a "for N of M" line, at most; the rest are counted. */
const ROWS_NAMED_MAX = 8;

/** Members lacking in some rows, grouped by the rows that lack them. */
function partialGaps(rows: readonly { id: string; gaps: readonly string[] }[]): { members: string[]; lacking: string[] }[] {
  const byRows = new Map<string, { members: string[]; lacking: string[] }>();
  for (const member of [...new Set(rows.flatMap((r) => r.gaps))]) {
    const lacking = rows.filter((r) => r.gaps.includes(member)).map((r) => r.id);
    const key = lacking.join(",");
    const group = byRows.get(key) ?? { members: [], lacking };
    group.members.push(member);
    byRows.set(key, group);
  }
  return [...byRows.values()];
}

/** The rows a gap bites, named the short way: "c23, c88537" or "all but c24, c25". */
function whichRows(lacking: readonly string[], all: readonly string[]): string {
  const having = all.filter((id) => !lacking.includes(id));
  const [ids, prefix] = having.length < lacking.length ? [having, "all but "] : [lacking, ""];
  const named = ids.slice(0, ROWS_NAMED_MAX).join(", ");
  return `${prefix}${named}${ids.length > ROWS_NAMED_MAX ? ` and ${ids.length - ROWS_NAMED_MAX} more` : ""}`;
}

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
    // What only some rows lack is also said once, with the rows it bites (issue 29 item 7:
    // "29 of 31 have no age" read better than 29 lines), and left off the rows' text.
    const some = rows.length > 1 ? partialGaps(rows.map((r) => ({ id: String(r.id), gaps: gapsOf(r).filter((k) => !common.includes(k)) }))) : [];
    const said = new Set([...common, ...some.flatMap((s) => s.members)]);
    if (!said.size) return keptLine ? { rows, head: keptLine } : { rows };
    const trimmed = rows.map((r) => {
      const own = gapsOf(r).filter((k) => !said.has(k));
      const { [OFFLINE_GAPS_KEY]: _all, ...rest } = r;
      return (own.length ? { ...rest, [OFFLINE_GAPS_KEY]: own } : rest) as typeof r;
    });
    const scope = rows.length === 1 ? "" : ` (for ${rows.length === 2 ? "both" : `all ${rows.length}`} entries)`;
    const lines = [
      ...(common.length ? [`Not in the offline sample${scope}: ${common.join(", ")}.`] : []),
      ...some.map((s) => `Not in the offline sample for ${s.lacking.length} of ${rows.length}: ${s.members.join(", ")} (${whichRows(s.lacking, rows.map((r) => String(r.id)))}).`),
      ...(keptLine ? [keptLine] : []),
    ];
    return {
      rows: trimmed,
      head: lines,
      ...(common.length ? { structured: { [OFFLINE_GAPS_KEY]: common } } : {}),
    };
  },
};
