// Three requests with one id in one 2025 session (issue 30 item 13): the SDK maps answers to
// streams by id, so one of them was never answered. Now the first runs and the others are
// answered at once with a JSON-RPC error naming the id in use.

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, type ServerConfig } from "../../src/server/config.js";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpServerHandle } from "../../src/server/transports/http.js";
import { extractHttpArgs } from "../../src/server/transports/http-options.js";
import { gatedApi } from "../helpers/gated-api.js";

const config = (): ServerConfig => {
  const r = loadConfig([], {});
  if (r.kind !== "run") throw new Error("config");
  return r.config;
};

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe("same id three times in one 2025 session", () => {
  it("every request is answered: one with its result, the others with an error naming the id", async () => {
    const parsed = extractHttpArgs(["--http", "--port", "0"], {});
    if (parsed.kind !== "http") throw new Error("options");
    const api = gatedApi();
    handle = await startHttpServer(config(), parsed.http, { log: silentLogger, apiFor: api.apiFor });
    const transport = new StreamableHTTPClientTransport(new URL(handle.url));
    const client = new Client({ name: "same-id", version: "0" });
    await client.connect(transport);
    const post = () =>
      fetch(handle!.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": transport.sessionId!, "mcp-protocol-version": "2025-06-18" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 42, method: "tools/call", params: { name: "vndb_get_stats", arguments: {} } }),
        signal: AbortSignal.timeout(15_000),
      }).then(
        async (r) => ({ status: r.status, text: await r.text() }),
        () => ({ status: 0, text: "never answered" }),
      );
    const first = post();
    for (let i = 0; i < 100 && api.waiting() === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const others = await Promise.all([post(), post()]);
    api.releaseAll();
    const answers = [await first, ...others];
    expect(answers.filter((a) => a.text.includes("VNDB holds"))).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(JSON.parse(r.text)).toMatchObject({ jsonrpc: "2.0", id: 42, error: { code: -32600 } });
    // The id is free again once its request has been answered.
    const again = post();
    for (let i = 0; i < 100 && api.waiting() === 0; i++) await new Promise((r) => setTimeout(r, 20));
    api.releaseAll();
    expect((await again).text).toContain("VNDB holds");
    await client.close();
  }, 60_000);
});
