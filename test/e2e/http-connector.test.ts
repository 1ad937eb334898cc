// The HTTP transport as a shared connector (issue 22), in process over an API whose calls the
// test releases by hand, driven by the SDK client and by plain requests: the session cap and
// idle expiry, the per-client limit behind a trusted proxy, CORS, 413 for a chunked body, a
// drain that answers a long call with a JSON-RPC error and new clients with 503, the health
// endpoints (HEAD, liveness, readiness, Redis state), clients reused across stateless
// requests, and a 401 that says how to authenticate.

import { request } from "node:http";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, type ServerConfig } from "../../src/server/config.js";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpDeps, type HttpServerHandle } from "../../src/server/transports/http.js";
import { extractHttpArgs, type HttpOptions } from "../../src/server/transports/http-options.js";
import { clientAddress, parseTrustedProxies } from "../../src/server/transports/http-client-address.js";
import type { SharedStoresHealth } from "../../src/client/shared-stores.js";
import { gatedApi } from "../helpers/gated-api.js";

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };


function options(extra: Partial<HttpOptions> = {}, env: NodeJS.ProcessEnv = {}): HttpOptions {
  const parsed = extractHttpArgs(["--http", "--port", "0"], env);
  if (parsed.kind !== "http") throw new Error(parsed.kind === "error" ? parsed.message : "expected http");
  return { ...parsed.http, ...extra };
}

const config = (): ServerConfig => {
  const r = loadConfig([], {});
  if (r.kind !== "run") throw new Error("config");
  return r.config;
};

async function until(what: string, check: () => boolean | Promise<boolean>, limitMs = 10_000): Promise<void> {
  const giveUpAt = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let handle: HttpServerHandle | undefined;
const clients: Client[] = [];
const transports = new Map<Client, StreamableHTTPClientTransport>();
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  await handle?.close();
  handle = undefined;
});

async function start(opts: Partial<HttpOptions> = {}, deps: Partial<HttpDeps> = {}) {
  const api = gatedApi();
  handle = await startHttpServer(config(), options(opts), { log: silentLogger, apiFor: api.apiFor, ...deps });
  return { api, url: new URL(handle.url), base: handle.url.replace(/\/mcp$/, "") };
}

async function connect(url: URL, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "t", version: "0" });
  client.onerror = () => {};
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  await client.connect(transport);
  clients.push(client);
  transports.set(client, transport);
  return client;
}

describe("sessions are bounded", () => {
  it("past the cap a new client gets 503 with Retry-After and the reason; readiness says so", async () => {
    const { url, base } = await start({ maxSessions: 2 });
    await connect(url);
    await connect(url);
    const refused = await fetch(url, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Too many sessions: this server holds 2 live sessions, its limit/);
    expect((await fetch(`${base}/healthz/ready`)).status).toBe(503);
    const health = (await (await fetch(`${base}/healthz`)).json()) as { status: string; ready: boolean };
    expect(health).toMatchObject({ status: "full", ready: false });
    // Ending one (DELETE) frees its place.
    const leaving = clients.shift()!;
    await transports.get(leaving)!.terminateSession();
    await leaving.close();
    await until("a session to close", () => handle!.sessionCount() === 1);
    await connect(url);
    expect(handle!.sessionCount()).toBe(2);
  });

  it("an idle session expires after the configured time", async () => {
    const { url } = await start({ sessionIdleMs: 1_500 });
    await connect(url);
    expect(handle!.sessionCount()).toBe(1);
    await until("the idle session to expire", () => handle!.sessionCount() === 0);
  });

  it("reads the limits from the environment", () => {
    const parsed = options({}, { VNDB_HTTP_MAX_SESSIONS: "50", VNDB_HTTP_SESSION_IDLE_S: "120", VNDB_HTTP_DRAIN_S: "3", VNDB_HTTP_TRUSTED_PROXIES: "10.0.0.1, 172.28.0.0/24" });
    expect(parsed).toMatchObject({ maxSessions: 50, sessionIdleMs: 120_000, drainMs: 3_000 });
    expect(parsed.trustedProxies?.check("172.28.0.7")).toBe(true);
    expect(extractHttpArgs(["--http"], { VNDB_HTTP_TRUSTED_PROXIES: "not-an-ip" })).toMatchObject({ kind: "error", message: /not an IP address/ });
    expect(extractHttpArgs(["--http"], { VNDB_HTTP_SESSION_IDLE_S: "1" })).toMatchObject({ kind: "error", message: /VNDB_HTTP_SESSION_IDLE_S/ });
  });
});

