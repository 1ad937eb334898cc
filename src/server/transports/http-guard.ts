// DNS-rebinding protection for the HTTP server. A web page the user visits can make the
// browser send requests to 127.0.0.1; two checks stop it: the Host header must name this
// server (a rebound DNS name does not), and a browser's Origin header must be one the
// operator allowed. "*" in either list switches that check off (behind a trusted proxy).

export interface GuardLists {
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
}

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/** The Host values (host:port, lowercase) this server answers to. */
export function acceptedHosts(boundHost: string, port: number, lists: GuardLists): Set<string> {
  const hosts = new Set(lists.allowedHosts);
  for (const name of LOOPBACK_NAMES) hosts.add(`${name}:${port}`);
  const bound = boundHost.includes(":") && !boundHost.startsWith("[") ? `[${boundHost}]` : boundHost;
  if (bound !== "0.0.0.0" && bound !== "[::]") hosts.add(`${bound.toLowerCase()}:${port}`);
  return hosts;
}

/** Why a request is refused, or undefined when it may pass. */
export function refusal(
  headers: { host?: string | undefined; origin?: string | undefined },
  hosts: ReadonlySet<string>,
  lists: GuardLists,
): string | undefined {
  if (!hosts.has("*")) {
    const host = headers.host?.toLowerCase();
    if (!host || !hosts.has(host)) {
      return `Host "${headers.host ?? ""}" is not allowed (DNS-rebinding protection); add it to VNDB_HTTP_ALLOWED_HOSTS`;
    }
  }
  const origin = headers.origin?.replace(/\/+$/, "").toLowerCase();
  if (origin === undefined || lists.allowedOrigins.includes("*")) return undefined;
  if (lists.allowedOrigins.includes(origin)) return undefined;
  // The server's own loopback origins (no page is served here, but a local tool may send one).
  if (/^https?:\/\//.test(origin) && hosts.has(origin.replace(/^https?:\/\//, ""))) return undefined;
  return `Origin "${headers.origin}" is not allowed; add it to VNDB_HTTP_ALLOWED_ORIGINS`;
}
