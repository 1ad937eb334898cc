import { describe, expect, it } from "vitest";
import { CopyTextParser, copyUnescape } from "../../../src/mirror/dump/copy-text.js";
import { MirrorInputError } from "../../../src/mirror/errors.js";

function parse(text: string | Buffer, columns: number, chunk = 7): (string | null)[][] {
  const rows: (string | null)[][] = [];
  const p = new CopyTextParser("db/t", columns, (v) => rows.push(v));
  const b = Buffer.isBuffer(text) ? text : Buffer.from(text, "utf8");
  for (let at = 0; at < b.length; at += chunk) p.write(b.subarray(at, at + chunk));
  p.end();
  return rows;
}

describe("COPY text", () => {
  it("splits rows and columns, \\N alone is null", () => {
    expect(parse("a\tb\n\\N\t\n\t\\N\n", 2)).toEqual([["a", "b"], [null, ""], ["", null]]);
  });

  it("decodes the letter escapes COPY writes", () => {
    expect(parse("x\\ty\tn\\nl\\r\\\\ \\b\\f\\v\n", 2)).toEqual([["x\ty", "n\nl\r\\ \b\f\v"]]);
  });

  it("decodes octal and hex byte escapes, including multi-byte UTF-8 spelt as bytes", () => {
    expect(copyUnescape("\\101\\x42\\7")).toBe("AB\x07");
    expect(copyUnescape("\\xe3\\x81\\x82 and \\343\\201\\202")).toBe("あ and あ");
    expect(copyUnescape("\\x4g")).toBe("\x04g");
    expect(copyUnescape("\\xg")).toBe("xg"); // \x without a hex digit is a plain x (copyfromparse.c)
  });

  it("keeps any other escaped character as itself, and \\N inside a value as N", () => {
    expect(parse("a\\N\t\\.x\t\\q\n", 3)).toEqual([["aN", ".x", "q"]]);
  });

  it("keeps multi-byte characters whole across any chunk boundary", () => {
    const text = "ユニコード🎌\té\n".repeat(50);
    for (const chunk of [1, 2, 3, 5, 64]) expect(parse(text, 2, chunk)).toEqual(Array(50).fill(["ユニコード🎌", "é"]));
  });

  it("accepts a last row without newline, CRLF endings, and stops at \\.", () => {
    expect(parse("a\tb\r\nc\td", 2)).toEqual([["a", "b"], ["c", "d"]]);
    expect(parse("a\tb\n\\.\nc\td\n", 2)).toEqual([["a", "b"]]);
  });

  it("says which table and line has the wrong number of values", () => {
    expect(() => parse("a\tb\nc\n", 2)).toThrow(MirrorInputError);
    expect(() => parse("a\tb\nc\n", 2)).toThrow(/db\/t line 2: 1 values for 2 columns/);
  });
});
