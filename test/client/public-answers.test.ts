// Answers that depend on no token are fetched once per process for every client (anonymous
// or not), joined while in flight, sent without the token, and shared across replicas on
// Redis; private list data stays per token.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KanaClient } from "../../src/client/kana-client.js";
import { PublicAnswers, isPublicQuery } from "../../src/client/public-answers.js";
import { connectRedisStores } from "../../src/client/redis-stores.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { startCountingProxy, type CountingProxy } from "../helpers/counting-proxy.js";
import { redisServerAvailable, startRedisServer } from "../helpers/redis-server.js";

/** Tokens the emulator knows (users u2 and u3), and one it does not (u2's uid, other random bytes). */
const U2 = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
const U3 = "uqjo-bujau-zfobx-emh3-pyyyk-49eyo-8thf";
const UNKNOWN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyb";

const VN_QUESTION = { filters: ["search", "=", "ever17"], fields: "title, rating" };

describe("public answers shared by the clients of a process", () => {
  let emulator: Emulator;
  let proxy: CountingProxy;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
    proxy = await startCountingProxy(emulator.url);
  });
  afterAll(async () => {
    await proxy.close();
    await emulator.close();
  });

  const clients: KanaClient[] = [];
  const client = (publicAnswers: PublicAnswers | undefined, token?: string) => {
    const made = new KanaClient({ baseUrl: proxy.url, publicAnswers, ...(token ? { token } : {}) });
    clients.push(made);
    return made;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
  });

  it("one request for the same public question from 20 clients, anonymous or not, at once and later", async () => {
    const shared = new PublicAnswers();
    const many = Array.from({ length: 20 }, (_, i) => client(shared, i % 2 ? U2 : undefined));
    proxy.counts.clear();
    const answers = await Promise.all(many.map((c) => c.query("vn", VN_QUESTION)));
    const again = await Promise.all(many.map((c) => c.query("vn", VN_QUESTION)));
    expect(proxy.counts.get("POST /kana/vn")).toBe(1);
    expect(new Set([...answers, ...again].map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.results.length).toBeGreaterThan(0);
    // Each client counts what it was spared.
    expect(many.reduce((n, c) => n + c.metrics.cacheHits, 0)).toBe(39);
  });

  it("clients without the process's store keep their answers to themselves", async () => {
    proxy.counts.clear();
    await client(undefined).query("vn", VN_QUESTION);
    await client(undefined).query("vn", VN_QUESTION);
    expect(proxy.counts.get("POST /kana/vn")).toBe(2);
  });

  it("a public question is sent without the token (its answer cannot depend on it)", async () => {
    // VNDB checks the token of every query: with it, this unknown token would be refused.
    await expect(client(undefined, UNKNOWN).query("vn", VN_QUESTION)).rejects.toMatchObject({ status: 401 });
    const answer = await client(new PublicAnswers(), UNKNOWN).query("vn", VN_QUESTION);
    expect(answer.results.length).toBeGreaterThan(0);
  });

  it("list data stays per token", async () => {
    const shared = new PublicAnswers();
    const u2 = client(shared, U2);
    const u3 = client(shared, U3);
    const listQuestion = { user: "u3", fields: "id, vote, labels.label", results: 100 };
    proxy.counts.clear();
    await u3.query("ulist", listQuestion);
    await u2.query("ulist", listQuestion);
    await u3.query("ulist", listQuestion);
    // Private list queries are only joined while in flight, never kept or shared.
    expect(proxy.counts.get("POST /kana/ulist")).toBe(3);
    // Read anonymously, a public list is not kept either: it changes with its owner's writes.
    const anonymous = client(shared);
    proxy.counts.clear();
    await anonymous.query("ulist", listQuestion);
    await anonymous.query("ulist", listQuestion);
    expect(proxy.counts.get("POST /kana/ulist")).toBe(2);
    const onList = { filters: ["on_list", "=", 1], fields: "title" };
    proxy.counts.clear();
    await u2.query("vn", onList);
    await u3.query("vn", onList);
    expect(proxy.counts.get("POST /kana/vn")).toBe(2);
  });

  it("tells public queries from private ones", () => {
    expect(isPublicQuery("vn", { filters: ["id", "=", "v17"] }, true)).toBe(true);
    expect(isPublicQuery("ulist", { user: "u2" }, false)).toBe(true);
    expect(isPublicQuery("ulist", { user: "u2" }, true)).toBe(false);
    expect(isPublicQuery("vn", { filters: ["and", ["on_list", "=", 1], ["id", "=", "v17"]] }, true)).toBe(false);
    expect(isPublicQuery("release", { filters: ["rlist", "=", 2] }, true)).toBe(false);
    expect(isPublicQuery("vn", { filters: "03132gwv" }, true)).toBe(false);
    expect(isPublicQuery("vn", { filters: "03132gwv" }, false)).toBe(true);
  });
});

const redisAvailable = redisServerAvailable();
describe.skipIf(!redisAvailable && !process.env.CI)("public answers across replicas (Redis)", () => {
  it("an answer one replica fetched is served to the other's clients", async () => {
    const redis = await startRedisServer();
    const emulator = await startEmulator({ port: 0 });
    const proxy = await startCountingProxy(emulator.url);
    const storesA = await connectRedisStores(redis.url, { upstream: proxy.url });
    const storesB = await connectRedisStores(redis.url, { upstream: proxy.url });
    try {
      const a = new KanaClient({ baseUrl: proxy.url, publicAnswers: new PublicAnswers({ sharedCache: storesA.cache }) });
      const b = new KanaClient({ baseUrl: proxy.url, token: U2, publicAnswers: new PublicAnswers({ sharedCache: storesB.cache }) });
      const first = await a.query("vn", VN_QUESTION);
      // The shared cache is written after the answer is given: wait for it to land.
      for (let i = 0; i < 100 && (await storesB.cache.get(`POST /vn ${JSON.stringify({ fields: VN_QUESTION.fields, filters: VN_QUESTION.filters })}`)) === undefined; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const second = await b.query("vn", VN_QUESTION);
      expect(second).toEqual(first);
      expect(proxy.counts.get("POST /kana/vn")).toBe(1);
      expect(b.metrics.cacheHits).toBe(1);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await storesA.close();
      await storesB.close();
      await proxy.close();
      await emulator.close();
      await redis.stop();
    }
  }, 30_000);
});
