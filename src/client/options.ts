// How a KanaClient and each of its calls is configured, and the defaults, each with where
// it comes from.

import type { CircuitBreakerOptions } from "./circuit-breaker.js";
import type { Dispatcher } from "undici";
import type { HintTables } from "../kana/hints.js";
import type { KanaLogger, KanaLoggerObject } from "./logger.js";
import type { RateBudget, RateBudgetOptions } from "./rate-budget.js";
import type { RetryPolicy } from "./retry.js";
import type { SharedStores } from "./shared-stores.js";
import type { PublicAnswers } from "./public-answers.js";
import type { validateQuery } from "../kana/validate-query.js";
import type { LocalApi } from "./in-process-exchange.js";
import type { Route } from "./local-route.js";
import type { RequestSpec } from "./transport.js";

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

/** GET /schema changes only when VNDB deploys (the server computes it once per process, §4.1). */
export const SCHEMA_TTL_MS = 24 * 3600_000;
/** GET /stats comes from VNDB's stats cache, refreshed periodically; minutes-old is fine. */
export const STATS_TTL_MS = 10 * 60_000;
/** Tag and trait lookups (name → id): the tag tree changes rarely. */
export const LOOKUP_TTL_MS = 60 * 60_000;
/** GET /authinfo: token permissions only change when the user edits the token. */
export const AUTHINFO_TTL_MS = 60 * 60_000;

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
  rateLimit?: Omit<RateBudgetOptions, "concurrency" | "shared" | "onSharedError">;
  /**
   * One budget shared by several clients of this process (the HTTP server's sessions, each
   * with its own token, all behind one address). Replaces `rateLimit` and `concurrency`.
   */
  rateBudget?: RateBudget;
  /**
   * Who this client calls for, when a budget is shared by many users (a token fingerprint,
   * an anonymous client's address): each caller gets its fair share (rate-budget.ts). Unset:
   * the client's calls are not told apart from the budget's other unnamed calls.
   */
  budgetCaller?: string | readonly string[];
  /**
   * The process's store of answers that depend on no token (public-answers.ts), shared by
   * all its clients: such answers are fetched without the token, kept for
   * PUBLIC_QUERY_TTL_MS and joined across clients. Unset: the client keeps its own.
   */
  publicAnswers?: PublicAnswers;
  /**
   * Stores shared with other replicas (redis-stores.ts): the request window and a second
   * cache tier. Ignored for the window when `rateBudget` is given (that budget has its own).
   */
  sharedStores?: Pick<SharedStores, "window" | "cache">;
  maxBudgetWaitMs?: number;
  deadlineMs?: number;
  retry?: Partial<RetryPolicy>;
  /** When VNDB counts as down and how often it is probed then (circuit-breaker.ts). */
  breaker?: CircuitBreakerOptions;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  /** Ask for gzip/brotli bodies (VNDB compresses bodies over 256 bytes, §1.2). Default true. */
  compression?: boolean;
  /** Validate queries locally before sending (default true). */
  prevalidate?: boolean;
  /** Cache lifetimes; 0 disables caching of that kind (coalescing stays). */
  cacheTtl?: { schemaMs?: number; statsMs?: number; lookupMs?: number; authinfoMs?: number };
  logger?: KanaLogger | KanaLoggerObject;
  /**
   * The emulator in a worker of this process, answering by message passing
   * (in-process-exchange.ts): `all` requests (--embedded, whose emulator is the whole API),
   * or the `catalogue` ones (--mirror: local-route.ts decides; the rest goes to `baseUrl`).
   */
  local?: { api: LocalApi; serves: "all" | "catalogue"; onRoute?: (route: Route, spec: RequestSpec) => void };
  /** An undici dispatcher to use instead of the client's own pool (tests: MockAgent). Not closed by the client. */
  dispatcher?: Dispatcher;
  /** Replaces the query validator (tests). */
  validator?: QueryValidator;
  /** Replaces the did-you-mean tables (tests). */
  hintTables?: HintTables;
  /** Random source for retry jitter (tests). */
  random?: () => number;
}

/** Options of one client call. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's deadline for this call (ms from now). */
  deadlineMs?: number;
}

/** One call as the client runs it: what cancels it and when it must be done (epoch ms). */
export interface CallContext {
  signal?: AbortSignal;
  deadlineAt: number;
}
