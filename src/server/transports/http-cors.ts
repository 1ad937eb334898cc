// CORS for browser-based MCP clients on the origins the operator allowed
// (VNDB_HTTP_ALLOWED_ORIGINS; http-guard.ts refuses the others). A preflight is answered
// here; every answer to an allowed origin names it and exposes the headers a client must
// read (the session id, the protocol version, why a request was refused or must wait).

/** Request headers a browser client may send: the MCP transport's and the bearer token. */
const ALLOWED_HEADERS = ["authorization", "content-type", "accept", "last-event-id", "mcp-session-id", "mcp-protocol-version", "mcp-method", "mcp-name"];
/** Tool parameters mirrored into headers (2026-07-28 transport) are named Mcp-Param-<name>. */
const PARAM_HEADER = /^mcp-param-[a-z0-9-]+$/;
const EXPOSED_HEADERS = "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After";
const ALLOWED_METHODS = "GET, POST, DELETE, OPTIONS";
/** How long a browser may reuse a preflight's answer: 10 minutes (browsers cap it at 2 h or less). */
export const CORS_MAX_AGE_S = 600;

/** The headers every answer to an allowed cross-origin request carries. */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (origin === undefined) return {};
  return { "access-control-allow-origin": origin, "access-control-expose-headers": EXPOSED_HEADERS, vary: "Origin" };
}

/**
 * The answer to a preflight (OPTIONS with Access-Control-Request-Method) from an allowed
 * origin: the methods and, of the headers asked for, those allowed.
 */
export function preflightHeaders(origin: string, requestedHeaders: string | undefined): Record<string, string> {
  const asked = (requestedHeaders ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== "");
  const allowed = [...new Set([...ALLOWED_HEADERS, ...asked.filter((h) => PARAM_HEADER.test(h))])];
  return {
    ...corsHeaders(origin),
    "access-control-allow-methods": ALLOWED_METHODS,
    "access-control-allow-headers": allowed.join(", "),
    "access-control-max-age": String(CORS_MAX_AGE_S),
    vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
  };
}
