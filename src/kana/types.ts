// Shared vocabulary of the Kana request model. Everything here is plain data, so the
// validator (kana/), the emulator (emulator/) and the MCP tools (tools/) can exchange it.

/** The nine POST query endpoints, by path without the leading slash. */
export const QUERY_ENDPOINTS = [
  "vn",
  "release",
  "producer",
  "character",
  "staff",
  "tag",
  "trait",
  "quote",
  "ulist",
] as const;
export type QueryEndpoint = (typeof QUERY_ENDPOINTS)[number];

/** The entity type a query or a nested filter is about (ulist filters are VN filters). */
export type EntityType = Exclude<QueryEndpoint, "ulist">;

/**
 * A refusal exactly as VNDB words it. `message` has no trailing newline: the HTTP layer
 * appends the single "\n" the real service sends.
 */
export interface KanaFailure {
  status: number;
  message: string;
}

/** Who a request runs as: null is anonymous. */
export interface Session {
  userId: string; // "u2"
  userName: string | null;
  listread: boolean;
  listwrite: boolean;
  /** A user moderator may read private labels (reference §2.4); false for tokens in practice. */
  usermod?: boolean;
}

/** A parsed `fields` selection: leaf → true, object field → its own selection. */
export interface FieldSelection {
  [name: string]: FieldSelection | true;
}

export const FILTER_OPERATORS = ["=", "!=", ">=", ">", "<=", "<"] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/**
 * A validated filter in named JSON form, values already coerced to their canonical types
 * (reference §10): ids with prefix, dates as YYYYMMDD integers (1 = today, 0 = unknown,
 * 99999999 = TBA), tags as ["g5", spoiler, level(, 1)], traits as ["i5", spoiler(, 1)],
 * labels as ["u2", 7], extlinks as "site" or [site, value], search as string or null.
 * Nested-query values are Filters of the nested entity type.
 */
export type Filter = ["and" | "or", ...Filter[]] | [string, FilterOperator, unknown];

/** A POST query after validation: what the engine executes and what the response echoes. */
export interface QueryRequest {
  endpoint: QueryEndpoint;
  /** null when no filter was given. */
  filters: Filter | null;
  fields: FieldSelection;
  sort: string;
  reverse: boolean;
  results: number;
  page: number;
  count: boolean;
  /** The validated `user` member ("u2"), or null when absent. */
  user: string | null;
  time: boolean;
  /** Present only when requested: the compact string ("" without filters). */
  compactFilters?: string;
  /**
   * Present only when requested: the value to echo as `normalized_filters`, exactly as
   * the real service renders it (including its string-typing quirks), null without filters.
   */
  normalizedFilters?: unknown;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; failure: KanaFailure };
