// KanaClient: the one way this project talks to VNDB's HTTP API v2 (or to the emulator,
// which speaks the same contract). It owns everything between a request body and VNDB:
// local validation (an invalid request never spends one of the 200 requests per
// 5 minutes), the rate budget, retries, timeouts, auth and typed errors that keep VNDB's
// words. Nothing here knows about MCP.

import { Pool, type Dispatcher } from "undici";
import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate } from "node:zlib";
import { KanaError } from "./errors.js";
import { hintFor, type HintTables } from "./hints.js";
import { defaultHintTables } from "./hint-tables.js";
import { RateBudget, RateBudgetExceeded, type RateBudgetOptions, type RateBudgetSnapshot } from "./rate-budget.js";
import {
  DEFAULT_RETRY_POLICY,
  backoffDelay,
  isRetryable,
  parseRetryAfter,
  type AttemptFailure,
  type RetryPolicy,
} from "./retry.js";
import { TtlCache, canonicalKey } from "./cache.js";
import { userAgent } from "./user-agent.js";
import { QUERY_ENDPOINTS, type KanaFailure, type QueryEndpoint, type QueryRequest, type Session } from "./types.js";
import { validateQuery } from "./validate-query.js";
import type { QueryBody, KanaRow, QueryResponse, KanaSchema, KanaStats, KanaUser, AuthInfo, UlistLabel, UlistPatch, RlistPatch } from "./api-types.js";
import { ENTITY_LETTER, filterEntity } from "./filters.js";
import { parseAuthorization, type ParsedToken } from "./token.js";
import { validateRlistPatch, validateUlistPatch } from "./list-write.js";
import {
  decodeQueryString,
  ulistLabelsQueryString,
  userQueryString,
  validateUlistLabelsParams,
  validateUserParams,
  type UserField,
} from "./get-params.js";

export type { QueryBody, KanaRow, QueryResponse, KanaSchema, KanaStats, KanaUser, AuthInfo, UlistLabel, UlistPatch, RlistPatch } from "./api-types.js";

// ---------------------------------------------------------------------------------------
// Limits and defaults (each says where it comes from)

/** The production API base (reference §1.1). The sandbox is https://beta.vndb.org/api/kana. */
export const DEFAULT_BASE_URL = "https://api.vndb.org/kana";
/** Environment variable that points the client at the sandbox or the emulator. */
export const BASE_URL_ENV = "VNDB_API_URL";

/**
 * Total time one call may take, waits and retries included. MCP clients give up on a tool
 * call after 60 s by default (SDK v1 request timeout); we fail clearly before that.
 */
export const DEFAULT_DEADLINE_MS = 45_000;
/**
 * How long a call may queue for the rate budget before failing with "retry in N s".
 * A model waiting longer than this would rather be told to come back later.
 */
export const DEFAULT_MAX_BUDGET_WAIT_MS = 20_000;
/** TCP/TLS connect timeout: a healthy api.vndb.org connects in well under a second. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/**
 * Time to response headers. VNDB aborts queries after 3 s of execution (reference §3.3)
 * and answers 500; anything much slower than that is a stalled connection.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 15_000;
/**
 * Idle time between body chunks; same reasoning as the headers timeout. (undici runs both
 * on its coarse timer wheel, about 1 s resolution, so sub-second values fire late.)
 */
export const DEFAULT_BODY_TIMEOUT_MS = 15_000;
/** Keep idle connections this long: tool calls arrive seconds apart, TLS set-up is costly. */
export const KEEP_ALIVE_TIMEOUT_MS = 30_000;
/** close() waits this long for in-flight requests before dropping their sockets. */
export const CLOSE_GRACE_MS = 1_000;

/** GET /schema changes only when VNDB deploys (the server computes it once per process, §4.1). */
export const SCHEMA_TTL_MS = 24 * 3600_000;
/** GET /stats comes from VNDB's stats cache, refreshed periodically; minutes-old is fine. */
export const STATS_TTL_MS = 10 * 60_000;
/** Tag and trait lookups (name → id): the tag tree changes rarely. */
export const LOOKUP_TTL_MS = 60 * 60_000;
/** GET /authinfo: token permissions only change when the user edits the token. */
export const AUTHINFO_TTL_MS = 60 * 60_000;

/** Results per page the API allows at most (`results` 0..100, reference §5.1). */
export const MAX_RESULTS_PER_PAGE = 100;
/** queryAll stops after this many results unless told otherwise: 10 requests, 5 % of the budget. */
export const DEFAULT_QUERY_ALL_CAP = 1_000;
/** Ids per getByIds request: one page of results (reference §5.1). */
export const IDS_PER_REQUEST = 100;

/** Endpoints whose query answers are cached (the rest are only coalesced). */
const CACHED_QUERY_ENDPOINTS: ReadonlySet<QueryEndpoint> = new Set(["tag", "trait"]);


/** List entry ids as VNDB's routes match them (reference §1.1, `%RE`). */
const VN_ID_RE = /^v[1-9][0-9]{0,6}$/;
const RELEASE_ID_RE = /^r[1-9][0-9]{0,6}$/;

