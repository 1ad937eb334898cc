// The package's library entry (`import { KanaClient, startEmulator } from "vndb-mcp"`): the
// Kana client, the request validator, the compact filter codec, the Kana emulator and the
// generated schema tables, for
// TypeScript users who want VNDB without MCP. Importing it has no side effects: nothing
// starts, nothing is written to stdout. The command-line entry is src/cli/main.ts.

// The client and its errors.
export {
  KanaClient,
  stderrLogger,
  DEFAULT_BASE_URL,
  BASE_URL_ENV,
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_BUDGET_WAIT_MS,
  DEFAULT_QUERY_ALL_CAP,
  MAX_RESULTS_PER_PAGE,
  type KanaClientOptions,
  type KanaClientMetrics,
  type KanaLogger,
  type KanaLoggerObject,
  type KanaLogLevel,
  type CallOptions,
  type QueryBody,
  type QueryResponse,
  type KanaRow,
  type QueryAllOptions,
  type QueryAllProgress,
  type QueryAllResult,
  type GetByIdsOptions,
  type KanaSchema,
  type KanaStats,
  type KanaUser,
  type AuthInfo,
  type UlistLabel,
  type UlistPatch,
  type RlistPatch,
} from "./client/kana-client.js";
export { KanaError, isKanaError, type KanaErrorKind } from "./kana/errors.js";
export { DEFAULT_MAX_REQUESTS, DEFAULT_WINDOW_MS, DEFAULT_CONCURRENCY, type RateBudgetSnapshot } from "./client/rate-budget.js";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./client/retry.js";
export { collectStaleNotices, type StaleNotice } from "./client/stale-answers.js";
export { type CircuitBreakerOptions } from "./client/circuit-breaker.js";
export { didYouMean } from "./kana/hints.js";

// The request model and its validator: refuse a request exactly as VNDB would.
export { validateQuery, type QueryInput } from "./kana/validate-query.js";
export { parseAuthorization, type ParsedToken } from "./kana/token.js";
export {
  QUERY_ENDPOINTS,
  FILTER_OPERATORS,
  type QueryEndpoint,
  type EntityType,
  type Filter,
  type FilterOperator,
  type FieldSelection,
  type QueryRequest,
  type KanaFailure,
  type Session,
  type Validated,
} from "./kana/types.js";

// The compact filter codec (reference §9): the strings VNDB's website uses in `?f=`.
export {
  encodeQuery as encodeCompactQuery,
  decodeQuery as decodeCompactQuery,
  type CompactQuery,
} from "./kana/compact.js";
export { compactString, toCompactJson } from "./kana/filter-output.js";

// Tables generated from GET /schema: enumerations, field trees, extlink sites.
export {
  API_FIELDS,
  LANGUAGE,
  PLATFORM,
  MEDIUM,
  STAFF_ROLE,
  EXTLINK_SITES,
  type Language,
  type Platform,
  type Medium,
  type StaffRole,
  type SchemaEndpoint,
} from "./schema/index.js";

// The Kana emulator: the same HTTP contract on 127.0.0.1, over bundled real data.
export {
  startEmulator,
  FAULT_KINDS,
  type Emulator,
  type EmulatorOptions,
  type FaultKind,
  type FaultSpec,
  type LimitsOptions,
  type PresetName,
} from "./emulator/index.js";
