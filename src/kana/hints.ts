// Short advice attached to a KanaError: what the model (or a person) should do next.
// VNDB's message already says what was wrong; the hint says how to fix it, and for
// unknown names offers the closest valid ones ("did you mean ...") from the same tables
// the validator uses.

import type { KanaErrorKind } from "./errors.js";

/** Where VNDB users create API tokens: My Profile → Applications on vndb.org. */
export const TOKEN_SETTINGS_URL = "https://vndb.org/u<your id>/tokens";

/** Longest input compared with candidate names (the longest VNDB name is far shorter). */
const MAX_SUGGESTIBLE_CHARS = 200;

/** Suggestions offered at most; more would bury the useful one. */
export const MAX_SUGGESTIONS = 3;

/** Names the hints may suggest, per query endpoint (without the leading slash). */
export interface HintTables {
  fieldNames(endpoint: string): readonly string[];
  filterNames(endpoint: string): readonly string[];
  sortNames(endpoint: string): readonly string[];
  memberNames(): readonly string[];
}

export interface HintInput {
  kind: KanaErrorKind;
  status: number | null;
  message: string;
  /** "/vn", "/ulist/v17", "/schema" ... */
  endpoint: string;
  retryAfterMs?: number;
}

/**
 * The Damerau–Levenshtein (optimal string alignment) distance: one typo, one swapped pair
 * of letters or one missing letter each cost 1.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * Candidates close to `input`, best first: case-insensitive edit distance within a third of
 * the length (at least 1, at most 3), or names that contain the input / are contained in it
 * (`vote_count` → `votecount` is distance 1; `dev` → `devstatus`, `developers`).
 */
export function didYouMean(input: string, candidates: readonly string[]): string[] {
  const needle = input.toLowerCase().trim();
  // No VNDB name is longer than this: a longer input suggests nothing, and comparing it would
  // cost time quadratic in its length (a 100 kB field string took 13.6 s here).
  if (needle === "" || needle.length > MAX_SUGGESTIBLE_CHARS) return [];
  const limit = Math.min(3, Math.max(1, Math.floor(needle.length / 3)));
  const scored: { name: string; score: number }[] = [];
  for (const name of new Set(candidates)) {
    if (name === input.trim()) continue; // VNDB names are case-sensitive: "Released" ≠ "released"
    const lower = name.toLowerCase();
    const stripped = needle.replace(/[_\s-]/g, "");
    const bare = lower.replace(/_/g, "");
    const contains = needle.length >= 3 && (lower.includes(needle) || (lower.length >= 3 && needle.includes(lower)));
    // An edit distance is at least the difference in length: compute it only where it can be
    // within the limit, so the work stays linear in the number of candidates.
    const within = (a: string, b: string) => (Math.abs(a.length - b.length) <= limit ? editDistance(a, b) : Infinity);
    const distance = Math.min(within(needle, lower), within(stripped, bare));
    if (distance <= limit) scored.push({ name, score: distance });
    else if (contains) {
      scored.push({ name, score: limit + 1 + Math.abs(lower.length - needle.length) / 100 });
    }
  }
  scored.sort((x, y) => x.score - y.score || x.name.localeCompare(y.name));
  return scored.slice(0, MAX_SUGGESTIONS).map((s) => s.name);
}

function suggestion(input: string, candidates: readonly string[], what: string): string | undefined {
  const close = didYouMean(input, candidates);
  if (close.length === 0) return undefined;
  return `Did you mean ${close.map((c) => `'${c}'`).join(" or ")}? (${what})`;
}

/** The query endpoint an API path belongs to ("/vn" → "vn"), or undefined. */
function queryEndpointOf(path: string): string | undefined {
  const match = /^\/(vn|release|producer|character|staff|tag|trait|quote|ulist)$/.exec(path);
  return match?.[1];
}

function seconds(ms: number | undefined): string {
  return ms === undefined ? "a while" : `${Math.max(1, Math.ceil(ms / 1000))} s`;
}

