// Calls that take more than one page: queryAll walks a query's pages (by id cursor where it
// can), getByIds fetches entries by id in chunks and returns them in the order asked for.
// Both size their pages so that VNDB's "too much data" estimate is never exceeded.

import type { QueryBody, KanaRow, QueryResponse } from "../kana/api-types.js";
import type { CallOptions } from "./options.js";
import { MAX_ESTIMATED_FIELDS } from "../kana/fields.js";
import { ENTITY_LETTER, filterEntity } from "../kana/filters.js";
import type { QueryEndpoint, QueryRequest, Validated } from "../kana/types.js";
import { vndbIdPattern } from "../kana/vndbid.js";

/** Results per page the API allows at most (`results` 0..100, reference §5.1). */
export const MAX_RESULTS_PER_PAGE = 100;
/** queryAll stops after this many results unless told otherwise: 10 requests, 5 % of the budget. */
export const DEFAULT_QUERY_ALL_CAP = 1_000;
/** Ids per getByIds request: one page of results (reference §5.1). */
export const IDS_PER_REQUEST = 100;

const TOO_MUCH_DATA_RE = /^Too much data selected \(estimated (\d+) fields\)$/;

export interface QueryAllProgress {
  fetched: number;
  pages: number;
  more: boolean;
}

export interface QueryAllOptions extends CallOptions {
  /** Stop after this many results (default {@link DEFAULT_QUERY_ALL_CAP}). */
  maxResults?: number;
  onProgress?: (progress: QueryAllProgress) => void;
}

export interface QueryAllResult<T = KanaRow> {
  results: T[];
  /** True when the cap stopped the traversal before the last page. */
  more: boolean;
  pages: number;
  /** From the first page, when `count` was requested. */
  count?: number;
}

export interface GetByIdsOptions extends CallOptions {
  /** Extra request members, e.g. `{ user: "u2" }` for /ulist. */
  body?: Omit<QueryBody, "filters" | "fields" | "results" | "page">;
}

/** What the paging helpers need from the client. */
export interface PagingHost {
  /** One POST query (validated, budgeted, retried). */
  query<T>(endpoint: QueryEndpoint, body: QueryBody, options: CallOptions): Promise<QueryResponse<T>>;
  /** Local validation of a query body, as VNDB would judge it. */
  validate(endpoint: QueryEndpoint, json: string): Validated<QueryRequest>;
  /** The deadline of a call that names none (ms). */
  deadlineMs: number;
}

/**
 * All results of a query, page after page, up to `maxResults`. Sorted by id it pages by
 * an id cursor (`id > last`), as the API documentation advises: no page is skipped or
 * repeated when entries are added meanwhile and no large page numbers are needed. Other
 * sorts, and /staff (one row per alias, so ids repeat), page by number.
 */
export async function queryAllPages<T>(host: PagingHost, endpoint: QueryEndpoint, body: QueryBody, options: QueryAllOptions): Promise<QueryAllResult<T>> {
  const cap = options.maxResults ?? DEFAULT_QUERY_ALL_CAP;
  const deadlineAt = Date.now() + (options.deadlineMs ?? host.deadlineMs);
  const byCursor = (body.sort === undefined || body.sort === "id") && endpoint !== "staff";
  const pageSize = fitResults(host, endpoint, { ...body, results: MAX_RESULTS_PER_PAGE }, Math.min(MAX_RESULTS_PER_PAGE, Math.max(1, cap)));
  const baseFilter = byCursor ? filterArray(host, endpoint, body) : undefined;

  const results: T[] = [];
  let pages = 0;
  let more = true;
  let count: number | undefined;
  let cursor: string | undefined;
  let page = body.page ?? 1;
  while (more && results.length < cap) {
    const pageBody: QueryBody = { ...body, results: Math.min(pageSize, cap - results.length) };
    if (pages > 0) {
      // Counting and echoing filters once is enough.
      delete pageBody.count;
      delete pageBody.compact_filters;
      delete pageBody.normalized_filters;
    }
    if (byCursor) {
      delete pageBody.page;
      if (cursor !== undefined) {
        const step = ["id", body.reverse ? "<" : ">", cursor];
        pageBody.filters = baseFilter ? ["and", baseFilter, step] : step;
      }
    } else {
      pageBody.page = page;
    }
    const answer = await host.query<T>(endpoint, pageBody, { signal: options.signal, deadlineMs: Math.max(0, deadlineAt - Date.now()) });
    pages++;
    if (pages === 1) count = answer.count;
    results.push(...answer.results);
    more = answer.more;
    if (byCursor) {
      // The page's highest id (lowest when reversed) rather than its last row, so the
      // cursor stays right even if rows arrive in another order.
      const next = extremeId(answer.results as { id?: unknown }[], body.reverse === true);
      if (next === undefined) more = false; // nothing to continue from
      else cursor = next;
    } else {
      page++;
    }
    options.onProgress?.({ fetched: results.length, pages, more });
    if (answer.results.length === 0) more = false;
  }
  return { results, more, pages, ...(count !== undefined ? { count } : {}) };
}

