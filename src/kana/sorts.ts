// Sort options per POST query endpoint (reference §7; the `sort => [...]` lists of each
// api_query in lib/VNWeb/API.pm, plus `searchrank` on every endpoint with a search).
import type { QueryEndpoint } from "./types.js";

/** Accepted `sort` values per endpoint; the first is the default. */
export const SORTS = {
  vn: ["id", "title", "released", "popularity", "rating", "votecount", "searchrank"],
  release: ["id", "title", "released", "searchrank"],
  producer: ["id", "name", "searchrank"],
  character: ["id", "name", "searchrank"],
  staff: ["id", "name", "searchrank"],
  tag: ["id", "name", "vn_count", "searchrank"],
  trait: ["id", "name", "char_count", "searchrank"],
  quote: ["id", "score"],
  ulist: [
    "id",
    "title",
    "released",
    "popularity",
    "rating",
    "votecount",
    "voted",
    "vote",
    "added",
    "lastmod",
    "started",
    "finished",
    "searchrank",
  ],
} as const satisfies { readonly [E in QueryEndpoint]: readonly string[] };

export type SortOption<E extends QueryEndpoint = QueryEndpoint> = (typeof SORTS)[E][number];

/** The sort used when the request names none (the first listed). */
export const DEFAULT_SORT = "id";

/** Sorts that exist but are deprecated upstream; tools should not offer them first. */
export const DEPRECATED_SORTS: readonly string[] = ["popularity"];

/** Relevance sort; only valid together with a usable top-level search filter. */
export const SEARCHRANK = "searchrank";

export function sortOptions(endpoint: QueryEndpoint): readonly string[] {
  return SORTS[endpoint];
}

