// The one rule of --mirror: which requests the local catalogue answers and which go to VNDB
// (issue 28, item 2). The mirror holds VNDB's public data, refreshed from the daily dumps;
// what belongs to a user changes with the user's own writes and lives only on VNDB, so a
// user's list is never stale:
//   local:    POST to the eight catalogue endpoints (vn, release, producer, character, staff,
//             tag, trait, quote) when the answer depends on no token; GET /stats, /schema, /user;
//   upstream: GET /authinfo, /ulist_labels, POST /ulist, every PATCH and DELETE, a query that
//             asks about the token owner's own list (public-answers.ts isPublicQuery), and
//             anything else (an unknown path gets VNDB's own answer).
// Local requests go without the token: the mirror knows no tokens, and a token never leaves
// for anywhere but VNDB.

import { QUERY_ENDPOINTS, type QueryEndpoint } from "../kana/types.js";
import type { QueryBody } from "../kana/api-types.js";
import type { Exchange } from "./exchange.js";
import { isPublicQuery } from "./public-answers.js";
import type { RawResponse, RequestSpec } from "./transport.js";

export type Route = "local" | "upstream";

/** The catalogue's query endpoints: every query endpoint but a user's list. */
export const CATALOGUE_ENDPOINTS: ReadonlySet<QueryEndpoint> = new Set(QUERY_ENDPOINTS.filter((e) => e !== "ulist"));
/** GETs of public data (reference §4): the schema, the database's counts, users' public profiles. */
export const CATALOGUE_GETS: ReadonlySet<string> = new Set(["/schema", "/stats", "/user"]);

/** Where one request goes when a mirror serves the catalogue. `hasToken`: the client sends a token to VNDB. */
export function routeOf(spec: Pick<RequestSpec, "method" | "path" | "body">, hasToken: boolean): Route {
  if (spec.method === "GET") return CATALOGUE_GETS.has(spec.path) ? "local" : "upstream";
  if (spec.method !== "POST") return "upstream";
  const endpoint = spec.path.slice(1) as QueryEndpoint;
  if (!spec.path.startsWith("/") || !CATALOGUE_ENDPOINTS.has(endpoint)) return "upstream";
  let body: unknown;
  try {
    body = JSON.parse(spec.body ?? "{}");
  } catch {
    // Not JSON: VNDB's own 400 says what is wrong (the client validates before this anyway).
    return "upstream";
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return "upstream";
  return isPublicQuery(endpoint, body as QueryBody, hasToken) ? "local" : "upstream";
}

/** The client's exchange with a mirror: each request goes where routeOf says. */
export class RoutedExchange implements Exchange {
  constructor(
    private readonly local: Exchange,
    private readonly upstream: Exchange,
    private readonly hasToken: boolean,
    /** Told of each request's route (tests count them; the log may). */
    private readonly onRoute?: (route: Route, spec: RequestSpec) => void,
  ) {}

  isLocal(spec: RequestSpec): boolean {
    return routeOf(spec, this.hasToken) === "local";
  }

  send(spec: RequestSpec, signal: AbortSignal | undefined, deadlineAt: number): Promise<RawResponse> {
    const route = routeOf(spec, this.hasToken);
    this.onRoute?.(route, spec);
    // Anonymous locally: the mirror's answer to a public request is the same for everyone.
    return route === "local" ? this.local.send({ ...spec, anonymous: true }, signal, deadlineAt) : this.upstream.send(spec, signal, deadlineAt);
  }

  async close(reason: Error): Promise<void> {
    await Promise.all([this.local.close(reason), this.upstream.close(reason)]);
  }
}
