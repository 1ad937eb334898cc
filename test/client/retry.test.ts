import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, backoffDelay, isRetryable, parseRetryAfter, type AttemptFailure } from "../../src/client/retry.js";

describe("isRetryable", () => {
  const cases: [string, AttemptFailure, boolean][] = [
    ["429 throttled", { type: "status", status: 429, body: "Throttled on query execution time.\n" }, true],
    ["500 processing timeout", { type: "status", status: 500, body: "Processing timeout\n" }, true],
    ["500 server bug", { type: "status", status: 500, body: "Internal server error. Can be temporary, but usually points to a server bug.\n" }, false],
    ["502 nginx page", { type: "status", status: 502, body: "<html>bad gateway</html>" }, true],
    ["503", { type: "status", status: 503, body: "" }, true],
    ["400 invalid member", { type: "status", status: 400, body: "Invalid 'results' member.\n" }, false],
    ["401 unauthorized", { type: "status", status: 401, body: "Unauthorized\n" }, false],
    ["404 not found", { type: "status", status: 404, body: "Not found.\n" }, false],
    ["connection reset", { type: "network", code: "ECONNRESET" }, true],
    ["socket closed by peer", { type: "network", code: "UND_ERR_SOCKET" }, true],
    ["headers timeout", { type: "network", code: "UND_ERR_HEADERS_TIMEOUT" }, true],
    ["body timeout", { type: "network", code: "UND_ERR_BODY_TIMEOUT" }, true],
    ["connection refused", { type: "network", code: "ECONNREFUSED" }, false],
    ["dns failure", { type: "network", code: "ENOTFOUND" }, false],
    ["malformed JSON", { type: "malformed" }, true],
  ];
  it.each(cases)("%s → %s", (_name, failure, expected) => {
    expect(isRetryable(failure)).toBe(expected);
  });
});

describe("backoffDelay", () => {
  const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 100, maxDelayMs: 1_000 };
  it.each([
    [1, 50, 100],
    [2, 100, 200],
    [3, 200, 400],
    [4, 400, 800],
    [5, 500, 1_000], // capped
    [9, 500, 1_000],
  ])("attempt %i lies within [%i, %i]", (attempt, low, high) => {
    expect(backoffDelay(attempt, policy, () => 0)).toBe(low);
    expect(backoffDelay(attempt, policy, () => 1)).toBe(high);
    const mid = backoffDelay(attempt, policy, () => 0.5);
    expect(mid).toBeGreaterThan(low);
    expect(mid).toBeLessThan(high);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-01-01T00:00:00Z");
  it.each([
    ["120", 120_000],
    [" 3 ", 3_000],
    ["0", 0],
    ["Thu, 01 Jan 2026 00:00:30 GMT", 30_000],
    ["Wed, 31 Dec 2025 23:59:00 GMT", 0], // in the past
  ])("%j → %i ms", (header, ms) => {
    expect(parseRetryAfter(header, now)).toBe(ms);
  });
  it.each([[undefined], ["soon"], ["-5"], [""]])("%j → undefined", (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });
  it("takes the first of repeated headers", () => {
    expect(parseRetryAfter(["7", "9"], now)).toBe(7_000);
  });
});
