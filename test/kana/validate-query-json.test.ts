// The strict JSON reader behind validateQuery and the PATCH bodies (reference §1.5).
import { describe, expect, it } from "vitest";
import {
  decodeUtf8Strict,
  isJsonContentType,
  MAX_JSON_DEPTH,
  parseStrictJson,
} from "../../src/kana/json-strict.js";

describe("parseStrictJson", () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ["[1,2.5,-3,1e2,0]", [1, 2.5, -3, 100, 0]],
    [' \t\r\n{"a" : [ true , false , null ] }\n', { a: [true, false, null] }],
    ['"\\t\\n\\r\\u0009\\u000A\\u000d"', "\t\n\r\t\n\r"],
    ['"\\"\\\\\\/"', '"\\/'],
    ['"\\u00e9\\ud83c\\udfae"', "é🎮"],
    ['"日本語"', "日本語"],
    ["{}", {}],
    ["[]", []],
  ] as const)("accepts %s", (text, value) => {
    expect(parseStrictJson(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['{"a":1,"a":2}', "duplicate key"],
    ['{"a":{"b":1,"b":1}}', "nested duplicate key"],
    ['"\\u0000"', "escaped NUL"],
    ['"\\b"', "escaped backspace"],
    ['"\\f"', "escaped form feed"],
    ['"\\u001f"', "escaped unit separator"],
    ['"a\tb"', "raw tab inside a string"],
    ['"a\nb"', "raw newline inside a string"],
    ['"a\u0001b"', "raw control character"],
    ['"\\u007f"', "escaped DEL (FU::Util: refused without allow_control)"],
    ['"a\u007fb"', "raw DEL"],
    ['"\\ud800"', "unpaired high surrogate"],
    ['"\\udc00"', "unpaired low surrogate"],
    ['"\\x41"', "unknown escape"],
    ["{'a':1}", "single quotes"],
    ["{a:1}", "bare key"],
    ['{"a":1,}', "trailing comma"],
    ["[1,]", "trailing comma in array"],
    ["01", "leading zero"],
    ["1.", "bare decimal point"],
    [".5", "missing integer part"],
    ["+1", "plus sign"],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
    ["tru", "truncated literal"],
    ["", "empty text"],
    ["{} {}", "two values"],
    ['{"a":1}x', "trailing garbage"],
    ["\ufeff{}", "byte order mark"],
    ["\u00a0{}", "non-JSON whitespace"],
  ])("refuses %j (%s)", (text) => {
    expect(parseStrictJson(text).ok).toBe(false);
  });

  it("limits nesting to MAX_JSON_DEPTH", () => {
    expect(MAX_JSON_DEPTH).toBe(512);
    const nest = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(parseStrictJson(nest(512)).ok).toBe(true);
    expect(parseStrictJson(nest(513)).ok).toBe(false);
    expect(parseStrictJson('{"a":'.repeat(513) + "1" + "}".repeat(513)).ok).toBe(false);
  });

  it("keeps a __proto__ key as data", () => {
    const r = parseStrictJson('{"__proto__":{"x":1}}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
  });
});

describe("isJsonContentType", () => {
  it.each([
    ["application/json", true],
    ["Application/JSON", true],
    ["application/json; charset=UTF-8", true],
    ["application/json;charset=utf8", true],
    ["application/json;   charset=utf-8", true],
    [undefined, false],
    ["", false],
    ["text/plain", false],
    ["application/json; charset=latin1", false],
    ["application/json; charset=iso-8859-1", false],
    ["application/jsonx", false],
    ["application/json; boundary=x", false],
  ] as const)("%s → %s", (type, ok) => {
    expect(isJsonContentType(type)).toBe(ok);
  });
});

describe("decodeUtf8Strict", () => {
  it("decodes valid UTF-8 and refuses invalid bytes", () => {
    expect(decodeUtf8Strict(new TextEncoder().encode('{"a":"é"}'))).toBe('{"a":"é"}');
    expect(decodeUtf8Strict(new Uint8Array([0x7b, 0xff, 0x7d]))).toBeNull();
    expect(decodeUtf8Strict(new Uint8Array([0xc3]))).toBeNull();
  });
});
