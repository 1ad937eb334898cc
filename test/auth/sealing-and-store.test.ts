// The pieces under the flow: sealing a VNDB token (AES-256-GCM; a wrong secret, context or
// byte does not open), PKCE S256, and the grant store's contract, run against memory and a
// real redis-server (skipped, with the reason, where redis-server is not installed).

import { describe, expect, it, afterAll, beforeAll } from "vitest";
import { createHash } from "node:crypto";
import { createClient } from "redis";
import { TokenSealer } from "../../src/auth/sealed-token.js";
import { fingerprint, isIssued, issue, pkceMatches } from "../../src/auth/secrets.js";
import { MemoryAuthStore, type AuthStore } from "../../src/auth/store.js";
import { redisAuthStore, StoreUnavailable, type RedisCommands } from "../../src/auth/redis-store.js";
import { redisServerAvailable, startRedisServer, type RedisServer } from "../helpers/redis-server.js";

const TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
const SECRET = "a-secret-of-at-least-thirty-two-characters";

describe("sealed VNDB tokens", () => {
  const sealer = new TokenSealer(SECRET);

  it("open with the same secret and context, and hide the token", () => {
    const sealed = sealer.seal(TOKEN, "grant-1");
    expect(sealed).not.toContain(TOKEN);
    expect(sealed).not.toContain(TOKEN.replace(/-/g, ""));
    expect(sealer.open(sealed, "grant-1")).toBe(TOKEN);
    expect(new TokenSealer(SECRET).open(sealed, "grant-1")).toBe(TOKEN); // another replica, same secret
    expect(sealer.seal(TOKEN, "grant-1")).not.toBe(sealed); // a fresh nonce each time
  });

  it("do not open under another secret, another grant, a changed byte or a cut tag", () => {
    const sealed = sealer.seal(TOKEN, "grant-1");
    const [v, nonce, body, tag] = sealed.split(".") as [string, string, string, string];
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(new TokenSealer(`${SECRET}x`).open(sealed, "grant-1")).toBeUndefined();
    expect(sealer.open(sealed, "grant-2")).toBeUndefined();
    expect(sealer.open([v, nonce, flipped.toString("base64url"), tag].join("."), "grant-1")).toBeUndefined();
    expect(sealer.open([v, nonce, body, tag.slice(0, 8)].join("."), "grant-1")).toBeUndefined();
    expect(sealer.open("garbage", "grant-1")).toBeUndefined();
  });
});

describe("data keys wrapped per token", () => {
  const sealer = new TokenSealer(SECRET);
  it("unwrap only with the token they were wrapped for, under the same secret", () => {
    const key = sealer.newDataKey();
    const wrapped = sealer.wrapKey(key, "vndbmcp_at_one");
    expect(sealer.unwrapKey(wrapped, "vndbmcp_at_one")).toEqual(key);
    expect(sealer.unwrapKey(wrapped, "vndbmcp_at_two")).toBeUndefined();
    expect(new TokenSealer(`${SECRET}x`).unwrapKey(wrapped, "vndbmcp_at_one")).toBeUndefined();
    const sealed = sealer.sealWith(key, TOKEN, "g");
    expect(sealer.openWith(key, sealed, "g")).toBe(TOKEN);
    expect(sealer.openWith(sealer.newDataKey(), sealed, "g")).toBeUndefined();
    expect(sealer.open(sealed, "g")).toBeUndefined(); // not under the secret's own key
  });
});

describe("issued values and PKCE", () => {
  it("issues prefixed random values that never look like a VNDB token", () => {
    const a = issue("at");
    expect(isIssued(a, "at")).toBe(true);
    expect(isIssued(a, "rt")).toBe(false);
    expect(a).not.toBe(issue("at"));
    expect(a).toContain("_"); // VNDB tokens are z-base-32 and dashes only
    expect(fingerprint(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("matches a verifier with its S256 challenge only", () => {
    const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"; // RFC 7636 appendix B
    expect(pkceMatches(verifier, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")).toBe(true);
    expect(pkceMatches(verifier, createHash("sha256").update("other").digest("base64url"))).toBe(false);
    expect(pkceMatches(verifier, verifier)).toBe(false); // "plain" is not accepted
  });
});

let redis: RedisServer | undefined;
let redisClient: ReturnType<typeof createClient> | undefined;
const haveRedis = redisServerAvailable();
if (!haveRedis) console.warn("redis-server is not installed here: the Redis run of the store contract is skipped");
beforeAll(async () => {
  if (!haveRedis) return;
  redis = await startRedisServer();
  redisClient = createClient({ url: redis.url });
  redisClient.on("error", () => {});
  await redisClient.connect();
});
afterAll(async () => {
  await redisClient?.close();
  await redis?.stop();
});

const stores: [string, () => AuthStore][] = [
  ["memory", () => new MemoryAuthStore()],
  ...(haveRedis ? [["redis", () => redisAuthStore(redisClient as unknown as RedisCommands, `test:${Math.random()}:`, "test", async () => {})] as [string, () => AuthStore]] : []),
];

describe.each(stores)("the %s grant store", (_name, make) => {
  it("puts, gets and deletes", async () => {
    const store = make();
    await store.put("grant", "g1", { a: 1 }, 60_000);
    expect(await store.get("grant", "g1")).toEqual({ a: 1 });
    expect(await store.get("access", "g1")).toBeUndefined(); // kinds are apart
    await store.delete("grant", "g1");
    expect(await store.get("grant", "g1")).toBeUndefined();
  });

  it("gives a taken record to one of many concurrent takers", async () => {
    const store = make();
    await store.put("code", "c1", { grantId: "g" }, 60_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => store.take("code", "c1")));
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
  });

  it("renews an existing record's lifetime but never brings back a deleted one", async () => {
    const store = make();
    await store.put("grant", "short", { x: 1 }, 60);
    await store.renew("grant", "short", 60_000);
    await store.renew("grant", "gone", 60_000);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.get("grant", "short")).toEqual({ x: 1 });
    expect(await store.get("grant", "gone")).toBeUndefined();
  });

  it("forgets a record after its lifetime", async () => {
    const store = make();
    await store.put("consent", "p1", { x: 1 }, 30);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.get("consent", "p1")).toBeUndefined();
  });
});

describe("bounds and failures", () => {
  it("keeps the memory store within its limit per kind: registrations never push out a grant", async () => {
    const store = new MemoryAuthStore(3);
    await store.put("grant", "g", { id: "g" }, 60_000);
    for (const id of ["a", "b", "c", "d"]) await store.put("client", id, { id }, 60_000);
    expect(await store.get("client", "a")).toBeUndefined();
    expect(await store.get("client", "d")).toEqual({ id: "d" });
    expect(await store.get("grant", "g")).toEqual({ id: "g" });
    expect(store.dump()).toHaveLength(4);
  });

  it("turns a Redis that fails or never answers into StoreUnavailable", async () => {
    const failing = redisAuthStore({ sendCommand: () => Promise.reject(new Error("The client is closed")) }, "p:", "x", async () => {});
    await expect(failing.get("grant", "g")).rejects.toBeInstanceOf(StoreUnavailable);
    const silent = redisAuthStore({ sendCommand: () => new Promise(() => {}) }, "p:", "x", async () => {});
    await expect(silent.get("grant", "g")).rejects.toThrow(/did not answer GET within/);
  }, 10_000);
});
