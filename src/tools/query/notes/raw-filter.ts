// A pasted URL or compact string is opaque to the model: say what it decoded to.

import { describeFilter, usesRawFilter } from "../../../filters/describe.js";
import type { QueryNote } from "./note.js";

export const rawFilter: QueryNote = {
  name: "raw-filter",
  phase: "annotate",
  maxRequests: 0,
  applies: (ctx) => usesRawFilter(ctx.args.filters) && ctx.converted.filters !== null,
  run: (ctx) => ({ head: `Filter applied: ${describeFilter(ctx.converted.filters)}.` }),
};
