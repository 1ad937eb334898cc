// Offline, a VN whose release date the sample does not hold is named as such (offline-gaps),
// and every eval player asked next whether its releases have a date (eval round 5,
// gap-release-date-1: 7 extra calls in 6 runs). The sample holds dates for some releases of
// VNs it has no VN date for, and none for others: the answer about a few VNs says which, one
// local request per VN (the offline mode's data is in this process: no quota is spent).

import { topLevelFields } from "../../../format/missing-values.js";
import type { KanaRow } from "../../../kana/api-types.js";
import type { NoteContext, QueryNote } from "./note.js";

/** Pages of at most this many VNs are about those VNs (a search's best few): their undated ones get their releases read. */
const PAGE_ROWS_MAX = 10;
/** Undated VNs whose releases are read, the first ones of the page (a player's search for one title asked for 5 rows). */
export const RELEASE_DATE_LOOKUPS_MAX = 3;
/** Releases read per VN (VNDB's page maximum); a VN with more says "of the first 100". */
const RELEASES_READ = 100;

const dated = (r: KanaRow) => typeof r.released === "string" && /^\d{4}/.test(r.released);

/** The VNs of the page whose date the answer leaves out (offline-gaps removed the member). */
function undatedVns(ctx: NoteContext): string[] {
  return ctx.response.results.filter((r) => !("released" in r) || r.released === null).map((r) => String(r.id));
}

async function whatReleasesSay(ctx: NoteContext, vid: string): Promise<string> {
  const page = await ctx.api.query(
    "release",
    { filters: ["vn", "=", ["id", "=", vid]], fields: "released", sort: "released", reverse: true, results: RELEASES_READ, count: true },
    { signal: ctx.signal },
  );
  const total = page.count ?? page.results.length;
  if (total === 0) return `${vid}: no release in the sample`;
  const withDate = page.results.filter(dated);
  const of = total > page.results.length ? `the first ${page.results.length} of its ${total} releases` : `its ${total} release${total === 1 ? "" : "s"}`;
  if (withDate.length === 0) return `${vid}: none of ${of} has a date in the sample either`;
  const first = withDate.reduce((a, b) => (String(b.released) < String(a.released) ? b : a));
  return `${vid}: ${withDate.length} of ${of} ${withDate.length === 1 ? "has" : "have"} a date in the sample, the earliest ${String(first.released)} (${String(first.id)})`;
}

export const releaseDates: QueryNote = {
  name: "release-dates",
  phase: "annotate",
  maxRequests: RELEASE_DATE_LOOKUPS_MAX,
  applies: (ctx) =>
    ctx.tool.config.embedded &&
    ctx.spec.endpoint === "vn" &&
    !ctx.replaced &&
    // A sort by date says itself which matches have none (sort-order): a page about the order, not about these VNs.
    ctx.args.sort !== "released" &&
    ctx.response.results.length > 0 &&
    ctx.response.results.length <= PAGE_ROWS_MAX &&
    topLevelFields(ctx.fields).includes("released") &&
    undatedVns(ctx).length > 0,
  async run(ctx) {
    const said = await Promise.all(undatedVns(ctx).slice(0, RELEASE_DATE_LOOKUPS_MAX).map((vid) => whatReleasesSay(ctx, vid)));
    return { head: `Release dates, where the VN's own is not held: ${said.join("; ")}.` };
  },
};
