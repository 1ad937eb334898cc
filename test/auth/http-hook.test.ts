// The OAuth room in the HTTP transport's hook (http-auth.ts), in process over a VNDB API the
// test controls: an MCP request runs with its grant's VNDB token (the API is built for exactly
// that token); when VNDB later refuses the token, the grant ends and the 401 says how to
// reconnect, and the next request finds the grant gone. Both session and stateless modes.
// Also: --oauth is refused without --http, and the settings are checked.

import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, type ServerConfig } from "../../src/server/config.js";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpServerHandle } from "../../src/server/transports/http.js";
import { extractHttpArgs, type HttpOptions } from "../../src/server/transports/http-options.js";
import type { VndbApi } from "../../src/tools/api.js";
import { runServer } from "../../src/cli/server.js";
import { oauthHttpAuth } from "../../src/auth/connector-auth.js";
import { signIn, WRITER } from "./harness.js";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

/** Polls a condition (the grant ends just after the failed call answers). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("the condition never held");
}

function options(extra: Partial<HttpOptions> = {}): HttpOptions {
  const parsed = extractHttpArgs(["--http", "--port", "0"], {});
  if (parsed.kind !== "http") throw new Error("expected http");
  return { ...parsed.http, ...extra };
}

function oauthConfig(): ServerConfig {
  const r = loadConfig(["--oauth"], {});
  if (r.kind !== "run") throw new Error(JSON.stringify(r));
  return r.config;
}

/** An API per token; `refuse` makes VNDB answer 401 for every token from then on. */
function controlledApi() {
  const state = { refuse: false, tokens: [] as (string | undefined)[] };
  const unused = () => Promise.reject(new Error("not used in this test"));
  const apiFor = (token: string | undefined): VndbApi => {
    state.tokens.push(token);
    return {
      authinfo: async () => {
        if (state.refuse) throw Object.assign(new Error("Invalid token."), { status: 401 });
        return { id: "u2", username: "Yorhel", permissions: ["listread", "listwrite"] };
      },
      stats: unused, query: unused, schema: unused, user: unused, ulistLabels: unused,
      patchUlist: unused, deleteUlist: unused, patchRlist: unused, deleteRlist: unused,
      close: async () => {},
    };
  };
  return { state, apiFor };
}

const initialize = (base: string, bearer: string) =>
  fetch(`${base}/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "hook", version: "0" } } }),
  });

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe.each([false, true])("--oauth in the HTTP transport (stateless: %s)", (stateless) => {
  it("ends the grant with a 401 saying how to reconnect when VNDB refuses the token at the permissions check", async () => {
    const api = controlledApi();
    handle = await startHttpServer(oauthConfig(), options({ stateless }), { log: silentLogger, apiFor: api.apiFor, auth: oauthHttpAuth({}, { log: silentLogger }) });
    const base = new URL(handle.url).origin;
    const { tokens } = await signIn(base, WRITER);
    api.state.refuse = true; // deleted on vndb.org between the page and the first call
    const refused = await initialize(base, tokens.access_token);
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get("www-authenticate")!;
    expect(challenge).toContain("VNDB refused the VNDB token of this connection");
    expect(challenge).toContain("resource_metadata=");
    expect(challenge).not.toContain(WRITER);
    api.state.refuse = false;
    const after = await initialize(base, tokens.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain("this connection was ended");
  });

  it("ends the grant when VNDB refuses the token in a tool call, after the permissions were known", async () => {
    const api = controlledApi();
    handle = await startHttpServer(oauthConfig(), options({ stateless }), { log: silentLogger, apiFor: api.apiFor, auth: oauthHttpAuth({}, { log: silentLogger }) });
    const base = new URL(handle.url).origin;
    const { tokens } = await signIn(base, WRITER);
    api.state.tokens = [];
    const client = new Client({ name: "hook", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(handle.url), { requestInit: { headers: { authorization: `Bearer ${tokens.access_token}` } } }));
    expect(api.state.tokens).toContain(WRITER); // the request runs with the grant's VNDB token
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("vndb_update_list_entry");
    api.state.refuse = true; // the token was deleted on vndb.org meanwhile
    const answer = await client.callTool({ name: "vndb_get_auth_info", arguments: {} });
    expect(answer.isError).toBe(true);
    await client.close().catch(() => {});
    await until(async () => (await initialize(base, tokens.access_token)).status === 401);
    const after = await initialize(base, tokens.access_token);
    expect(after.headers.get("www-authenticate")).toContain("this connection was ended");
  });
});

describe("OAuth settings", () => {
  it("takes --oauth, VNDB_HTTP_OAUTH and the public URL and secret from the environment", () => {
    const r = loadConfig([], { VNDB_HTTP_OAUTH: "1", VNDB_OAUTH_PUBLIC_URL: "https://vndb-mcp.example", VNDB_OAUTH_SECRET: "s".repeat(32) });
    expect(r).toMatchObject({ kind: "run", config: { oauth: { publicUrl: "https://vndb-mcp.example", secret: "s".repeat(32) } } });
    expect(loadConfig([], {})).not.toHaveProperty("config.oauth");
  });

  it.each([
    [{ VNDB_OAUTH_PUBLIC_URL: "http://vndb-mcp.example" }, "https"],
    [{ VNDB_OAUTH_PUBLIC_URL: "https://vndb-mcp.example/?x=1" }, "without path, query"],
    [{ VNDB_OAUTH_PUBLIC_URL: "https://vndb-mcp.example/vndb" }, "without path, query"],
    [{ VNDB_OAUTH_SECRET: "short" }, "at least 32 characters"],
  ])("refuses %o with a message that names the setting", (env, text) => {
    const r = loadConfig(["--oauth"], env);
    expect(r.kind).toBe("error");
    expect((r as { message: string }).message).toContain(text);
    expect((r as { message: string }).message).not.toContain("short\"");
  });

  it("refuses --oauth without --http", async () => {
    const writes: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string) => (writes.push(String(chunk)), true)) as typeof process.stderr.write;
    try {
      expect(await runServer(["--oauth"], {})).toBe(2);
    } finally {
      process.stderr.write = original;
    }
    expect(writes.join("")).toContain("--oauth (VNDB_HTTP_OAUTH) needs --http");
  });
});
