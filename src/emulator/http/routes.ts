// The API's routes (reference §1.1) and the order each one checks things in:
//   POST query:  throttle → authentication → body and members → query        (§5.2)
//   PATCH:       throttle → body → auth (listwrite) → existence → label 7 → write (§12.1)
//   DELETE:      throttle → auth (listwrite) → write, no existence check      (§12.4)
//   GET:         throttle → the endpoint's own rules (§4, §2.1)
// Anything else below the base is 404 `Not found.`; OPTIONS is the CORS pre-flight (§1.4)
// and, like 404s, goes through neither the throttle nor authentication.

import { checkUlistLabels, matchListRoute, validateRlistPatch, validateUlistPatch } from "../../kana/list-write.js";
import { decodeUtf8Strict } from "../../kana/json-strict.js";
import { INVALID_QUERY_BODY, validateQuery } from "../../kana/validate-query.js";
import { QUERY_ENDPOINTS, type QueryEndpoint } from "../../kana/types.js";
import { authenticate, type AuthOptions, type HeaderMap } from "./auth.js";
import { unixSeconds, type Clock } from "../clock.js";
import { visibleRelease, visibleVn, type Database } from "../database.js";
import { executeQuery } from "../engine/execute.js";
import type { Stats } from "../engine/stats.js";
import { getAuthinfo, getSchema, getStats, getUlistLabels, getUserEndpoint } from "./get-endpoints.js";
import { removeRlist, removeUlist, writeRlist, writeUlist } from "../lists/list-writes.js";
import { THROTTLE_MESSAGE, throttleKey, type Limits } from "./limits.js";
import { errorResponse, INTERNAL_ERROR, jsonResponse, noContent, NOT_FOUND, UNAUTHORIZED, type ApiResponse } from "./responses.js";

/** One request as the API sees it. */
export interface ApiRequest {
  /** Upper-case method as sent (HEAD included). */
  method: string;
  /** Percent-decoded path below the API base, e.g. "/vn" or "/ulist/v17". */
  path: string;
  /** Raw query string without "?", null when there was none. */
  query: string | null;
  headers: HeaderMap;
  body: Buffer;
  /** The client's address (for the throttle). */
  address: string;
}

/** Everything the handlers need; `db` may be swapped by a reset. */
export interface RouteContext extends AuthOptions {
  db: Database;
  clock: Clock;
  limits: Limits;
  /**
   * Where POST queries run, when not `db`: the `vectors` preset's stub answered every query
   * with no rows although PATCH found v17, so its queries run over an empty database.
   */
  queryDb?: Database;
  /** Replaces GET /stats' computed counts (the `vectors` preset's stubbed table is all zeros). */
  statsOverride?: Stats;
  /** See lists/list-writes.ts WriteOptions. */
  checkCalendarDates: boolean;
  /** Called after every successful list write (the state file saves here). */
  afterWrite?: () => void;
}

const GET_ROUTES = ["/schema", "/stats", "/user", "/authinfo", "/ulist_labels"] as const;

/** The fixed pre-flight answer (reference §1.4); the Origin is echoed when present. */
export function preflight(headers: HeaderMap): ApiResponse {
  const h: Record<string, string> = {};
  if (headers.origin !== undefined) h["access-control-allow-origin"] = headers.origin;
  h["access-control-allow-credentials"] = "true";
  h["access-control-allow-methods"] = "POST, GET, OPTIONS";
  h["access-control-allow-headers"] = "Content-Type, Authorization";
  h["access-control-max-age"] = "86400";
  return { status: 204, headers: h, body: "" };
}

type Handler = (req: ApiRequest, ctx: RouteContext) => ApiResponse;

/** Finds the handler for a request, or null for 404. HEAD matches only the exact GET paths. */
function match(req: ApiRequest): Handler | null {
  const method = req.method === "HEAD" ? "GET" : req.method;
  if (method === "GET" && (GET_ROUTES as readonly string[]).includes(req.path)) return getHandler(req.path);
  if (req.method === "POST") {
    const endpoint = req.path.slice(1);
    if (req.path.startsWith("/") && (QUERY_ENDPOINTS as readonly string[]).includes(endpoint)) {
      return (r, ctx) => postQuery(endpoint as QueryEndpoint, r, ctx);
    }
  }
  if (req.method === "PATCH" || req.method === "DELETE") {
    const route = matchListRoute(req.path);
    if (route) return req.method === "PATCH" ? (r, ctx) => patchList(route, r, ctx) : (r, ctx) => deleteList(route, r, ctx);
  }
  return null;
}

function getHandler(path: string): Handler {
  switch (path) {
    case "/schema":
      return () => getSchema();
    case "/stats":
      return (_r, ctx) => getStats(ctx.db, ctx.statsOverride);
    case "/user":
      return (r, ctx) => getUserEndpoint(ctx.db, r.query);
    case "/authinfo":
      return (r, ctx) => getAuthinfo(authenticate(ctx.db, r.headers, ctx));
    default:
      return (r, ctx) => getUlistLabels(ctx.db, authenticate(ctx.db, r.headers, ctx), r.query);
  }
}

