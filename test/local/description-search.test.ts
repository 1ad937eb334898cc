// Words in descriptions over the offline sample's real VN and character descriptions: the
// expected entries are found by reading the data's own text here, not by asking the index.
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { DescriptionSearch } from "../../src/local/description-search.js";
import { normalWord, TextIndex, wordsOf } from "../../src/local/text-index.js";

const catalogue = loadCatalogue();
const search = new DescriptionSearch((kind) => (kind === "vn" ? catalogue.vn : catalogue.character));

describe("TextIndex", () => {
  it("folds case, accents and plural/-ing endings, and leaves common words out", () => {
    expect(wordsOf("The Café GAMES of Baseball practicing").map((w) => w.word)).toEqual(["cafe", "game", "baseball", "practic"]);
    expect(normalWord("practice")).not.toBe("");
    expect(normalWord("with")).toBe("");
  });

  it("ranks a rare word over a common one, and words side by side over words apart", () => {
    const index = new TextIndex([
      "a school festival and a school trip and school again",
      "baseball practice after school",
      "practice at the piano, then baseball on sunday",
      "nothing here",
    ]);
    const hits = index.search("baseball practice", 10);
    expect(hits.map((h) => h.doc)).toEqual([1, 2]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(index.search("school", 10)[0]!.doc).toBe(0);
    expect(index.search("submarine", 10)).toEqual([]);
  });

  it("cuts a snippet around the words, with ellipses where the text goes on", () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    words[30] = "baseball";
    const index = new TextIndex([words.join(" ")]);
    const snippet = index.snippet(0, ["baseball"]);
    expect(snippet).toMatch(/^…w28 w29 baseball w31 .*…$/);
  });
});

describe("DescriptionSearch on the offline sample", () => {
  // A distinctive word from a real VN description: the least common word of 6+ letters in it.
  const vn = catalogue.vn.find((v) => !v.hidden && v.description.length > 400 && !/\[spoiler\]/i.test(v.description))!;
  const counts = new Map<string, number>();
  for (const v of catalogue.vn) for (const w of new Set(wordsOf(v.description).map((x) => x.word))) counts.set(w, (counts.get(w) ?? 0) + 1);
  const rare = wordsOf(vn.description).map((w) => w.word).filter((w) => w.length >= 6).sort((a, b) => counts.get(a)! - counts.get(b)! || a.localeCompare(b))[0]!;

  it("finds the VN whose description holds a rare word, with a snippet holding it", () => {
    const answer = search.search("vn", rare, 5);
    expect(answer.hits.map((h) => h.id)).toContain(vn.id);
    const hit = answer.hits.find((h) => h.id === vn.id)!;
    expect(hit.matched).toEqual([rare]);
    expect(wordsOf(hit.snippet).map((w) => w.word)).toContain(rare);
    expect(answer.searched).toBe(catalogue.vn.filter((v) => !v.hidden && v.description).length);
  });

  it("never finds an entry by words inside its [spoiler] blocks", () => {
    const spoiled = catalogue.character.find((c) => /\[spoiler\]([^[]{20,})\[\/spoiler\]/i.test(c.description) && !c.hidden);
    expect(spoiled).toBeDefined();
    const inside = /\[spoiler\]([^[]+)\[\/spoiler\]/i.exec(spoiled!.description)![1]!;
    const outside = spoiled!.description.replace(/\[spoiler\][\s\S]*?\[\/spoiler\]/gi, " ");
    const secret = wordsOf(inside).map((w) => w.word).find((w) => w.length >= 5 && !wordsOf(outside).some((o) => o.word === w));
    expect(secret).toBeDefined();
    expect(search.search("character", secret!, 50).hits.map((h) => h.id)).not.toContain(spoiled!.id);
  });

  it("answers nothing, not an error, for words no description holds", () => {
    expect(search.search("vn", "zzzqqqx", 5).hits).toEqual([]);
  });
});
