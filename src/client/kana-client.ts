// KanaClient: the one way this project talks to VNDB's HTTP API v2 (or to the emulator,
// which speaks the same contract). It owns everything between a request body and VNDB:
// local validation (an invalid request never spends one of the 200 requests per
// 5 minutes), the rate budget, retries, timeouts, auth and typed errors that keep VNDB's
// words. Nothing here knows about MCP. The parts live beside it: options.ts
// (options and defaults), transport.ts (one HTTP exchange), error-builder.ts (KanaErrors),
// shared-calls.ts (coalescing and caching), paging.ts (queryAll, getByIds).

import { tokenFingerprint } from "../kana/digest.js";
import { KanaError } from "../kana/errors.js";
import { defaultHintTables } from "../kana/hint-tables.js";
import { RateBudget, RateBudgetExceeded, type RateBudgetSnapshot } from "./rate-budget.js";
import { DEFAULT_RETRY_POLICY, backoffDelay, isRetryable, parseRetryAfter, type AttemptFailure, type RetryPolicy } from "./retry.js";
import { canonicalKey } from "./cache.js";
import { userAgent } from "./user-agent.js";
import { QUERY_ENDPOINTS, type KanaFailure, type QueryEndpoint, type Session } from "../kana/types.js";
import { validateQuery } from "../kana/validate-query.js";
import type { QueryBody, KanaRow, QueryResponse, KanaSchema, KanaStats, KanaUser, AuthInfo, UlistLabel, UlistPatch, RlistPatch } from "../kana/api-types.js";
import { parseAuthorization, type ParsedToken } from "../kana/token.js";
import { validateRlistPatch, validateUlistPatch } from "../kana/list-write.js";
import {
  decodeQueryString,
  ulistLabelsQueryString,
  userQueryString,
  validateUlistLabelsParams,
  validateUserParams,
  type UserField,
} from "../kana/get-params.js";
import { linkSignals, sleep } from "./abort.js";
import { AttemptFailureError, describeFailure, networkCode } from "./attempt-failure.js";
import { CircuitBreaker, utcTime } from "./circuit-breaker.js";
import { LastGoodAnswers } from "./stale-answers.js";
import { toLogger, type KanaLogger } from "./logger.js";
import {
  BASE_URL_ENV,
  DEFAULT_BASE_URL,
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_DEADLINE_MS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_BUDGET_WAIT_MS,
  SCHEMA_TTL_MS,
  STATS_TTL_MS,
  LOOKUP_TTL_MS,
  AUTHINFO_TTL_MS,
  type CallContext,
  type CallOptions,
  type KanaClientOptions,
  type QueryValidator,
} from "./options.js";
import { KanaErrorBuilder } from "./error-builder.js";
import { getByIdsInOrder, normaliseId, queryAllPages, type GetByIdsOptions, type PagingHost, type QueryAllOptions, type QueryAllResult } from "./paging.js";
import { SharedCalls } from "./shared-calls.js";
import { PUBLIC_QUERY_TTL_MS, isPublicQuery, outageCause, type PublicAnswers } from "./public-answers.js";
import { KanaTransport, type RawResponse, type RequestSpec } from "./transport.js";
import type { Exchange } from "./exchange.js";
import { InProcessExchange } from "./in-process-exchange.js";
import { RoutedExchange } from "./local-route.js";
import { vndbIdPattern } from "../kana/vndbid.js";
import { tokenSpellings } from "../kana/redaction.js";

