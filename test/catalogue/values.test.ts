// Value conversions of the catalogue build, table-driven.
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../scripts/catalogue/sources.js";
import { compareIds, guessLang, imageIdFromUrl, splitAliases, toRDate } from "../../scripts/catalogue/values.js";

describe("toRDate", () => {
  it.each([
    ["2011-06-24", 20110624],
    ["2026-08", 20260899],
    ["2026", 20269999],
    ["TBA", 99999999],
    [null, 0],
    ["", 0],
  ] as const)("%s → %d", (input, expected) => {
    expect(toRDate(input)).toBe(expected);
  });

  it("rejects other shapes", () => {
    expect(() => toRDate("24/06/2011")).toThrow(/Unrecognised date/);
  });
});

describe("imageIdFromUrl", () => {
  it.each([
    ["https://s2.vndb.org/cv/22/14222.jpg", "cv14222"],
    ["https://t.vndb.org/cv/12/75612.jpg", "cv75612"],
    ["https://s2.vndb.org/sf/90/22290.jpg", "sf22290"],
    ["https://s2.vndb.org/ch/89/74289.jpg", "ch74289"],
    ["https://t.vndb.org/sf.t/90/22290.jpg", "sf22290"],
  ])("%s → %s", (url, id) => {
    expect(imageIdFromUrl(url)).toBe(id);
  });

  it("rejects non-VNDB URLs", () => {
    expect(() => imageIdFromUrl("https://example.org/a.png")).toThrow();
  });
});

describe("guessLang", () => {
  it.each([
    ["ユーフォリア", "ja"],
    ["메이드 카페 시뮬레이터", "ko"],
    ["GIFT from GOD", "ja"],
    [null, "ja"],
  ])("%s → %s", (title, lang) => {
    expect(guessLang(title)).toBe(lang);
  });
});

describe("small helpers", () => {
  it("orders ids numerically within a prefix", () => {
    expect(["v10", "v9", "g2", "v100"].sort(compareIds)).toEqual(["g2", "v9", "v10", "v100"]);
  });

  it("splits multiline aliases and drops empty lines", () => {
    expect(splitAliases("タイプムーン\n\nType Moon \n")).toEqual(["タイプムーン", "Type Moon"]);
    expect(splitAliases(null)).toEqual([]);
  });
});

describe("parseCsv", () => {
  it("keeps quoted commas, newlines and doubled quotes inside a field", () => {
    const text = '"id","alias","description"\np6,"a\nb","say ""hi"", then go"\np7,,\n';
    expect(parseCsv(text)).toEqual([
      { id: "p6", alias: "a\nb", description: 'say "hi", then go' },
      { id: "p7", alias: "", description: "" },
    ]);
  });

  it("rejects rows with the wrong number of fields", () => {
    expect(() => parseCsv("a,b\n1,2,3\n")).toThrow(/3 fields/);
  });
});