/** VNDB's answer to an unknown path (reference §1.3). */
const NOT_FOUND: KanaFailure = { status: 404, message: "Not found." };
/** VNDB's answer to /authinfo and list writes without a (listwrite) session (§2.4). */
const UNAUTHORIZED: KanaFailure = { status: 401, message: "Unauthorized" };

const TOO_MUCH_DATA_RE = /^Too much data selected \(estimated (\d+) fields\)$/;

// ---------------------------------------------------------------------------------------
// Public types

export type KanaLogLevel = "debug" | "info" | "warn" | "error";
/** Receives one log event; never sees the token. Must not write to stdout (MCP channel). */
export type KanaLogger = (level: KanaLogLevel, message: string, fields?: Record<string, unknown>) => void;

const LEVEL_ORDER: Record<KanaLogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** The method-per-level logger shape (as src/log.ts has it) is accepted too. */
export interface KanaLoggerObject {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

function toLogger(logger: KanaLogger | KanaLoggerObject | undefined): KanaLogger {
  if (logger === undefined) return stderrLogger("warn");
  if (typeof logger === "function") return logger;
  return (level, message, fields) => logger[level](message, fields);
}

/** A logger writing one line per event to stderr, from `minLevel` up. */
export function stderrLogger(minLevel: KanaLogLevel = "warn"): KanaLogger {
  return (level, message, fields) => {
    if (LEVEL_ORDER[level] < LEVEL_ORDER[minLevel]) return;
    const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : "";
    process.stderr.write(`[vndb-mcp] ${level}: ${message}${extra}\n`);
  };
}




export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's deadline for this call (ms from now). */
  deadlineMs?: number;
}

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








/** Validates a POST query the way VNDB does; injectable for tests of the client alone. */
export type QueryValidator = typeof validateQuery;

export interface KanaClientOptions {
  /** API base; default `VNDB_API_URL` from the environment, else {@link DEFAULT_BASE_URL}. */
  baseUrl?: string;
  /** VNDB API token; checked locally (reference §2.3) when the client is built. */
  token?: string;
  /** Appended to the User-Agent (e.g. the embedding application's name). */
  userAgentSuffix?: string;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Sliding-window request budget (default 200 per 300 s, VNDB's published limit). */
  rateLimit?: Omit<RateBudgetOptions, "concurrency">;
  maxBudgetWaitMs?: number;
  deadlineMs?: number;
  retry?: Partial<RetryPolicy>;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  /** Ask for gzip/brotli bodies (VNDB compresses bodies over 256 bytes, §1.2). Default true. */
  compression?: boolean;
  /** Validate queries locally before sending (default true). */
  prevalidate?: boolean;
  /** Cache lifetimes; 0 disables caching of that kind (coalescing stays). */
  cacheTtl?: { schemaMs?: number; statsMs?: number; lookupMs?: number; authinfoMs?: number };
  logger?: KanaLogger | KanaLoggerObject;
  /** An undici dispatcher to use instead of the client's own pool (tests: MockAgent). Not closed by the client. */
  dispatcher?: Dispatcher;
  /** Replaces the query validator (tests). */
  validator?: QueryValidator;
  /** Replaces the did-you-mean tables (tests). */
  hintTables?: HintTables;
  /** Random source for retry jitter (tests). */
  random?: () => number;
}

/** Counters for diagnostics and tests. */
export interface KanaClientMetrics {
  /** HTTP requests sent (every attempt). */
  requests: number;
  /** Attempts after the first, over all calls. */
  retries: number;
  /** Calls refused locally without a request (validation, token, budget). */
  localRejections: number;
  /** Calls answered from the cache or joined to an identical call in flight. */
  cacheHits: number;
  /** 429 answers received. */
  throttled: number;
}

// ---------------------------------------------------------------------------------------

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

interface RequestSpec {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path relative to the base, e.g. "/vn", "/ulist/v17". */
  path: string;
  search?: string;
  body?: string;
}

const decompressors: Record<string, (input: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
  "x-gzip": promisify(gunzip),
  deflate: promisify(inflate),
};

class Failure extends Error {
  constructor(readonly attempt: AttemptFailure) {
    super(attempt.type);
  }
}

export class KanaClient {
  readonly baseUrl: string;
  readonly metrics: KanaClientMetrics = { requests: 0, retries: 0, localRejections: 0, cacheHits: 0, throttled: 0 };

  // The token lives only in this private field and in the header we build from it.
  readonly #authorization: string | undefined;
  readonly #secrets: string[];
  readonly #session: Session | null;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #origin: string;
  readonly #basePath: string;
  readonly #budget: RateBudget;
  readonly #retry: RetryPolicy;
  readonly #deadlineMs: number;
  readonly #maxBudgetWaitMs: number;
  readonly #headersTimeoutMs: number;
  readonly #bodyTimeoutMs: number;
  readonly #compression: boolean;
  readonly #prevalidate: boolean;
  readonly #ttl: { schemaMs: number; statsMs: number; lookupMs: number; authinfoMs: number };
  readonly #cache = new TtlCache<unknown>();
  readonly #log: KanaLogger;
  readonly #validator: QueryValidator;
  readonly #hints: HintTables;
  readonly #random: () => number;
  readonly #userAgent: string;
  /** Fires on close(): no new request starts, waits and backoffs end. */
  readonly #closing = new AbortController();
  /** Fires CLOSE_GRACE_MS after close(): requests still in flight are dropped. */
  readonly #stopping = new AbortController();
  /** Callers waiting on each shared in-flight call, and the switch that cancels it. */
  readonly #waiting = new Map<string, { controller: AbortController; callers: number }>();

