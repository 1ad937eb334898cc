// The compact codec against the format of reference §9 (expected strings written out by
// hand from the format tables and the worked examples, not produced by the code).
import { describe, expect, it } from "vitest";
import {
  ALPHABET,
  COMPACT_INT_LIMIT,
  decodeInt,
  decodeQuery,
  encodeInt,
  encodeQuery,
  escape,
  unescape,
  type CompactQuery,
} from "../../src/kana/compact.js";

// Every width boundary of §9.2: the last value of one width and the first of the next.
const INTEGERS: [number, string][] = [
  [0, "0"],
  [1, "1"],
  [48, "M"],
  [49, "N0"],
  [50, "N1"],
  [688, "W-"],
  [689, "X00"],
  [4784, "X--"],
  [4785, "Y000"],
  [266928, "Y---"],
  [266929, "Z0000"],
  [17044144, "Z----"],
  [17044145, "_00000"],
  [1090785968, "_-----"],
  [1090785969, "-000000"],
  [COMPACT_INT_LIMIT - 1, "-------"],
  [20200101, "_0c2vQ"],
  [20229999, "_0c9O_"],
];

describe("integers", () => {
  it.each(INTEGERS)("%d encodes as %s", (n, text) => {
    expect(encodeInt(n)).toBe(text);
  });
  it.each(INTEGERS)("%d decodes back from %s", (n, text) => {
    expect(decodeInt(text)).toEqual({ value: n, next: text.length });
  });
  it.each([-1, 1.5, COMPACT_INT_LIMIT, Number.NaN])("refuses to encode %d", (n) => {
    expect(() => encodeInt(n)).toThrow(RangeError);
  });
  it.each(["", "N", "X0", "Y00", "Z000", "_0000", "-00000", "!", " 0"])("cannot decode %j", (text) => {
    expect(decodeInt(text)).toBeNull();
  });
  it("decodes from an offset and reports where it stopped", () => {
    expect(decodeInt("aN0b", 1)).toEqual({ value: 49, next: 3 });
  });
});

// The 33 escaped characters in list order (§9.3): each becomes "_" + the symbol of its index.
const ESCAPES: [string, string][] = [
  [" ", "_0"], ["!", "_1"], ['"', "_2"], ["#", "_3"], ["$", "_4"], ["%", "_5"], ["&", "_6"],
  ["'", "_7"], ["(", "_8"], [")", "_9"], ["*", "_a"], ["+", "_b"], [",", "_c"], ["-", "_d"],
  [".", "_e"], ["/", "_f"], [":", "_g"], [";", "_h"], ["<", "_i"], ["=", "_j"], [">", "_k"],
  ["?", "_l"], ["@", "_m"], ["[", "_n"], ["\\", "_o"], ["]", "_p"], ["^", "_q"], ["_", "_r"],
  ["`", "_s"], ["{", "_t"], ["|", "_u"], ["}", "_v"], ["~", "_w"],
];

describe("strings", () => {
  it.each(ESCAPES)("%j escapes as %s and back", (ch, esc) => {
    expect(escape(ch)).toBe(esc);
    expect(unescape(esc)).toBe(ch);
  });
  it.each([
    ["plain letters and digits", "abcXYZ019", "abcXYZ019"],
    ["non-ASCII is copied", "日本語é🎮", "日本語é🎮"],
    ["mixed", "a b-c", "a_0b_dc"],
  ])("%s", (_what, text, esc) => {
    expect(escape(text)).toBe(esc);
    expect(unescape(esc)).toBe(text);
  });
  it.each(["_M", "_-", "_x", "a_Zb", "__"])("refuses the escape in %j", (esc) => {
    expect(unescape(esc)).toBeNull();
  });
  it("keeps a lone trailing underscore", () => {
    expect(unescape("a_")).toBe("a_");
  });
});

