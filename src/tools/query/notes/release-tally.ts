// "How many releases, on which platforms, is there a trial?" over a long release list: the
// size cap shows part of the page, and players paged on, or asked again with a filter, only
// to read the rest's platforms or types (eval round 5, size-releases-1: 3 extra calls in 6
// runs; round 6, release-trials-1). Every row of the page is fetched whatever is shown, so
// the answer counts their platforms, and for one VN's releases their types, naming the
// releases of the rarer types. No request (the types are fetched with the page).

import { topLevelFields } from "../../../format/missing-values.js";
import { platformName } from "../../../format/readable.js";
import type { KanaRow } from "../../../kana/api-types.js";
import type { QueryNote } from "./note.js";
import { filteredVnOf } from "./filtered-vn.js";

/** Pages of fewer releases read whole at a glance: no tally. */
export const TALLY_MIN_ROWS = 10;
/** A release type with at most this many releases has them named ("trial 1: r56975"). */
const TYPE_IDS_NAMED_MAX = 5;

const byCount = <K extends string>(counts: Map<K, string[]>) => [...counts].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));

function tally(rows: readonly KanaRow[], keys: (r: KanaRow) => string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rows) for (const k of keys(r)) out.set(k, [...(out.get(k) ?? []), String(r.id)]);
  return out;
}

export const releaseTally: QueryNote = {
  name: "release-tally",
  // Shape, not annotate: it reads each row's type for the VN, fetched for it when the call
  // did not ask (and left out of the rows before rendering).
  phase: "shape",
  maxRequests: 0,
  fields: (plan) => (plan.endpoint === "release" && filteredVnOf(plan.converted.filters) ? { vns: "vns{rtype}" } : null),
  applies: (ctx) => ctx.spec.endpoint === "release" && !ctx.replaced && ctx.response.results.length >= TALLY_MIN_ROWS,
  run(ctx) {
    const rows = ctx.response.results;
    const scope = ctx.response.more ? `the ${rows.length} releases of this page` : `these ${rows.length} releases`;
    const lines: string[] = [];
    const structured: Record<string, unknown> = {};
    if (topLevelFields(ctx.fields).includes("platforms")) {
      const platforms = byCount(tally(rows, (r) => (Array.isArray(r.platforms) ? (r.platforms as string[]) : [])));
      if (platforms.length) {
        lines.push(`Platforms of ${scope}: ${platforms.map(([p, ids]) => `${platformName(p)} (${p}) ${ids.length}`).join(", ")}.`);
        structured.platform_counts = Object.fromEntries(platforms.map(([p, ids]) => [p, ids.length]));
      }
    }
    // A release's type is per VN: counted for one VN's releases only.
    const vid = filteredVnOf(ctx.converted.filters);
    const typeOf = (r: KanaRow) => ((Array.isArray(r.vns) ? (r.vns as { id?: string; rtype?: string }[]) : []).find((v) => v.id === vid)?.rtype ?? null);
    if (vid && rows.every((r) => typeOf(r) !== null)) {
      const types = byCount(tally(rows, (r) => [typeOf(r)!]));
      const said = types.map(([t, ids]) => `${t} ${ids.length}${ids.length <= TYPE_IDS_NAMED_MAX && types.length > 1 ? ` (${ids.join(", ")})` : ""}`);
      lines.push(`Types (of ${vid}) of ${scope}: ${said.join(", ")}.`);
      structured.rtype_counts = Object.fromEntries(types.map(([t, ids]) => [t, ids.length]));
    }
    return lines.length ? { head: lines, structured } : null;
  },
};
