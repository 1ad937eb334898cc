// A budget shared by several callers (the HTTP server's users): one caller cannot take the
// whole window while others wait, a caller at its share does not hold up anyone behind it,
// and a free concurrency slot goes to the caller with the fewest calls in flight.
// The end-to-end version with two clients is test/client/fair-budget-clients.test.ts.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RateBudget, RateBudgetExceeded, type Permit } from "../../src/client/rate-budget.js";

const WINDOW_MS = 60_000;

/** 20 per minute, weight 1: a caller may start while it holds fewer slots than are free. */
const budget = (concurrency = 100) => new RateBudget({ maxRequests: 20, windowMs: WINDOW_MS, windowMarginMs: 0, concurrency, fairWeight: 1 });

async function take(b: RateBudget, caller: string, n: number, maxWaitMs = 0) {
  const results = await Promise.allSettled(Array.from({ length: n }, () => b.acquire({ maxWaitMs, caller })));
  for (const r of results) if (r.status === "fulfilled") r.value.release();
  return {
    granted: results.filter((r) => r.status === "fulfilled").length,
    refused: results.flatMap((r) => (r.status === "rejected" ? [r.reason as RateBudgetExceeded] : [])),
  };
}

describe("RateBudget shared fairly between callers", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("a caller alone takes half the window; others then find theirs", async () => {
    const b = budget();
    expect(b.callerMax).toBe(10);
    const flood = await take(b, "A", 40);
    expect(flood.granted).toBe(10);
    expect(flood.refused).toHaveLength(30);
    expect(flood.refused.every((e) => e instanceof RateBudgetExceeded && e.limit === "share")).toBe(true);
    // It says how long: when its first slot slides out, it holds 9 and 11 are free.
    expect(flood.refused[0]!.retryAfterMs).toBe(WINDOW_MS);
    // Another caller still finds a share (fewer than the 10 free: 5).
    expect((await take(b, "B", 10)).granted).toBe(5);
    // Unnamed calls (a single-user client) know no shares: the window's last 5.
    const unnamed = await Promise.allSettled(Array.from({ length: 6 }, () => b.acquire({ maxWaitMs: 0 })));
    expect(unnamed.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect((unnamed[5] as PromiseRejectedResult).reason.limit).toBe("window");
  });

  it("two flooding callers leave a third its share (issue 30: they took it all)", async () => {
    const b = budget();
    await take(b, "A", 40);
    await take(b, "B", 40);
    const third = await take(b, "C", 3);
    expect(third.granted).toBe(3);
  });

  it("a call with two keys (who, and from where) stays within both shares", async () => {
    const b = budget();
    // Two grants from one address: the address's share binds them together.
    const one = await Promise.allSettled(Array.from({ length: 20 }, () => b.acquire({ maxWaitMs: 0, caller: ["grant:1", "address:A"] })));
    const two = await Promise.allSettled(Array.from({ length: 20 }, () => b.acquire({ maxWaitMs: 0, caller: ["grant:2", "address:A"] })));
    const granted = [...one, ...two].filter((r) => r.status === "fulfilled").length;
    expect(granted).toBe(10);
    // A caller from elsewhere is not held back by them.
    expect((await take(b, "address:B", 5)).granted).toBe(5);
  });

  it("callers without a name keep the whole window (stdio: one user)", async () => {
    const b = budget();
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => b.acquire({ maxWaitMs: 0 })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
  });

  it("a waiting caller at its share does not hold up a caller behind it", async () => {
    const b = budget();
    await take(b, "A", 15); // A is past its share and the reserve is reached
    const order: string[] = [];
    const a = b.acquire({ maxWaitMs: 2 * WINDOW_MS, caller: "A" }).then((p) => (order.push("A"), p));
    const c = b.acquire({ maxWaitMs: 1_000, caller: "B" }).then((p) => (order.push("B"), p));
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["B"]);
    // A's turn comes when its first slots slide out of the window.
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(order).toEqual(["B", "A"]);
    for (const p of await Promise.all([a, c])) p.release();
  });

  it("a free concurrency slot goes to the caller with the fewest calls in flight", async () => {
    const b = budget(2);
    const held: Permit[] = [await b.acquire({ maxWaitMs: 0, caller: "A" }), await b.acquire({ maxWaitMs: 0, caller: "A" })];
    const order: string[] = [];
    const waits = [
      b.acquire({ maxWaitMs: 10_000, caller: "A" }).then((p) => (order.push("A"), p)),
      b.acquire({ maxWaitMs: 10_000, caller: "A" }).then((p) => (order.push("A"), p)),
      b.acquire({ maxWaitMs: 10_000, caller: "B" }).then((p) => (order.push("B"), p)),
    ];
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([]);
    held[0]!.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["B"]);
    held[1]!.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(["B", "A"]);
    (await waits[2]!).release();
    (await waits[0]!).release();
    (await waits[1]!).release();
  });

  it("a queued call keeps its own deadline", async () => {
    const b = budget(1);
    const first = await b.acquire({ maxWaitMs: 0, caller: "A" });
    const short = b.acquire({ maxWaitMs: 500, caller: "B" }).catch((e: unknown) => e);
    const long = b.acquire({ maxWaitMs: 5_000, caller: "C" });
    await vi.advanceTimersByTimeAsync(600);
    expect(await short).toBeInstanceOf(RateBudgetExceeded);
    first.release();
    (await long).release();
  });

  it("refuses a weight that is not positive", () => {
    expect(() => new RateBudget({ fairWeight: 0 })).toThrow(/fairWeight/);
    expect(() => new RateBudget({ fairWeight: Number.NaN })).toThrow(/fairWeight/);
  });
});
