// Characters filtered by voice actor: each character's VN list cut to the VNs that person
// voices it in (voiced-vns.ts), with a line saying how many other appearances were left out.

import { line, type QueryNote } from "./note.js";
import { keepVoicedVns, seiyuuOf } from "../voiced-vns.js";

export const voicedVns: QueryNote = {
  name: "voiced-vns",
  phase: "shape",
  // One /vn request for the VNs' voice credits (voiced-vns.ts MAX_VNS per page).
  maxRequests: 1,
  applies: (ctx) => ctx.spec.endpoint === "character" && ctx.response.results.length > 0 && seiyuuOf(ctx.converted.filters) !== null,
  async run(ctx) {
    const rows = ctx.response.results as Record<string, unknown>[];
    return line(await keepVoicedVns(ctx.api, ctx.signal, seiyuuOf(ctx.converted.filters)!, rows));
  },
};
