// The whole flow as a hosted client (claude.ai) runs it, against `vndb-mcp-server --http
// --oauth --embedded` as a child process, with the SDK v2 client's OAuth support: the 401
// challenge → protected-resource and authorization-server discovery → dynamic registration
// → the sign-in page (token pasted, checked with /authinfo, permissions shown, allowed) →
// code exchange with PKCE → MCP calls as that VNDB user → refresh with rotation → revocation.
// With a real redis-server the grants live in Redis, and the dump of every key is searched
// for the VNDB token, as are the log and every answer.

import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisServerAvailable, startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { callbackParams, MemoryProvider, openPage, submit } from "./helpers.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** Catalogue token of u2 Yorhel with list read and write (docs/catalogue.md). */
const WRITER = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const withRedis = redisServerAvailable();

let child: ChildProcess;
let redis: RedisServer | undefined;
let mcpUrl: URL;
let base: string;
const stderr: string[] = [];
/** Every body the server sent in this test, searched for the VNDB token at the end. */
const answers: string[] = [];

beforeAll(async () => {
  if (withRedis) redis = await startRedisServer();
  child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--http", "--port", "0", "--embedded", "--oauth", "--log-level", "debug"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", VNDB_OAUTH_SECRET: SECRET, ...(redis ? { VNDB_REDIS_URL: redis.url } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  mcpUrl = await new Promise<URL>((resolve, reject) => {
    child.stderr!.on("data", (d: Buffer) => {
      stderr.push(d.toString("utf8"));
      const m = /serving MCP on (http:\/\/\S+)/.exec(stderr.join(""));
      if (m) resolve(new URL(m[1]!));
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${stderr.join("")}`)));
  });
  base = mcpUrl.origin;
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  await redis?.stop();
});

const text = (r: Awaited<ReturnType<Client["callTool"]>>) => (r.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");

/** Sign-in as the person would: paste the token, read the confirmation, allow. */
async function signIn(provider: MemoryProvider, token: string | undefined): Promise<URLSearchParams> {
  const page = await openPage(provider.authorizationUrl!);
  answers.push(page.html);
  expect(page.status).toBe(200);
  if (!token) return callbackParams(await submit(base, page, { action: "anonymous" }));
  const checked = await submit(base, page, { action: "check", vndb_token: token });
  const confirm = await checked.text();
  answers.push(confirm);
  expect(checked.status).toBe(200);
  expect(confirm).toContain("Yorhel");
  expect(confirm).toContain("change and remove entries of your list");
  return callbackParams(await submit(base, page, { action: "allow" }));
}

async function connect(provider: MemoryProvider): Promise<Client> {
  const client = new Client({ name: "oauth-e2e", version: "0" });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  return client;
}

describe("vndb-mcp-server --http --oauth --embedded, through the SDK v2 client", () => {
  const provider = new MemoryProvider();

  it("says in the log that it runs for a local trial (no public URL) with the configured secret", () => {
    const log = stderr.join("");
    expect(log).toContain(`OAuth for a local trial: no VNDB_OAUTH_PUBLIC_URL, so the sign-in page is ${base}/authorize`);
    expect(log).not.toContain("random secret"); // VNDB_OAUTH_SECRET is set here
    expect(log).not.toContain(SECRET);
  });

  it("challenges, discovers, registers and sends the person to the page", async () => {
    const client = new Client({ name: "oauth-e2e", version: "0" });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toMatch(/^vndbmcp_client_/);
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${base}/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toBe(`${base}/mcp`);

    const params = await signIn(provider, WRITER);
    expect(params.get("iss")).toBe(base);
    expect(params.get("state")).toBe(provider.lastState);
    await transport.finishAuth(params);
    expect(provider.stored?.access_token).toMatch(/^vndbmcp_at_/);
    expect(provider.stored?.refresh_token).toMatch(/^vndbmcp_rt_/);
  });

  it("runs MCP calls as the VNDB user of the grant, with the tools its token allows", async () => {
    const client = await connect(provider);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("vndb_update_list_entry");
    const who = text(await client.callTool({ name: "vndb_get_auth_info", arguments: {} }));
    expect(who).toContain("u2");
    answers.push(who);
    await client.close();
  });

  it("serves a 2026-07-28 client (server/discover) with the same grant", async () => {
    const client = new Client({ name: "oauth-e2e-2026", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" as const } } });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    expect((await client.listTools()).tools.map((t) => t.name)).toContain("vndb_update_list_entry");
    expect(text(await client.callTool({ name: "vndb_get_auth_info", arguments: {} }))).toContain("u2");
    await client.close();
  });

  it("refreshes an expired access token on its own, rotating the refresh token", async () => {
    const oldRefresh = provider.stored!.refresh_token!;
    // What a client sees once the access token has expired: a 401 on its next request.
    provider.stored = { ...provider.stored!, access_token: "vndbmcp_at_expired" };
    const client = await connect(provider);
    const who = text(await client.callTool({ name: "vndb_get_auth_info", arguments: {} }));
    expect(who).toContain("u2");
    expect(provider.stored!.access_token).not.toBe("vndbmcp_at_expired");
    expect(provider.stored!.refresh_token).not.toBe(oldRefresh);
    await client.close();

    // The old refresh token is spent: presenting it again is refused.
    const reuse = await fetch(`${base}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: oldRefresh, client_id: provider.info!.client_id }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("a reused refresh token ended the grant: the next call must sign in again", async () => {
    const r = await fetch(mcpUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${provider.stored!.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toContain("reconnect");
  });

  it("signs in without a token (read-only) and revocation ends that grant", async () => {
    const anonymous = new MemoryProvider();
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: anonymous });
    await expect(new Client({ name: "oauth-e2e", version: "0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    await first.finishAuth(await signIn(anonymous, undefined));
    const client = await connect(anonymous);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("vndb_search_vn");
    expect(names).not.toContain("vndb_update_list_entry");
    await client.close();

    const revoked = await fetch(`${base}/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: anonymous.stored!.refresh_token!, client_id: anonymous.info!.client_id }),
    });
    expect(revoked.status).toBe(200);
    const after = await fetch(mcpUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${anonymous.stored!.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(after.status).toBe(401);
    const challenge = after.headers.get("www-authenticate") ?? "";
    expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    expect(challenge).toMatch(/ended.*connect to this server again/);
  });

  it("never shows the VNDB token in clear: not in an answer, the log, or the store", async () => {
    const forms = [WRITER, WRITER.replace(/-/g, "")];
    for (const form of forms) {
      expect(answers.join("\n")).not.toContain(form);
      expect(stderr.join("")).not.toContain(form);
    }
    if (!redis) return console.warn("redis-server is not installed here: the Redis dump was not searched (the store tests cover memory)");
    // A live grant with the token (the earlier ones were ended on purpose).
    const live = new MemoryProvider();
    const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: live });
    await expect(new Client({ name: "oauth-e2e", version: "0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    await first.finishAuth(await signIn(live, WRITER));
    const reader = createClient({ url: redis.url });
    reader.on("error", () => {});
    await reader.connect();
    let dump: string;
    try {
      const keys = await reader.keys("*");
      expect(keys.some((k) => k.includes(":oauth:") && k.includes(":grant:"))).toBe(true);
      const values = await Promise.all(keys.map(async (k) => `${k} ${(await reader.type(k)) === "string" ? await reader.get(k) : ""}`));
      dump = values.join("\n");
    } finally {
      await reader.close();
    }
    expect(dump).toContain("sealedToken"); // the u2 grant is there, sealed
    for (const form of forms) expect(dump).not.toContain(form);
    // Issued tokens are stored only as fingerprints.
    for (const token of [provider.stored!.access_token, provider.stored!.refresh_token!, live.stored!.access_token, live.stored!.refresh_token!]) {
      expect(dump).not.toContain(token);
    }
  });
});
