// 429 handling and the rate budget under load: Retry-After honoured (fake timers), a global
// pause that holds every call back, and 300 concurrent calls against a server that
// enforces VNDB's 200 requests / 5 minutes and answers 429 beyond it.
import { afterEach, describe, expect, it, vi } from "vitest";
import { KanaClient, type KanaClientOptions } from "../../src/client/kana-client.js";
import { KanaError } from "../../src/kana/errors.js";
import { OK_EMPTY, kanaError, startFakeKana, type FakeKana, type Reply, type Seen } from "./fake-kana.js";

const servers: FakeKana[] = [];
const clients: KanaClient[] = [];

async function server(fallback?: (req: Seen) => Reply): Promise<FakeKana> {
  const s = await startFakeKana(fallback);
  servers.push(s);
  return s;
}

function client(url: string, options: KanaClientOptions = {}): KanaClient {
  const c = new KanaClient({ baseUrl: url, logger: () => undefined, ...options });
  clients.push(c);
  return c;
}

/** Lets real I/O (sockets, the server) make progress while timers are fake. */
async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server that counts requests per sliding window like VNDB's nginx, answering 429 beyond. */
function limitedServer(max: number, windowMs: number) {
  const starts: number[] = [];
  let throttled = 0;
  const responder = (req: Seen): Reply => {
    while (starts.length > 0 && starts[0] <= req.at - windowMs) starts.shift();
    if (starts.length >= max) {
      throttled++;
      return kanaError(429, "Too many requests", { "retry-after": String(Math.ceil(windowMs / 1000)) });
    }
    starts.push(req.at);
    return OK_EMPTY;
  };
  return { responder, throttled: () => throttled };
}

describe("429 and Retry-After", () => {
  it("waits exactly as long as Retry-After says before trying again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const kana = await server();
    kana.script(kanaError(429, "Throttled on query execution time.", { "retry-after": "5" }), OK_EMPTY);
    const c = client(kana.url, { retry: { baseDelayMs: 10, maxDelayMs: 20 } });
    const pending = c.query("vn", {});
    await vi.waitFor(() => expect(kana.seen).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(4_900);
    await settle();
    expect(kana.seen).toHaveLength(1);
    expect(c.budget().pausedForMs).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(kana.seen).toHaveLength(2));
    await expect(pending).resolves.toEqual({ more: false, results: [] });
    expect(kana.seen[1].at - kana.seen[0].at).toBeGreaterThanOrEqual(5_000);
    expect(c.metrics.throttled).toBe(1);
  });

  it("a 429 holds back every other call too, not just the one that got it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const kana = await server();
    kana.script(kanaError(429, "Throttled on query execution time.", { "retry-after": "3" }));
    const c = client(kana.url);
    const first = c.query("vn", { results: 1 });
    await vi.waitFor(() => expect(kana.seen).toHaveLength(1));
    await settle();
    const second = c.query("vn", { results: 2 }); // issued during the pause
    await vi.advanceTimersByTimeAsync(2_900);
    await settle();
    expect(kana.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await vi.waitFor(() => expect(kana.seen).toHaveLength(3));
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    expect(Math.min(kana.seen[1].at, kana.seen[2].at) - kana.seen[0].at).toBeGreaterThanOrEqual(3_000);
  });

  it("a Retry-After beyond what a call may wait fails at once with VNDB's 429 and when to retry", async () => {
    const kana = await server();
    kana.script(kanaError(429, "Too many requests", { "retry-after": "120" }));
    const c = client(kana.url);
    const error = await c.query("vn", {}).catch((e: unknown) => e as KanaError);
    expect(error).toMatchObject({ kind: "http", status: 429, message: "Too many requests", retryAfterMs: 120_000, attempts: 1 });
    expect((error as KanaError).hint).toMatch(/wait 120 s/);
    expect(kana.seen).toHaveLength(1);
  });

  it("without Retry-After it backs off exponentially and recovers", async () => {
    const kana = await server();
    kana.script(kanaError(429, "Throttled on query execution time."), OK_EMPTY);
    const c = client(kana.url, { retry: { baseDelayMs: 50, maxDelayMs: 100 } });
    await expect(c.query("vn", {})).resolves.toEqual({ more: false, results: [] });
    expect(kana.seen[1].at - kana.seen[0].at).toBeGreaterThanOrEqual(25); // half the first step at least
  });
});

describe("rate budget under concurrency", () => {
  it("300 calls at once against 200 per 5 minutes: 200 go out, 100 fail with the budget error, no 429", async () => {
    const limit = limitedServer(200, 300_000);
    const kana = await server(limit.responder);
    const c = client(kana.url); // the defaults: 200 per 300 s, 4 at once, 20 s max wait
    const outcomes = await Promise.all(Array.from({ length: 300 }, (_, i) => c.query("vn", { page: i + 1 }).then(() => "ok", (e: unknown) => e)));
    const ok = outcomes.filter((o) => o === "ok");
    const budget = outcomes.filter((o): o is KanaError => o instanceof KanaError && o.kind === "budget");
    expect(ok).toHaveLength(200);
    expect(budget).toHaveLength(100);
    expect(limit.throttled()).toBe(0);
    expect(kana.seen).toHaveLength(200);
    for (const e of budget) {
      expect(e.message).toMatch(/^Rate limit reached .*retry in \d+ s\.$/);
      expect(e.retryAfterMs).toBeGreaterThan(290_000);
      expect(e.attempts).toBe(0);
    }
  });

  it("excess calls wait for the window to slide instead of failing when they may wait long enough", async () => {
    const limit = limitedServer(20, 1_000);
    const kana = await server(limit.responder);
    // The margin covers grant-to-arrival jitter on a busy 2-core machine (cold sockets, JIT).
    const c = client(kana.url, { rateLimit: { maxRequests: 20, windowMs: 1_000, windowMarginMs: 250 }, concurrency: 6, maxBudgetWaitMs: 10_000 });
    const started = Date.now();
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => c.query("vn", { page: i + 1 }).then(() => "ok", (e: unknown) => e)));
    expect(outcomes.every((o) => o === "ok")).toBe(true);
    expect(limit.throttled()).toBe(0);
    expect(kana.seen).toHaveLength(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000); // 50 = 20 + 20 + 10: two windows of waiting
    expect(Math.max(...countInAnyWindow(kana.seen.map((s) => s.at), 1_000))).toBeLessThanOrEqual(20);
  });

  it("never has more than `concurrency` requests in flight", async () => {
    let inFlight = 0;
    let peak = 0;
    const kana = await startFakeKana(async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      return OK_EMPTY;
    });
    servers.push(kana);
    const c = client(kana.url, { concurrency: 3 });
    await Promise.all(Array.from({ length: 15 }, (_, i) => c.query("vn", { page: i + 1 })));
    expect(peak).toBe(3);
  });
});

/** For each request, how many requests started in the window that ends with it. */
function countInAnyWindow(times: number[], windowMs: number): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.map((t, i) => sorted.slice(0, i + 1).filter((u) => u > t - windowMs).length);
}
