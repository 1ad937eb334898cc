// `--http [--port N] [--host ADDR] [--stateless]` and the VNDB_HTTP_* environment: how the
// Streamable HTTP server listens and what it lets in. Parsed before the shared configuration
// (config.ts), which then sees the remaining flags only.

import type { BlockList } from "node:net";
import { parseTrustedProxies } from "./http-client-address.js";
import { DEFAULT_POOL_RANGES, parsePoolRanges } from "./http-caller.js";

/** Port when --port is not given: unassigned by IANA, easy to remember. */
export const DEFAULT_HTTP_PORT = 3939;
/** Loopback only unless the operator says otherwise: a local server is not a network service. */
export const DEFAULT_HTTP_HOST = "127.0.0.1";
/** One JSON-RPC message is a few KiB; 1 MiB leaves room for a large batch and refuses abuse. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Requests one client address may have in flight at once; more wait for a 429's Retry-After. */
export const DEFAULT_MAX_CONCURRENT_PER_CLIENT = 8;
/**
 * A session without any request for this long is closed (its client went away without
 * DELETE). 5 minutes: a client that comes back later re-initializes in one round trip, and
 * an abandoned session costs memory meanwhile (issue 22: 30 minutes let them pile up).
 */
export const DEFAULT_SESSION_IDLE_MS = 5 * 60_000;
/**
 * Live sessions at most; past it a new client gets 503 with Retry-After and the reason.
 * A session costs about 60 KiB (bench:http), so 2,000 stay near 120 MiB: far from the
 * default heap limit, and more than one replica's users are likely to keep open.
 */
export const DEFAULT_MAX_SESSIONS = 2_000;
/**
 * Live sessions one address (or, from a host pool, one grant or token) may hold; past it its
 * least recently used session is closed for the new one (issue 30: one address held all
 * 2,000 by pinging them). 64: a household or small office behind one NAT, each person with
 * a few conversations open, stays well under it; 2,000 / 64 is 31 such addresses at the cap.
 */
export const DEFAULT_MAX_SESSIONS_PER_CLIENT = 64;
/**
 * A client must have sent its request headers within this time, or gets 408 and the
 * connection is closed (issue 30: 400 connections dripping headers stayed open 90 s and
 * more). Headers are one packet; 10 s leaves room for a slow mobile link. Node's own default
 * (60 s) was switched off here along with the request timeout.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/**
 * The whole request, body included, must have arrived within this time (408 otherwise).
 * A body is at most 1 MiB (DEFAULT_MAX_BODY_BYTES): 30 s is 35 KB/s, slower than any
 * client that means to finish. Answers are not limited: an event stream lasts as long as
 * its session.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** On SIGTERM, how long running calls may take to answer before the process exits anyway. */
export const DEFAULT_DRAIN_MS = 10_000;

export interface HttpOptions {
  port: number;
  host: string;
  /** No sessions: every POST is answered by a fresh server (replicas need no sticky routing). */
  stateless: boolean;
  /** Host header values accepted besides the loopback names of the bound port. */
  allowedHosts: string[];
  /** Origin header values accepted (browsers send one); absent Origin is always accepted. */
  allowedOrigins: string[];
  maxBodyBytes: number;
  maxConcurrentPerClient: number;
  sessionIdleMs: number;
  maxSessions: number;
  /** Live sessions of one address (one identity inside a host pool); see DEFAULT_MAX_SESSIONS_PER_CLIENT. */
  maxSessionsPerClient?: number;
  drainMs: number;
  /** See DEFAULT_HEADERS_TIMEOUT_MS and DEFAULT_REQUEST_TIMEOUT_MS. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Host pools (claude.ai's, ChatGPT's egress): their addresses are many callers (http-caller.ts). */
  poolRanges?: BlockList;
  /** Proxies whose X-Forwarded-For names the client (http-client-address.ts); none by default. */
  trustedProxies?: BlockList;
}

export type HttpArgs =
  | { kind: "stdio"; rest: string[] }
  | { kind: "http"; rest: string[]; http: HttpOptions }
  | { kind: "error"; message: string };

const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "" && !s.startsWith("${"));

function int(name: string, text: string, min: number, max: number): number | string {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= min && n <= max ? n : `${name} must be an integer from ${min} to ${max} (got "${text}")`;
}

