import { describe, expect, it } from "vitest";
import { capErrorText, checkInputLimits, MAX_DEPTH } from "../../src/tools/input-limits.js";

const nested = (levels: number): unknown => {
  let v: unknown = { lang: "en" };
  for (let i = 0; i < levels; i++) v = { not: v };
  return v;
};

describe("checkInputLimits", () => {
  it("accepts ordinary calls, emoji (paired surrogates) and long raw filters", () => {
    expect(() => checkInputLimits({ query: "Ever17 🎮", fields: "title,tags{name,rating}", filters: { raw: "x".repeat(15_000) } })).not.toThrow();
    expect(() => checkInputLimits({ filters: nested(MAX_DEPTH - 3) })).not.toThrow();
  });

  it("refuses text longer than its argument allows, naming the argument and both sizes", () => {
    expect(() => checkInputLimits({ fields: "x".repeat(4_001) })).toThrow("'fields' is 4,001 characters long; at most 4,000 are accepted.");
    expect(() => checkInputLimits({ users: ["ok", "u".repeat(201)] })).toThrow(/'users\[1\]' is 201 characters/);
    expect(() => checkInputLimits({ filters: { raw: "x".repeat(20_001) } })).toThrow(/'filters.raw' is 20,001/);
  });

  it("refuses keys longer than any VNDB name without echoing them whole", () => {
    let message = "";
    try {
      checkInputLimits({ filters: { ["k".repeat(5_000)]: 1 } });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/is 5,000 characters long; no VNDB name is longer than 100/);
    expect(message.length).toBeLessThan(200);
  });

  it("refuses nesting past the limit, however deep, without recursion", () => {
    expect(() => checkInputLimits({ filters: nested(MAX_DEPTH + 1) })).toThrow(/nested more than 64 levels/);
    expect(() => checkInputLimits({ filters: nested(100_000) })).toThrow(/nested more than 64 levels/);
  });

  it("refuses lone surrogates in values and keys", () => {
    expect(() => checkInputLimits({ users: ["\ud800abc"] })).toThrow(/broken text/);
    expect(() => checkInputLimits({ filters: { ["a\udc00"]: 1 } })).toThrow(/broken text/);
  });

  it("refuses calls with more values than VNDB's 1,001 predicates could ever use", () => {
    expect(() => checkInputLimits({ filters: { or: Array.from({ length: 20_000 }, (_, i) => ({ id: `v${i}` })) } })).toThrow(/more than 10,000 values/);
  });
});

describe("capErrorText", () => {
  it("leaves short texts alone and says how much a long one lost", () => {
    expect(capErrorText("short", 10)).toBe("short");
    expect(capErrorText("x".repeat(2_500), 2_000)).toMatch(/^x{2000}… \(500 more characters left out\)$/);
  });
});
