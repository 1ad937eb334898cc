// The request-count limit and the execution-time throttle (reference §3): unit rules with
// explicit times, then both over HTTP with small limits and an injected time source.
import { afterEach, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../src/emulator/index.js";
import { ExecutionThrottle, RequestCounter, throttleKey } from "../../../src/emulator/http/limits.js";

describe("RequestCounter", () => {
  it("allows `limit` requests per sliding window and says when the next one fits", () => {
    const c = new RequestCounter(3, 1000);
    expect([0, 100, 200].map((t) => c.take("a", t).ok)).toEqual([true, true, true]);
    expect(c.take("a", 500)).toEqual({ ok: false, retryAfterMs: 500 });
    expect(c.take("b", 500).ok).toBe(true);
    expect(c.take("a", 1000).ok).toBe(true);
    expect(c.take("a", 1050)).toEqual({ ok: false, retryAfterMs: 50 });
  });
});

describe("ExecutionThrottle (60 s of debt per second, refused 300 s ahead)", () => {
  it("refuses after a burst of about 5 s of server time, and recovers 1 s per minute", () => {
    const t = new ExecutionThrottle(60, 5);
    let now = 0;
    // Back-to-back 1 s requests: after n of them the debt stands at 1 s + n × 60 s while the
    // clock reads n s, so it first reaches 300 s ahead after the sixth.
    for (let i = 0; i < 6; i++) {
      expect(t.check("k", now)).toBe(true);
      t.charge("k", now, now + 1000);
      now += 1000;
    }
    expect(t.check("k", now)).toBe(false);
    expect(t.check("other", now)).toBe(true);
    // Debt 361 s: refused while it is at least 300 s ahead, i.e. until 61 s.
    expect(t.check("k", 61_000)).toBe(false);
    expect(t.check("k", 61_001)).toBe(true);
  });
});

describe("throttleKey (VNDB's norm_ip)", () => {
  it.each([
    ["192.168.1.7", "192.168.0.0/23"],
    ["192.168.0.200", "192.168.0.0/23"],
    ["::ffff:10.0.3.4", "10.0.2.0/23"],
    ["2001:db8:1:2::5", "2001:db8:1::/48"],
    ["::1", "0:0:0::/48"],
  ])("%s → %s", (ip, key) => {
    expect(throttleKey(ip)).toBe(key);
  });
});

describe("over HTTP", () => {
  let emulator: Emulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });

  it("has no limits unless asked (the library default)", async () => {
    emulator = await startEmulator({ port: 0, preset: "vectors" });
    const statuses = await Promise.all(Array.from({ length: 30 }, () => fetch(`${emulator!.url}/stats`).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it("answers 429 with Retry-After once the request count is spent", async () => {
    emulator = await startEmulator({ port: 0, preset: "vectors", limits: { requests: { limit: 5, windowMs: 60_000 }, throttle: false } });
    const answers = [];
    for (let i = 0; i < 7; i++) {
      const r = await fetch(`${emulator.url}/stats`);
      answers.push({ status: r.status, text: await r.text(), retry: r.headers.get("retry-after") });
    }
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers.slice(5)) {
      expect(a.status).toBe(429);
      expect(a.text).toBe("Too many requests.\n");
      expect(Number(a.retry)).toBeGreaterThan(0);
      expect(Number(a.retry)).toBeLessThanOrEqual(60);
    }
  });

  it("throttles on execution time with VNDB's message, and a reset clears it", async () => {
    // Each reading of the time source moves it 1 s: every request "takes" one second and
    // one more passes before the next; the sixth request brings the debt 300 s ahead.
    let now = 0;
    emulator = await startEmulator({
      port: 0,
      preset: "vectors",
      limits: { requests: false, nowMs: () => (now += 1000) },
    });
    const statuses: number[] = [];
    let refusal = "";
    for (let i = 0; i < 8; i++) {
      const r = await fetch(`${emulator.url}/stats`);
      statuses.push(r.status);
      if (r.status === 429) refusal = await r.text();
      else await r.text();
    }
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
    expect(refusal).toBe("Throttled on query execution time.\n");
    emulator.reset();
    expect((await fetch(`${emulator.url}/stats`)).status).toBe(200);
  });

  it("never throttles the pre-flight or unknown paths", async () => {
    let now = 0;
    emulator = await startEmulator({ port: 0, preset: "vectors", limits: { requests: false, nowMs: () => (now += 100_000) } });
    for (let i = 0; i < 3; i++) await (await fetch(`${emulator.url}/stats`)).text();
    expect((await fetch(`${emulator.url}/stats`)).status).toBe(429);
    expect((await fetch(`${emulator.url}/vn`, { method: "OPTIONS" })).status).toBe(204);
    expect((await fetch(`${emulator.url}/nope`)).status).toBe(404);
  });
});
