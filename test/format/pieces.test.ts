import { describe, expect, it } from "vitest";
import { dropEmpty } from "../../src/format/prune.js";
import { cutText } from "../../src/format/text-cut.js";
import { displayTitle } from "../../src/format/titles.js";
import { hideSpoilers } from "../../src/format/spoilers.js";
import { vndbUrl } from "../../src/format/links.js";
import { approxTokens } from "../../src/format/tokens.js";
import { countTokens } from "@anthropic-ai/tokenizer";

describe("displayTitle", () => {
  it.each([
    ["VN with original", { title: "Ever17", alttitle: "エバー17" }, "Ever17 (エバー17)"],
    ["VN, alttitle null", { title: "Planetarian", alttitle: null }, "Planetarian"],
    ["VN, identical original", { title: "CLANNAD", alttitle: "CLANNAD" }, "CLANNAD"],
    ["titles[] main with latin", { titles: [{ lang: "en", title: "X", main: false }, { lang: "ja", title: "星", latin: "Hoshi", main: true }] }, "Hoshi (星)"],
    ["titles[] main without latin", { titles: [{ lang: "en", title: "Star", latin: null, main: true }] }, "Star"],
    ["producer", { name: "Key", original: "鍵" }, "Key (鍵)"],
    ["tag", { name: "Nakige" }, "Nakige"],
    ["list label", { id: 1, label: "Playing" }, "Playing"],
    ["quote", { quote: "El Psy Kongroo" }, "“El Psy Kongroo”"],
    ["list entry via its VN", { id: "v17", vn: { title: "Ever17", alttitle: null } }, "Ever17"],
    ["nothing to show", { id: "v1" }, null],
  ])("%s", (_n, entry, expected) => {
    expect(displayTitle(entry as Record<string, unknown>)).toBe(expected);
  });
});

describe("dropEmpty", () => {
  it.each([
    ["nulls and empty arrays go", { a: null, b: [], c: 1 }, { c: 1 }],
    ["empty strings and objects go", { a: "", b: {}, c: "x" }, { c: "x" }],
    ["false and 0 stay", { patch: false, qty: 0 }, { patch: false, qty: 0 }],
    ["nested objects emptied by pruning go", { image: { url: null, dims: [] }, id: "v1" }, { id: "v1" }],
    ["positional nulls inside arrays stay", { sex: [null, "f"] }, { sex: [null, "f"] }],
    ["arrays of objects are pruned inside", { tags: [{ id: "g1", note: null }] }, { tags: [{ id: "g1" }] }],
  ])("%s", (_n, input, expected) => {
    expect(dropEmpty(input)).toEqual(expected);
  });
});

describe("cutText", () => {
  const para = "First paragraph is here.\n\nSecond paragraph goes on and on.";
  it.each([
    ["short text untouched", "short", 10, "short", 0],
    ["cut at paragraph end", para, 40, "First paragraph is here. … [cut: 34 more characters]", 34],
    ["cut at sentence end", "One two. Three four five six.", 12, "One two. … [cut: 21 more characters]", 21],
    ["backtracking is bounded: a far sentence end loses to a space", "One two. Three four five six.", 20, "One two. Three four … [cut: 10 more characters]", 10],
    ["cut at a space", "alpha beta gamma delta", 13, "alpha beta … [cut: 12 more characters]", 12],
    ["zero keeps nothing but says so", "abc", 0, "[3 characters left out]", 3],
  ])("%s", (_n, input, max, expected, omitted) => {
    const r = cutText(input, max);
    expect(r.text).toBe(expected);
    expect(r.omitted).toBe(omitted);
    expect(input.length - r.omitted).toBeLessThanOrEqual(Math.max(max, 0));
  });

  it("never splits a surrogate pair", () => {
    const r = cutText("ab😀cd", 3);
    expect(r.text.startsWith("ab ")).toBe(true);
  });
});

describe("hideSpoilers", () => {
  const vn = {
    tags: [
      { id: "g1", spoiler: 0 },
      { id: "g2", spoiler: 1 },
      { id: "g3", spoiler: 2 },
    ],
    relations: [{ id: "v2", relation: "seq" }],
  };
  it.each([
    [0, ["g1"], { tags: 2 }],
    [1, ["g1", "g2"], { tags: 1 }],
    [2, ["g1", "g2", "g3"], {}],
  ])("level %i keeps %j", (level, kept, hidden) => {
    const counts = {};
    const out = hideSpoilers(vn, level, counts);
    expect(out.tags.map((t) => t.id)).toEqual(kept);
    expect(out.relations).toEqual(vn.relations);
    expect(counts).toEqual(hidden);
  });

  it.each([
    ["real sex differs: masked below 2", 0, { sex: ["f", "m"] }, { sex: ["f", "f"] }, { sex: 1 }],
    ["real sex differs: shown at 2", 2, { sex: ["f", "m"] }, { sex: ["f", "m"] }, {}],
    ["same sex: nothing hidden", 0, { gender: ["m", "m"] }, { gender: ["m", "m"] }, {}],
    ["nested character traits and vns", 0,
      { traits: [{ id: "i1", spoiler: 0 }, { id: "i2", spoiler: 2 }], vns: [{ id: "v1", spoiler: 1 }] },
      { traits: [{ id: "i1", spoiler: 0 }], vns: [] }, { traits: 1, vns: 1 }],
    ["deep: a list entry's VN tags", 0,
      { vn: { tags: [{ id: "g5", spoiler: 2 }] } }, { vn: { tags: [] } }, { tags: 1 }],
    ["a lie is a major spoiler whatever its grade", 1,
      { tags: [{ id: "g6", spoiler: 0, lie: true }, { id: "g7", spoiler: 0, lie: false }] },
      { tags: [{ id: "g7", spoiler: 0, lie: false }] }, { tags: 1 }],
    ["a lie is shown at level 2", 2,
      { traits: [{ id: "i8", spoiler: 0, lie: true }] }, { traits: [{ id: "i8", spoiler: 0, lie: true }] }, {}],
  ])("%s", (_n, level, input, expected, hidden) => {
    const counts = {};
    expect(hideSpoilers(input, level, counts)).toEqual(expected);
    expect(counts).toEqual(hidden);
  });
});

describe("vndbUrl", () => {
  it.each([
    ["v17", "https://vndb.org/v17"],
    ["r12", "https://vndb.org/r12"],
    ["sf190", null],
    ["q5", null],
    [17, null],
  ])("%s", (id, url) => expect(vndbUrl(id)).toBe(url));
});

describe("approxTokens", () => {
  // The estimate must not undercount real tokenizers much on the text VNDB results make.
  it.each([
    ["English prose", "The protagonist wakes up in an underwater theme park that is slowly flooding, with no memory of who he is."],
    ["JSON", JSON.stringify({ id: "v17", title: "Ever17", rating: 86.53, languages: ["en", "ja"], tags: [{ id: "g7", rating: 2.8 }] })],
    ["Japanese", "エバー17 -the out of infinity- 櫻の森の下を歩む"],
  ])("%s within range of the Anthropic tokenizer", (_n, text) => {
    const real = countTokens(text);
    const est = approxTokens(text);
    expect(est).toBeGreaterThanOrEqual(real * 0.8);
    expect(est).toBeLessThanOrEqual(real * 2);
  });
});
