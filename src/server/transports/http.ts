// Streamable HTTP (MCP 2025-11-25) for many users at once. Each user's VNDB token arrives
// with every request (`Authorization: Bearer <token>`); it lives only in the memory of that
// user's session (or request, in stateless mode) and is never logged. A session is bound to
// the token that opened it: a request carrying another token is refused, so one user can
// neither use nor read another's session. All sessions share the process's request budget
// (VNDB counts per address) and, with VNDB_REDIS_URL, the replicas' stores (cli/server.ts).

import { createHash, randomUUID } from "node:crypto";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NodeStreamableHTTPServerTransport as StreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { isInitializeRequest } from "@modelcontextprotocol/server";
import type { ServerConfig } from "../config.js";
import { createServer, type CreatedServer } from "../create-server.js";
import { forgetSecret, registerSecret, type Logger } from "../log.js";
import type { VndbApi } from "../../tools/api.js";
import { acceptedHosts, refusal } from "./http-guard.js";
import type { HttpOptions } from "./http-options.js";

export const MCP_PATH = "/mcp";
export const HEALTH_PATH = "/healthz";
/** How long the permissions of a token are remembered (by hash) in stateless mode. */
const PERMISSIONS_TTL_MS = 10 * 60_000;
/** How often idle sessions are looked for. */
const IDLE_SWEEP_MS = 60_000;

export interface HttpDeps {
  log: Logger;
  /** A VNDB API for one token (undefined: anonymous) sharing the process's budget and stores. */
  apiFor(token: string | undefined): VndbApi;
}

export interface HttpServerHandle {
  url: string;
  port: number;
  sessionCount(): number;
  /** Stops accepting, lets running calls answer (up to the drain time), then closes all. */
  close(): Promise<void>;
}

