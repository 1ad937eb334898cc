// Nested-list options (`tags[category=cont,from=15]`, format/nested-lists.ts): each result's
// list is filtered and windowed before rendering, and a line per list says which part is shown.

import { applyListOptions } from "../../../format/nested-lists.js";
import type { QueryNote } from "./note.js";

export const listWindows: QueryNote = {
  name: "list-windows",
  phase: "shape",
  maxRequests: 0,
  applies: (ctx) => ctx.listOptions.length > 0,
  run(ctx) {
    // Copies: the response may be a cached value shared with other calls.
    const rows = ctx.response.results.map((r) => ({ ...r }));
    const head = applyListOptions(rows, ctx.listOptions, ctx.spoilerLevel);
    return { rows, head };
  },
};
