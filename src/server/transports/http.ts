// Streamable HTTP for many users at once, in both protocol eras: a 2025 client (initialize,
// then Mcp-Session-Id, or one fresh server per request with --stateless) is served by the
// SDK's Streamable HTTP transport as before; a 2026-07-28 client (server/discover, the
// per-request envelope, no sessions) by the SDK's per-request handler, in either mode. Each
// user's VNDB token arrives with every request (http-auth.ts decides how); it lives only in
// the memory of that user's VNDB client and is never logged. A session is bound to the token
// that opened it: a request carrying another token is refused, so one user can neither use
// nor read another's session.
//
// Bounded and fair (issue 22): live sessions are capped (503 with Retry-After past it) and
// expire when idle; each client address (behind a trusted proxy, the one it names) has a
// limit of requests in flight; VNDB clients are kept per token and per anonymous address
// and reused by that caller's sessions and requests, so each caller has its own fair share
// of the process's budget (rate-budget.ts) while public answers are shared by all
// (public-answers.ts). On SIGTERM new work gets 503 and a call still running when the drain
// time is up is answered with a JSON-RPC error.

import type { LocalData } from "../../local/local-data.js";
import type { MirrorHealth } from "../mirror.js";
import { randomUUID } from "node:crypto";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { createMcpHandler, isInitializeRequest, type AuthInfo, type McpServer, type RequestStateCodec } from "@modelcontextprotocol/server";
import type { ServerConfig } from "../config.js";
import { createServer, type CreatedServer } from "../create-server.js";
import { forgetSecret, registerSecret, type Logger } from "../log.js";
import type { VndbApi } from "../../tools/api.js";
import type { SharedStoresHealth } from "../../client/shared-stores.js";
import { acceptedHosts, refusal } from "./http-guard.js";
import { checkText } from "../wire-check.js";
import { DEFAULT_HEADERS_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, type HttpOptions } from "./http-options.js";
import { HttpFailure, tokenRefused, vndbTokenAsBearer, type HttpAuth } from "./http-auth.js";
import { clientAddress } from "./http-client-address.js";
import { sha256, tokenFingerprint } from "../../kana/digest.js";
import { budgetKeys, identityOf, inPool, sessionOwner, type CallerFacts } from "./http-caller.js";
import { corsHeaders, preflightHeaders } from "./http-cors.js";
import { isModernRequest, nodeModernHandler } from "./http-modern-node.js";

export { HttpFailure, type HttpAuth } from "./http-auth.js";

export const MCP_PATH = "/mcp";
/** 200 while serving, 503 while draining; the body says whether Redis is in use (docs/http.md). */
export const HEALTH_PATH = "/healthz";
/** Liveness: 200 as long as the process answers at all (a draining replica is alive). */
export const LIVE_PATH = "/healthz/live";
/** Readiness: 503 while draining or at the session cap (send new clients elsewhere). */
export const READY_PATH = "/healthz/ready";
/** How long the permissions of a token are remembered (by hash). */
const PERMISSIONS_TTL_MS = 10 * 60_000;
/**
 * How long a token VNDB refused is remembered (by hash) and refused without asking again
 * (issue 30: 250 made-up tokens cost 200 requests to /authinfo). Five minutes: VNDB's own
 * window; a person who fixes a typo sends another token, which is asked about at once.
 */
const REFUSED_TOKEN_TTL_MS = 5 * 60_000;
/** Tokens whose verdict is remembered at most (the oldest go first); a verdict is ~100 bytes. */
const TOKEN_VERDICTS_MAX = 20_000;
/** How often idle sessions are looked for, at most (and at least twice per idle time). */
const IDLE_SWEEP_MS = 60_000;
/**
 * An unused VNDB client is kept this long for its caller's next request or session: a
 * stateless client's requests come seconds apart, and a kept client keeps its cache and pool.
 */
const CLIENT_LINGER_MS = 60_000;
/**
 * Servers kept ready per caller, for 2025-era stateless requests and, apart, for 2026-07-28
 * requests: a server answers one request at a time, so this many of one caller's requests at
 * once reuse servers, and more build their own (dropped afterwards). Matches the per-client
 * limit of requests in flight. Building a server per 2026 request halved that era's
 * throughput next to 2025 stateless (issue 30: 546 against 1,028 calls/s).
 */