/** Takes the HTTP flags out of argv; without --http (or VNDB_HTTP=1) the server speaks stdio. */
export function extractHttpArgs(argv: readonly string[], env: NodeJS.ProcessEnv): HttpArgs {
  const rest: string[] = [];
  let http = /^(1|true|yes|on)$/i.test(env.VNDB_HTTP?.trim() ?? "");
  let stateless = /^(1|true|yes|on)$/i.test(env.VNDB_HTTP_STATELESS?.trim() ?? "");
  let port: number | string = env.VNDB_HTTP_PORT ? int("VNDB_HTTP_PORT", env.VNDB_HTTP_PORT, 0, 65535) : DEFAULT_HTTP_PORT;
  let host = env.VNDB_HTTP_HOST?.trim() || DEFAULT_HTTP_HOST;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf("=");
    const [name, inline] = arg.startsWith("--") && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    if (name === "--http") http = true;
    else if (name === "--stateless") stateless = true;
    else if (name === "--port" || name === "--host") {
      const value = inline ?? argv[++i];
      if (value === undefined) return { kind: "error", message: `${name} needs a value` };
      if (name === "--port") port = int("--port", value, 0, 65535);
      else host = value.trim();
    } else rest.push(arg);
  }
  if (typeof port === "string") return { kind: "error", message: port };
  if (!http) return { kind: "stdio", rest };
  const num = (name: string, fallback: number, min: number, max: number) => {
    const v = env[name];
    return v && !v.startsWith("${") ? int(name, v, min, max) : fallback;
  };
  const maxBodyBytes = num("VNDB_HTTP_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, 1024, 64 * 1024 * 1024);
  const maxConcurrentPerClient = num("VNDB_HTTP_MAX_CONCURRENT", DEFAULT_MAX_CONCURRENT_PER_CLIENT, 1, 1000);
  const maxSessions = num("VNDB_HTTP_MAX_SESSIONS", DEFAULT_MAX_SESSIONS, 1, 1_000_000);
  const maxSessionsPerClient = num("VNDB_HTTP_MAX_SESSIONS_PER_CLIENT", DEFAULT_MAX_SESSIONS_PER_CLIENT, 1, 1_000_000);
  const sessionIdleS = num("VNDB_HTTP_SESSION_IDLE_S", DEFAULT_SESSION_IDLE_MS / 1000, 10, 86_400);
  const drainS = num("VNDB_HTTP_DRAIN_S", DEFAULT_DRAIN_MS / 1000, 0, 3_600);
  const headersTimeoutS = num("VNDB_HTTP_HEADERS_TIMEOUT_S", DEFAULT_HEADERS_TIMEOUT_MS / 1000, 1, 3_600);
  const requestTimeoutS = num("VNDB_HTTP_REQUEST_TIMEOUT_S", DEFAULT_REQUEST_TIMEOUT_MS / 1000, 1, 3_600);
  for (const v of [maxBodyBytes, maxConcurrentPerClient, maxSessions, maxSessionsPerClient, sessionIdleS, drainS, headersTimeoutS, requestTimeoutS]) if (typeof v === "string") return { kind: "error", message: v };
  const poolList = list(env.VNDB_HTTP_POOL_RANGES);
  const poolRanges = parsePoolRanges(poolList.length > 0 ? poolList : DEFAULT_POOL_RANGES);
  if (typeof poolRanges === "string") return { kind: "error", message: poolRanges };
  const proxies = list(env.VNDB_HTTP_TRUSTED_PROXIES);
  const trustedProxies = proxies.length > 0 ? parseTrustedProxies(proxies) : undefined;
  if (typeof trustedProxies === "string") return { kind: "error", message: trustedProxies };
  return {
    kind: "http",
    rest,
    http: {
      port,
      host,
      stateless,
      allowedHosts: list(env.VNDB_HTTP_ALLOWED_HOSTS).map((h) => h.toLowerCase()),
      allowedOrigins: list(env.VNDB_HTTP_ALLOWED_ORIGINS).map((o) => o.replace(/\/+$/, "").toLowerCase()),
      maxBodyBytes: maxBodyBytes as number,
      maxConcurrentPerClient: maxConcurrentPerClient as number,
      sessionIdleMs: (sessionIdleS as number) * 1000,
      maxSessions: maxSessions as number,
      maxSessionsPerClient: maxSessionsPerClient as number,
      drainMs: (drainS as number) * 1000,
      headersTimeoutMs: (headersTimeoutS as number) * 1000,
      // Node requires the headers' limit to be at most the request's.
      requestTimeoutMs: Math.max(headersTimeoutS as number, requestTimeoutS as number) * 1000,
      ...(trustedProxies ? { trustedProxies } : {}),
      ...(poolRanges ? { poolRanges } : {}),
    },
  };
}
