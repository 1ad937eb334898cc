// The complete request validation of a POST query endpoint (reference §5.1, §5.2, §11):
// body parsing, members in the service's priority order, the size estimate, the searchrank
// rule and the /ulist user rule, each refusal worded exactly as VNDB words it.
import { estimateFieldCount, MAX_ESTIMATED_FIELDS, parseFields, tooMuchDataMessage } from "./fields.js";
import { filterErrorMessage, validateFilters } from "./filter-validate.js";
import { filterOutputs } from "./filter-output.js";
import { DEFAULT_PAGE, DEFAULT_RESULTS, MAX_PAGE, MAX_RESULTS } from "./query-limits.js";
import { isJsonContentType, parseStrictJson } from "./json-strict.js";
import { fuBool, fuEnum, fuUint, fuUserId, INVALID, isJsonObject, scalarText } from "./members.js";
import { searchWords } from "./search-normalize.js";
import { DEFAULT_SORT, SEARCHRANK, SORTS } from "./sorts.js";
import type { FieldSelection, Filter, KanaFailure, QueryEndpoint, QueryRequest, Session, Validated } from "./types.js";

/** Every failure to read the body as a JSON object (wrong Content-Type, bad JSON, not an object). */
export const INVALID_QUERY_BODY = "Invalid request (most likely: invalid JSON or non-UTF8 data).";

export const SEARCHRANK_UNAVAILABLE =
  '"searchrank" sort is only available when the top-level filter is "search", or an "and" with at most one "search".';

/** /ulist without `user` and without a session, once a query has to run (§11). */
export const ULIST_MISSING_USER = 'Missing "user" parameter and not authenticated.';

export { DEFAULT_PAGE, DEFAULT_RESULTS, MAX_PAGE, MAX_RESULTS } from "./query-limits.js";

/**
 * The accepted members, in the order the service reports the first invalid one
 * (alphabetical: FU validates a hash's keys sorted).
 */
export const QUERY_MEMBERS = [
  "compact_filters",
  "count",
  "fields",
  "filters",
  "normalized_filters",
  "page",
  "results",
  "reverse",
  "sort",
  "time",
  "user",
] as const;
type Member = (typeof QUERY_MEMBERS)[number];

export interface QueryInput {
  endpoint: QueryEndpoint;
  /** The request's Content-Type header, undefined when absent. */
  contentType: string | undefined;
  /** The body, already decoded from UTF-8 (invalid UTF-8 is the HTTP layer's 400). */
  body: string;
  /** The authenticated session, null when anonymous. */
  session: Session | null;
}

const bad = (message: string): { ok: false; failure: KanaFailure } => ({
  ok: false,
  failure: { status: 400, message },
});

const invalidMember = (member: Member) => bad(`Invalid '${member}' member.`);

