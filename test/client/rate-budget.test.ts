import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RateBudget, RateBudgetExceeded, type Permit } from "../../src/client/rate-budget.js";

/** Collects grant times of `n` acquisitions, releasing each permit after `holdMs`. */
function fire(budget: RateBudget, n: number, maxWaitMs: number, holdMs = 0) {
  const granted: number[] = [];
  const failed: RateBudgetExceeded[] = [];
  const done = Array.from({ length: n }, () =>
    budget.acquire({ maxWaitMs }).then(
      (permit: Permit) => {
        granted.push(Date.now());
        setTimeout(() => permit.release(), holdMs);
      },
      (error: unknown) => {
        failed.push(error as RateBudgetExceeded);
      },
    ),
  );
  return { granted, failed, done: Promise.all(done) };
}

describe("RateBudget", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("never lets more than maxRequests start in any window, and makes the excess wait", async () => {
    const budget = new RateBudget({ maxRequests: 5, windowMs: 1_000, windowMarginMs: 0, concurrency: 100 });
    const run = fire(budget, 12, 10_000);
    await vi.advanceTimersByTimeAsync(5_000);
    await run.done;
    expect(run.failed).toEqual([]);
    expect(run.granted).toHaveLength(12);
    // Any 6 consecutive starts span at least one window.
    for (let i = 5; i < run.granted.length; i++) expect(run.granted[i] - run.granted[i - 5]).toBeGreaterThanOrEqual(1_000);
    expect(run.granted.slice(0, 5).every((t) => t === 1_000_000)).toBe(true);
    expect(run.granted[5]).toBe(1_001_000);
  });

  it("fails at once, with the time until a slot frees, when the wait would exceed maxWaitMs", async () => {
    const budget = new RateBudget({ maxRequests: 3, windowMs: 60_000, windowMarginMs: 0, concurrency: 10 });
    const run = fire(budget, 5, 1_000);
    await vi.advanceTimersByTimeAsync(0);
    await run.done;
    expect(run.granted).toHaveLength(3);
    expect(run.failed).toHaveLength(2);
    expect(run.failed.every((e) => e instanceof RateBudgetExceeded && e.limit === "window")).toBe(true);
    expect(run.failed.map((e) => e.retryAfterMs)).toEqual([60_000, 60_000]);
  });

  it("adds the margin to the window", async () => {
    const budget = new RateBudget({ maxRequests: 1, windowMs: 1_000, windowMarginMs: 250, concurrency: 10 });
    const run = fire(budget, 2, 10_000);
    await vi.advanceTimersByTimeAsync(2_000);
    await run.done;
    expect(run.granted[1] - run.granted[0]).toBe(1_250);
  });

  it("limits concurrency, granting in FIFO order as permits are released", async () => {
    const budget = new RateBudget({ maxRequests: 100, windowMs: 1_000, concurrency: 2 });
    const order: number[] = [];
    const permits: Permit[] = [];
    const all = [0, 1, 2, 3].map((i) =>
      budget.acquire({ maxWaitMs: 10_000 }).then((p) => {
        order.push(i);
        permits.push(p);
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([0, 1]);
    expect(budget.snapshot()).toMatchObject({ active: 2, queued: 2 });
    permits[0].release();
    permits[0].release(); // a second release must not free a second slot
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([0, 1, 2]);
    permits[1].release();
    await Promise.all(all);
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it("fails a waiter whose concurrency wait outlasts maxWaitMs", async () => {
    const budget = new RateBudget({ maxRequests: 100, windowMs: 1_000, concurrency: 1 });
    await budget.acquire({ maxWaitMs: 0 });
    const waiting = budget.acquire({ maxWaitMs: 500 });
    const outcome = waiting.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    const error = await outcome;
    expect(error).toBeInstanceOf(RateBudgetExceeded);
    expect((error as RateBudgetExceeded).limit).toBe("concurrency");
    expect(budget.snapshot().queued).toBe(0);
  });

  it("pause() holds everyone back until it is over", async () => {
    const budget = new RateBudget({ maxRequests: 100, windowMs: 1_000, concurrency: 10 });
    budget.pause(3_000);
    const run = fire(budget, 2, 10_000);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(run.granted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await run.done;
    expect(run.granted).toEqual([1_003_000, 1_003_000]);
  });

  it("a pause longer than maxWaitMs fails at once as 'paused'", async () => {
    const budget = new RateBudget({ maxRequests: 100, windowMs: 1_000, concurrency: 10 });
    budget.pause(30_000);
    await expect(budget.acquire({ maxWaitMs: 1_000 })).rejects.toMatchObject({ limit: "paused", retryAfterMs: 30_000 });
  });

  it("an aborted waiter leaves the queue and the next one moves up", async () => {
    const budget = new RateBudget({ maxRequests: 100, windowMs: 1_000, concurrency: 1 });
    const first = await budget.acquire({ maxWaitMs: 0 });
    const controller = new AbortController();
    const aborted = budget.acquire({ maxWaitMs: 10_000, signal: controller.signal }).catch((e: unknown) => e);
    const next = budget.acquire({ maxWaitMs: 10_000 });
    controller.abort(new Error("stop"));
    expect(await aborted).toMatchObject({ message: "stop" });
    first.release();
    await expect(next).resolves.toHaveProperty("release");
  });

  it("close() rejects everyone waiting", async () => {
    const budget = new RateBudget({ maxRequests: 1, windowMs: 60_000, concurrency: 1 });
    await budget.acquire({ maxWaitMs: 0 });
    const waiting = budget.acquire({ maxWaitMs: 120_000 });
    budget.close(new Error("closed"));
    await expect(waiting).rejects.toThrow("closed");
  });

  it.each([
    [{ maxRequests: 0 }],
    [{ windowMs: -1 }],
    [{ concurrency: 1.5 }],
  ])("rejects invalid options %j", (options) => {
    expect(() => new RateBudget(options)).toThrow(RangeError);
  });
});
