// Offline, a filter on a value the sample does not hold for most entries (a VN's development
// status, a release's age rating, date or languages) matches the sample's defaults and its few known
// values: "no VN in development" or "every VN finished" would read as VNDB's answer.

import { offlineGapMembers } from "../../../format/offline-gaps.js";
import { languageName } from "../../../format/readable.js";
import type { NoteContext, QueryNote } from "./note.js";
import { filteredVnOf } from "./filtered-vn.js";
import { topConjuncts } from "./top-filters.js";

/** Top-level filter names of a predicate (the conjuncts of an "and", or the one filter). */
function topFilterNames(filters: unknown): string[] {
  return topConjuncts(filters).flatMap((c) => (typeof c[0] === "string" ? [c[0]] : []));
}

/**
 * Filters named otherwise than the member they test, per endpoint: a release's `lang` filter
 * reads its `languages` (which the sample holds for its few dated releases only; an English
 * filter found nothing where the VN itself lists English, eval gap-english-1).
 */
const FILTER_MEMBERS: Readonly<Partial<Record<string, Readonly<Record<string, string>>>>> = {
  release: { lang: "languages" },
};

/** Filters on members the offline sample lacks for most entries, each with the member it tests where the names differ ("lang (languages)"). */
export function offlineGapFilters(endpoint: string, filters: unknown): string[] {
  const gaps = offlineGapMembers(endpoint);
  const renamed = FILTER_MEMBERS[endpoint] ?? {};
  const named = topFilterNames(filters).flatMap((n) => {
    const member = renamed[n] ?? n;
    return gaps.includes(member) ? [member === n ? n : `${n} (${member})`] : [];
  });
  return [...new Set(named)];
}

/**
 * Where the sample does hold what such a filter asks, per endpoint and filter: a VN's own
 * `languages` are VNDB's (the sample keeps them), while its releases' mostly are not; a
 * player asking "is it in English?" took a second call to find that out (eval round 5).
 */
const HELD_ELSEWHERE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  release: { lang: "a VN's own languages are held: vndb_search_vn fields languages" },
};

/**
 * An empty release language filter on one VN: whether that VN's own languages (which the
 * sample holds) include the ones asked. Players asking "is it in English?" read the hint
 * above and asked the VN next in every run (eval round 5, gap-english-1): one local request
 * answers it in place.
 */
async function vnLanguages(ctx: NoteContext): Promise<string | null> {
  if (ctx.spec.endpoint !== "release" || ctx.response.results.length > 0) return null;
  const vid = filteredVnOf(ctx.converted.filters);
  const asked = topConjuncts(ctx.converted.filters).flatMap((c) => (c[0] === "lang" && c[1] === "=" && typeof c[2] === "string" ? [c[2]] : []));
  if (!vid || !asked.length) return null;
  const vn = (await ctx.api.query("vn", { filters: ["id", "=", vid], fields: "languages", results: 1 }, { signal: ctx.signal })).results[0];
  if (!vn || !Array.isArray(vn.languages)) return null;
  const held = vn.languages as string[];
  const verdicts = asked.map((l) => `${languageName(l)} (${l}) ${held.includes(l) ? "is" : "is not"} among them`);
  return `${vid}'s own languages, which the sample does hold: ${held.join(", ") || "none"}; ${verdicts.join("; ")}.`;
}

export const offlineFilters: QueryNote = {
  name: "offline-filters",
  phase: "annotate",
  maxRequests: 1,
  applies: (ctx) => ctx.tool.config.embedded && ctx.firstPage && offlineGapFilters(ctx.spec.endpoint, ctx.converted.filters).length > 0,
  async run(ctx) {
    const names = offlineGapFilters(ctx.spec.endpoint, ctx.converted.filters).join(", ");
    const what = ctx.response.results.length === 0 ? "an empty answer here does not mean VNDB has none" : "these matches rest on its defaults and its few known values, not on VNDB's data";
    const answered = await vnLanguages(ctx);
    const elsewhere = answered ? [] : topFilterNames(ctx.converted.filters).flatMap((n) => HELD_ELSEWHERE[ctx.spec.endpoint]?.[n] ?? []);
    const hint = elsewhere.length ? ` (${[...new Set(elsewhere)].join("; ")})` : "";
    const head = `The offline sample does not hold ${names} for most entries, so ${what}${hint}.`;
    return { head: answered ? [head, answered] : head };
  },
};