interface Session {
  id?: string;
  tokenHash: string;
  transport: StreamableHTTPServerTransport;
  created: CreatedServer;
  api: VndbApi;
  lastSeen: number;
  release(): void;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const hashOf = (token: string | undefined) => (token ? createHash("sha256").update(token).digest("hex") : "anonymous");

/** The bearer token of a request, undefined when none; a malformed header is an error. */
function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === "") return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new HttpFailure(401, "Authorization must be 'Bearer <VNDB API token>'");
  return match[1];
}

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit) throw new HttpFailure(413, `request body over ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpFailure(413, `request body over ${limit} bytes`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpFailure(400, "Parse error: the body is not JSON");
  }
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

/** Redaction must know every token in use; a token seen by two sessions is kept until both end. */
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

export async function startHttpServer(config: ServerConfig, options: HttpOptions, deps: HttpDeps): Promise<HttpServerHandle> {
  const { log } = deps;
  const sessions = new Map<string, Session>();
  const slots = new ClientSlots(options.maxConcurrentPerClient);
  const secrets = new SecretRefs();
  const permissions = new Map<string, { writes: boolean; at: number }>();
  const inFlight = new Set<Promise<void>>();
  let draining = false;
  let hosts = new Set<string>();

  /** The configuration of one user's server: their token; list writes only if it may write. */
  async function configFor(token: string | undefined, api: VndbApi): Promise<ServerConfig> {
    if (!token || config.readOnly) return { ...config, token, readOnly: config.readOnly };
    const key = hashOf(token);
    const known = permissions.get(key);
    let writes: boolean;
    if (known && Date.now() - known.at < PERMISSIONS_TTL_MS) writes = known.writes;
    else {
      try {
        const info = await api.authinfo();
        writes = info.permissions.includes("listwrite");
        permissions.set(key, { writes, at: Date.now() });
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        if (status === 401) throw new HttpFailure(401, "VNDB rejected the token in Authorization (invalid or revoked); create a new one on vndb.org");
        // VNDB unreachable: serve the read tools; writes would fail anyway.
        log.warn(`could not check a token's permissions: ${error instanceof Error ? error.message : String(error)}`);
        writes = false;
      }
    }
    return { ...config, token, readOnly: !writes };
  }

  async function openServer(token: string | undefined) {
    let api: VndbApi;
    try {
      api = deps.apiFor(token);
    } catch (error) {
      // The client checks the token's shape locally, the way VNDB would.
      throw new HttpFailure(401, error instanceof Error ? error.message : "invalid token");
    }
    const release = secrets.hold(token);
    try {
      const created = createServer(await configFor(token, api), { api, log });
      return { api, created, release };
    } catch (error) {
      release();
      await api.close().catch(() => {});
      throw error;
    }
  }

  async function closeSession(session: Session): Promise<void> {
    if (session.id) sessions.delete(session.id);
    await session.created.close().catch(() => {});
    await session.api.close().catch(() => {});
    session.release();
  }

  async function handleStateless(req: IncomingMessage, res: ServerResponse, body: unknown, token: string | undefined) {
    const { api, created, release } = await openServer(token);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close().catch(() => {});
      void created.close().catch(() => {});
      void api.close().catch(() => {});
      release();
    });
    await created.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async function handleSession(req: IncomingMessage, res: ServerResponse, body: unknown, token: string | undefined) {
    const id = req.headers["mcp-session-id"];
    if (typeof id === "string") {
      const session = sessions.get(id);
      if (!session) throw new HttpFailure(404, "Session not found (expired or closed); initialize a new one");
      if (session.tokenHash !== hashOf(token)) throw new HttpFailure(403, "This session was opened with another token (or none)");
      session.lastSeen = Date.now();
      await session.transport.handleRequest(req, res, body);
      return;
    }
    if (req.method !== "POST" || !isInitializeRequest(body)) {
      throw new HttpFailure(400, "Bad Request: no Mcp-Session-Id; send initialize first");
    }
    const { api, created, release } = await openServer(token);
    const session: Session = {
      tokenHash: hashOf(token),
      api,
      created,
      release,
      lastSeen: Date.now(),
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          session.id = sid;
          sessions.set(sid, session);
        },
      }),
    };
    session.transport.onclose = () => void closeSession(session);
    await created.connect(session.transport);
    await session.transport.handleRequest(req, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0];
    if (path === HEALTH_PATH && req.method === "GET") {
      res.writeHead(draining ? 503 : 200, { "content-type": "application/json" });
      res.end(JSON.stringify({ status: draining ? "draining" : "ok", sessions: sessions.size }));
      return;
    }
    const refused = refusal(req.headers, hosts, options);
    if (refused) return sendError(res, 403, `Forbidden: ${refused}`);
    if (path !== MCP_PATH) return sendError(res, 404, `Not found; the MCP endpoint is ${MCP_PATH}`);
    if (draining) return sendError(res, 503, "Server shutting down; retry on another replica", { "retry-after": "1" });
    if (options.stateless && req.method !== "POST") {
      return sendError(res, 405, "Method not allowed: this server is stateless (POST only)", { allow: "POST" });
    }
    const release = slots.take(req.socket.remoteAddress ?? "?");
    // Long-lived GET streams do not hold a slot: they carry notifications, not work.
    if (req.method === "GET") release();
    else res.on("close", release);
    const token = bearerToken(req);
    const body = req.method === "POST" ? await readJsonBody(req, options.maxBodyBytes) : undefined;
    if (options.stateless) await handleStateless(req, res, body, token);
    else await handleSession(req, res, body, token);
  }

  const server = createHttpServer((req, res) => {
    const work = handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpFailure) return sendError(res, error.status, error.message, error.headers);
      log.error("HTTP request failed", error);
      sendError(res, 500, "Internal server error");
    });
    if (req.method === "POST") {
      // In flight until the answer is fully sent (SSE answers end after the last message).
      const done = new Promise<void>((resolve) => res.on("close", resolve));
      inFlight.add(done);
      void done.then(() => inFlight.delete(done));
    }
    void work;
  });
  server.requestTimeout = 0; // SSE streams stay open as long as the session lives

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  hosts = acceptedHosts(options.host, port, options);
  const sweep = setInterval(() => {
    const cutoff = Date.now() - options.sessionIdleMs;
    for (const session of sessions.values()) if (session.lastSeen < cutoff) void session.transport.close();
  }, IDLE_SWEEP_MS);
  sweep.unref();

  const urlHost = options.host.includes(":") ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}${MCP_PATH}`,
    port,
    sessionCount: () => sessions.size,
    close: () =>
      (closing ??= (async () => {
        draining = true;
        clearInterval(sweep);
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        if (inFlight.size > 0) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            Promise.all([...inFlight]),
            new Promise<void>((resolve) => (timer = setTimeout(resolve, options.drainMs))),
          ]);
          clearTimeout(timer);
        }
        await Promise.all([...sessions.values()].map((s) => s.transport.close().catch(() => {})));
        server.closeAllConnections();
        await stopped;
      })()),
  };
}

/** Serve until SIGINT/SIGTERM; in-flight calls finish first. */
export async function serveHttp(config: ServerConfig, options: HttpOptions, deps: HttpDeps & { onClose?: () => Promise<void> }): Promise<void> {
  const handle = await startHttpServer(config, options, deps);
  deps.log.info(
    `serving MCP on ${handle.url} (${options.stateless ? "stateless" : "sessions"}; token per request in Authorization: Bearer)`,
  );
  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => resolve());
  });
  deps.log.info("shutting down: finishing running calls");
  await handle.close();
  await deps.onClose?.().catch(() => {});
}
