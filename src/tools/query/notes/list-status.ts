// Writer mode: with a token that reads its owner's list, VN and release hits say whether they
// are on that list (or release list) and how; a list lookup that finds nothing names the VN
// it looked for (by id, or the VN its title search names) and why it is missing (list-status.ts).

import { line, type QueryNote } from "./note.js";
import { listMissNote, listStatusNote } from "../list-status.js";

export const listStatus: QueryNote = {
  name: "list-status",
  phase: "annotate",
  // One /ulist (or /release + /ulist) lookup for the page (list-status.ts).
  maxRequests: 2,
  applies: (ctx) =>
    ctx.spec.endpoint === "ulist"
      ? ctx.response.results.length === 0 && ctx.firstPage
      : ctx.tool.config.token !== undefined && (ctx.spec.endpoint === "vn" || ctx.spec.endpoint === "release"),
  async run(ctx) {
    if (ctx.spec.endpoint === "ulist") return line(await listMissNote(ctx.tool, ctx.args.filters, ctx.user, ctx.search));
    return line(await listStatusNote(ctx.tool, ctx.spec.endpoint, ctx.response.results as Record<string, unknown>[]));
  },
};
