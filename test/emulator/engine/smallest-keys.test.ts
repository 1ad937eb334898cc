// The page selection: the k smallest keys, in order, equal the first k of a full sort.
import { describe, expect, it } from "vitest";
import { smallestSorted } from "../../../src/emulator/engine/smallest-keys.js";

function shuffledKeys(n: number, seed: number): Float64Array {
  let a = seed >>> 0;
  const rand = () => ((a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  // Distinct keys as the engine packs them (rank × 2^24 + position), with repeated ranks.
  const keys = Float64Array.from({ length: n }, (_, i) => Math.floor(rand() * 50) * 2 ** 24 + i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  return keys;
}

describe("smallestSorted", () => {
  it.each([
    [0, 5],
    [1, 1],
    [10, 3],
    [100, 26],
    [1000, 1],
    [1000, 26],
    [1000, 249],
    [1000, 251],
    [5000, 101],
    [20, 40],
  ])("n=%i k=%i equals the head of a full sort", (n, k) => {
    for (let seed = 1; seed <= 5; seed++) {
      const keys = shuffledKeys(n, seed * 7919 + n + k);
      const expected = Array.from(keys).sort((x, y) => x - y).slice(0, k);
      expect(Array.from(smallestSorted(keys, k))).toEqual(expected);
    }
  });

  it("keeps ties (searchrank scores repeat)", () => {
    for (let seed = 1; seed <= 50; seed++) {
      let a = seed;
      const rand = () => ((a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 2 ** 32);
      const keys = Float64Array.from({ length: 300 }, () => Math.floor(rand() * 4) * 0.37);
      const k = 1 + Math.floor(rand() * 60);
      const expected = Array.from(keys).sort((x, y) => x - y).slice(0, k);
      expect(Array.from(smallestSorted(keys, k))).toEqual(expected);
    }
  });

  it("handles already sorted and reversed input", () => {
    const up = Float64Array.from({ length: 500 }, (_, i) => i);
    expect(Array.from(smallestSorted(up.slice(), 7))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(Array.from(smallestSorted(up.slice().reverse(), 7))).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
