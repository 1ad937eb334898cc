// Every route of the Kana API (reference §1.1) as one table. Each MCP tool names the row it
// exposes, and the registry test checks that every row has exactly one tool.
import type { QueryEndpoint } from "./types.js";

export type EndpointKind = "get" | "query" | "write";
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface EndpointRow {
  /** Stable name used by code and tools. */
  readonly name: string;
  readonly method: HttpMethod;
  /** Path below the API base; `:vid` / `:rid` mark an id segment (see LIST_ROUTE_PATTERNS in list-write.ts). */
  readonly path: string;
  readonly kind: EndpointKind;
  /**
   * Whether repeating the request after a lost response is harmless. GETs and the read-only
   * POST queries are; PATCH sets absolute values and DELETE never 404s for valid ids
   * (§12.4), so both are idempotent too — but a retried PATCH still bumps `lastmod`.
   */
  readonly retrySafe: boolean;
  /** Whether the request fails without a token (with listwrite, for the writes). */
  readonly needsToken: boolean;
  /** For query rows: which QueryEndpoint it is. */
  readonly query?: QueryEndpoint;
}

const query = (q: QueryEndpoint): EndpointRow => ({
  name: q,
  method: "POST",
  path: `/${q}`,
  kind: "query",
  retrySafe: true,
  needsToken: false,
  query: q,
});

export const ENDPOINTS: readonly EndpointRow[] = [
  { name: "schema", method: "GET", path: "/schema", kind: "get", retrySafe: true, needsToken: false },
  { name: "stats", method: "GET", path: "/stats", kind: "get", retrySafe: true, needsToken: false },
  { name: "user", method: "GET", path: "/user", kind: "get", retrySafe: true, needsToken: false },
  // 401 Unauthorized without a session (§4.4).
  { name: "authinfo", method: "GET", path: "/authinfo", kind: "get", retrySafe: true, needsToken: true },
  // A token is optional: `user=` selects whose labels (§4.5).
  { name: "ulist_labels", method: "GET", path: "/ulist_labels", kind: "get", retrySafe: true, needsToken: false },
  query("vn"),
  query("release"),
  query("producer"),
  query("character"),
  query("staff"),
  query("tag"),
  query("trait"),
  query("quote"),
  // POST /ulist needs `user` or a token, but a token is not required when `user` is given.
  query("ulist"),
  { name: "ulist_patch", method: "PATCH", path: "/ulist/:vid", kind: "write", retrySafe: true, needsToken: true },
  { name: "rlist_patch", method: "PATCH", path: "/rlist/:rid", kind: "write", retrySafe: true, needsToken: true },
  { name: "ulist_delete", method: "DELETE", path: "/ulist/:vid", kind: "write", retrySafe: true, needsToken: true },
  { name: "rlist_delete", method: "DELETE", path: "/rlist/:rid", kind: "write", retrySafe: true, needsToken: true },
];
