// Offline, a VN's releases whose age rating the sample does not hold leave "is it fine for my
// 15-year-old?" open, and every eval player then read the VN's content tags, to find them not
// held either (eval round 5, gap-age-rating-1: 6 extra calls in 6 runs). When no release of
// the page has an age rating, the answer says at once whether the VN's tags are held, and
// where VNDB shows both. One local request.

import { topLevelFields } from "../../../format/missing-values.js";
import type { QueryNote } from "./note.js";
import { vndbUrl } from "../../../format/links.js";
import { filteredVnOf } from "./filtered-vn.js";

export const ageRatingGap: QueryNote = {
  name: "age-rating-gap",
  phase: "annotate",
  maxRequests: 1,
  applies: (ctx) =>
    ctx.tool.config.embedded &&
    ctx.spec.endpoint === "release" &&
    ctx.firstPage &&
    ctx.response.results.length > 0 &&
    topLevelFields(ctx.fields).includes("minage") &&
    ctx.response.results.every((r) => !("minage" in r) || r.minage === null) &&
    filteredVnOf(ctx.converted.filters) !== null,
  async run(ctx) {
    const vid = filteredVnOf(ctx.converted.filters)!;
    const vn = (await ctx.api.query("vn", { filters: ["id", "=", vid], fields: "tags{id}", results: 1 }, { signal: ctx.signal })).results[0];
    if (!vn || (Array.isArray(vn.tags) && vn.tags.length > 0)) return null;
    return { head: `${vid}'s content tags are not in the sample either, so its content cannot be judged here; VNDB shows its age ratings and tags at ${vndbUrl(vid)}.` };
  },
};