// Everything callers imported from this module before it was split stays importable here.
export type { QueryBody, KanaRow, QueryResponse, KanaSchema, KanaStats, KanaUser, AuthInfo, UlistLabel, UlistPatch, RlistPatch } from "../kana/api-types.js";
export { stderrLogger, type KanaLogLevel, type KanaLogger, type KanaLoggerObject } from "./logger.js";
export {
  DEFAULT_BASE_URL,
  BASE_URL_ENV,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_BUDGET_WAIT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_BODY_TIMEOUT_MS,
  SCHEMA_TTL_MS,
  STATS_TTL_MS,
  LOOKUP_TTL_MS,
  AUTHINFO_TTL_MS,
  type CallOptions,
  type KanaClientOptions,
  type QueryValidator,
} from "./options.js";
export { KEEP_ALIVE_TIMEOUT_MS, CLOSE_GRACE_MS } from "./transport.js";
export {
  MAX_RESULTS_PER_PAGE,
  DEFAULT_QUERY_ALL_CAP,
  IDS_PER_REQUEST,
  type QueryAllProgress,
  type QueryAllOptions,
  type QueryAllResult,
  type GetByIdsOptions,
} from "./paging.js";

/** How often a failing shared store (Redis) is reported while it stays down. */
const SHARED_ERROR_LOG_INTERVAL_MS = 30_000;

/** Endpoints whose query answers are cached (the rest are only coalesced). */
const CACHED_QUERY_ENDPOINTS: ReadonlySet<QueryEndpoint> = new Set(["tag", "trait"]);

/** List entry ids as VNDB's routes match them (reference §1.1, `%RE`). */
const VN_ID_RE = vndbIdPattern("v");
const RELEASE_ID_RE = vndbIdPattern("r");

/** VNDB's answer to an unknown path (reference §1.3). */
const NOT_FOUND: KanaFailure = { status: 404, message: "Not found." };
/** VNDB's answer to /authinfo and list writes without a (listwrite) session (§2.4). */
const UNAUTHORIZED: KanaFailure = { status: 401, message: "Unauthorized" };

/** The breaker's gate for a request answered in this process: always open to it. */
const NOT_GATED = { open: false } as const;
/** The budget's permit for a request answered in this process: nothing to give back. */
const NO_PERMIT = { release: () => undefined };

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

export class KanaClient {
  readonly baseUrl: string;
  readonly metrics: KanaClientMetrics = { requests: 0, retries: 0, localRejections: 0, cacheHits: 0, throttled: 0 };

  /** Whether a token is configured; the token itself lives only in the transport. */
  readonly #hasToken: boolean;
  readonly #session: Session | null;
  readonly #transport: Exchange;
  readonly #budget: RateBudget;
  readonly #retry: RetryPolicy;
  readonly #breaker: CircuitBreaker;
  readonly #deadlineMs: number;
  readonly #maxBudgetWaitMs: number;
  readonly #prevalidate: boolean;
  readonly #ttl: { schemaMs: number; statsMs: number; lookupMs: number; authinfoMs: number };
  readonly #shared: SharedCalls;
  readonly #public: PublicAnswers | undefined;
  readonly #sharedBudget: boolean;
  readonly #budgetCaller: string | readonly string[] | undefined;
  readonly #tokenFingerprint: string;
  readonly #paging: PagingHost;
  readonly #errors: KanaErrorBuilder;
  readonly #log: KanaLogger;
  readonly #validator: QueryValidator;
  readonly #random: () => number;
  /** Fires on close(): no new request starts, waits and backoffs end. */
  readonly #closing = new AbortController();
  /**
   * The waits (for the budget, between retries) in progress, each ended by close(). They are
   * not linked to #closing's signal: one long-lived signal with a listener per waiting call
   * drew Node's MaxListenersExceededWarning once 11 calls ran at once.
   */
  readonly #waits = new Set<AbortController>();

