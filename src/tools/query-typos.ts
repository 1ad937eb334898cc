// A text search that finds nothing is most often a typo ("Clanad") or a title spelt
// differently. Retrying looser — the longest word alone, then its first half — and ranking
// what that finds by closeness to what was typed gives "did you mean" candidates, in at most
// two extra requests. The other filters of the call stay in force.

import { editDistance } from "../kana/hints.js";
import { normalizeSearchTerm, searchWords } from "../kana/search-normalize.js";
import type { QueryEndpoint } from "../kana/types.js";
import type { VndbApi } from "./api.js";

/** Looser searches tried at most (each one request). */
export const TYPO_RETRIES_MAX = 2;
/** Candidates offered at most. */
export const TYPO_CANDIDATES_MAX = 3;
/** Results read per looser search: enough to hold the right entry for a short prefix. */
const CANDIDATE_PAGE = 50;

/** The name field of each searchable endpoint (ulist searches its VNs). */
const NAME_FIELDS: Readonly<Partial<Record<QueryEndpoint, string>>> = {
  vn: "title",
  release: "title",
  producer: "name",
  character: "name",
  staff: "name",
  tag: "name",
  trait: "name",
};

/** The shortest word prefix worth searching: shorter ones match half the catalogue. */
const PREFIX_MIN = 3;

/**
 * The looser searches for a query, most specific first: the first half of the longest word,
 * then of the first word (a typo usually leaves a word's start intact).
 */
export function looserSearches(query: string): string[] {
  const words = searchWords(query);
  if (words.length === 0) return [];
  const half = (w: string) => w.slice(0, Math.max(PREFIX_MIN, Math.ceil(w.length / 2)));
  const longest = [...words].sort((a, b) => b.length - a.length)[0]!;
  const out = [half(longest), half(words[0]!)].filter((w) => w.length >= PREFIX_MIN);
  return [...new Set(out)].slice(0, TYPO_RETRIES_MAX);
}

/** How far a name is from what was typed: the best edit distance over same-length windows. */
function distance(typed: string, name: string): number {
  const t = normalizeSearchTerm(typed);
  const n = normalizeSearchTerm(name);
  if (n.length <= t.length) return editDistance(t, n);
  let best = editDistance(t, n);
  for (let i = 0; i + t.length <= n.length; i++) best = Math.min(best, editDistance(t, n.slice(i, i + t.length)));
  return best;
}

export interface TypoInput {
  api: VndbApi;
  signal: AbortSignal | undefined;
  endpoint: QueryEndpoint;
  query: string;
  /** The call's other filters (already converted), kept in force. */
  filters: unknown;
}

/** "Did you mean: v4 Clannad; v5 …" or null when the looser searches find nothing close. */
export async function didYouMeanNote(input: TypoInput): Promise<string | null> {
  const field = NAME_FIELDS[input.endpoint];
  if (!field) return null;
  const seen = new Map<string, { id: string; name: string; d: number }>();
  // Within a third of the typed length: further than that is another word, not a typo.
  const limit = Math.max(1, Math.round(normalizeSearchTerm(input.query).length / 3));
  for (const loose of looserSearches(input.query)) {
    const search = ["search", "=", loose];
    const filters = input.filters === null ? search : ["and", search, input.filters];
    const r = await input.api.query(
      input.endpoint,
      { filters, fields: field, results: CANDIDATE_PAGE, sort: "searchrank" } as never,
      { signal: input.signal },
    );
    for (const row of r.results) {
      const name = row[field];
      if (typeof name !== "string" || seen.has(row.id as string)) continue;
      const d = distance(input.query, name);
      if (d <= limit) seen.set(row.id as string, { id: row.id as string, name, d });
    }
    if (seen.size >= TYPO_CANDIDATES_MAX) break;
  }
  const best = [...seen.values()].sort((a, b) => a.d - b.d).slice(0, TYPO_CANDIDATES_MAX);
  if (!best.length) return null;
  return `Nothing matches "${input.query}". Did you mean: ${best.map((b) => `${b.id} ${b.name}`).join("; ")}? (looser searches, not the answer)`;
}
