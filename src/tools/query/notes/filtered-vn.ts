// Characters filtered by one VN ("who is in Majikoi?"): each character's `vns` lists every
// VN it appears in, and a character of a long series lists every sequel and fan disc, which
// filled a page's size cap with repeats (eval: size-characters-1 took 3 or 4 calls). The
// question was about that VN, so each list keeps that VN's line(s), and a line says how
// many other appearances were left out.

import { line, type QueryNote } from "./note.js";
import { oneEntryFilter } from "./top-filters.js";

type Row = Record<string, unknown>;

/** The VN id of a top-level `vn` filter on one VN (by id, resolved name or nested `id`), from the converted predicate. */
export const filteredVnOf = (filters: unknown): string | null => oneEntryFilter(filters, "vn", /^v[0-9]+$/);

/** Cuts each row's `vns` to `vn`'s entries (a row without them keeps its list); returns how many were left out. */
export function keepFilteredVn(vn: string, rows: readonly Row[]): number {
  let cut = 0;
  for (const r of rows) {
    const vns = r.vns as Row[] | undefined;
    if (!vns) continue;
    const kept = vns.filter((v) => v.id === vn);
    if (kept.length === 0) continue;
    cut += vns.length - kept.length;
    r.vns = kept;
  }
  return cut;
}

export const filteredVn: QueryNote = {
  name: "filtered-vn",
  phase: "shape",
  maxRequests: 0,
  applies: (ctx) => ctx.spec.endpoint === "character" && ctx.response.results.length > 0 && filteredVnOf(ctx.converted.filters) !== null,
  run(ctx) {
    const vn = filteredVnOf(ctx.converted.filters)!;
    const cut = keepFilteredVn(vn, ctx.response.results as Row[]);
    return line(cut ? `vns: only ${vn}, the VN filtered on (${cut} other appearance${cut === 1 ? "" : "s"} left out).` : null);
  },
};