  constructor(options: KanaClientOptions = {}) {
    const base = (options.baseUrl ?? process.env[BASE_URL_ENV] ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    const url = new URL(base);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`Unsupported API URL scheme: ${url.protocol}`);
    this.baseUrl = base;
    this.#origin = url.origin;
    this.#basePath = url.pathname.replace(/\/+$/, "");
    this.#log = toLogger(options.logger);
    this.#validator = options.validator ?? validateQuery;
    this.#hints = options.hintTables ?? defaultHintTables;
    this.#random = options.random ?? Math.random;
    this.#userAgent = userAgent(options.userAgentSuffix);
    this.#retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.#maxBudgetWaitMs = options.maxBudgetWaitMs ?? DEFAULT_MAX_BUDGET_WAIT_MS;
    this.#headersTimeoutMs = options.timeouts?.headersMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
    this.#bodyTimeoutMs = options.timeouts?.bodyMs ?? DEFAULT_BODY_TIMEOUT_MS;
    this.#compression = options.compression ?? true;
    this.#prevalidate = options.prevalidate ?? true;
    this.#ttl = {
      schemaMs: options.cacheTtl?.schemaMs ?? SCHEMA_TTL_MS,
      statsMs: options.cacheTtl?.statsMs ?? STATS_TTL_MS,
      lookupMs: options.cacheTtl?.lookupMs ?? LOOKUP_TTL_MS,
      authinfoMs: options.cacheTtl?.authinfoMs ?? AUTHINFO_TTL_MS,
    };
    this.#budget = new RateBudget({ ...options.rateLimit, concurrency: options.concurrency });

    // Token: trimmed (a pasted token often carries a newline), checked like VNDB would.
    const token = options.token?.trim();
    if (token) {
      this.#secrets = [token, token.replace(/-/g, "")];
      const header = `Token ${token}`;
      const parsed = parseAuthorization(header);
      if (!parsed.ok) {
        throw this.#error({ kind: "token", ...parsed.failure, method: "-", endpoint: "(token)", attempts: 0 });
      }
      this.#authorization = header;
      // The uid embedded in the token lets local validation complete bare label ids the way
      // the server will (reference §8.3); the permissions are the server's to check.
      this.#session = { userId: (parsed.value as ParsedToken).userId, userName: null, listread: true, listwrite: true };
    } else {
      this.#secrets = [];
      this.#authorization = undefined;
      this.#session = null;
    }

