// End to end over Streamable HTTP: `vndb-mcp --http --port 0 --embedded` as a child process,
// several SDK clients at once, each with its own token (or none). Checks that each session
// sees the tools its token allows, that one user's list and session stay theirs, that the
// DNS-rebinding guard refuses foreign hosts and origins, and that no token reaches the log.

import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpProcess, type HttpProcess } from "../helpers/http-process.js";

/** Catalogue tokens (docs/catalogue.md): u2 may write its list, u3 may only read it. */
const WRITER = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
const READER = "nreo-yretn-reoyr-etnr-eoyre-tnreo-gret";

let server: HttpProcess;
let url: URL;
let stderr: string[];
const clients: Client[] = [];

beforeAll(async () => {
  server = await startHttpProcess(["--embedded", "--log-level", "debug"]);
  ({ url, stderr } = server);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})));
  await server?.stop();
});

async function connect(token?: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  const client = new Client({ name: "e2e-http", version: "0" });
  client.onerror = () => {}; // the v1 client reports its SSE stream closing on close()
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

const text = (r: Awaited<ReturnType<Client["callTool"]>>) => (r.content as { type: string; text: string }[]).filter((c) => c.type === "text").map((c) => c.text).join("\n");

describe("vndb-mcp --http", () => {
  it("answers /healthz", async () => {
    const r = await fetch(new URL("/healthz", url));
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: "ok" });
  });

  it("gives each session the tools its token allows", async () => {
    const [writer, reader, anonymous] = await Promise.all([connect(WRITER), connect(READER), connect()]);
    const names = async (c: Client) => (await c.listTools()).tools.map((t) => t.name);
    const [w, r, a] = await Promise.all([names(writer.client), names(reader.client), names(anonymous.client)]);
    expect(w).toContain("vndb_update_list_entry");
    expect(r).not.toContain("vndb_update_list_entry");
    expect(r).toContain("vndb_get_user_list");
    expect(a).not.toContain("vndb_update_list_entry");
    expect(w.length).toBeGreaterThan(r.length);
  });

  it("keeps two users' lists and sessions apart while both work at once", async () => {
    const [u2, u3] = await Promise.all([connect(WRITER), connect(READER)]);
    const [who2, who3] = await Promise.all([
      u2.client.callTool({ name: "vndb_get_auth_info", arguments: {} }),
      u3.client.callTool({ name: "vndb_get_auth_info", arguments: {} }),
    ]);
    expect(text(who2)).toMatch(/\bu2\b/);
    expect(text(who3)).toMatch(/\bu3\b/);
    expect(text(who3)).not.toMatch(/\bu2\b/);
    const write = await u2.client.callTool({ name: "vndb_update_list_entry", arguments: { vn: "v17", vote: 9 } });
    expect(write.isError, text(write)).toBeFalsy();
    // u3's own list answers come from u3's token, not from anything u2's session cached.
    const [list2, list3] = await Promise.all([
      u2.client.callTool({ name: "vndb_get_user_list", arguments: { filters: { id: "v17" } } }),
      u3.client.callTool({ name: "vndb_get_user_list", arguments: { filters: { id: "v17" } } }),
    ]);
    expect(text(list2)).toMatch(/9\/10|vote 9/);
    expect(text(list3)).not.toMatch(/u2/);

    // Using u2's session id with u3's token is refused.
    const hijack = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${READER}`,
        "mcp-session-id": u2.transport.sessionId!,
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(hijack.status).toBe(403);
    expect(await hijack.text()).toMatch(/another token/);
  });

  it("refuses a foreign Host or Origin with 403 and a reason", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const origin = await fetch(url, { method: "POST", headers: { "content-type": "application/json", origin: "https://evil.example" }, body });
    expect(origin.status).toBe(403);
    const refused = (await origin.json()) as { error: { message: string } };
    expect(refused.error.message).toMatch(/Origin "https:\/\/evil.example" is not allowed/);
    // fetch() sets Host itself; send one as a rebound DNS name would arrive.
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: "/mcp", method: "POST", headers: { host: "attacker.example:80", "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end(body);
    });
    expect(status).toBe(403);
  });

  it("refuses a body over the limit and a malformed Authorization", async () => {
    const big = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(2 * 1024 * 1024) });
    expect(big.status).toBe(413);
    const bad = await fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: "Basic abc" }, body: "{}" });
    expect(bad.status).toBe(401);
  });

  it("refuses a malformed or unknown token at initialize with 401 and the reason", async () => {
    await expect(connect("not-a-token")).rejects.toThrow(/Invalid token/);
    // Well formed (u2's id embedded), but VNDB (here the emulator) knows no such token.
    await expect(connect("byyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy")).rejects.toThrow(/rejected the token/);
  });

  it("never writes a token to its log", () => {
    const log = stderr.join("");
    expect(log).toMatch(/serving MCP/);
    for (const t of [WRITER, READER, "byyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy"]) {
      expect(log).not.toContain(t);
      expect(log).not.toContain(t.replace(/-/g, ""));
    }
  });
});