export function validateQuery(input: QueryInput): Validated<QueryRequest> {
  const { endpoint, session } = input;
  if (!isJsonContentType(input.contentType)) return bad(INVALID_QUERY_BODY);
  const parsed = parseStrictJson(input.body);
  if (!parsed.ok || !isJsonObject(parsed.value)) return bad(INVALID_QUERY_BODY);
  const body = parsed.value;

  for (const name of Object.keys(body)) {
    if (!(QUERY_MEMBERS as readonly string[]).includes(name)) return bad(`Unknown member '${name}'.`);
  }

  // Members in alphabetical order; the first refusal is the answer.
  const compactFilters = fuBool(body.compact_filters);
  if (compactFilters === INVALID) return invalidMember("compact_filters");
  const count = fuBool(body.count);
  if (count === INVALID) return invalidMember("count");

  let fields: FieldSelection = {};
  const fieldsText = scalarText(body.fields);
  if (fieldsText === INVALID) return invalidMember("fields");
  if (fieldsText !== null) {
    const f = parseFields(endpoint, fieldsText);
    if (!f.ok) return bad(`Invalid 'fields' member: ${f.message}`);
    fields = f.selection;
  }

  const filterResult = validateFilters(endpoint, body.filters, { session, rawUser: body.user });
  if (!filterResult.ok) return bad(filterErrorMessage(filterResult.error));
  const filters = filterResult.filter;

  const normalizedFilters = fuBool(body.normalized_filters);
  if (normalizedFilters === INVALID) return invalidMember("normalized_filters");
  const page = fuUint(body.page, 1, MAX_PAGE, DEFAULT_PAGE);
  if (page === INVALID) return invalidMember("page");
  const results = fuUint(body.results, 0, MAX_RESULTS, DEFAULT_RESULTS);
  if (results === INVALID) return invalidMember("results");
  const reverse = fuBool(body.reverse);
  if (reverse === INVALID) return invalidMember("reverse");
  const sort = fuEnum(body.sort, SORTS[endpoint], DEFAULT_SORT);
  if (sort === INVALID) return invalidMember("sort");
  const time = fuBool(body.time);
  if (time === INVALID) return invalidMember("time");
  const user = fuUserId(body.user);
  if (user === INVALID) return invalidMember("user");

  const estimate = estimateFieldCount(endpoint, fields, results);
  if (estimate > MAX_ESTIMATED_FIELDS) return bad(tooMuchDataMessage(estimate));

  if (sort === SEARCHRANK && !hasRankableSearch(filters)) return bad(SEARCHRANK_UNAVAILABLE);

  if (endpoint === "ulist" && ulistQueryLacksUser({ results, count, user, session })) {
    return bad(ULIST_MISSING_USER);
  }

  const request: QueryRequest = { endpoint, filters, fields, sort, reverse, results, page, count, user, time };
  if (compactFilters || normalizedFilters) {
    const echoed = filterOutputs(endpoint, filters, { compact: compactFilters, normalized: normalizedFilters });
    if (compactFilters) request.compactFilters = echoed.compactFilters ?? "";
    if (normalizedFilters) request.normalizedFilters = echoed.normalizedFilters ?? null;
  }
  return { ok: true, value: request };
}

/**
 * The text of a `["search", "=", value]` predicate, "" for an empty search (normalised to
 * null), undefined for any other node. The service recognises a search by its value's type
 * (every search value, empty ones included, is a SearchQuery object), so an empty search
 * still counts as a search here; it just has no usable words.
 */
function searchQueryOf(node: Filter): string | undefined {
  if (node.length !== 3 || node[0] !== "search" || node[1] !== "=") return undefined;
  return typeof node[2] === "string" ? node[2] : "";
}

const usable = (search: string | undefined): boolean => search !== undefined && searchWords(search).length > 0;

/**
 * Whether `sort: "searchrank"` may be used (§7): the top-level filter is a search with `=`,
 * or an `and` whose direct children hold one such search. Like the service, a second
 * search only disqualifies the query when the one before it had usable words, and the
 * search that is finally kept must have usable words.
 */
export function hasRankableSearch(filter: Filter | null): boolean {
  if (filter === null) return false;
  const top = searchQueryOf(filter);
  if (top !== undefined) return usable(top);
  if (filter[0] !== "and") return false;
  let kept: string | undefined;
  for (const child of filter.slice(1) as Filter[]) {
    const s = searchQueryOf(child);
    if (s === undefined) continue;
    if (usable(kept)) return false;
    kept = s;
  }
  return usable(kept);
}

/**
 * The /ulist user rule as far as validation can decide it (§11): the main query needs a
 * user (member or session) whenever results > 0, and a count that needs the separate SQL
 * count always fails — which with `results: 0` it always does. (A count on a full page
 * also fails, but only execution knows whether the page is full.)
 */
export function ulistQueryLacksUser(q: {
  results: number;
  count: boolean;
  user: string | null;
  session: Session | null;
}): boolean {
  const hasUser = q.user !== null || q.session !== null;
  if (q.results > 0 && !hasUser) return true;
  return q.count && q.results === 0;
}
