import { describe, expect, it } from "vitest";
import { didYouMean, editDistance, hintFor, type HintInput, type HintTables } from "../../src/kana/hints.js";

const tables: HintTables = {
  fieldNames: () => ["title", "titles", "votecount", "developers", "devstatus", "image", "released"],
  filterNames: () => ["lang", "olang", "platform", "released", "developer", "tag", "dtag", "search"],
  sortNames: () => ["id", "title", "released", "rating"],
  memberNames: () => ["fields", "filters", "results", "sort", "reverse"],
};

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["abc", "abc", 0],
    ["abc", "abd", 1],
    ["abc", "acb", 1], // one transposition
    ["title", "titel", 1],
    ["kitten", "sitting", 3],
    ["", "abc", 3],
  ])("%j ↔ %j = %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe("didYouMean", () => {
  const names = tables.fieldNames("vn");
  it.each([
    ["titel", ["title"]], // "titles" is two edits away: too far for 5 letters
    ["vote_count", ["votecount"]],
    ["Released", ["released"]],
    ["dev", ["devstatus", "developers"]], // contained in them; shorter names first
    ["develop", ["developers"]],
    ["zzzzzz", []],
    ["ab", []], // too short for substring matches, too far by distance
    ["title", ["titles"]], // an exact name is not suggested back
  ])("%j → %j", (input, expected) => {
    expect(didYouMean(input, names)).toEqual(expected);
  });
});

describe("hintFor", () => {
  const base: Omit<HintInput, "message" | "status"> = { kind: "http", endpoint: "/vn" };
  const cases: [string, Partial<HintInput> & { message: string; status: number | null }, RegExp | undefined][] = [
    ["unknown filter", { message: "Invalid 'langauge' filter: Unknown field.", status: 400 }, /'lang'|'olang'/],
    ["unknown field", { message: "Invalid 'fields' member: Field 'titel' not found", status: 400 }, /Did you mean 'title'/],
    ["unknown member", { message: "Unknown member 'filter'.", status: 400 }, /'filters'/],
    ["bad sort", { message: "Invalid 'sort' member.", status: 400 }, /id, title, released, rating/],
    ["too much data", { message: "Too much data selected (estimated 137600 fields)", status: 400 }, /fewer fields/],
    ["401 token", { message: "Invalid token.", status: 401 }, /vndb\.org\/u<your id>\/tokens/],
    ["401 unauthorized", { message: "Unauthorized", status: 401 }, /listwrite/],
    ["429", { message: "Throttled on query execution time.", status: 429, retryAfterMs: 4_200 }, /wait 5 s/],
    ["timeout", { message: "Processing timeout", status: 500 }, /3-second/],
    ["budget", { kind: "budget", message: "Rate limit reached", status: null, retryAfterMs: 61_000 }, /wait 61 s/],
    ["sub-fields", { message: "Invalid 'fields' member: The 'image' object requires specifying sub-field(s).", status: 400 }, /image\.url/],
    ["plain invalid member", { message: "Invalid 'results' member.", status: 400 }, undefined],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    const hint = hintFor({ ...base, ...input }, tables);
    if (expected === undefined) expect(hint).toBeUndefined();
    else expect(hint).toMatch(expected);
  });

  it("offers filter suggestions only for query endpoints", () => {
    expect(hintFor({ ...base, endpoint: "/schema", status: 400, message: "Invalid 'langauge' filter: Unknown field." }, tables)).toBeUndefined();
  });
});