const IDLE_SERVERS_PER_CALLER = 8;
/** What a refused new session is told to wait: about one idle sweep, when sessions may free. */
const SESSION_CAP_RETRY_S = 30;
/** What a client refused while the server drains is told to wait (another replica takes it). */
const DRAINING_RETRY_S = 1;
/**
 * A body over the limit is answered 413 at once; up to this many further bytes are read and
 * dropped so that the client gets the answer instead of a reset, then the socket is closed.
 */
const OVERSIZE_DRAIN_BYTES = 4 * 1024 * 1024;
/** How often Node looks for requests past their time (its default, 30 s, would let a slow client stay half a minute longer). */
const TIMEOUT_CHECK_MS = 1_000;
/** JSON-RPC "server error" code of our own refusals (the spec's implementation-defined range). */
const SERVER_ERROR = -32000;

export interface HttpDeps {
  log: Logger;
  /**
   * A VNDB API for one token (undefined: anonymous) sharing the process's budget and stores;
   * `caller` names whose fair share of the budget its calls take (a token fingerprint, an
   * anonymous client's address). Kept and reused for that caller; closed when unused.
   */
  apiFor(token: string | undefined, caller?: string | readonly string[]): VndbApi;
  /** Whether the replicas' shared stores (Redis) are in use; undefined without them. */
  sharedHealth?: () => SharedStoresHealth | undefined;
  /**
   * With --mirror (server/mirror.ts): the data date and age. Data older than the limit makes
   * the status "degraded"; a mirror still loading, or whose load failed, is not ready.
   */
  mirrorHealth?: () => MirrorHealth;
  /** With --embedded or --mirror: what VNDB's API cannot answer, from the data in this process (local/local-data.ts). */
  local?: LocalData;
  /** Whose VNDB token a request acts for (default: the bearer is the VNDB token itself). */
  auth?: HttpAuth;
  /** Seals removal confirmations so that any replica opens them (server/confirmation-keys.ts). */
  confirmations?: RequestStateCodec;
}

export interface HttpServerHandle {
  url: string;
  port: number;
  sessionCount(): number;
  /** How many MCP servers were built so far (kept servers answer many requests of one caller). */
  serversBuilt(): number;
  /** Stops accepting, lets running calls answer (up to the drain time), then closes all. */
  close(): Promise<void>;
}

interface Session {
  id?: string;
  tokenHash: string;
  /** Whose slice of the live sessions it takes (http-caller.ts). */
  owner: string;
  /** Ids of this session's requests in progress. */
  running: Set<string | number>;
  transport: StreamableHTTPServerTransport;
  created: CreatedServer;
  lastSeen: number;
  release(): void;
}

const hashOf = (token: string | undefined) => (token ? sha256(token) : "anonymous");

function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, headers);
  res.end(body);
}

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  send(res, status, { "content-type": "application/json", ...headers }, JSON.stringify({ jsonrpc: "2.0", error: { code: SERVER_ERROR, message }, id: null }));
}

/**
 * Reads a JSON body up to `limit` bytes. Past it (declared or streamed, chunked included),
 * the answer is 413 and the rest of the body is read and dropped, up to a bound, so that the
 * client sees the 413 instead of a reset connection.
 */
async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const tooLarge = () => {
    let dropped = 0;
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > OVERSIZE_DRAIN_BYTES) req.destroy();
    });
    req.resume();
    return new HttpFailure(413, `request body over ${limit} bytes`, { connection: "close" });
  };
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  // Parsed and checked as JSON-RPC (wire-check.ts); a failure answers 400 with the spec's error.
  const verdict = checkText(Buffer.concat(chunks).toString("utf8"));
  if (!verdict.ok) throw new HttpFailure(400, verdict.why, {}, verdict.error);
  return verdict.message;
}

/** The ids of the JSON-RPC requests in a body (a drain answers them). */
function requestIds(body: unknown): Array<string | number> {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((m) => {
    const id = (m as { id?: unknown; method?: unknown } | null)?.id;
    return (typeof id === "string" || typeof id === "number") && typeof (m as { method?: unknown }).method === "string" ? [id] : [];
  });
}