/** The hint for a failure, or undefined when VNDB's message says it all. */
export function hintFor(input: HintInput, tables: HintTables): string | undefined {
  const { kind, status, message } = input;
  const endpoint = queryEndpointOf(input.endpoint);

  switch (kind) {
    case "budget":
      return `The client keeps under VNDB's limit of 200 requests per 5 minutes; wait ${seconds(input.retryAfterMs)} or combine lookups into fewer queries (e.g. one "or" of ids).`;
    case "deadline":
      return "The call ran out of time (rate-budget wait, retries or a slow answer). Try again shortly or narrow the query.";
    case "network":
      return "VNDB could not be reached or the connection dropped; check the network and the API URL (VNDB_API_URL), then try again.";
    case "unavailable":
      return "VNDB itself is down or unreachable; nothing in the request needs changing. Tell the user and try again later.";
    case "protocol":
      return "The server's answer was not valid JSON; this is usually transient. Try again.";
    case "aborted":
      return undefined;
    default:
      break;
  }

  if (status === 401) {
    if (message === "Unauthorized") {
      return `This needs a VNDB API token with the right permission (listread to read private list data, listwrite to change lists). Create or edit one at ${TOKEN_SETTINGS_URL} and configure it as VNDB_TOKEN.`;
    }
    return `The configured VNDB API token is not accepted. Copy it again from ${TOKEN_SETTINGS_URL} (format: groups of lowercase letters/digits separated by dashes) and set it as VNDB_TOKEN.`;
  }
  if (status === 429) {
    return `VNDB is throttling this client; wait ${seconds(input.retryAfterMs)} before the next request and prefer fewer, combined queries.`;
  }
  if (message.startsWith("Too much data selected")) {
    return "Select fewer fields (nested lists such as tags, staff, va, relations and screenshots multiply the estimate) or ask for fewer results per page.";
  }
  if (message === "Processing timeout") {
    return "The query took longer than VNDB's 3-second limit; narrow the filters, request fewer fields or results, or avoid sorting a broad search.";
  }
  if (message.startsWith('"searchrank" sort')) {
    return 'Sort by "searchrank" only together with a top-level "search" filter (or an "and" with exactly one search).';
  }
  if (message.startsWith('Missing "user" parameter')) {
    return 'Pass the list owner as "user" (e.g. "u2"), or configure a token so the list of its owner is used.';
  }
  if (message === "Visual novel not found" || message === "Release not found") {
    return "Check the id: it must be an existing, non-deleted entry (v123 for visual novels, r123 for releases).";
  }
  if (message === "Label id 7 cannot be used here") {
    return 'Label 7 ("Voted") is maintained by VNDB from the vote; set or remove the vote instead.';
  }
  if (message === "Not found.") {
    return "Unknown API path: list entries are addressed as v123 (ulist) or r123 (rlist).";
  }
  if (status === 500 && message.startsWith("Internal server error")) {
    return "VNDB failed internally; for list updates check that dates are real calendar dates (YYYY-MM-DD).";
  }

  const unknownMember = /^Unknown member '(.*)'\.$/.exec(message);
  if (unknownMember) {
    return suggestion(unknownMember[1], tables.memberNames(), "request members");
  }
  if (endpoint !== undefined) {
    const unknownFilter = /^Invalid '(.*)' filter: Unknown field\.$/.exec(message);
    if (unknownFilter) {
      return (
        suggestion(unknownFilter[1], tables.filterNames(endpoint), `filters of /${endpoint}`) ??
        `See the filter list of /${endpoint}; nested filters (e.g. "release", "developer") take a query of that entity.`
      );
    }
    const unknownField = /^Invalid 'fields' member: Field '(.*)' not found$/.exec(message);
    if (unknownField) {
      return suggestion(unknownField[1], tables.fieldNames(endpoint), `fields of /${endpoint}`);
    }
    if (/requires specifying sub-field\(s\)\.$/.test(message)) {
      return 'Name the sub-fields of that object, e.g. "image.url" or "image{url,dims}".';
    }
    if (message === "Invalid 'sort' member.") {
      const sorts = tables.sortNames(endpoint);
      if (sorts.length > 0) return `Sort options of /${endpoint}: ${sorts.join(", ")}.`;
    }
  }
  return undefined;
}