    if (options.dispatcher) {
      this.#dispatcher = options.dispatcher;
      this.#ownsDispatcher = false;
    } else {
      this.#dispatcher = new Pool(this.#origin, {
        // No more sockets than requests we allow in flight.
        connections: this.#budget.concurrency,
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
        connect: { timeout: options.timeouts?.connectMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
        headersTimeout: this.#headersTimeoutMs,
        bodyTimeout: this.#bodyTimeoutMs,
      });
      this.#ownsDispatcher = true;
    }
  }

  /** Whether a token is configured (never the token itself). */
  get authenticated(): boolean {
    return this.#authorization !== undefined;
  }

  /** The user id embedded in the configured token ("u2"), or null. */
  get tokenUserId(): string | null {
    return this.#session?.userId ?? null;
  }

  /** Current state of the rate budget. */
  budget(): RateBudgetSnapshot {
    return this.#budget.snapshot();
  }

  // -------------------------------------------------------------------------------------
  // POST queries

  /**
   * POST /<endpoint>. Invalid bodies are refused locally with VNDB's own status and
   * message; identical calls in flight share one request; tag/trait answers are cached.
   */
  async query<T = KanaRow>(endpoint: QueryEndpoint, body: QueryBody = {}, options: CallOptions = {}): Promise<QueryResponse<T>> {
    const path = `/${endpoint}`;
    if (!(QUERY_ENDPOINTS as readonly string[]).includes(endpoint)) {
      throw this.#local(NOT_FOUND, "POST", path);
    }
    const json = JSON.stringify(body ?? {});
    if (this.#prevalidate) {
      const checked = this.#validate(endpoint, json);
      if (!checked.ok) throw this.#local(checked.failure, "POST", path);
    }
    const ttl = CACHED_QUERY_ENDPOINTS.has(endpoint) ? this.#ttl.lookupMs : 0;
    return this.#shared(`POST ${path} ${canonicalKey(body ?? {})}`, ttl, options, (opts) =>
      this.#requestJson<QueryResponse<T>>({ method: "POST", path, body: json }, opts),
    );
  }

  /**
   * All results of a query, page after page, up to `maxResults`. Sorted by id it pages by
   * an id cursor (`id > last`), as the API documentation advises: no page is skipped or
   * repeated when entries are added meanwhile and no large page numbers are needed. Other
   * sorts, and /staff (one row per alias, so ids repeat), page by number.
   */
  async queryAll<T = KanaRow>(endpoint: QueryEndpoint, body: QueryBody = {}, options: QueryAllOptions = {}): Promise<QueryAllResult<T>> {
    const cap = options.maxResults ?? DEFAULT_QUERY_ALL_CAP;
    const deadlineAt = Date.now() + (options.deadlineMs ?? this.#deadlineMs);
    const byCursor = (body.sort === undefined || body.sort === "id") && endpoint !== "staff";
    const pageSize = this.#fitResults(endpoint, { ...body, results: MAX_RESULTS_PER_PAGE }, Math.min(MAX_RESULTS_PER_PAGE, Math.max(1, cap)));
    const baseFilter = byCursor ? this.#filterArray(endpoint, body) : undefined;

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
      const answer = await this.query<T>(endpoint, pageBody, { signal: options.signal, deadlineMs: Math.max(0, deadlineAt - Date.now()) });
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
  async getByIds<T = KanaRow>(endpoint: QueryEndpoint, ids: readonly (string | number)[], fields = "", options: GetByIdsOptions = {}): Promise<(T | null)[]> {
    const prefix = ENTITY_LETTER[filterEntity(endpoint)];
    const wanted = ids.map((id) => normaliseId(id, prefix));
    // An id that is not a valid vndbid of this type cannot exist (VNDB would refuse the whole
    // filter with "Invalid 'id' filter: Invalid value."), so it is answered null, not sent.
    const idPattern = new RegExp(`^${prefix}[1-9][0-9]{0,6}$`);
    const unique = [...new Set(wanted.filter((id) => idPattern.test(id)))];
    const chunkSize = this.#fitResults(endpoint, { ...options.body, fields, results: IDS_PER_REQUEST }, IDS_PER_REQUEST);
    const chunks: string[][] = [];
    for (let i = 0; i < unique.length; i += chunkSize) chunks.push(unique.slice(i, i + chunkSize));

    const found = new Map<string, T>();
    await Promise.all(
      chunks.map(async (chunk) => {
        const byId: unknown[] = chunk.length === 1 ? ["id", "=", chunk[0]] : ["or", ...chunk.map((id) => ["id", "=", id])];
        const filters = endpoint === "staff" ? ["and", ["ismain", "=", 1], byId] : byId;
        const answer = await this.query<T>(endpoint, { ...options.body, filters, fields, results: chunk.length }, options);
        for (const row of answer.results) {
          const id = (row as { id?: unknown }).id;
          if (typeof id === "string" && !found.has(id)) found.set(id, row);
        }
      }),
    );
    return wanted.map((id) => found.get(id) ?? null);
  }

  // -------------------------------------------------------------------------------------
  // Simple GETs

  /** GET /schema, cached for a day. */
  schema(options: CallOptions = {}): Promise<KanaSchema> {
    return this.#shared("GET /schema", this.#ttl.schemaMs, options, (opts) => this.#requestJson<KanaSchema>({ method: "GET", path: "/schema" }, opts));
  }

  /** GET /stats, cached for 10 minutes. */
  stats(options: CallOptions = {}): Promise<KanaStats> {
    return this.#shared("GET /stats", this.#ttl.statsMs, options, (opts) => this.#requestJson<KanaStats>({ method: "GET", path: "/stats" }, opts));
  }

  /** GET /user: users by id ("u2") or name, keyed by each `q` as given; null = no such user. */
  user(q: readonly string[], fields: readonly UserField[] = [], options: CallOptions = {}): Promise<Record<string, KanaUser | null>> {
    const search = userQueryString(q, fields);
    const params = decodeQueryString(search);
    const checked = params && validateUserParams(params);
    if (!checked || !checked.ok) throw this.#local(checked ? checked.failure : { status: 400, message: "Invalid argument" }, "GET", "/user");
    return this.#shared(`GET /user?${search}`, 0, options, (opts) =>
      this.#requestJson<Record<string, KanaUser | null>>({ method: "GET", path: "/user", search }, opts),
    );
  }

  /** GET /authinfo for the configured token, cached for an hour. Without a token: 401 locally. */
  authinfo(options: CallOptions = {}): Promise<AuthInfo> {
    if (!this.#authorization) return Promise.reject(this.#local(UNAUTHORIZED, "GET", "/authinfo"));
    return this.#shared("GET /authinfo", this.#ttl.authinfoMs, options, (opts) => this.#requestJson<AuthInfo>({ method: "GET", path: "/authinfo" }, opts));
  }

  /** GET /ulist_labels of `user` (default: the token's owner). */
  ulistLabels(params: { user?: string | number; fields?: "count" | "" } = {}, options: CallOptions = {}): Promise<{ labels: UlistLabel[] }> {
    const user = params.user === undefined ? null : String(params.user);
    const search = ulistLabelsQueryString({ user, count: params.fields === "count" });
    const decoded = decodeQueryString(search);
    const checked = decoded && validateUlistLabelsParams(decoded);
    const invalid: KanaFailure = { status: 400, message: "Invalid argument" };
    if (!checked || !checked.ok) throw this.#local(checked ? checked.failure : invalid, "GET", "/ulist_labels");
    // Without user and without a session VNDB answers this same 400 (reference §4.5).
    if (checked.value.user === null && !this.#authorization) throw this.#local(invalid, "GET", "/ulist_labels");
    return this.#shared(`GET /ulist_labels?${search}`, 0, options, (opts) =>
      this.#requestJson<{ labels: UlistLabel[] }>({ method: "GET", path: "/ulist_labels", search: search || undefined }, opts),
    );
  }

  // -------------------------------------------------------------------------------------
  // List writes (PATCH/DELETE; idempotent, see retry.ts)

  /** PATCH /ulist/<vid>: add or update a VN list entry. Resolves on VNDB's 204. */
  async patchUlist(vid: string | number, body: UlistPatch, options: CallOptions = {}): Promise<void> {
    await this.#write("PATCH", `/ulist/${listId(vid, "v")}`, VN_ID_RE, body, options);
  }

  /** DELETE /ulist/<vid> (also drops the user's release-list entries of that VN, §12.4). */
  async deleteUlist(vid: string | number, options: CallOptions = {}): Promise<void> {
    await this.#write("DELETE", `/ulist/${listId(vid, "v")}`, VN_ID_RE, undefined, options);
  }

  /** PATCH /rlist/<rid>: add or update a release list entry. */
  async patchRlist(rid: string | number, body: RlistPatch, options: CallOptions = {}): Promise<void> {
    await this.#write("PATCH", `/rlist/${listId(rid, "r")}`, RELEASE_ID_RE, body, options);
  }

  /** DELETE /rlist/<rid>. */
  async deleteRlist(rid: string | number, options: CallOptions = {}): Promise<void> {
    await this.#write("DELETE", `/rlist/${listId(rid, "r")}`, RELEASE_ID_RE, undefined, options);
  }

  /**
   * Stops the client: queued calls fail, in-flight requests get {@link CLOSE_GRACE_MS} to
   * finish, then the pool's sockets are destroyed so the process can exit at once.
   */
  async close(): Promise<void> {
    if (this.#closing.signal.aborted) return;
    const reason = new KanaError({ kind: "aborted", status: null, message: "The VNDB client was closed.", method: "-", endpoint: "-", attempts: 0 });
    this.#closing.abort(reason);
    this.#budget.close(reason);
    if (!this.#ownsDispatcher) {
      this.#stopping.abort(reason);
      return;
    }
    const pool = this.#dispatcher;
    let timer: NodeJS.Timeout | undefined;
    const graceful = pool.close().then(() => true, () => false);
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CLOSE_GRACE_MS);
    });
    const closed = await Promise.race([graceful, timedOut]);
    if (timer) clearTimeout(timer);
    this.#stopping.abort(reason);
    if (!closed) await pool.destroy().catch(() => undefined);
  }

  // -------------------------------------------------------------------------------------
  // Internals

  #validate(endpoint: QueryEndpoint, json: string) {
    return this.#validator({ endpoint, contentType: "application/json", body: json, session: this.#session });
  }

  /**
   * The largest `results` (≤ desired) whose field estimate stays under VNDB's limit; the
   * estimate is linear in `results` (reference §5.5), so one validation tells the rate.
   */
  #fitResults(endpoint: QueryEndpoint, body: QueryBody, desired: number): number {
    const checked = this.#validate(endpoint, JSON.stringify({ ...body, results: desired }));
    if (checked.ok) return desired;
    const match = TOO_MUCH_DATA_RE.exec(checked.failure.message);
    if (!match) return desired; // another error: the real call will report it
    const perResult = Number(match[1]) / desired;
    return Math.max(1, Math.min(desired, Math.floor(100_000 / perResult)));
  }

  /** The body's filters as a JSON array (what an id-cursor predicate can be "and"-ed with). */
  #filterArray(endpoint: QueryEndpoint, body: QueryBody): unknown[] | undefined {
    const filters = body.filters;
    if (filters === undefined || filters === null || filters === "" || filters === false) return undefined;
    if (Array.isArray(filters)) return filters.length === 0 ? undefined : filters;
    // A compact or JSON string: the validator decodes it into the named JSON form.
    const checked = this.#validate(endpoint, JSON.stringify({ filters }));
    if (!checked.ok) return undefined; // the first page reports the error
    return (checked.value as QueryRequest).filters ?? undefined;
  }

  async #write(method: "PATCH" | "DELETE", path: string, idPattern: RegExp, body: object | undefined, options: CallOptions): Promise<void> {
    const id = path.slice(path.lastIndexOf("/") + 1);
    if (!idPattern.test(id)) throw this.#local(NOT_FOUND, method, path);
    const json = body === undefined ? undefined : JSON.stringify(body);
    // The order of VNDB's checks (reference §12.1, §12.4): DELETE checks the session first;
    // PATCH validates the body first and only then the session.
    if (json !== undefined && this.#prevalidate) {
      const checked = path.startsWith("/ulist/") ? validateUlistPatch("application/json", json) : validateRlistPatch("application/json", json);
      if (!checked.ok) throw this.#local(checked.failure, method, path);
    }
    if (!this.#authorization) throw this.#local(UNAUTHORIZED, method, path);
    await this.#request({ method, path, body: json }, this.#callContext(options));
  }

  /**
   * Runs `load` once for identical concurrent calls (and caches its value for `ttlMs`).
   * Each caller keeps its own signal: one caller giving up does not cancel the others; the
   * shared request is cancelled only when every caller waiting for it has given up.
   */
  async #shared<V>(key: string, ttlMs: number, options: CallOptions, load: (ctx: CallContext) => Promise<V>): Promise<V> {
    let mine = false;
    const shared = this.#cache.getOrLoad(key, ttlMs, () => {
      mine = true;
      const controller = new AbortController();
      this.#waiting.set(key, { controller, callers: 0 });
      const ctx = { signal: controller.signal, deadlineAt: Date.now() + (options.deadlineMs ?? this.#deadlineMs) };
      return load(ctx).finally(() => this.#waiting.delete(key));
    }) as Promise<V>;
    if (!mine) this.metrics.cacheHits++;
    const waiting = this.#waiting.get(key);
    if (waiting) waiting.callers++;
    const leave = () => {
      if (waiting && --waiting.callers === 0) waiting.controller.abort();
    };
    const value = await raceSignal(shared, options.signal, () => {
      leave();
      return this.#aborted(key.split(" ")[0], key.split(" ")[1]);
    });
    // Cached and shared values are copied so a caller's edits cannot leak into others'.
    return mine && ttlMs === 0 ? value : structuredClone(value);
  }

  #callContext(options: CallOptions): CallContext {
    return { signal: options.signal, deadlineAt: Date.now() + (options.deadlineMs ?? this.#deadlineMs) };
  }

  async #requestJson<V>(spec: RequestSpec, ctx: CallContext): Promise<V> {
    const { value } = await this.#request(spec, ctx, true);
    return value as V;
  }

  /** Sends one call: budget, timeouts, retries. Returns the parsed JSON when `json`. */
  async #request(spec: RequestSpec, ctx: CallContext, json = false): Promise<{ status: number; value: unknown }> {
    let attempt = 0;
    let lastError: KanaError | undefined;
    for (;;) {
      attempt++;
      const remaining = ctx.deadlineAt - Date.now();
      if (remaining <= 0) throw lastError ?? this.#deadline(spec, attempt - 1);

      // One permit per HTTP attempt: VNDB counts every request, retries included.
      let permit;
      const waitSignal = linkSignals([ctx.signal, this.#closing.signal]);
      try {
        permit = await this.#budget.acquire({ maxWaitMs: Math.min(this.#maxBudgetWaitMs, remaining), signal: waitSignal.signal });
      } catch (error) {
        if (error instanceof RateBudgetExceeded) {
          // Waiting out a 429 pause ran out of time: VNDB's own 429 says more than ours.
          if (lastError && error.limit === "paused") throw lastError;
          if (remaining < this.#maxBudgetWaitMs && error.retryAfterMs > remaining && error.limit === "concurrency") {
            throw this.#deadline(spec, attempt - 1);
          }
          this.metrics.localRejections++;
          throw this.#error({
            kind: "budget",
            status: null,
            message: `Rate limit reached (client budget: ${this.#budget.maxRequests} requests per ${Math.round(this.#budget.windowMs / 1000)} s, ${this.#budget.concurrency} at once); retry in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s.`,
            method: spec.method,
            endpoint: spec.path,
            attempts: attempt - 1,
            retryAfterMs: error.retryAfterMs,
          });
        }
        throw this.#abortError(spec, attempt - 1, ctx);
      } finally {
        waitSignal.dispose();
      }

      let failure: AttemptFailure;
      let retryAfterMs: number | undefined;
      let response: RawResponse | undefined;
      const started = Date.now();
      try {
        this.metrics.requests++;
        if (attempt > 1) this.metrics.retries++;
        response = await this.#send(spec, ctx);
      } catch (error) {
        if (this.#closing.signal.aborted || ctx.signal?.aborted) throw this.#abortError(spec, attempt, ctx);
        if (Date.now() >= ctx.deadlineAt) throw this.#deadline(spec, attempt);
        if (error instanceof Failure) {
          failure = error.attempt;
        } else {
          failure = { type: "network", code: networkCode(error) };
        }
      } finally {
        permit.release();
      }

      if (response) {
        const elapsed = Date.now() - started;
        if (response.status >= 200 && response.status < 300) {
          this.#log("debug", `${spec.method} ${spec.path} ${response.status}`, { ms: elapsed, attempt });
          if (!json || response.status === 204) return { status: response.status, value: undefined };
          try {
            return { status: response.status, value: JSON.parse(response.text) };
          } catch {
            failure = { type: "malformed" };
          }
        } else {
          failure = { type: "status", status: response.status, body: response.text };
          retryAfterMs = parseRetryAfter(response.headers["retry-after"]);
          this.#log(response.status >= 500 || response.status === 429 ? "info" : "debug", `${spec.method} ${spec.path} ${response.status}`, {
            ms: elapsed,
            attempt,
          });
        }
      }

      // failure is definitely assigned here: every path without a return sets it.
      const current = failure!;
      lastError = this.#failureError(current, spec, attempt, retryAfterMs);
      if (!isRetryable(current) || attempt >= this.#retry.maxAttempts) throw lastError;

      let delay = backoffDelay(attempt, this.#retry, this.#random);
      if (current.type === "status" && current.status === 429) {
        this.metrics.throttled++;
        // VNDB's application 429 carries no Retry-After (reference §3.1): back off
        // exponentially; nginx or a proxy may say how long, and then we wait that long.
        delay = Math.max(delay, retryAfterMs ?? 0);
        if (delay > this.#retry.maxRetryAfterMs) throw lastError;
        this.#budget.pause(delay); // everyone waits, not just this call
      } else if (current.type === "status" && current.status === 503 && retryAfterMs !== undefined) {
        delay = Math.min(Math.max(delay, retryAfterMs), this.#retry.maxRetryAfterMs);
        this.#budget.pause(delay);
      }
      if (Date.now() + delay >= ctx.deadlineAt) throw lastError;
      this.#log("info", `retrying ${spec.method} ${spec.path} in ${delay} ms`, { attempt, reason: describe(current) });
      // After a 429 the budget pause does the waiting (and holds everyone else back too).
      if (!(current.type === "status" && current.status === 429)) {
        const sleepSignal = linkSignals([ctx.signal, this.#closing.signal]);
        try {
          await sleep(delay, sleepSignal.signal);
        } catch {
          throw this.#abortError(spec, attempt, ctx);
        } finally {
          sleepSignal.dispose();
        }
      }
    }
  }

  /** One HTTP exchange; throws Failure for a body that cannot be read. */
  async #send(spec: RequestSpec, ctx: CallContext): Promise<RawResponse> {
    const headers: Record<string, string> = {
      "user-agent": this.#userAgent,
      accept: "application/json",
    };
    if (this.#compression) headers["accept-encoding"] = "gzip, br";
    if (spec.body !== undefined) headers["content-type"] = "application/json";
    if (this.#authorization) headers.authorization = this.#authorization;

    // One controller per attempt: the caller, close() and the deadline all abort it.
    const abort = new AbortController();
    const linked = linkSignals([ctx.signal, this.#stopping.signal], abort);
    const timer = setTimeout(() => abort.abort(), Math.max(1, ctx.deadlineAt - Date.now()));
    timer.unref?.();
    try {
      const response = await this.#dispatcher.request({
        origin: this.#origin,
        path: `${this.#basePath}${spec.path}${spec.search ? `?${spec.search}` : ""}`,
        method: spec.method,
        headers,
        body: spec.body,
        signal: abort.signal,
        headersTimeout: this.#headersTimeoutMs,
        bodyTimeout: this.#bodyTimeoutMs,
      });
      let bytes: Buffer = Buffer.from(await response.body.arrayBuffer());
      const encoding = String(response.headers["content-encoding"] ?? "").trim().toLowerCase();
      if (encoding && encoding !== "identity") {
        const decode = decompressors[encoding];
        if (!decode) throw new Failure({ type: "malformed" });
        try {
          bytes = await decode(bytes);
        } catch {
          throw new Failure({ type: "malformed" });
        }
      }
      return { status: response.statusCode, headers: response.headers, text: bytes.toString("utf8") };
    } finally {
      clearTimeout(timer);
      linked.dispose();
    }
  }

  #failureError(failure: AttemptFailure, spec: RequestSpec, attempts: number, retryAfterMs: number | undefined): KanaError {
    switch (failure.type) {
      case "status":
        return this.#error({
          kind: "http",
          status: failure.status,
          message: errorMessage(failure.status, failure.body),
          method: spec.method,
          endpoint: spec.path,
          attempts,
          retryAfterMs,
        });
      case "network":
        return this.#error({
          kind: "network",
          status: null,
          message: `Could not reach the VNDB API (${failure.code}).`,
          method: spec.method,
          endpoint: spec.path,
          attempts,
          code: failure.code,
        });
      case "malformed":
        return this.#error({
          kind: "protocol",
          status: null,
          message: "The VNDB API answered with a body that is not valid JSON.",
          method: spec.method,
          endpoint: spec.path,
          attempts,
        });
    }
  }

  #deadline(spec: RequestSpec, attempts: number): KanaError {
    return this.#error({
      kind: "deadline",
      status: null,
      message: `The VNDB request did not complete within its deadline${attempts > 0 ? ` (${attempts} attempt${attempts > 1 ? "s" : ""})` : ""}.`,
      method: spec.method,
      endpoint: spec.path,
      attempts,
    });
  }

  #abortError(spec: RequestSpec, attempts: number, ctx: CallContext): KanaError {
    if (!ctx.signal?.aborted && !this.#closing.signal.aborted && Date.now() >= ctx.deadlineAt) return this.#deadline(spec, attempts);
    const closed = this.#closing.signal.aborted && !ctx.signal?.aborted;
    return this.#error({
      kind: "aborted",
      status: null,
      message: closed ? "The VNDB client was closed." : "The VNDB request was cancelled.",
      method: spec.method,
      endpoint: spec.path,
      attempts,
    });
  }

  #aborted(method: string, endpoint: string): KanaError {
    return this.#error({ kind: "aborted", status: null, message: "The VNDB request was cancelled.", method, endpoint, attempts: 0 });
  }

  /** A local refusal that carries exactly VNDB's status and message. */
  #local(failure: KanaFailure, method: string, endpoint: string): KanaError {
    this.metrics.localRejections++;
    return this.#error({ kind: "validation", status: failure.status, message: failure.message, method, endpoint, attempts: 0 });
  }

  /** Builds a KanaError with its hint; scrubs the token from every text it carries. */
  #error(init: ConstructorParameters<typeof KanaError>[0]): KanaError {
    const message = this.#redact(init.message);
    const hint = init.hint ?? hintFor({ kind: init.kind, status: init.status, message, endpoint: init.endpoint, retryAfterMs: init.retryAfterMs }, this.#hints);
    const error = new KanaError({ ...init, message, hint: hint === undefined ? undefined : this.#redact(hint) });
    if (init.kind !== "validation") {
      this.#log(init.kind === "http" && (init.status ?? 0) < 500 ? "debug" : "warn", `${init.method} ${init.endpoint} failed: ${message}`, {
        kind: init.kind,
        status: init.status,
        attempts: init.attempts,
      });
    }
    return error;
  }

  #redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) if (secret.length >= 8) out = out.split(secret).join("[redacted]");
    return out;
  }
}

