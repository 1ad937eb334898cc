import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TtlCache, canonicalKey } from "../../src/client/cache.js";

describe("TtlCache", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("expires entries after their TTL", () => {
    const cache = new TtlCache<number>();
    cache.set("a", 1, 1_000);
    vi.advanceTimersByTime(999);
    expect(cache.get("a")).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get("a")).toBeUndefined();
  });

  it("evicts the oldest entry beyond its size", () => {
    const cache = new TtlCache<number>(2);
    cache.set("a", 1, 10_000);
    cache.set("b", 2, 10_000);
    cache.set("c", 3, 10_000);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, 2, 3]);
  });

  it("coalesces identical loads in flight and caches the value", async () => {
    const cache = new TtlCache<string>();
    let calls = 0;
    let release!: (v: string) => void;
    const load = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = cache.getOrLoad("k", 5_000, load);
    const second = cache.getOrLoad("k", 5_000, load);
    expect(cache.loading).toBe(1);
    release("value");
    expect(await Promise.all([first, second])).toEqual(["value", "value"]);
    expect(await cache.getOrLoad("k", 5_000, load)).toBe("value");
    expect(calls).toBe(1);
    vi.advanceTimersByTime(5_000);
    void cache.getOrLoad("k", 5_000, load);
    expect(calls).toBe(2);
  });

  it("does not cache failures, and ttl 0 only coalesces", async () => {
    const cache = new TtlCache<string>();
    let calls = 0;
    await expect(cache.getOrLoad("k", 5_000, async () => { calls++; throw new Error("boom"); })).rejects.toThrow("boom");
    expect(await cache.getOrLoad("k", 5_000, async () => { calls++; return "ok"; })).toBe("ok");
    expect(await cache.getOrLoad("z", 0, async () => { calls++; return "once"; })).toBe("once");
    expect(await cache.getOrLoad("z", 0, async () => { calls++; return "twice"; })).toBe("twice");
    expect(calls).toBe(4);
  });
});

describe("canonicalKey", () => {
  it.each([
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
    [{ f: { y: [1, { q: 1, p: 2 }], x: null } }, { f: { x: null, y: [1, { p: 2, q: 1 }] } }, true],
    [{ a: [1, 2] }, { a: [2, 1] }, false],
    [{ a: "1" }, { a: 1 }, false],
  ])("%j vs %j equal=%s", (x, y, equal) => {
    expect(canonicalKey(x) === canonicalKey(y)).toBe(equal);
  });
});