/** Counts requests per client address; refuses beyond the limit. */
class ClientSlots {
  readonly #inUse = new Map<string, number>();
  constructor(readonly limit: number) {}
  take(client: string): () => void {
    const n = this.#inUse.get(client) ?? 0;
    if (n >= this.limit) {
      throw new HttpFailure(429, `more than ${this.limit} requests in flight from this client; retry shortly`, { "retry-after": "1" });
    }
    this.#inUse.set(client, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#inUse.get(client) ?? 1) - 1;
      if (left <= 0) this.#inUse.delete(client);
      else this.#inUse.set(client, left);
    };
  }
}

/** Redaction must know every token in use; a token held twice is kept until both let go. */
class SecretRefs {
  readonly #refs = new Map<string, number>();
  hold(token: string | undefined): () => void {
    if (!token) return () => {};
    registerSecret(token);
    this.#refs.set(token, (this.#refs.get(token) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.#refs.get(token) ?? 1) - 1;
      if (left > 0) return void this.#refs.set(token, left);
      this.#refs.delete(token);
      forgetSecret(token);
    };
  }
}

interface PoolEntry {
  api: VndbApi;
  refs: number;
  timer?: NodeJS.Timeout;
  forget: () => void;
  /** Stateless servers of this caller between requests (closed with the client). */
  idle: CreatedServer[];
  /**
   * Its servers between 2026-07-28 requests, kept apart: the SDK's per-request handler marks a
   * server as speaking that revision and installs that era's handlers on it.
   */
  idleModern: CreatedServer[];
}

/** Which kept servers a request may take: a 2025-era stateless one or a 2026-07-28 one. */
type Era = "legacy" | "modern";
/** What a caller holds while a request or session of theirs runs. */
interface Held {
  api: VndbApi;
  idle: CreatedServer[];
  idleModern: CreatedServer[];
  /** The budget keys its pool entry is under (budgetKeys joined). */
  keys: string;
  release: () => void;
}

/**
 * One VNDB client per caller (a token, an anonymous address), shared by its sessions and
 * requests and closed CLIENT_LINGER_MS after the last of them let go.
 */
class ClientPool {
  readonly #entries = new Map<string, PoolEntry>();
  constructor(
    private readonly create: (token: string | undefined, caller: readonly string[]) => VndbApi,
    private readonly secrets: SecretRefs,
  ) {}

