// GET /user `fields` emptiness (src/kana/get-params.ts) as FU reads an array schema with
// accept_scalar: only a single, exactly empty value is "no fields"; every element of the
// array is trimmed and required (reference §4.3; FU::Validate `_validate_input`).
import { describe, expect, it } from "vitest";
import { decodeQueryString, validateUserParams } from "../../src/kana/get-params.js";

const user = (q: string) => validateUserParams(decodeQueryString(q)!);
const INVALID = { ok: false, failure: { status: 400, message: "Invalid argument" } };

describe("GET /user fields: empty values", () => {
  it.each([
    ["q=u2&fields=", []],
    ["q=u2&fields=%20lengthvotes%20", ["lengthvotes"]],
    ["q=u2&fields=lengthvotes&fields=lengthvotes_sum", ["lengthvotes", "lengthvotes_sum"]],
    ["q=u2&fields=%2C", []], // "," splits into nothing (Perl drops trailing empty fields)
  ])("accepts %s", (q, fields) => {
    expect(user(q)).toEqual({ ok: true, value: { q: ["u2"], fields } });
  });

  it.each([
    "q=u2&fields=%20", // a single blank value is not the empty scalar: wrapped, trimmed, required
    "q=u2&fields=&fields=lengthvotes", // a repeated empty value is an empty element
    "q=u2&fields=lengthvotes&fields=",
    "q=u2&fields=&fields=",
    "q=u2&fields", // a bare key is FU's boolean true, "1"
  ])("refuses %s", (q) => {
    expect(user(q)).toEqual(INVALID);
  });
});