interface CallContext {
  signal?: AbortSignal;
  deadlineAt: number;
}

/** VNDB's error text without its trailing newline; an HTML error page becomes its status line. */
function errorMessage(status: number, body: string): string {
  const text = body.replace(/\n$/, "");
  if (/^\s*</.test(text)) {
    // nginx pages (429, 502, 503; reference §1.3) are HTML, not a message anyone can use.
    const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    return title || `HTTP ${status}`;
  }
  return text === "" ? `HTTP ${status}` : text;
}

function describe(failure: AttemptFailure): string {
  switch (failure.type) {
    case "status":
      return `HTTP ${failure.status}`;
    case "network":
      return failure.code;
    case "malformed":
      return "malformed body";
  }
}

/** A safe error code from whatever undici or node threw (never the error object itself). */
function networkCode(error: unknown): string {
  if (error && typeof error === "object") {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && /^[A-Z0-9_]+$/.test(code)) return code;
    const cause = (error as { cause?: { code?: unknown } }).cause;
    if (cause && typeof cause.code === "string" && /^[A-Z0-9_]+$/.test(cause.code)) return cause.code;
  }
  return "UND_ERR_SOCKET";
}

/**
 * A signal that fires when any of `signals` does, with listeners removed by dispose().
 * Used instead of AbortSignal.any, which costs about 25 µs per call on Node 20 (measured
 * with bench/client.bench.ts) and keeps composites alive as long as the long-lived
 * close() signal they depend on.
 */
