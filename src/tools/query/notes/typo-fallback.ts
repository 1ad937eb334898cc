// A text search that finds nothing is most often a typo ("Clanad") or a title spelt
// differently. Retrying looser — the longest word alone, then its first half — and ranking
// what that finds by closeness to what was typed gives "did you mean" candidates, in at most
// two extra requests. The other filters of the call stay in force. When one candidate is
// closer than all others, it is fetched and shown in place of the empty answer: a model
// told only a name spends its next call fetching what it would have asked for anyway.

import { editDistance } from "../../../kana/hints.js";
import { normalizeSearchTerm, searchWords } from "../../../kana/search-normalize.js";
import type { QueryEndpoint } from "../../../kana/types.js";
import type { QueryResponse } from "../../../kana/api-types.js";
import type { QueryBody, VndbApi } from "../../api.js";
import { isKanaError } from "../../../kana/errors.js";
import { countOnly, type QueryNote } from "./note.js";

/**
 * Whether an error is the client's rate budget refusing a request. The fallback is a
 * courtesy: when the budget says no, the answer is "nothing found", never the budget's error
 * (in a 300-call storm that turned every empty search into a failure).
 */
const refusedByBudget = (error: unknown): boolean => isKanaError(error) && error.kind === "budget";

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

export interface NearMatch {
  id: string;
  name: string;
  /** Edit distance from what was typed (the best window). */
  d: number;
}

export interface NearMatches {
  /** Closest first, at most TYPO_CANDIDATES_MAX. */
  candidates: NearMatch[];
  /** The one candidate closer than every other, if there is one. */
  closest: NearMatch | null;
}

/**
 * Near matches found before, kept: the same misspelling comes back call after call (a model
 * retrying, many users asking about one title), and answering it from here spends none of
 * the rate budget. Names change rarely; a quarter hour is fresh enough for "did you mean".
 * Kept per upstream (the client), as its answers are.
 */
const NEAR_SEEN = new WeakMap<VndbApi, Map<string, { at: number; near: NearMatches | null }>>();
/** Misspellings kept at most (each a few short names). */
const NEAR_SEEN_MAX = 1_000;
/** How long a kept answer is used, in ms. */
const NEAR_SEEN_TTL_MS = 15 * 60_000;

/** Candidates within reach of a typo, closest first; null when the looser searches find none. */
export async function nearMatches(input: TypoInput): Promise<NearMatches | null> {
  const field = NAME_FIELDS[input.endpoint];
  if (!field) return null;
  const key = JSON.stringify([input.endpoint, normalizeSearchTerm(input.query), input.filters]);
  let memo = NEAR_SEEN.get(input.api);
  if (!memo) NEAR_SEEN.set(input.api, (memo = new Map()));
  const kept = memo.get(key);
  if (kept && Date.now() - kept.at < NEAR_SEEN_TTL_MS) return kept.near;
  const { near, complete } = await searchNear(input, field);
  // An answer cut short by the budget is not kept: a later call may do better.
  if (complete) {
    if (memo.size >= NEAR_SEEN_MAX) memo.delete(memo.keys().next().value as string);
    memo.set(key, { at: Date.now(), near });
  }
  return near;
}

async function searchNear(input: TypoInput, field: string): Promise<{ near: NearMatches | null; complete: boolean }> {
  let complete = true;
  const seen = new Map<string, NearMatch>();
  // Within a third of the typed length: further than that is another word, not a typo.
  const limit = Math.max(1, Math.round(normalizeSearchTerm(input.query).length / 3));
  for (const loose of looserSearches(input.query)) {
    const search = ["search", "=", loose];
    const filters = input.filters === null ? search : ["and", search, input.filters];
    let r;
    try {
      r = await input.api.query(input.endpoint, { filters, fields: field, results: CANDIDATE_PAGE, sort: "searchrank" } as never, { signal: input.signal });
    } catch (error) {
      // Refused by the budget: rank what the searches before found (none: nothing near).
      if (!refusedByBudget(error)) throw error;
      complete = false;
      break;
    }
    for (const row of r.results) {
      const name = row[field];
      if (typeof name !== "string" || seen.has(row.id as string)) continue;
      const d = distance(input.query, name);
      if (d <= limit) seen.set(row.id as string, { id: row.id as string, name, d });
    }
    if (seen.size >= TYPO_CANDIDATES_MAX) break;
  }
  const best = [...seen.values()].sort((a, b) => a.d - b.d).slice(0, TYPO_CANDIDATES_MAX);
  if (!best.length) return { near: null, complete };
  const closest = best.length === 1 || best[0]!.d < best[1]!.d ? best[0]! : null;
  return { near: { candidates: best, closest }, complete };
}

/** What the answer says: the entry shown in place of the search, or the names to choose from. */
export function nearMatchNote(query: string, near: NearMatches, shown: NearMatch | null): string {
  const named = (xs: NearMatch[]) => xs.map((b) => `${b.id} ${b.name}`).join("; ");
  if (shown) {
    const others = near.candidates.filter((c) => c !== shown);
    return (
      `Nothing matches "${query}". Closest spelling: ${shown.id} ${shown.name}, shown below; ` +
      `say that it is spelt differently if you answer with it.${others.length ? ` Also close: ${named(others)}.` : ""}`
    );
  }
  return `Nothing matches "${query}". Did you mean: ${named(near.candidates)}? (names only; search again for the one meant)`;
}

/** What a search that found nothing answers: the note, and the closest entry's answer when one is clearly closest. */
export interface TypoAnswer {
  note: string;
  /** The answer for the closest spelling, to show in place of the empty one; null: names only. */
  response: QueryResponse | null;
}

/**
 * The near spellings of an empty search; the one clearly closest is fetched with the call's
 * own body (fields and other filters as asked; by id, so no searchrank). null: nothing near.
 */
export async function typoAnswer(input: TypoInput & { body: QueryBody }): Promise<TypoAnswer | null> {
  const near = await nearMatches(input);
  if (!near) return null;
  if (near.closest) {
    const idFilter = ["id", "=", near.closest.id];
    const instead: QueryBody = { ...input.body, filters: input.filters === null ? idFilter : ["and", idFilter, input.filters] };
    if (instead.sort === "searchrank") delete instead.sort;
    const found = await input.api.query(input.endpoint, instead, { signal: input.signal }).catch((error: unknown) => {
      // Refused by the budget: the names alone still help.
      if (refusedByBudget(error)) return null;
      throw error;
    });
    if (found && found.results.length > 0) return { note: nearMatchNote(input.query, near, near.closest), response: found };
  }
  return { note: nearMatchNote(input.query, near, null), response: null };
}

/** The typo fallback as a note: it runs first, since it may answer in place of the empty response. */
export const typoFallback: QueryNote = {
  name: "typo-fallback",
  phase: "replace",
  // The looser searches, then the closest entry fetched.
  maxRequests: TYPO_RETRIES_MAX + 1,
  applies: (ctx) => ctx.response.results.length === 0 && !countOnly(ctx) && ctx.search !== undefined && ctx.search !== "" && ctx.firstPage,
  async run(ctx) {
    // The fields as asked (no members other notes added: the entry is shown by id, not by a match).
    const answer = await typoAnswer({
      api: ctx.api,
      signal: ctx.signal,
      endpoint: ctx.spec.endpoint,
      query: ctx.search!,
      filters: ctx.converted.filters,
      body: { ...ctx.body, fields: ctx.fields },
    });
    if (!answer) return null;
    return { head: answer.note, ...(answer.response ? { response: answer.response } : {}) };
  },
};