describe("clients behind a proxy", () => {
  const statsCall = (url: URL, forwardedFor: string) =>
    fetch(url, {
      method: "POST",
      headers: { ...MCP_HEADERS, "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "vndb_get_stats", arguments: {} } }),
    });

  it("a trusted proxy's X-Forwarded-For names the client for the per-client limit and the budget", async () => {
    const { api, url } = await start({ stateless: true, maxConcurrentPerClient: 1, trustedProxies: parseTrustedProxies(["127.0.0.1", "::1"]) as never });
    const first = statsCall(url, "203.0.113.1");
    await until("the first call to wait", () => api.waiting() === 1);
    const other = statsCall(url, "203.0.113.2");
    await until("the second client's call to wait", () => api.waiting() === 2);
    const same = await statsCall(url, "203.0.113.1");
    expect(same.status).toBe(429);
    api.releaseAll();
    expect((await first).status).toBe(200);
    expect((await other).status).toBe(200);
    // Each anonymous client has its own VNDB client, so its own share of the budget.
    expect(new Set(api.made.map((m) => [m.caller ?? []].flat().join(" ")))).toEqual(new Set(["anonymous:203.0.113.1", "anonymous:203.0.113.2"]));
  });

  it("without trusted proxies X-Forwarded-For is ignored", async () => {
    const { api, url } = await start({ stateless: true, maxConcurrentPerClient: 1 });
    const first = statsCall(url, "203.0.113.1");
    await until("the first call to wait", () => api.waiting() === 1);
    expect((await statsCall(url, "203.0.113.2")).status).toBe(429);
    api.releaseAll();
    expect((await first).status).toBe(200);
  });

  it("takes the rightmost address that is not a trusted proxy", () => {
    const trusted = parseTrustedProxies(["10.0.0.0/8"]);
    if (typeof trusted === "string") throw new Error(trusted);
    expect(clientAddress("10.0.0.2", "198.51.100.7, 10.0.0.9", trusted)).toBe("198.51.100.7");
    expect(clientAddress("::ffff:10.0.0.2", "6.6.6.6, 198.51.100.7", trusted)).toBe("198.51.100.7");
    expect(clientAddress("192.0.2.1", "198.51.100.7", trusted)).toBe("192.0.2.1");
    expect(clientAddress("10.0.0.2", "garbage", trusted)).toBe("10.0.0.2");
  });
});

describe("HTTP correctness", () => {
  it("CORS: a preflight from an allowed origin, headers exposed; another origin refused", async () => {
    const { url } = await start({ allowedOrigins: ["https://app.example.org"] });
    const preflight = await fetch(url, {
      method: "OPTIONS",
      headers: { origin: "https://app.example.org", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, mcp-protocol-version, mcp-param-region, x-evil" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("https://app.example.org");
    const allowed = preflight.headers.get("access-control-allow-headers")!.split(", ");
    expect(allowed).toEqual(expect.arrayContaining(["authorization", "mcp-protocol-version", "mcp-session-id", "mcp-param-region"]));
    expect(allowed).not.toContain("x-evil");
    expect(preflight.headers.get("access-control-allow-methods")).toMatch(/POST/);
    const answer = await fetch(url, { method: "POST", headers: { ...MCP_HEADERS, origin: "https://app.example.org" }, body: JSON.stringify(INIT) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("https://app.example.org");
    expect(answer.headers.get("access-control-expose-headers")).toMatch(/Mcp-Session-Id/);
    expect(answer.headers.get("mcp-session-id")).toBeTruthy();
    const foreign = await fetch(url, { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("a chunked body over the limit gets 413, not a reset connection", async () => {
    const { url } = await start({ maxBodyBytes: 64 * 1024 });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: "POST", headers: { ...MCP_HEADERS, "transfer-encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let i = 0; i < 32; i++) req.write(chunk); // 2 MiB
      req.end();
    });
    expect(status).toBe(413);
  });

  it("a 401 says how to authenticate", async () => {
    const { url } = await start();
    const r = await fetch(url, { method: "POST", headers: { ...MCP_HEADERS, authorization: "Basic abc" }, body: JSON.stringify(INIT) });
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  it("HEAD /healthz, liveness and readiness, and the Redis state", async () => {
    let shared: SharedStoresHealth = { state: "shared", since: Date.now() };
    const { base } = await start({}, { sharedHealth: () => shared });
    const head = await fetch(`${base}/healthz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(await (await fetch(`${base}/healthz`)).json()).toMatchObject({ status: "ok", live: true, ready: true, redis: { state: "shared" } });
    shared = { state: "local", since: Date.now(), reason: "no answer within 500 ms" };
    const degraded = await fetch(`${base}/healthz`);
    expect(degraded.status).toBe(200); // the replica serves on, from its own budget and cache
    expect(await degraded.json()).toMatchObject({ status: "degraded", redis: { state: "local", reason: "no answer within 500 ms" } });
    expect((await fetch(`${base}/healthz/ready`)).status).toBe(200);
  });

  it("a drain answers a call still running with a JSON-RPC error, and new clients with 503", async () => {
    const { api, url, base } = await start({ drainMs: 500 });
    const client = await connect(url);
    const call = client.callTool({ name: "vndb_get_stats", arguments: {} }).then(
      () => "answered",
      (error: unknown) => error,
    );
    await until("the call to wait upstream", () => api.waiting() === 1);
    const closed = handle!.close();
    const refused = await fetch(url, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect((await fetch(`${base}/healthz/live`)).status).toBe(200);
    expect((await fetch(`${base}/healthz/ready`)).status).toBe(503);
    const outcome = await call;
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toMatch(/Server shutting down: the call was still running after 1 s; retry it/);
    await closed;
    handle = undefined;
    api.releaseAll();
  });

  it("stateless calls of one caller at once and in a row are all answered (kept servers are reused one at a time)", async () => {
    const { api, url } = await start({ stateless: true, maxConcurrentPerClient: 32 });
    const call = (id: number) =>
      fetch(url, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "vndb_get_stats", arguments: {} } }) });
    const parallel = Array.from({ length: 16 }, (_, i) => call(i));
    await until("16 calls to wait upstream", () => api.waiting() === 16);
    api.releaseAll();
    for (const r of await Promise.all(parallel)) expect(await r.text()).toMatch(/"id":\d+,"result"|"result".*"id":\d+/);
    for (let i = 0; i < 12; i++) {
      const r = call(100 + i);
      await until("the call to wait", () => api.waiting() === 1);
      api.releaseAll();
      expect(await (await r).text()).toMatch(/vn: 7/);
    }
  });

  it("stateless requests of one caller reuse one VNDB client (after the one its token's check was paid from)", async () => {
    const { api, url } = await start({ stateless: true });
    const token = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
    for (let i = 0; i < 3; i++) {
      const r = await fetch(url, {
        method: "POST",
        headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/list", params: {} }),
      });
      expect(r.status).toBe(200);
    }
    // The check of the token is charged to the address (an unproven token has no share, issue
    // 30); once VNDB has answered for it, its calls take the token's share and the address's.
    expect(api.made.map((m) => [m.caller ?? []].flat().join(" "))).toEqual(["anonymous:127.0.0.1", `${[api.made[1]!.caller ?? []].flat()[0]} address:127.0.0.1`]);
    expect([api.made[1]!.caller ?? []].flat()[0]).toMatch(/^token:[0-9a-f]{16}$/);
  });
});