function linkSignals(signals: (AbortSignal | undefined)[], target?: AbortController): { signal: AbortSignal; dispose: () => void } {
  const sources = signals.filter((s): s is AbortSignal => s !== undefined);
  if (target === undefined && sources.length === 1) return { signal: sources[0], dispose: () => undefined };
  const into = target ?? new AbortController();
  const already = sources.find((s) => s.aborted);
  if (already) {
    into.abort(already.reason);
    return { signal: into.signal, dispose: () => undefined };
  }
  const listeners = sources.map((source) => {
    const onAbort = () => into.abort(source.reason);
    source.addEventListener("abort", onAbort, { once: true });
    return () => source.removeEventListener("abort", onAbort);
  });
  return { signal: into.signal, dispose: () => listeners.forEach((remove) => remove()) };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Resolves with `promise`, or rejects with `onAbort()` as soon as `signal` fires. */
function raceSignal<V>(promise: Promise<V>, signal: AbortSignal | undefined, onAbort: () => Error): Promise<V> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<V>((resolve, reject) => {
    const abort = () => reject(onAbort());
    signal.addEventListener("abort", abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(error);
      },
    );
  });
}

/** The id with the highest number in `rows` (lowest when `lowest`), e.g. "v123". */
function extremeId(rows: readonly { id?: unknown }[], lowest: boolean): string | undefined {
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
function normaliseId(id: string | number, prefix: string): string {
  const text = String(id).trim();
  return /^[0-9]+$/.test(text) ? `${prefix}${text}` : text;
}

function listId(id: string | number, prefix: string): string {
  return encodeURIComponent(normaliseId(id, prefix));
}

