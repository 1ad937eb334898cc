// Offline, a filter on a value the sample does not hold for most entries (a VN's development
// status, a release's age rating or date) matches the sample's defaults and its few known
// values: "no VN in development" or "every VN finished" would read as VNDB's answer.

import { offlineGapMembers } from "../../format/offline-gaps.js";
import type { QueryNote } from "./note.js";

/** Top-level filter names of a predicate (the conjuncts of an "and", or the one filter). */
function topFilterNames(filters: unknown): string[] {
  if (!Array.isArray(filters)) return [];
  const conjuncts = filters[0] === "and" ? filters.slice(1) : [filters];
  return conjuncts.flatMap((c) => (Array.isArray(c) && typeof c[0] === "string" ? [c[0]] : []));
}

/** Filters on members the offline sample lacks for most entries. */
export function offlineGapFilters(endpoint: string, filters: unknown): string[] {
  const gaps = offlineGapMembers(endpoint);
  return [...new Set(topFilterNames(filters).filter((n) => gaps.includes(n)))];
}

export const offlineFilters: QueryNote = {
  name: "offline-filters",
  phase: "annotate",
  maxRequests: 0,
  applies: (ctx) => ctx.tool.config.embedded && ctx.firstPage && offlineGapFilters(ctx.spec.endpoint, ctx.converted.filters).length > 0,
  run(ctx) {
    const names = offlineGapFilters(ctx.spec.endpoint, ctx.converted.filters).join(", ");
    const what = ctx.response.results.length === 0 ? "an empty answer here does not mean VNDB has none" : "these matches rest on its defaults and its few known values, not on VNDB's data";
    return { head: `The offline sample does not hold ${names} for most entries, so ${what}.` };
  },
};