  take(token: string | undefined, caller: readonly string[]): Held {
    const keys = caller.join(" ");
    const key = `${hashOf(token)} ${keys}`;
    let entry = this.#entries.get(key);
    if (!entry) {
      const forget = this.secrets.hold(token);
      try {
        entry = { api: this.create(token, caller), refs: 0, forget, idle: [], idleModern: [] };
      } catch (error) {
        forget();
        throw error;
      }
      this.#entries.set(key, entry);
    }
    const held = entry;
    clearTimeout(held.timer);
    held.refs++;
    let released = false;
    return {
      api: held.api,
      idle: held.idle,
      idleModern: held.idleModern,
      keys,
      release: () => {
        if (released) return;
        released = true;
        if (--held.refs > 0) return;
        held.timer = setTimeout(() => {
          if (held.refs > 0 || this.#entries.get(key) !== held) return;
          this.#entries.delete(key);
          for (const server of [...held.idle.splice(0), ...held.idleModern.splice(0)]) void server.close().catch(() => {});
          void held.api.close().catch(() => {});
          held.forget();
        }, CLIENT_LINGER_MS);
        held.timer.unref();
      },
    };
  }

  async closeAll(): Promise<void> {
    const all = [...this.#entries.values()];
    this.#entries.clear();
    for (const entry of all) clearTimeout(entry.timer);
    await Promise.all(all.flatMap((e) => [...e.idle.splice(0), ...e.idleModern.splice(0)]).map((s) => s.close().catch(() => {})));
    await Promise.all(all.map((e) => e.api.close().catch(() => {})));
    for (const entry of all) entry.forget();
  }
}

export async function startHttpServer(config: ServerConfig, options: HttpOptions, deps: HttpDeps): Promise<HttpServerHandle> {
  const { log } = deps;
  const auth = deps.auth ?? vndbTokenAsBearer;
  const sessions = new Map<string, Session>();
  /** Sessions being opened (initialize received, id not yet given): they count toward the cap. */
  let opening = 0;
  const slots = new ClientSlots(options.maxConcurrentPerClient);
  const secrets = new SecretRefs();
  const clients = new ClientPool((token, caller) => {
    const api = deps.apiFor(token, caller);
    return token && auth.watch ? auth.watch(api, token) : api; // OAuth: a refused token ends its grant
  }, secrets);
  /** What VNDB said of each token (by hash): its permissions, or that it refused it. */
  const permissions = new Map<string, { writes: boolean; at: number; refused?: boolean }>();
  const remember = (key: string, verdict: { writes: boolean; at: number; refused?: boolean }) => {
    permissions.delete(key);
    permissions.set(key, verdict);
    for (const oldest of permissions.keys()) {
      if (permissions.size <= TOKEN_VERDICTS_MAX) break;
      permissions.delete(oldest);
    }
  };
  /** Sessions per owner (address, or identity inside a pool), opening ones included. */
  const owned = new Map<string, number>();
  const own = (owner: string, delta: number) => {
    const n = (owned.get(owner) ?? 0) + delta;
    if (n <= 0) owned.delete(owner);
    else owned.set(owner, n);
  };
  /** POSTs being answered, with the ids a drain must answer if they run out of time. */
  const inFlight = new Map<ServerResponse, { ids: Array<string | number>; done: Promise<void> }>();
  let draining = false;
  let hosts = new Set<string>();
  /** MCP servers built so far (a kept one answers many requests): reported by the handle. */
  let serversBuilt = 0;


  /** The configuration of one user's server: their token; list writes only if it may write. */
  async function configFor(token: string | undefined, api: VndbApi): Promise<ServerConfig> {
    if (!token || config.readOnly) return { ...config, token, readOnly: config.readOnly };
    const key = hashOf(token);
    const known = permissions.get(key);
    const refusedNow = async () => (await auth.refused?.(token)) ?? tokenRefused("VNDB rejected the token in Authorization (invalid or revoked); create a new one on vndb.org");
    let writes: boolean;
    if (known?.refused && Date.now() - known.at < REFUSED_TOKEN_TTL_MS) throw await refusedNow();
    if (known && !known.refused && Date.now() - known.at < PERMISSIONS_TTL_MS) writes = known.writes;
    else {
      try {
        const info = await api.authinfo();
        writes = info.permissions.includes("listwrite");
        remember(key, { writes, at: Date.now() });
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        if (status === 401) {
          remember(key, { writes: false, at: Date.now(), refused: true });
          throw await refusedNow();
        }
        // VNDB unreachable: serve the read tools; writes would fail anyway.
        log.warn(`could not check a token's permissions: ${error instanceof Error ? error.message : String(error)}`);
        writes = false;
      }
    }
    return { ...config, token, readOnly: !writes };
  }

  /**
   * The caller as far as it is known now: a token VNDB has answered for (here, within the
   * permissions' lifetime, or on the OAuth page) is proven and keys its own share.
   */
  function proven(token: string | undefined, caller: CallerFacts): CallerFacts {
    if (!token || caller.provenToken) return caller;
    const known = permissions.get(hashOf(token));
    return known && !known.refused && Date.now() - known.at < PERMISSIONS_TTL_MS ? { ...caller, provenToken: tokenFingerprint(token) } : caller;
  }

  /** The caller's pool entry, keyed by the budget's keys: its client and its kept servers. */
  function takeClient(token: string | undefined, caller: CallerFacts): Held {
    try {
      return clients.take(token, budgetKeys(caller));
    } catch (error) {
      // The client checks the token's shape locally, the way VNDB would.
      throw tokenRefused(error instanceof Error ? error.message : "invalid token");
    }
  }

  async function openServer(token: string | undefined, caller: CallerFacts) {
    let held = takeClient(token, proven(token, caller));
    try {
      const config = await configFor(token, held.api);
      // The check just proved the token: its calls from now on take its own share, and the
      // server built now is kept with that share's entry (where its next requests look).
      const keys = budgetKeys(proven(token, caller)).join(" ");
      if (keys !== held.keys) {
        const again = takeClient(token, proven(token, caller));
        held.release();
        held = again;
      }
      const created = await createServer(config, { api: held.api, log, ...(deps.local ? { local: deps.local } : {}), ...(deps.confirmations ? { confirmations: deps.confirmations } : {}) });
      serversBuilt++;
      return { created, idle: held.idle, idleModern: held.idleModern, release: held.release };
    } catch (error) {
      held.release();
      throw error;
    }
  }

  /**
   * A server for one request: one of its caller's kept servers of that era when there is one
   * (kept servers live in the caller's pool entry, keyed by the token and the budget's keys,
   * so no user is ever answered by a server built for another's token), else a new one.
   */
  async function statelessServer(token: string | undefined, caller: CallerFacts, era: Era) {
    const held = takeClient(token, proven(token, caller));
    const ready = (era === "modern" ? held.idleModern : held.idle).pop();
    // A kept server was built with the permissions of its time; they are re-checked as often.
    const known = token ? permissions.get(hashOf(token)) : undefined;
    if (ready && (!token || config.readOnly || (known && Date.now() - known.at < PERMISSIONS_TTL_MS))) return { created: ready, idle: held.idle, idleModern: held.idleModern, release: held.release };
    if (ready) void ready.close().catch(() => {});
    held.release();
    return openServer(token, caller);
  }

  async function closeSession(session: Session): Promise<void> {
    if (session.id && sessions.get(session.id) === session) {
      sessions.delete(session.id);
      own(session.owner, -1);
    }
    await session.created.close().catch(() => {});
    session.release();
  }

  /**
   * A 2025-era stateless request: answered by one of its caller's idle servers when there is
   * one (a server is connected to one transport at a time, and may be connected again after
   * close()), else by a new one, kept afterwards while fewer than IDLE_SERVERS_PER_CALLER are.
   */
  async function handleStateless(req: IncomingMessage, res: ServerResponse, body: unknown, token: string | undefined, caller: CallerFacts) {
    const { created, idle, release } = await statelessServer(token, caller, "legacy");
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    // A server that saw an initialize remembers that client's capabilities (it would then ask
    // questions a stateless client cannot answer): it is not kept for other requests.
    const keep = !(Array.isArray(body) ? body : [body]).some((m) => isInitializeRequest(m));
    res.on("close", () => {
      void created
        .close()
        .catch(() => {})
        .then(() => {
          if (keep && !draining && idle.length < IDLE_SERVERS_PER_CALLER) idle.push(created);
          release();
        });
    });
    await created.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  /**
   * The 2026-07-28 era: every request stands alone (no session), answered by a server built
   * for its token. The SDK's handler checks the standard headers against the body.
   */
  const modern = createMcpHandler(({ authInfo }) => (authInfo?.extra as { server: McpServer }).server, {
    legacy: "reject",
    maxRequestBodySize: options.maxBodyBytes,
    onerror: (error) => log.debug(`HTTP (2026-07-28): ${error.message}`),
  });

  /**
   * One Node adapter for every 2026-07-28 request, made once (http-modern-node.ts). An
   * adapter made per request (around a closure that knew the request's server) kept that
   * server alive after the answer: the adapter leaves a listener on the request's abort
   * signal, which undici holds until the web Request has been collected and its finalizer has
   * run, so under load every replica grew by ~90 KiB per call (bench/proxy-load.bench.ts). The
   * server travels in `req.auth` instead, the way to pass authentication info on.
   */
  const modernNode = nodeModernHandler(modern, (error) => log.debug(`HTTP (2026-07-28): ${error.message}`));

  async function handleModern(req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse, body: unknown, token: string | undefined, caller: CallerFacts) {
    const { created, idleModern, release } = await statelessServer(token, caller, "modern");
    // The SDK seeds each request's client identity and capabilities from its envelope, so a
    // kept server answers the next request of its caller as that request says.
    res.on("close", () => {
      void created
        .close()
        .catch(() => {})
        .then(() => {
          if (!draining && idleModern.length < IDLE_SERVERS_PER_CALLER) idleModern.push(created);
          release();
        });
    });
    // authInfo is only the way to hand this request's server to the factory: the token stays out of it.
    req.auth = { token: hashOf(token), clientId: "bearer", scopes: [], extra: { server: created.server } };
    await modernNode(req, res, body);
  }

  /**
   * Room for a new session of `owner`: at its slice, its own least recently used session
   * closes; at the server's cap, the least recently used session of the owner holding the
   * most (when it holds more than `owner` would) closes. False: no room (503).
   */
  function makeRoom(owner: string): boolean {
    const lru = (of: string | undefined) => {
      let oldest: Session | undefined;
      for (const s of sessions.values()) if ((of === undefined || s.owner === of) && (!oldest || s.lastSeen < oldest.lastSeen)) oldest = s;
      return oldest;
    };
    const evict = (session: Session | undefined) => {
      if (!session) return false;
      if (session.id) sessions.delete(session.id);
      own(session.owner, -1);
      void session.transport.close().catch(() => {});
      return true;
    };
    const mine = owned.get(owner) ?? 0;
    if (mine >= (options.maxSessionsPerClient ?? Infinity) && !evict(lru(owner))) return false;
    if (sessions.size + opening < options.maxSessions) return true;
    let biggest: string | undefined;
    for (const [who, n] of owned) if (biggest === undefined || n > owned.get(biggest)!) biggest = who;
    if (biggest === undefined || owned.get(biggest)! <= (owned.get(owner) ?? 0) + 1) return false;
    return evict(lru(biggest));
  }

  async function handleSession(req: IncomingMessage, res: ServerResponse, body: unknown, token: string | undefined, caller: CallerFacts) {
    const id = req.headers["mcp-session-id"];
    if (typeof id === "string") {
      const session = sessions.get(id);
      if (!session) throw new HttpFailure(404, "Session not found (expired or closed); initialize a new one");
      if (session.tokenHash !== hashOf(token)) throw new HttpFailure(403, "This session was opened with another token (or none)");
      session.lastSeen = Date.now();
      // The SDK maps answers to streams by request id: a second request with the id of one in
      // progress would take its place and one of them would never be answered (issue 30).
      const ids = requestIds(body);
      const taken = ids.find((id) => session.running.has(id));
      if (taken !== undefined) {
        throw new HttpFailure(409, "request id in use", {}, { jsonrpc: "2.0", id: taken, error: { code: -32600, message: `Invalid Request: id ${JSON.stringify(taken)} is already used by a request of this session still in progress; use a new id` } });
      }
      for (const id of ids) session.running.add(id);
      res.on("close", () => {
        for (const id of ids) session.running.delete(id);
      });
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== "POST" || !isInitializeRequest(body)) {
      throw new HttpFailure(400, "Bad Request: no Mcp-Session-Id; send initialize first");
    }
    const owner = sessionOwner(caller);
    if (!makeRoom(owner)) {
      throw new HttpFailure(
        503,
        `Too many sessions: this server holds ${options.maxSessions} live sessions, its limit; idle ones close after ${Math.round(options.sessionIdleMs / 1000)} s. Retry in ${SESSION_CAP_RETRY_S} s or on another replica`,
        { "retry-after": String(SESSION_CAP_RETRY_S) },
      );
    }
    opening++;
    own(owner, 1);
    let counted = true;
    const settle = (live: boolean) => {
      if (counted) {
        opening--;
        if (!live) own(owner, -1);
      }
      counted = false;
    };
    try {
      const { created, release } = await openServer(token, caller);
      const session: Session = {
        tokenHash: hashOf(token),
        owner,
        running: new Set(),
        created,
        release,
        lastSeen: Date.now(),
        transport: new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sid) => {
            session.id = sid;
            sessions.set(sid, session);
            settle(true);
          },
        }),
      };
      session.transport.onclose = () => void closeSession(session);
      await created.connect(session.transport);
      await session.transport.handleRequest(req, res, body);
      // An initialize the transport refused leaves no session: its server and client go.
      if (session.id === undefined) void session.transport.close().catch(() => {});
    } finally {
      settle(false);
    }
  }