function postQuery(endpoint: QueryEndpoint, req: ApiRequest, ctx: RouteContext): ApiResponse {
  const auth = authenticate(ctx.db, req.headers, ctx);
  if (!auth.ok) return errorResponse(auth.failure);
  const body = decodeUtf8Strict(req.body);
  if (body === null) return errorResponse({ status: 400, message: INVALID_QUERY_BODY });
  const valid = validateQuery({ endpoint, contentType: req.headers["content-type"], body, session: auth.session });
  if (!valid.ok) return errorResponse(valid.failure);
  const outcome = executeQuery(ctx.queryDb ?? ctx.db, valid.value, auth.session, ctx.clock);
  // The results come from the projections, built in key order: only the envelope is walked.
  return outcome.ok ? jsonResponse(outcome.body, new Set([outcome.body.results])) : errorResponse(outcome.failure);
}

const INVALID_PATCH_BODY = { status: 400, message: "Invalid request body." };

function patchList(route: { kind: "ulist" | "rlist"; id: string }, req: ApiRequest, ctx: RouteContext): ApiResponse {
  const text = decodeUtf8Strict(req.body);
  if (text === null) return errorResponse(INVALID_PATCH_BODY);
  const contentType = req.headers["content-type"];
  const valid = route.kind === "ulist" ? validateUlistPatch(contentType, text) : validateRlistPatch(contentType, text);
  if (!valid.ok) return errorResponse(valid.failure);
  const auth = authenticate(ctx.db, req.headers, ctx);
  if (!auth.ok) return errorResponse(auth.failure);
  if (!auth.session?.listwrite) return errorResponse(UNAUTHORIZED);
  const uid = auth.session.userId;
  const now = unixSeconds(ctx.clock);
  const opts = { now, checkCalendarDates: ctx.checkCalendarDates };
  if (route.kind === "ulist") {
    if (!visibleVn(ctx.db, route.id)) return errorResponse({ status: 404, message: "Visual novel not found" });
    const patch = valid.value as Parameters<typeof writeUlist>[3];
    const labelFailure = checkUlistLabels(patch);
    if (labelFailure) return errorResponse(labelFailure);
    const failure = writeUlist(ctx.db, uid, route.id, patch, opts);
    if (failure) return errorResponse(failure);
  } else {
    if (!visibleRelease(ctx.db, route.id)) return errorResponse({ status: 404, message: "Release not found" });
    writeRlist(ctx.db, uid, route.id, valid.value as Parameters<typeof writeRlist>[3], opts);
  }
  ctx.afterWrite?.();
  return noContent();
}

function deleteList(route: { kind: "ulist" | "rlist"; id: string }, req: ApiRequest, ctx: RouteContext): ApiResponse {
  const auth = authenticate(ctx.db, req.headers, ctx);
  if (!auth.ok) return errorResponse(auth.failure);
  if (!auth.session?.listwrite) return errorResponse(UNAUTHORIZED);
  if (route.kind === "ulist") removeUlist(ctx.db, auth.session.userId, route.id);
  else removeRlist(ctx.db, auth.session.userId, route.id);
  ctx.afterWrite?.();
  return noContent();
}

/**
 * Answers one API request (below the base path). CORS headers are added by the caller
 * (applyCors), since they apply to every answer alike.
 */
export function handleApi(req: ApiRequest, ctx: RouteContext): ApiResponse {
  if (req.method === "OPTIONS") return preflight(req.headers);
  const handler = match(req);
  if (!handler) return errorResponse(NOT_FOUND);
  const throttle = ctx.limits.throttle;
  if (!throttle) return runSafely(handler, req, ctx);
  const key = throttleKey(req.address);
  const start = ctx.limits.nowMs();
  const response = throttle.check(key, start)
    ? runSafely(handler, req, ctx)
    : errorResponse({ status: 429, message: THROTTLE_MESSAGE });
  throttle.charge(key, start, ctx.limits.nowMs());
  return response;
}

/** An exception in a handler is the service's generic 500, never a crash. */
function runSafely(handler: Handler, req: ApiRequest, ctx: RouteContext): ApiResponse {
  try {
    return handler(req, ctx);
  } catch (err) {
    process.stderr.write(`emulator: internal error on ${req.method} ${req.path}: ${(err as Error).stack ?? String(err)}\n`);
    return errorResponse(INTERNAL_ERROR);
  }
}

/**
 * VNDB's `cors()` (reference §1.4): nothing without Origin; the Origin echoed with
 * credentials when a Cookie or Authorization header came along; `*` otherwise.
 */
export function applyCors(response: ApiResponse, headers: HeaderMap): ApiResponse {
  const origin = headers.origin;
  if (origin === undefined) return response;
  if (headers.cookie || headers.authorization) {
    response.headers["access-control-allow-origin"] = origin;
    response.headers["access-control-allow-credentials"] = "true";
  } else {
    response.headers["access-control-allow-origin"] = "*";
  }
  return response;
}