  constructor(options: KanaClientOptions = {}) {
    const base = (options.baseUrl ?? process.env[BASE_URL_ENV] ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    const url = new URL(base);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError(`Unsupported API URL scheme: ${url.protocol}`);
    this.baseUrl = base;
    this.#log = toLogger(options.logger);
    this.#validator = options.validator ?? validateQuery;
    this.#random = options.random ?? Math.random;
    const agent = userAgent(options.userAgentSuffix);
    this.#retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#breaker = new CircuitBreaker(options.breaker);
    this.#deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    this.#maxBudgetWaitMs = options.maxBudgetWaitMs ?? DEFAULT_MAX_BUDGET_WAIT_MS;
    const headersTimeoutMs = options.timeouts?.headersMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
    const bodyTimeoutMs = options.timeouts?.bodyMs ?? DEFAULT_BODY_TIMEOUT_MS;
    this.#prevalidate = options.prevalidate ?? true;
    this.#ttl = {
      schemaMs: options.cacheTtl?.schemaMs ?? SCHEMA_TTL_MS,
      statsMs: options.cacheTtl?.statsMs ?? STATS_TTL_MS,
      lookupMs: options.cacheTtl?.lookupMs ?? LOOKUP_TTL_MS,
      authinfoMs: options.cacheTtl?.authinfoMs ?? AUTHINFO_TTL_MS,
    };
    // A Redis outage would otherwise log once per request: once per interval is enough.
    let sharedErrorLoggedAt = -Infinity;
    const onSharedError = (error: unknown) => {
      if (Date.now() - sharedErrorLoggedAt < SHARED_ERROR_LOG_INTERVAL_MS) return;
      sharedErrorLoggedAt = Date.now();
      this.#log("warn", `shared store failed; going on with the local budget and cache: ${error instanceof Error ? error.message : String(error)}`);
    };
    this.#sharedBudget = options.rateBudget !== undefined;
    this.#budgetCaller = options.budgetCaller;
    this.#budget =
      options.rateBudget ?? new RateBudget({ ...options.rateLimit, concurrency: options.concurrency, shared: options.sharedStores?.window, onSharedError });
    this.#shared = new SharedCalls({
      deadlineMs: this.#deadlineMs,
      onShared: () => this.metrics.cacheHits++,
      cancelled: (method, endpoint) => this.#errors.aborted(method, endpoint, 0),
      sharedCache: options.sharedStores?.cache,
      onSharedError,
      staleOnError: {
        answers: new LastGoodAnswers(),
        // Never a list: after a write, an old copy of it would contradict what the user just did.
        serves: (key) => !/^(POST \/ulist|GET \/ulist_labels|GET \/authinfo)\b/.test(key),
        outage: (error) => outageCause(error),
      },
    });
    this.#public = options.publicAnswers;
    this.#paging = {
      query: (endpoint, body, callOptions) => this.query(endpoint, body, callOptions),
      validate: (endpoint, json) => this.#validate(endpoint, json),
      deadlineMs: this.#deadlineMs,
    };

    // Token: trimmed (a pasted token often carries a newline), checked like VNDB would.
    const token = options.token?.trim();
    this.#errors = new KanaErrorBuilder(token ? tokenSpellings(token) : [], options.hintTables ?? defaultHintTables, this.#log);
    let authorization: string | undefined;
    if (token) {
      const header = `Token ${token}`;
      const parsed = parseAuthorization(header);
      if (!parsed.ok) {
        throw this.#errors.build({ kind: "token", ...parsed.failure, method: "-", endpoint: "(token)", attempts: 0 });
      }
      authorization = header;
      // The uid embedded in the token lets local validation complete bare label ids the way
      // the server will (reference §8.3); the permissions are the server's to check.
      this.#session = { userId: (parsed.value as ParsedToken).userId, userName: null, listread: true, listwrite: true };
    } else {
      this.#session = null;
    }
    this.#hasToken = authorization !== undefined;
    // Keys of answers that belong to one token (authinfo) carry this, so that a cache shared
    // between users (HTTP sessions, replicas) can never hand one user's answer to another.
    this.#tokenFingerprint = token ? tokenFingerprint(token) : "anonymous";

    const http = () =>
      new KanaTransport({
        origin: url.origin,
        basePath: url.pathname.replace(/\/+$/, ""),
        userAgent: agent,
        authorization,
        compression: options.compression ?? true,
        headersTimeoutMs,
        bodyTimeoutMs,
        connectTimeoutMs: options.timeouts?.connectMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        connections: this.#budget.concurrency,
        dispatcher: options.dispatcher,
      });
    const local = options.local;
    if (!local) this.#transport = http();
    // --embedded: the emulator knows its own test tokens, so they go along.
    else if (local.serves === "all") this.#transport = new InProcessExchange({ api: local.api, userAgent: agent, authorization });
    // --mirror: the catalogue locally (without the token), the user's own things from VNDB.
    else this.#transport = new RoutedExchange(new InProcessExchange({ api: local.api, userAgent: agent }), http(), this.#hasToken, local.onRoute);
  }

  /** Whether a token is configured (never the token itself). */
  get authenticated(): boolean {
    return this.#hasToken;
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
    const lookup = CACHED_QUERY_ENDPOINTS.has(endpoint);
    const open = this.#public !== undefined && isPublicQuery(endpoint, body ?? {}, this.#hasToken);
    // Lists are only joined in flight, never kept: a list changes with its owner's writes.
    const ttl = lookup ? this.#ttl.lookupMs : open && endpoint !== "ulist" ? PUBLIC_QUERY_TTL_MS : 0;
    return this.#run<QueryResponse<T>>(open, `POST ${path} ${canonicalKey(body ?? {})}`, ttl, options, { method: "POST", path, body: json });
  }

  /**
   * All results of a query, page after page, up to `maxResults`: by id cursor when sorted
   * by id, else by page number (see paging.ts).
   */
  queryAll<T = KanaRow>(endpoint: QueryEndpoint, body: QueryBody = {}, options: QueryAllOptions = {}): Promise<QueryAllResult<T>> {
    return queryAllPages<T>(this.#paging, endpoint, body, options);
  }

  /**
   * Entries by id, in the order asked for (null where an id does not exist or is not a
   * valid id of this type). Ids may be given with or without their prefix ("v17", 17,
   * "17"); requests go out in chunks of up to 100 "or"-ed ids (see paging.ts).
   */
  getByIds<T = KanaRow>(endpoint: QueryEndpoint, ids: readonly (string | number)[], fields = "", options: GetByIdsOptions = {}): Promise<(T | null)[]> {
    return getByIdsInOrder<T>(this.#paging, endpoint, ids, fields, options);
  }

  // -------------------------------------------------------------------------------------
  // Simple GETs

  /** GET /schema, cached for a day. */
  schema(options: CallOptions = {}): Promise<KanaSchema> {
    return this.#run<KanaSchema>(true, "GET /schema", this.#ttl.schemaMs, options, { method: "GET", path: "/schema" });
  }

  /** GET /stats, cached for 10 minutes. */
  stats(options: CallOptions = {}): Promise<KanaStats> {
    return this.#run<KanaStats>(true, "GET /stats", this.#ttl.statsMs, options, { method: "GET", path: "/stats" });
  }

  /** GET /user: users by id ("u2") or name, keyed by each `q` as given; null = no such user. */
  user(q: readonly string[], fields: readonly UserField[] = [], options: CallOptions = {}): Promise<Record<string, KanaUser | null>> {
    const search = userQueryString(q, fields);
    const params = decodeQueryString(search);
    const checked = params && validateUserParams(params);
    if (!checked || !checked.ok) throw this.#local(checked ? checked.failure : { status: 400, message: "Invalid argument" }, "GET", "/user");
    // VNDB does not look at the token for /user (reference §2.1): the answer is public.
    const ttl = this.#public ? PUBLIC_QUERY_TTL_MS : 0;
    return this.#run<Record<string, KanaUser | null>>(true, `GET /user?${search}`, ttl, options, { method: "GET", path: "/user", search });
  }

  /** GET /authinfo for the configured token, cached for an hour. Without a token: 401 locally. */
  authinfo(options: CallOptions = {}): Promise<AuthInfo> {
    if (!this.#hasToken) return Promise.reject(this.#local(UNAUTHORIZED, "GET", "/authinfo"));
    return this.#shared.run(`GET /authinfo ${this.#tokenFingerprint}`, this.#ttl.authinfoMs, options, (opts) => this.#requestJson<AuthInfo>({ method: "GET", path: "/authinfo" }, opts));
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
    if (checked.value.user === null && !this.#hasToken) throw this.#local(invalid, "GET", "/ulist_labels");
    return this.#shared.run(`GET /ulist_labels?${search}`, 0, options, (opts) =>
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
   * Stops the client: queued calls fail, in-flight requests get CLOSE_GRACE_MS to finish,
   * then the pool's sockets are destroyed so the process can exit at once.
   */
  async close(): Promise<void> {
    if (this.#closing.signal.aborted) return;
    const reason = new KanaError({ kind: "aborted", status: null, message: "The VNDB client was closed.", method: "-", endpoint: "-", attempts: 0 });
    this.#closing.abort(reason);
    for (const wait of this.#waits) wait.abort(reason);
    // A budget passed in is shared with other clients (HTTP sessions): it outlives this one.
    if (!this.#sharedBudget) this.#budget.close(reason);
    await this.#transport.close(reason);
  }

  // -------------------------------------------------------------------------------------
  // Internals

  #validate(endpoint: QueryEndpoint, json: string) {
    return this.#validator({ endpoint, contentType: "application/json", body: json, session: this.#session });
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
    if (!this.#hasToken) throw this.#local(UNAUTHORIZED, method, path);
    await this.#request({ method, path, body: json }, this.#callContext(options));
  }

  /**
   * One shared call: a public one (`open`) through the process's public answers when the
   * client has them, sent without the token; anything else through the client's own.
   */
  #run<V>(open: boolean, key: string, ttlMs: number, options: CallOptions, spec: RequestSpec): Promise<V> {
    if (open && this.#public) {
      return this.#public.calls.run(key, ttlMs, options, (opts) => this.#requestJson<V>({ ...spec, anonymous: true }, opts), {
        onShared: () => this.metrics.cacheHits++,
        cancelled: (method, endpoint) => this.#errors.aborted(method, endpoint, 0),
      });
    }
    return this.#shared.run(key, ttlMs, options, (opts) => this.#requestJson<V>(spec, opts));
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
      if (remaining <= 0) throw lastError ?? this.#errors.deadline(spec, attempt - 1);

      // Answered in this process (--embedded, a mirror's catalogue): VNDB's budget and health do not apply.
      const local = this.#transport.isLocal?.(spec) ?? false;
      // While VNDB is down, fail at once instead of spending the budget on it (one probe per interval goes through).
      const gate = local ? NOT_GATED : this.#breaker.gate();
      if (gate.open) {
        throw lastError ?? this.#errors.build({
          kind: "unavailable",
          status: null,
          message: `VNDB is unavailable (${gate.cause}) since ${utcTime(gate.since)}; next try in ${Math.max(1, Math.ceil(gate.retryInMs / 1000))} s.`,
          method: spec.method,
          endpoint: spec.path,
          attempts: attempt - 1,
          retryAfterMs: gate.retryInMs,
        });
      }

      // One permit per HTTP attempt: VNDB counts every request, retries included.
      let permit;
      const waitSignal = this.#waitSignal(ctx);
      try {
        permit = local ? NO_PERMIT : await this.#budget.acquire({ maxWaitMs: Math.min(this.#maxBudgetWaitMs, remaining), signal: waitSignal.signal, caller: this.#budgetCaller });
      } catch (error) {
        if (error instanceof RateBudgetExceeded) {
          // Waiting out a 429 pause ran out of time: VNDB's own 429 says more than ours.
          if (lastError && error.limit === "paused") throw lastError;
          if (remaining < this.#maxBudgetWaitMs && error.retryAfterMs > remaining && error.limit === "concurrency") {
            throw this.#errors.deadline(spec, attempt - 1);
          }
          this.metrics.localRejections++;
          throw this.#errors.build({
            kind: "budget",
            status: null,
            message:
              error.limit === "share"
                ? `Rate limit reached for this client: its fair share of the ${this.#budget.maxRequests} requests per ${Math.round(this.#budget.windowMs / 1000)} s that all users of this server share is used (at most ${this.#budget.callerMax} when alone, fewer while others call); retry in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s.`
                : `Rate limit reached (client budget: ${this.#budget.maxRequests} requests per ${Math.round(this.#budget.windowMs / 1000)} s, ${this.#budget.concurrency} at once); retry in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s.${this.#upstreamCause()}`,
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
        response = await this.#transport.send(spec, ctx.signal, ctx.deadlineAt);
      } catch (error) {
        if (this.#closing.signal.aborted || ctx.signal?.aborted) throw this.#abortError(spec, attempt, ctx);
        if (Date.now() >= ctx.deadlineAt) throw this.#errors.deadline(spec, attempt);
        if (error instanceof AttemptFailureError) {
          failure = error.attempt;
        } else {
          failure = { type: "network", code: networkCode(error) };
          if (!local) this.#breaker.failed(failure.code);
        }
      } finally {
        permit.release();
      }

      if (response) {
        const elapsed = Date.now() - started;
        // Any answer but a gateway failure means VNDB is up.
        if (local) {
          // The worker's answer says nothing about VNDB.
        } else if (response.status === 502 || response.status === 503 || response.status === 504) this.#breaker.failed(String(response.status));
        else this.#breaker.succeeded();
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
      lastError = this.#errors.failure(current, spec, attempt, retryAfterMs);
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
      this.#log("info", `retrying ${spec.method} ${spec.path} in ${delay} ms`, { attempt, reason: describeFailure(current) });
      // After a 429 the budget pause does the waiting (and holds everyone else back too).
      if (!(current.type === "status" && current.status === 429)) {
        const sleepSignal = this.#waitSignal(ctx);
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

  /** A signal for one wait of a call: fires when the caller gives up or the client closes. */
  #waitSignal(ctx: CallContext): { signal: AbortSignal; dispose: () => void } {
    const wait = new AbortController();
    if (this.#closing.signal.aborted) wait.abort(this.#closing.signal.reason);
    this.#waits.add(wait);
    const link = linkSignals([ctx.signal], wait);
    return {
      signal: wait.signal,
      dispose: () => {
        link.dispose();
        this.#waits.delete(wait);
      },
    };
  }

  /** When the budget refuses a call, the outage that spent it (if any) is the real news. */
  #upstreamCause(): string {
    const recent = this.#breaker.recentCause(this.#budget.windowMs);
    return recent ? ` VNDB itself last failed at ${utcTime(recent.at)} (${recent.cause}).` : "";
  }

  #abortError(spec: RequestSpec, attempts: number, ctx: CallContext): KanaError {
    if (!ctx.signal?.aborted && !this.#closing.signal.aborted && Date.now() >= ctx.deadlineAt) return this.#errors.deadline(spec, attempts);
    const closed = this.#closing.signal.aborted && !ctx.signal?.aborted;
    return this.#errors.aborted(spec.method, spec.path, attempts, closed);
  }

  /** A local refusal that carries exactly VNDB's status and message. */
  #local(failure: KanaFailure, method: string, endpoint: string): KanaError {
    this.metrics.localRejections++;
    return this.#errors.build({ kind: "validation", status: failure.status, message: failure.message, method, endpoint, attempts: 0 });
  }
}

/** A list entry id as it goes into the path: prefixed ("17" → "v17") and URL-encoded. */
function listId(id: string | number, prefix: string): string {
  return encodeURIComponent(normaliseId(id, prefix));
}
