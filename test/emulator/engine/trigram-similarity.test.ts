// searchrank's similarity counts shared trigrams over sorted numbers (search.ts
// trigramSet); it must give exactly pg_trgm's ratio over the plain string sets, characters
// beyond U+FFFF included.
import { describe, expect, it } from "vitest";
import { similarity, trigrams, trigramSet } from "../../../src/emulator/engine/search.js";

/** pg_trgm's similarity() straight from the definition: shared over all distinct trigrams. */
function reference(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (x.size === 0 || y.size === 0) return 0;
  const shared = [...x].filter((t) => y.has(t)).length;
  return shared / (x.size + y.size - shared);
}

const TEXTS = [
  "steinsgate",
  "steins;gate 0",
  "clannad",
  "kuranado",
  "",
  "a",
  "fate/stay night",
  "ひぐらしのなく頃に",
  "ひぐらし",
  "𠮷野家 𠮷田",
  "𠮷野家",
  "家𠮷野",
  "ёжик",
  "little busters! ecstasy",
  "x2 x2 x2",
];

describe("trigram similarity", () => {
  it.each(TEXTS.flatMap((a) => TEXTS.map((b) => [a, b] as const)))("%j against %j equals pg_trgm's ratio", (a, b) => {
    expect(similarity(trigramSet(a), trigramSet(b))).toBe(reference(a, b));
  });

  it("keeps astral trigrams apart from the numbered ones", () => {
    const s = trigramSet("𠮷野家");
    expect(s.size).toBe(trigrams("𠮷野家").size);
    expect(s.astral?.size).toBeGreaterThan(0);
    expect(s.codes.length + (s.astral?.size ?? 0)).toBe(s.size);
  });
});
