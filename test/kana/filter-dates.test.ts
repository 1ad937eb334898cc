// Release-date reading of the `released` filter (reference §8.3, vectors README on "00").
import { describe, expect, it } from "vitest";
import { formatFuzzyDate, parseFuzzyDate } from "../../src/kana/dates.js";

describe("parseFuzzyDate", () => {
  it.each<[string, number]>([
    ["2020-01-01", 20200101],
    ["2022", 20229999],
    ["2022-01", 20220199],
    ["2022-00", 20220099],
    ["20220099", 20220099],
    ["today", 1],
    ["TODAY", 1],
    ["1", 1],
    ["unknown", 0],
    ["Unknown", 0],
    ["0", 0],
    ["TBA", 99999999],
    ["tba", 99999999],
    ["99999999", 99999999],
    ["1980-01-01", 19800101],
    ["2100-12-31", 21001231],
    ["2024-02-29", 20240229],
  ])("%s → %d", (text, value) => {
    expect(parseFuzzyDate(text)).toBe(value);
  });

  it.each([
    "1979-12-31", "2101", "2101-01-01", "2022-13", "2022-02-30", "2023-02-29", "2022-00-10",
    "20220100", "20221301", "-20200101", "TBA2", "2022-1-1", "22-01-01", "yesterday", "01",
    // Year 0000 is a true string in Perl (only "0" is false), so rdate range-checks it.
    "0000", "0000-00", "0000-05-05", "00000000", "00009999",
  ])("refuses %s", (text) => {
    expect(parseFuzzyDate(text)).toBeNull();
  });
});

describe("formatFuzzyDate", () => {
  it.each<[number, string]>([
    [1, "today"], [0, "unknown"], [99999999, "TBA"], [20229999, "2022"], [20220199, "2022-01"], [20200101, "2020-01-01"],
  ])("%d → %s and back", (value, text) => {
    expect(formatFuzzyDate(value)).toBe(text);
    expect(parseFuzzyDate(text)).toBe(value);
  });
});
