// Say which entries the names in filters stood for, so a wrong guess is visible to the model.

import type { QueryNote } from "./note.js";
import type { ResolvedName } from "../../../filters/index.js";

const said = (r: ResolvedName) => `${r.kind} "${r.name}" = ${r.id} ${r.as}${r.others ? ` (also credited as ${r.others.join(", ")}; the id covers all)` : ""}`;

export const resolvedNames: QueryNote = {
  name: "resolved-names",
  phase: "annotate",
  // The lookups happen while converting the filters, before the request.
  maxRequests: 0,
  applies: (ctx) => ctx.converted.resolved.length > 0,
  run: (ctx) => ({
    head: `Names resolved: ${ctx.converted.resolved.map(said).join("; ")}.`,
    structured: { resolved: ctx.converted.resolved },
  }),
};
