// Search-word normalisation (reference §8.6), used by the searchrank rule and the emulator.
import { describe, expect, it } from "vitest";
import { normalizeSearchTerm, searchWords } from "../../src/kana/search-normalize.js";

describe("normalizeSearchTerm", () => {
  it.each([
    ["Fate", "fate"],
    ["Fate/stay", "fate/stay"],
    ["Tsukihime™", "tsukihime"],
    ["Café", "cafe"],
    ["ＦＡＴＥ", "fate"], // NFKC folds full-width letters
    ["Straße", "strasse"],
    ["@home", "ahome"],
    ["Muv-Luv", "muvluv"],
    ["Ever17: the out of infinity", "ever17theoutofinfinity"],
    ["Rewrite+", "rewrite"],
    ["D.C.", "dc"],
    ["「君が望む永遠」", "君が望む永遠"],
    ["Little Busters!", "littlebusters"],
    ["Grisaia★", "grisaia"],
    ["Steins;Gate", "steins;gate"],
    ["Rock*n", "rockxn"],
    ["Black&White", "blackandwhite"],
    ["Fandisc", "fandisk"],
    ["Gray", "grey"],
    ["Colour", "color"],
    ["Senpai", "sempai"],
    ["!!!", ""],
    ["ー", ""],
  ])("%j → %j", (input, expected) => {
    expect(normalizeSearchTerm(input)).toBe(expected);
  });
});

describe("searchWords", () => {
  it.each([
    ["fate stay night", ["fate", "stay", "night"]],
    ["  fate   ", ["fate"]],
    ['"fate stay" night', ["fatestay", "night"]],
    ["fate FATE Fate", ["fate"]],
    ["- !!! ~", []],
    ["", []],
    ["   ", []],
    ["fate\u3000night", ["fate", "night"]],
    ['"" fate', ['""', "fate"].map((w) => normalizeSearchTerm(w)).filter((w) => w !== "")],
  ])("%j → %j", (input, expected) => {
    expect(searchWords(input)).toEqual(expected);
  });
});
