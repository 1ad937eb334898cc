// The canonical JSON writer: keys in bytewise (UTF-8) order at every level, whatever order
// the objects were built in, as VNDB's writer sends them.
import { describe, expect, it } from "vitest";
import { canonicalJson, compareKeys } from "../../../src/emulator/engine/json.js";

/** Deterministic strings mixing ASCII, BMP letters, private-use/high BMP and astral characters. */
function* strings(seed: number, n: number): Generator<string> {
  let a = seed >>> 0;
  const rand = () => ((a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const pool = [0x61, 0x7a, 0xe9, 0x3042, 0xd7ff, 0xe000, 0xff5e, 0xfffd, 0x1f600, 0x10000, 0x20bb7];
  for (let i = 0; i < n; i++) {
    const len = 1 + Math.floor(rand() * 4);
    let s = "";
    for (let j = 0; j < len; j++) s += String.fromCodePoint(pool[Math.floor(rand() * pool.length)]!);
    yield s;
  }
}

describe("canonical JSON", () => {
  it("orders keys as UTF-8 bytes, surrogate pairs included", () => {
    const xs = [...strings(7, 400)];
    for (let i = 0; i + 1 < xs.length; i++) {
      const [a, b] = [xs[i]!, xs[i + 1]!];
      expect(Math.sign(compareKeys(a, b)), `${a} vs ${b}`).toBe(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
    }
    // U+FF5E sorts before U+1F600 in UTF-8, after its lead surrogate U+D83D in UTF-16.
    expect(compareKeys("\uff5e", "\u{1f600}")).toBeLessThan(0);
  });

  it("re-keys objects built out of order, at every depth, and leaves the values alone", () => {
    const value = { b: [{ z: 1, y: { d: null, c: "é" } }, 2], a: { "\u{1f600}": 1, "\uff5e": 2 }, u: undefined };
    expect(canonicalJson(value)).toBe('{"a":{"～":2,"😀":1},"b":[{"y":{"c":"é","d":null},"z":1},2]}');
    expect(Object.keys(value)).toEqual(["b", "a", "u"]);
  });

  it("writes integer-like keys in byte order too", () => {
    expect(canonicalJson({ b: 1, "10": true, "9": false, a: [{ "2": 0, "1": 0 }] })).toBe('{"10":true,"9":false,"a":[{"1":0,"2":0}],"b":1}');
  });
});
