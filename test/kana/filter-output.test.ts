// The response echoes of a filter (reference §9.5, §10 and the vectors README quirks).
import { describe, expect, it } from "vitest";
import { filterOutputs, toCompactJson } from "../../src/kana/filter-output.js";
import type { Filter, QueryEndpoint } from "../../src/kana/types.js";

const BOTH = { compact: true, normalized: true };
const NORMALIZED_ONLY = { compact: false, normalized: true };

describe("without a filter", () => {
  it("echoes an empty compact string and a null normalized filter", () => {
    expect(filterOutputs("vn", null, BOTH)).toEqual({ compactFilters: "", normalizedFilters: null });
  });
  it("includes only what was asked for", () => {
    expect(filterOutputs("vn", ["id", "=", "v17"], { compact: false, normalized: false })).toEqual({});
  });
});

describe("compact strings (§9.6)", () => {
  it.each<[QueryEndpoint, Filter, string]>([
    ["vn", ["id", "=", "v17"], "Nv0h"],
    ["release", ["id", ">", "r12"], "Nv3c"],
    ["producer", ["id", "<=", "p30"], "34u"],
    ["staff", ["id", "=", "s81"], "30Nw"],
    ["vn", ["released", "=", 20229999], "70_0c9O_"],
    ["vn", ["released", "=", 1], "701"],
    ["vn", ["released", "=", 0], "700"],
    ["vn", ["tag", "=", ["g505", 0, 0]], "80U8"],
    ["vn", ["tag", "=", ["g505", 2, 1.2]], "8EU8k"],
    ["vn", ["tag", "=", ["g505", 2, 1.2, 1]], "8EU8Nj"],
    ["vn", ["tag", "=", ["g505", 2, 1.3]], "8EU8k"], // levels floor to 0.2 steps
    ["vn", ["dtag", "!=", ["g505", 0, 0]], "e1U8"],
    ["vn", ["label", "=", ["u2", 7]], "cE27"],
    ["vn", ["search", "=", "fate stay night"], "Nwwfate_0stay_0night-"],
    ["vn", ["search", "=", null], "Nww-"],
    ["release", ["extlink", "=", ["steam", 702050]], "jwsteam_c702050-"],
    ["release", ["extlink", "=", ["steam", "702050"]], "jwsteam_c702050-"],
    ["release", ["resolution", "<=", [640, 480]], "8IWfTL"],
    ["release", ["minage", "=", null], "aw-"],
    ["release", ["voiced", "=", 0], "c00"],
    ["vn", ["character", "=", ["trait", "=", ["i5", 1]]], "N28dE51"],
    ["character", ["birthday", "=", [2, 0]], "eE20"],
    ["vn", ["or", ["and", ["id", "=", "v1"], ["id", "=", "v2"]], ["id", "=", "v3"]], "1202Nv01Nv02Nv03"],
  ])("%s %j → %s", (endpoint, filter, compact) => {
    expect(filterOutputs(endpoint, filter, BOTH).compactFilters).toBe(compact);
  });

  it("builds the docs' nested example in compact JSON form", () => {
    const filter: Filter = [
      "and",
      ["or", ["lang", "=", "en"], ["lang", "=", "de"], ["lang", "=", "fr"]],
      ["olang", "!=", "ja"],
      ["release", "=", ["and", ["released", ">=", 20200101], ["producer", "=", ["id", "=", "p30"]]]],
    ];
    expect(toCompactJson("vn", filter)).toEqual([
      0,
      [1, [2, "=", "en"], [2, "=", "de"], [2, "=", "fr"]],
      [3, "!=", "ja"],
      [50, "=", [0, [7, ">=", 20200101], [55, "=", [3, "=", 30]]]],
    ]);
    expect(filterOutputs("vn", filter, BOTH).compactFilters).toBe("03132gen2gde2gfr3hjaN180272_0c2vQN6830u");
  });
});

describe("normalized_filters typing quirks", () => {
  it.each<[string, QueryEndpoint, Filter, unknown, unknown]>([
    ["label ids are strings", "vn", ["label", "=", ["u2", 7]], ["label", "=", ["u2", "7"]], ["label", "=", ["u2", "7"]]],
    ["today is the string 1", "vn", ["released", "=", 1], ["released", "=", "1"], ["released", "=", "1"]],
    ["other dates stay numbers", "vn", ["released", "=", 20200101], ["released", "=", 20200101], ["released", "=", 20200101]],
    ["pair heads become strings with compact", "release", ["resolution", "=", [640, 480]], ["resolution", "=", ["640", 480]], ["resolution", "=", [640, 480]]],
    ["birthday too", "character", ["birthday", "=", [12, 25]], ["birthday", "=", ["12", 25]], ["birthday", "=", [12, 25]]],
    ["integer extlink values too", "release", ["extlink", "=", ["steam", 702050]], ["extlink", "=", ["steam", "702050"]], ["extlink", "=", ["steam", 702050]]],
    ["fractional extlink values stay numbers", "release", ["extlink", "=", ["twitter", 1.5]], ["extlink", "=", ["twitter", 1.5]], ["extlink", "=", ["twitter", 1.5]]],
    ["nested values follow the same rules", "vn", ["character", "=", ["birthday", "=", [2, 0]]], ["character", "=", ["birthday", "=", ["2", 0]]], ["character", "=", ["birthday", "=", [2, 0]]]],
  ])("%s", (_what, endpoint, filter, withCompact, without) => {
    expect(JSON.stringify(filterOutputs(endpoint, filter, BOTH).normalizedFilters)).toBe(JSON.stringify(withCompact));
    expect(JSON.stringify(filterOutputs(endpoint, filter, NORMALIZED_ONLY).normalizedFilters)).toBe(JSON.stringify(without));
  });

  it("does not modify the filter it is given", () => {
    const filter: Filter = ["resolution", "=", [640, 480]];
    filterOutputs("release", filter, BOTH);
    expect(filter).toEqual(["resolution", "=", [640, 480]]);
  });
});