/**
 * Entries by id, in the order asked for (null where an id does not exist or is not a
 * valid id of this type). Ids may be
 * given with or without their prefix ("v17", 17, "17"). Requests go out in chunks of up to
 * 100 "or"-ed ids (fewer when the fields are heavy enough to hit "too much data"). On
 * /staff only the main name of each person is returned (staff rows are per alias).
 */
export async function getByIdsInOrder<T>(
  host: PagingHost,
  endpoint: QueryEndpoint,
  ids: readonly (string | number)[],
  fields: string,
  options: GetByIdsOptions,
): Promise<(T | null)[]> {
  const prefix = ENTITY_LETTER[filterEntity(endpoint)];
  const wanted = ids.map((id) => normaliseId(id, prefix));
  // An id that is not a valid vndbid of this type cannot exist (VNDB would refuse the whole
  // filter with "Invalid 'id' filter: Invalid value."), so it is answered null, not sent.
  const idPattern = vndbIdPattern(prefix);
  const unique = [...new Set(wanted.filter((id) => idPattern.test(id)))];
  const chunkSize = fitResults(host, endpoint, { ...options.body, fields, results: IDS_PER_REQUEST }, IDS_PER_REQUEST);
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += chunkSize) chunks.push(unique.slice(i, i + chunkSize));

  const found = new Map<string, T>();
  await Promise.all(
    chunks.map(async (chunk) => {
      const byId: unknown[] = chunk.length === 1 ? ["id", "=", chunk[0]] : ["or", ...chunk.map((id) => ["id", "=", id])];
      const filters = endpoint === "staff" ? ["and", ["ismain", "=", 1], byId] : byId;
      const answer = await host.query<T>(endpoint, { ...options.body, filters, fields, results: chunk.length }, options);
      for (const row of answer.results) {
        const id = (row as { id?: unknown }).id;
        if (typeof id === "string" && !found.has(id)) found.set(id, row);
      }
    }),
  );
  return wanted.map((id) => found.get(id) ?? null);
}

/**
 * The largest `results` (≤ desired) whose field estimate stays under VNDB's limit; the
 * estimate is linear in `results` (reference §5.5), so one validation tells the rate.
 */
function fitResults(host: PagingHost, endpoint: QueryEndpoint, body: QueryBody, desired: number): number {
  const checked = host.validate(endpoint, JSON.stringify({ ...body, results: desired }));
  if (checked.ok) return desired;
  const match = TOO_MUCH_DATA_RE.exec(checked.failure.message);
  if (!match) return desired; // another error: the real call will report it
  const perResult = Number(match[1]) / desired;
  return Math.max(1, Math.min(desired, Math.floor(MAX_ESTIMATED_FIELDS / perResult)));
}

/** The body's filters as a JSON array (what an id-cursor predicate can be "and"-ed with). */
function filterArray(host: PagingHost, endpoint: QueryEndpoint, body: QueryBody): unknown[] | undefined {
  const filters = body.filters;
  if (filters === undefined || filters === null || filters === "" || filters === false) return undefined;
  if (Array.isArray(filters)) return filters.length === 0 ? undefined : filters;
  // A compact or JSON string: the validator decodes it into the named JSON form.
  const checked = host.validate(endpoint, JSON.stringify({ filters }));
  if (!checked.ok) return undefined; // the first page reports the error
  return checked.value.filters ?? undefined;
}

/** The id with the highest number in `rows` (lowest when `lowest`), e.g. "v123". */
export function extremeId(rows: readonly { id?: unknown }[], lowest: boolean): string | undefined {
  let best: string | undefined;
  let bestNumber = 0;
  for (const row of rows) {
    if (typeof row.id !== "string") continue;
    const n = Number(row.id.replace(/^[a-z]+/, ""));
    if (!Number.isFinite(n)) continue;
    if (best === undefined || (lowest ? n < bestNumber : n > bestNumber)) {
      best = row.id;
      bestNumber = n;
    }
  }
  return best;
}

/** "v17", 17 or "17" → "v17" (ids are matched against result ids, which carry the prefix). */
export function normaliseId(id: string | number, prefix: string): string {
  const text = String(id).trim();
  return /^[0-9]+$/.test(text) ? `${prefix}${text}` : text;
}
