// The HTTP server in process, over a VNDB API whose answers the test releases by hand:
// stateless mode, the per-client concurrency limit, and a shutdown that lets a running call
// answer before the server goes away.

import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, type ServerConfig } from "../../src/server/config.js";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpServerHandle } from "../../src/server/transports/http.js";
import { extractHttpArgs, type HttpOptions } from "../../src/server/transports/http-options.js";
import { gatedApi } from "../helpers/gated-api.js";



function options(extra: Partial<HttpOptions> = {}): HttpOptions {
  const parsed = extractHttpArgs(["--http", "--port", "0"], {});
  if (parsed.kind !== "http") throw new Error("expected http");
  return { ...parsed.http, ...extra };
}

const config = (): ServerConfig => {
  const r = loadConfig([], {});
  if (r.kind !== "run") throw new Error("config");
  return r.config;
};

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe("HTTP server", () => {
  it("parses --http flags and leaves the others to the configuration", () => {
    const r = extractHttpArgs(["--embedded", "--http", "--port=4000", "--host", "0.0.0.0", "--stateless"], { VNDB_HTTP_ALLOWED_HOSTS: "mcp.example:443" });
    expect(r).toMatchObject({ kind: "http", rest: ["--embedded"], http: { port: 4000, host: "0.0.0.0", stateless: true, allowedHosts: ["mcp.example:443"] } });
    expect(extractHttpArgs(["--port", "x"], {})).toMatchObject({ kind: "error" });
    expect(extractHttpArgs(["--read-only"], {})).toEqual({ kind: "stdio", rest: ["--read-only"] });
  });

  it("serves stateless requests, each with the token it carries", async () => {
    const api = gatedApi();
    handle = await startHttpServer(config(), options({ stateless: true }), { log: silentLogger, apiFor: api.apiFor });
    const transport = new StreamableHTTPClientTransport(new URL(handle.url), { requestInit: { headers: { Authorization: "Bearer yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy" } } });
    const client = new Client({ name: "t", version: "0" });
    await client.connect(transport);
    expect(transport.sessionId).toBeUndefined();
    const call = client.callTool({ name: "vndb_get_stats", arguments: {} });
    await until(() => api.waiting() === 1);
    api.releaseAll();
    const r = await call;
    expect((r.content as { text: string }[])[0]!.text).toMatch(/VNDB holds .*7/);
    expect(handle.sessionCount()).toBe(0);
    expect(api.made.map((m) => m.token).every((t) => t === "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy")).toBe(true);
    const get = await fetch(handle.url, { method: "GET", headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    await client.close();
  });

  it("refuses a client's requests beyond its concurrency limit with 429", async () => {
    const api = gatedApi();
    handle = await startHttpServer(config(), options({ stateless: true, maxConcurrentPerClient: 2 }), { log: silentLogger, apiFor: api.apiFor });
    const body = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "vndb_get_stats", arguments: {} } });
    const post = (id: number) =>
      fetch(handle!.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" }, body: body(id) });
    const first = [post(1), post(2)];
    await until(() => api.waiting() === 2);
    const third = await post(3);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    api.releaseAll();
    for (const r of await Promise.all(first)) expect(r.status).toBe(200);
  });

  it("lets a running call answer before shutting down, and refuses new work meanwhile", async () => {
    const api = gatedApi();
    handle = await startHttpServer(config(), options(), { log: silentLogger, apiFor: api.apiFor });
    const client = new Client({ name: "t", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url)));
    expect(handle.sessionCount()).toBe(1);
    const call = client.callTool({ name: "vndb_get_stats", arguments: {} });
    await until(() => api.waiting() === 1);
    const closed = handle.close();
    const health = await fetch(handle.url.replace("/mcp", "/healthz")).catch(() => undefined);
    if (health) expect(health.status).toBe(503);
    api.releaseAll();
    const r = await call;
    expect(r.isError).toBeFalsy();
    await closed;
    handle = undefined;
  });
});
