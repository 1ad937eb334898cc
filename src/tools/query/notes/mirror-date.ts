// With --mirror, a catalogue answer says the date of the VNDB data it comes from, once, at its
// head (server/mirror-data.ts has the words). An answer VNDB gave live (a list, a query about
// the token owner's list) says nothing: client/local-route.ts, the one rule of what the mirror
// answers, decides; the token is assumed present, so an answer that might have gone to VNDB
// never claims the mirror.

import { routeOf } from "../../../client/local-route.js";
import { mirrorDataLine } from "../../../server/mirror-data.js";
import { line, type QueryNote } from "./note.js";

export const mirrorDate: QueryNote = {
  name: "mirror-date",
  phase: "annotate",
  maxRequests: 0,
  applies: (ctx) =>
    ctx.tool.config.mirrorData !== undefined &&
    ctx.firstPage &&
    routeOf({ method: "POST", path: `/${ctx.spec.endpoint}`, body: JSON.stringify(ctx.body) }, true) === "local",
  run: (ctx) => line(mirrorDataLine(ctx.tool.config.mirrorData!)),
};
