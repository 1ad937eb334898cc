// The query-string rules of GET /user and /ulist_labels (src/kana/get-params.ts): FU's
// query decoding, then each endpoint's validation. Table-driven.
import { describe, expect, it } from "vitest";
import {
  decodeQueryString,
  ulistLabelsQueryString,
  userQueryString,
  validateUlistLabelsParams,
  validateUserParams,
} from "../../../src/kana/get-params.js";

const entries = (q: string | null) => {
  const p = decodeQueryString(q);
  return p === null ? null : Object.fromEntries(p);
};

describe("decodeQueryString (FU query_decode)", () => {
  it.each([
    [null, {}],
    ["", {}],
    ["a=1&&b=2&", { a: ["1"], b: ["2"] }],
    ["q=a&q=b", { q: ["a", "b"] }],
    ["q=a+b%20c", { q: ["a b c"] }],
    ["q=%ZZ", { q: ["%ZZ"] }],
    ["q=%e6%97%a5", { q: ["日"] }],
    ["bare", { bare: ["1"] }],
    ["a=b=c", { a: ["b=c"] }],
    ["q=%C3%28", null],
    ["q=%01", null],
    ["%FF=1", null],
  ])("%j → %j", (q, want) => {
    expect(entries(q)).toEqual(want);
  });
});

const user = (q: string) => validateUserParams(decodeQueryString(q)!);
const labels = (q: string) => validateUlistLabelsParams(decodeQueryString(q)!);

describe("validateUserParams", () => {
  it.each([
    ["q=u2", { q: ["u2"], fields: [] }],
    ["q=%20u2%20&fields=", { q: ["u2"], fields: [] }],
    ["q=a&q=a", { q: ["a", "a"], fields: [] }],
    ["q=u2&fields=lengthvotes_sum,lengthvotes", { q: ["u2"], fields: ["lengthvotes_sum", "lengthvotes"] }],
    ["q=u2&fields=lengthvotes&fields=%20lengthvotes%20", { q: ["u2"], fields: ["lengthvotes"] }],
    ["q=u2&fields=lengthvotes,", { q: ["u2"], fields: ["lengthvotes"] }],
  ])("accepts %s", (q, want) => {
    expect(user(q)).toEqual({ ok: true, value: want });
  });

  it.each(["", "q=", "q=%20", "fields=lengthvotes", "q=u2&fields=id", "q=u2&fields=username", "q=u2&fields=,lengthvotes", "q=u2&fields=lengthvotes,,lengthvotes_sum", Array.from({ length: 101 }, () => "q=x").join("&")])(
    "refuses %j",
    (q) => {
      expect(user(q)).toEqual({ ok: false, failure: { status: 400, message: "Invalid argument" } });
    },
  );
});

describe("validateUlistLabelsParams", () => {
  it.each([
    ["", { user: null, count: false }],
    ["user=u2", { user: "u2", count: false }],
    ["user=2&fields=count", { user: "u2", count: true }],
    ["user=%20u9999999%20&fields=%20count", { user: "u9999999", count: true }],
    ["user=&fields=", { user: null, count: false }],
  ])("accepts %j", (q, want) => {
    expect(labels(q)).toEqual({ ok: true, value: want });
  });

  it.each(["user=x", "user=u0", "user=U2", "user=u10000000", "user=u2&user=u3", "fields=COUNT", "fields=count,count", "fields=count&fields=count", "fields=id"])(
    "refuses %j",
    (q) => {
      expect(labels(q).ok).toBe(false);
    },
  );
});

describe("query-string builders", () => {
  it("round-trip through the validators", () => {
    const qs = userQueryString(["u2", "a b&c"], ["lengthvotes"]);
    expect(user(qs)).toEqual({ ok: true, value: { q: ["u2", "a b&c"], fields: ["lengthvotes"] } });
    expect(labels(ulistLabelsQueryString({ user: "u2", count: true }))).toEqual({ ok: true, value: { user: "u2", count: true } });
    expect(ulistLabelsQueryString()).toBe("");
  });
});
