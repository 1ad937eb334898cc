// "The newest X" asked as a sort by release date, newest first, where no match has a date:
// VNDB puts the undated last and breaks the tie by id ascending, so the page starts with the
// oldest entries and the sort-order note says the order tells nothing about the date. Every
// eval player then asked again with sort "id", reverse — the most recently added to VNDB, the
// nearest stand-in (eval round 5, empty-sort-1: 8 extra calls in 6 runs). The answer names
// that stand-in at once, as a stand-in, in one request (none when the page holds every match).

import type { QueryNote } from "./note.js";

/** Entries named as the stand-in, at most. */
export const STAND_INS_SHOWN = 5;

/** The endpoints whose `released` sort puts undated entries last when reversed (format/missing-values.ts). */
const DATED = new Set(["vn", "release"]);

const undated = (row: Record<string, unknown>) => "released" in row && (row.released === null || row.released === undefined);

export const undatedStandIn: QueryNote = {
  name: "undated-stand-in",
  phase: "annotate",
  maxRequests: 1,
  applies: (ctx) =>
    DATED.has(ctx.spec.endpoint) &&
    ctx.args.sort === "released" &&
    ctx.args.reverse === true &&
    ctx.firstPage &&
    !ctx.replaced &&
    ctx.response.results.length > 0 &&
    ctx.response.results.every(undated),
  async run(ctx) {
    const shown = Math.min(STAND_INS_SHOWN, ctx.response.results.length);
    const byId = (id: unknown) => Number(String(id).slice(1));
    // A page holding every match already has them all: order its rows, no request.
    const rows = ctx.response.more
      ? (await ctx.api.query(ctx.spec.endpoint, { ...(ctx.body.filters !== undefined ? { filters: ctx.body.filters } : {}), fields: "title", sort: "id", reverse: true, results: shown }, { signal: ctx.signal })).results
      : [...ctx.response.results].sort((a, b) => byId(b.id) - byId(a.id)).slice(0, shown);
    if (!rows.length) return null;
    const names = rows.map((r) => `${String(r.id)}${typeof r.title === "string" ? ` ${r.title}` : ""}`).join("; ");
    return {
      head: `The nearest stand-in for "newest" is the most recently added to VNDB (sort "id", reverse): ${names}.`,
      structured: { newest_added: rows.map((r) => ({ id: r.id, ...(typeof r.title === "string" ? { title: r.title } : {}) })) },
    };
  },
};
