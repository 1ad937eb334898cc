import { describe, expect, it } from "vitest";
import { CircuitBreaker, utcTime } from "../../src/client/circuit-breaker.js";

describe("CircuitBreaker", () => {
  const clock = () => {
    let t = Date.UTC(2026, 10, 24, 14, 0, 0);
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it("stays closed below the threshold and after a success", () => {
    const c = clock();
    const b = new CircuitBreaker({ threshold: 3, probeIntervalMs: 1000, now: c.now });
    b.failed("502");
    b.failed("502");
    b.succeeded();
    b.failed("502");
    expect(b.gate()).toEqual({ open: false });
    expect(b.isOpen).toBe(false);
  });

  it("opens after N consecutive failures, says since when and why, and lets one probe through per interval", () => {
    const c = clock();
    const b = new CircuitBreaker({ threshold: 3, probeIntervalMs: 30_000, now: c.now });
    const start = c.now();
    for (let i = 0; i < 3; i++) b.failed("ECONNRESET");
    expect(b.gate()).toEqual({ open: true, since: start, cause: "ECONNRESET", retryInMs: 30_000 });
    c.advance(10_000);
    expect(b.gate()).toMatchObject({ open: true, retryInMs: 20_000 });
    c.advance(20_000);
    expect(b.gate()).toEqual({ open: false }); // the probe
    expect(b.gate()).toMatchObject({ open: true, retryInMs: 30_000 }); // everyone else still waits
    b.failed("502");
    expect(b.gate()).toMatchObject({ open: true, since: start, cause: "502" });
    c.advance(30_000);
    expect(b.gate()).toEqual({ open: false });
    b.succeeded();
    expect(b.gate()).toEqual({ open: false });
    expect(b.gate()).toEqual({ open: false });
  });

  it("remembers the last failure for a while, for the budget's message", () => {
    const c = clock();
    const b = new CircuitBreaker({ now: c.now });
    b.failed("503");
    expect(b.recentCause(60_000)).toEqual({ cause: "503", at: c.now() });
    c.advance(61_000);
    expect(b.recentCause(60_000)).toBeUndefined();
    expect(utcTime(Date.UTC(2026, 10, 24, 14, 3, 7))).toBe("14:03:07 UTC");
  });
});
