// The authorization server's open doors, limited per address and bounded in what they store
// (issue 30 item 12, and item 9's "Check token" button): registration, the sign-in page and
// token checks have per-address limits; client records are bounded, least recently used
// first, and can never push out a grant, in memory or on Redis.

import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { redisAuthStore, type RedisCommands } from "../../src/auth/redis-store.js";
import { MemoryAuthStore } from "../../src/auth/store.js";
import { PAGE_REQUESTS_PER_ADDRESS, REGISTRATIONS_PER_ADDRESS, TOKEN_CHECKS_PER_ADDRESS } from "../../src/auth/limits.js";
import { encodeToken } from "../../src/kana/token.js";
import { redisServerAvailable, startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { authorizeUrl, CALLBACK, form, pkce, register, signIn, startHarness, type Harness, WRITER } from "./harness.js";
import { openPage, submit } from "./helpers.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const registerRaw = (base: string) =>
  fetch(`${base}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [CALLBACK], token_endpoint_auth_method: "none" }) });

describe("per-address limits of the authorization server (issue 30)", () => {
  it("registration: past the limit an address gets 429 with Retry-After, and earlier clients keep working", async () => {
    h = await startHarness({}, undefined, {}); // the defaults of limits.ts
    const first = await signIn(h.base, WRITER);
    expect(first.status).toBe(200);
    const statuses = [];
    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS + 40; i++) statuses.push((await registerRaw(h.base)).status);
    // One registration went to signIn; the rest of the limit succeeds, then 429.
    expect(statuses.filter((s) => s === 201)).toHaveLength(REGISTRATIONS_PER_ADDRESS - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(41);
    const refused = await registerRaw(h.base);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()) as object).toMatchObject({ error: "slow_down" });
    // The earlier client's refresh still works.
    const refreshed = await fetch(`${h.base}/token`, form({ grant_type: "refresh_token", refresh_token: first.tokens.refresh_token, client_id: first.client.client_id }));
    expect(refreshed.status).toBe(200);
  });

  it("the page's token checks: each address pays for its own, at most the limit reach VNDB, and a verdict is remembered", async () => {
    h = await startHarness({}, undefined, {});
    const client = await register(h.base);
    const { challenge } = pkce();
    const page = await openPage(authorizeUrl(h.base, { response_type: "code", client_id: client.client_id, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256" }));
    const madeUp = Array.from({ length: 30 }, (_, i) => encodeToken(500 + i, randomBytes(16)));
    const statuses = [];
    for (const token of madeUp) statuses.push((await submit(h.base, page, { action: "check", vndb_token: token })).status);
    expect(h.checks.count).toBe(TOKEN_CHECKS_PER_ADDRESS);
    expect(statuses.filter((s) => s === 429).length).toBe(30 - TOKEN_CHECKS_PER_ADDRESS);
    const page429 = await submit(h.base, page, { action: "check", vndb_token: encodeToken(999, randomBytes(16)) });
    expect(await page429.text()).toContain("Too many token checks from your address");
  });

  it("a token VNDB refused a moment ago is refused again without asking", async () => {
    h = await startHarness({}, undefined, {});
    const client = await register(h.base);
    const { challenge } = pkce();
    const page = await openPage(authorizeUrl(h.base, { response_type: "code", client_id: client.client_id, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256" }));
    const token = encodeToken(4242, randomBytes(16));
    for (let i = 0; i < 5; i++) expect((await submit(h.base, page, { action: "check", vndb_token: token })).status).toBe(400);
    expect(h.checks.count).toBe(1);
  });

  it("the sign-in page: past the limit an address gets 429", async () => {
    h = await startHarness({}, undefined, {});
    const client = await register(h.base);
    const { challenge } = pkce();
    const url = authorizeUrl(h.base, { response_type: "code", client_id: client.client_id, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256" });
    const statuses = [];
    for (let i = 0; i < PAGE_REQUESTS_PER_ADDRESS + 5; i++) statuses.push((await fetch(url, { redirect: "manual" })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PAGE_REQUESTS_PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe("stored clients are bounded and never evict grants", () => {
  it("memory: the least recently used client goes first; grants stay", async () => {
    const store = new MemoryAuthStore(100, Date.now, 5);
    await store.put("grant", "g1", { clientId: "c0" }, 60_000);
    await store.put("client", "c0", { client_id: "c0" }, 60_000);
    for (let i = 1; i <= 4; i++) await store.put("client", `c${i}`, { client_id: `c${i}` }, 60_000);
    expect(await store.get("client", "c0")).toBeDefined(); // used: c1 is now the least recently used
    for (let i = 5; i < 7; i++) await store.put("client", `c${i}`, { client_id: `c${i}` }, 60_000);
    expect(store.dump().filter((l) => l.startsWith("client:")).map((l) => l.split(" ")[0])).toEqual(["client:c3", "client:c4", "client:c0", "client:c5", "client:c6"]);
    for (let i = 7; i <= 50; i++) await store.put("client", `c${i}`, { client_id: `c${i}` }, 60_000);
    expect(store.dump().filter((l) => l.startsWith("client:"))).toHaveLength(5);
    expect(await store.get("grant", "g1")).toEqual({ clientId: "c0" });
  });

  it("registration refuses a record over the stored-size bound (a flood of large ones cannot grow the store)", async () => {
    h = await startHarness();
    const long = Array.from({ length: 10 }, (_, i) => `${CALLBACK}/${"x".repeat(1_500)}${i}`);
    const res = await fetch(`${h.base}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: long, token_endpoint_auth_method: "none" }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error_description: string }).error_description).toMatch(/over 4096 bytes stored/);
  });
});

const withRedis = redisServerAvailable();
describe.skipIf(!withRedis && !process.env.CI)("Redis: client records have their own bound", () => {
  let redis: RedisServer | undefined;
  afterAll(async () => {
    await redis?.stop();
  });
  it("keeps at most the bound of clients, least recently used first, and every grant", async () => {
    redis = await startRedisServer();
    const client = createClient({ url: redis.url });
    client.on("error", () => {});
    await client.connect();
    const store = redisAuthStore(client as unknown as RedisCommands, "t:", "test", async () => void (await client.close()), 5);
    await store.put("grant", "g1", { clientId: "c0" }, 60_000);
    for (let i = 0; i < 5; i++) await store.put("client", `c${i}`, { client_id: `c${i}` }, 60_000);
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.get("client", "c0")).toBeDefined(); // used: c1 is now the least recently used
    await new Promise((r) => setTimeout(r, 5));
    for (let i = 5; i < 7; i++) await store.put("client", `c${i}`, { client_id: `c${i}` }, 60_000);
    const kept = ((await client.sendCommand(["KEYS", "t:client:*"])) as string[]).sort();
    expect(kept).toEqual(["t:client:c0", "t:client:c3", "t:client:c4", "t:client:c5", "t:client:c6"]);
    for (let i = 7; i < 400; i++) await store.put("client", `c${i}`, { client_id: `c${i}` }, 60_000);
    expect((await client.sendCommand(["KEYS", "t:client:*"])) as string[]).toHaveLength(5);
    expect(await store.get("grant", "g1")).toEqual({ clientId: "c0" });
    await store.close();
  });
});
