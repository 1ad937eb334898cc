// Where entries without the sort value went: VNDB's descending /ulist order puts NULLs first
// (reference §7), and a sort on a value some entries lack says how many lack it
// (format/missing-values.ts).

import { missingSortKeyNote } from "../../../format/missing-values.js";
import { mentionsLabel, type QueryArgs } from "../args.js";
import type { QuerySpec } from "../specs.js";
import type { Obj, QueryNote } from "./note.js";

/**
 * /ulist columns that can be null; PostgreSQL puts NULLs first in descending order
 * (reference §7), so "sort by vote, highest first" starts with the unvoted entries.
 */
const NULLS_FIRST_WHEN_REVERSED: Readonly<Record<string, string>> = {
  vote: "vote",
  voted: "vote",
  started: "start date",
  finished: "finish date",
};

/** What to tell the model when VNDB's descending order put entries without the value first. */
function nullsFirstNote(spec: QuerySpec, args: QueryArgs, results: Obj[]): string | null {
  const what = args.sort && args.reverse ? NULLS_FIRST_WHEN_REVERSED[args.sort] : undefined;
  if (spec.endpoint !== "ulist" || !what || !results.some((r) => r[args.sort!] === null)) return null;
  const note = `Entries without a ${what} come first in VNDB's descending order.`;
  const filters = args.filters;
  const plain = filters === undefined || (typeof filters === "object" && filters !== null && !Array.isArray(filters));
  if (what !== "vote" || !plain || mentionsLabel(filters)) return note;
  const next = { ...args, filters: { ...(filters as object), label: "Voted" } };
  delete (next as QueryArgs).page;
  return `${note} For voted entries only: ${spec.tool} ${JSON.stringify(next)}`;
}

export const sortOrder: QueryNote = {
  name: "sort-order",
  phase: "annotate",
  maxRequests: 0,
  applies: (ctx) => ctx.args.sort !== undefined,
  run(ctx) {
    const { spec, args } = ctx;
    const rows = ctx.response.results;
    const order = nullsFirstNote(spec, args, rows) ?? missingSortKeyNote(spec.endpoint, args.sort, args.reverse, rows);
    return order ? { head: order, structured: { order_note: order } } : null;
  },
};