describe("query encoding", () => {
  it.each<[string, CompactQuery, string]>([
    // String types are chosen by escaped length in code points (§9.3, §9.4).
    ["string2 (two code points, four UTF-16 units)", [81, "=", "🎮🎮"], "Nwg🎮🎮"],
    ["string2 from a decomposed accent", [81, "!=", "e\u0301"], "Nwhe\u0301"],
    ["string3 of non-ASCII", [81, "=", "日本語"], "Nwo日本語"],
    ["string3 made by an escape", [81, "=", "a-"], "Nwoa_d"],
    ["stringN of one code point", [81, "=", "é"], "Nwwé-"],
    ["stringN of four", [81, "=", "abcd"], "Nwwabcd-"],
    ["empty string", [81, "=", ""], "Nww-"],
    ["null is the empty string", [10, "=", null], "aw-"],
    // Examples of §9.6.
    ["integer id", [80, "=", 17], "Nv0h"],
    ["pair", [8, "<=", [640, 480]], "8IWfTL"],
    ["label pair", [12, "=", [2, 7]], "cE27"],
    ["date", [7, "=", 20229999], "70_0c9O_"],
    ["nested or/and", [1, [0, [80, "=", 1], [80, "=", 2]], [80, "=", 3]], "1202Nv01Nv02Nv03"],
    ["single-child and", [0, [80, "=", 1]], "01Nv01"],
    ["search text", [81, "=", "fate stay night"], "Nwwfate_0stay_0night-"],
  ])("%s", (_what, query, text) => {
    expect(encodeQuery(query)).toBe(text);
  });

  const DOCS_EXAMPLE: CompactQuery = [
    0,
    [1, [2, "=", "en"], [2, "=", "de"], [2, "=", "fr"]],
    [3, "!=", "ja"],
    [50, "=", [0, [7, ">=", 20200101], [55, "=", [3, "=", 30]]]],
  ];
  const DOCS_TEXT = "03132gen2gde2gfr3hjaN180272_0c2vQN6830u";

  it("encodes the docs' nested example (§9.6 example 1)", () => {
    expect(encodeQuery(DOCS_EXAMPLE)).toBe(DOCS_TEXT);
  });
  it("decodes the docs' nested example", () => {
    expect(decodeQuery(DOCS_TEXT)).toEqual({ ok: true, query: DOCS_EXAMPLE });
  });
  it("decodes unassigned operator and type codes to undefined and null", () => {
    // "6" = integer type with operator code 6; "M" (48) = type 6, no value; "U" (56) would
    // start a two-symbol integer, so "aU" ends too early.
    expect(decodeQuery("Nv6h")).toEqual({ ok: true, query: [80, undefined, 17] });
    expect(decodeQuery("aU")).toEqual({ ok: false, error: "Invalid compact encoded form" });
    expect(decodeQuery("aM")).toEqual({ ok: true, query: [10, "=", null] });
  });
});

describe("query decoding errors", () => {
  it.each([
    ["", "Invalid compact encoded form"],
    ["zzz", "Invalid compact encoded form"],
    ["!", "Invalid compact encoded form"],
    [" Nv0h", "Invalid compact encoded form"],
    ["02Nv0h", "Invalid compact encoded form"],
    ["Nww_M-", "Invalid compact encoded form"],
    ["Nwwabc", "Invalid compact encoded form"],
    ["Nwga", "Invalid compact encoded form"],
    ["cE2", "Invalid compact encoded form"],
    ["N18", "Invalid compact encoded form"],
    ["1Y1hwNv01", "Invalid compact encoded form"],
    ["Nv0h-", "Trailing garbage"],
    ["search ~ x", "Trailing garbage"],
  ])("%j → %s", (text, error) => {
    expect(decodeQuery(text)).toEqual({ ok: false, error });
  });

  it("decodes very deep nesting without exhausting the stack", () => {
    const depth = 50_000;
    const text = "N18".repeat(depth) + "Nv0h";
    const r = decodeQuery(text);
    expect(r.ok).toBe(true);
    let node = r.ok ? (r.query as unknown[]) : [];
    let levels = 0;
    while (node[0] === 50) {
      node = node[2] as unknown[];
      levels++;
    }
    expect(levels).toBe(depth);
    expect(node).toEqual([80, "=", 17]);
  });
});

describe("round trips", () => {
  // A small deterministic generator (LCG) of compact queries of every value type.
  function generator(seed: number): () => number {
    let s = seed;
    return () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return s / 2 ** 31;
    };
  }
  const OPS = ["=", "!=", ">=", ">", "<=", "<"] as const;
  const WORDS = ["", "a", "ab", "abc", "a b", "x-y_z", "日本", "🎮", "e\u0301", "~!@", "long text value"];

  function randomQuery(rnd: () => number, depth: number): CompactQuery {
    if (depth > 0 && rnd() < 0.3) {
      const children = 1 + Math.floor(rnd() * 4);
      return [rnd() < 0.5 ? 0 : 1, ...Array.from({ length: children }, () => randomQuery(rnd, depth - 1))];
    }
    const field = 2 + Math.floor(rnd() * 100);
    const op = OPS[Math.floor(rnd() * OPS.length)]!;
    const pick = rnd();
    const int = (): number => Math.floor(rnd() ** 4 * (COMPACT_INT_LIMIT - 1));
    if (pick < 0.25) return [field, op, int()];
    if (pick < 0.5) return [field, op, WORDS[Math.floor(rnd() * WORDS.length)]!];
    if (pick < 0.7) return [field, op, [int(), int()]];
    return [field, op, depth > 0 ? randomQuery(rnd, depth - 1) : 0];
  }

  const rnd = generator(20240917);
  const cases = Array.from({ length: 300 }, (_, i) => [i, randomQuery(rnd, 4)] as const);
  it.each(cases)("random query #%d survives encode → decode", (_i, q) => {
    expect(decodeQuery(encodeQuery(q))).toEqual({ ok: true, query: q });
  });

  it("every alphabet symbol is a one-symbol integer below 49 or starts a longer one", () => {
    for (const [i, sym] of [...ALPHABET].entries()) {
      const r = decodeInt(sym);
      if (i < 49) expect(r).toEqual({ value: i, next: 1 });
      else expect(r).toBeNull();
    }
  });
});