  /** The state /healthz reports: serving or not, ready for new clients or not, Redis in use or not, the mirror's data age. */
  function health() {
    const shared = deps.sharedHealth?.();
    const mirror = deps.mirrorHealth?.();
    const full = sessions.size + opening >= options.maxSessions;
    const mirrorServes = mirror === undefined || mirror.state === "ok" || mirror.state === "stale";
    const ready = !draining && !full && mirrorServes;
    const degraded = shared?.state === "local" || (mirror !== undefined && mirror.state !== "ok");
    const status = draining ? "draining" : full ? "full" : degraded ? "degraded" : "ok";
    return {
      status,
      live: true,
      ready,
      sessions: sessions.size,
      maxSessions: options.maxSessions,
      ...(shared ? { redis: shared.state === "shared" ? { state: "shared" } : { state: "local", since: new Date(shared.since).toISOString(), reason: shared.reason } } : {}),
      ...(mirror ? { mirror } : {}),
    };
  }

  function answerHealth(req: IncomingMessage, res: ServerResponse, path: string, cors: Record<string, string>): void {
    const state = health();
    const status = path === LIVE_PATH ? 200 : path === READY_PATH ? (state.ready ? 200 : 503) : draining ? 503 : 200;
    send(res, status, { "content-type": "application/json", "cache-control": "no-store", ...cors }, req.method === "HEAD" ? undefined : JSON.stringify(state));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0]!;
    const isHealth = path === HEALTH_PATH || path === LIVE_PATH || path === READY_PATH;
    // Probes come from load balancers and orchestrators, which send no browser headers.
    if (isHealth && !req.headers.origin && (req.method === "GET" || req.method === "HEAD")) return answerHealth(req, res, path, {});
    const refused = refusal(req.headers, hosts, options);
    if (refused) return sendError(res, 403, `Forbidden: ${refused}`);
    const origin = typeof req.headers.origin === "string" ? req.headers.origin : undefined;
    const cors = corsHeaders(origin);
    if (req.method === "OPTIONS" && origin !== undefined && req.headers["access-control-request-method"] !== undefined) {
      return send(res, 204, preflightHeaders(origin, req.headers["access-control-request-headers"] as string | undefined));
    }
    for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    if (isHealth && (req.method === "GET" || req.method === "HEAD")) return answerHealth(req, res, path, cors);
    if (auth.route && path !== MCP_PATH) {
      // The authorization server's routes hold a slot too: its page may wait on a fetch it makes.
      const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], options.trustedProxies);
      const release = slots.take(address);
      res.on("close", release);
      const pooled = inPool(options.poolRanges, address);
      if (await auth.route(req, res, path, { address, pooled, budgetKeys: budgetKeys({ address, pooled }) })) return;
      release();
    }
    if (path !== MCP_PATH) return sendError(res, 404, `Not found; the MCP endpoint is ${MCP_PATH}`);
    if (draining) {
      return sendError(res, 503, `Server shutting down; retry in ${DRAINING_RETRY_S} s (another replica takes new work)`, { "retry-after": String(DRAINING_RETRY_S) });
    }
    if (options.stateless && req.method !== "POST") {
      return sendError(res, 405, "Method not allowed: this server is stateless (POST only)", { allow: "POST" });
    }
    const address = clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], options.trustedProxies);
    const pooled = inPool(options.poolRanges, address);
    // Outside a host pool the address holds the slots; inside one, each person does (issue 30).
    const release = pooled ? () => {} : slots.take(address);
    if (req.method === "GET") release();
    else res.on("close", release);
    const token = await auth.tokenFor(req);
    const grant = auth.identify?.(req);
    const caller: CallerFacts = {
      address,
      pooled,
      ...(grant ? { grantId: grant.grantId } : {}),
      ...(grant?.tokenProven && token ? { provenToken: tokenFingerprint(token) } : {}),
    };
    if (pooled) {
      const releasePooled = slots.take(identityOf(proven(token, caller)));
      // Long-lived GET streams do not hold a slot: they carry notifications, not work.
      if (req.method === "GET") releasePooled();
      else res.on("close", releasePooled);
    }
    const body = req.method === "POST" ? await readJsonBody(req, options.maxBodyBytes) : undefined;
    if (req.method === "POST") inFlight.get(res)?.ids.push(...requestIds(body));
    // A POST without a session that the SDK classifies as 2026-07-28 (server/discover or the envelope).
    if (isModernRequest(req, body)) await handleModern(req, res, body, token, caller);
    else if (options.stateless) await handleStateless(req, res, body, token, caller);
    else await handleSession(req, res, body, token, caller);
  }

  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const server = createHttpServer({
    // Slow clients are timed out (408, then closed): headers, then the whole request. These
    // limit receiving the request only; an answer's event stream lasts as long as it needs.
    headersTimeout,
    requestTimeout: Math.max(headersTimeout, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  }, (req, res) => {
    if (req.method === "POST") {
      // In flight until the answer is fully sent (SSE answers end after the last message).
      const done = new Promise<void>((resolve) => res.on("close", resolve));
      inFlight.set(res, { ids: [], done });
      void done.then(() => inFlight.delete(res));
    }
    void handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpFailure && error.body && !res.headersSent) {
        res.writeHead(error.status, { "content-type": "application/json", ...error.headers });
        return void res.end(JSON.stringify(error.body));
      }
      if (error instanceof HttpFailure) return sendError(res, error.status, error.message, error.headers);
      log.error("HTTP request failed", error);
      sendError(res, 500, "Internal server error");
    });
  });

  /** Answers the calls still running when the drain time is up, instead of an empty 200. */
  function answerUnfinished(): void {
    const message = `Server shutting down: the call was still running after ${Math.round(options.drainMs / 1000)} s; retry it (another replica will answer)`;
    for (const [res, { ids }] of inFlight) {
      res.on("error", () => {}); // the SDK may still try to write its own answer
      const errors = ids.map((id) => ({ jsonrpc: "2.0", id, error: { code: SERVER_ERROR, message } }));
      if (errors.length === 0 || res.writableEnded) continue;
      const payload = JSON.stringify(errors.length === 1 ? errors[0] : errors);
      // A JSON answer is written whole, so an answer begun and not ended is an event stream.
      if (!res.headersSent) send(res, 200, { "content-type": "application/json", connection: "close" }, payload);
      else res.end(`event: message\ndata: ${payload}\n\n`);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  hosts = acceptedHosts(options.host, port, options);
  for (const host of (await auth.start?.({ host: options.host, port, apiFor: (token, caller) => deps.apiFor(token, caller) })) ?? []) hosts.add(host);
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - options.sessionIdleMs;
      for (const session of sessions.values()) if (session.lastSeen < cutoff) void session.transport.close();
    },
    Math.max(1_000, Math.min(IDLE_SWEEP_MS, options.sessionIdleMs / 2)),
  );
  sweep.unref();

  const urlHost = options.host.includes(":") ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}${MCP_PATH}`,
    port,
    sessionCount: () => sessions.size,
    serversBuilt: () => serversBuilt,
    close: () =>
      (closing ??= (async () => {
        // Still listening while draining: new clients get a clear 503 instead of a refused connection.
        draining = true;
        clearInterval(sweep);
        if (inFlight.size > 0) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            Promise.all([...inFlight.values()].map((f) => f.done)),
            new Promise<void>((resolve) => (timer = setTimeout(resolve, options.drainMs))),
          ]);
          clearTimeout(timer);
        }
        answerUnfinished();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        await Promise.all([...sessions.values()].map((s) => s.transport.close().catch(() => {})));
        await modern.close().catch(() => {});
        await clients.closeAll();
        server.closeAllConnections();
        await stopped;
        await auth.close?.().catch(() => {});
      })()),
  };
}

/** Serve until SIGINT/SIGTERM; in-flight calls finish first. */
export async function serveHttp(config: ServerConfig, options: HttpOptions, deps: HttpDeps & { onClose?: () => Promise<void> }): Promise<void> {
  const handle = await startHttpServer(config, options, deps);
  deps.log.info(
    `serving MCP on ${handle.url} (${options.stateless ? "stateless" : `sessions: at most ${options.maxSessions}, idle ${Math.round(options.sessionIdleMs / 1000)} s`}; ${deps.auth?.describe ?? "token per request in Authorization: Bearer"})`,
  );
  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
  });
  deps.log.info("shutting down: finishing running calls");
  await handle.close();
  await deps.onClose?.().catch(() => {});
}
