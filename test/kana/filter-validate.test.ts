// validateFilters against the rules of reference §8 (expected values taken from the
// reference text and its [run] examples).
import { describe, expect, it } from "vitest";
import { validateFilters, filterErrorMessage, MAX_FILTER_NODES, type FilterContext } from "../../src/kana/filter-validate.js";
import type { QueryEndpoint, Session } from "../../src/kana/types.js";

const ANON: FilterContext = { session: null, rawUser: undefined };
const U2: Session = { userId: "u2", userName: "testuser", listread: true, listwrite: true };

function ok(endpoint: QueryEndpoint, value: unknown, ctx: FilterContext = ANON): unknown {
  const r = validateFilters(endpoint, value, ctx);
  if (!r.ok) throw new Error(`refused: ${filterErrorMessage(r.error)}`);
  return r.filter;
}

function refusal(endpoint: QueryEndpoint, value: unknown, ctx: FilterContext = ANON): string {
  const r = validateFilters(endpoint, value, ctx);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(r.filter)}`);
  return filterErrorMessage(r.error);
}

describe("no filter", () => {
  it.each([[[]], [""], [null], [false], [undefined], ["[]"]])("%j means no filter", (value) => {
    expect(ok("vn", value)).toBeNull();
  });
});

describe("input forms", () => {
  const NORMAL = ["lang", "=", "en"];
  it.each<[string, unknown]>([
    ["named JSON", ["lang", "=", "en"]],
    ["compact JSON with a numeric field", [2, "=", "en"]],
    ["compact JSON with a digit-string field", ["2", "=", "en"]],
    ["JSON in a string", '["lang","=","en"]'],
    ["JSON in a string with spaces", '[ "lang" , "=" , "en" ]'],
    ["compact string", "2gen"],
  ])("%s", (_what, value) => {
    expect(ok("vn", value)).toEqual(NORMAL);
  });
  it("maps 0/1 to and/or", () => {
    expect(ok("vn", [1, [0, ["id", "=", 1]], ["id", "=", 2]])).toEqual([
      "or",
      ["and", ["id", "=", "v1"]],
      ["id", "=", "v2"],
    ]);
  });
  it("/ulist takes the VN filters", () => {
    expect(ok("ulist", ["olang", "!=", "ja"])).toEqual(["olang", "!=", "ja"]);
  });
});

describe("structural errors (§8.2)", () => {
  it.each<[QueryEndpoint, unknown, string]>([
    ["vn", ["and"], "Invalid 'filters' member: Invalid query"],
    ["vn", ["and", []], "Invalid 'filters' member: Invalid query"],
    ["vn", {}, "Invalid 'filters' member: Invalid query"],
    ["vn", ["release", "=", "foo"], "Invalid 'filters' member: Invalid query"],
    ["vn", ["id", "=", 1, 2], "Invalid 'filters' member: Invalid predicate"],
    ["vn", ["AND", ["id", "=", 1], ["id", "=", 2]], "Invalid 'filters' member: Invalid predicate"],
    ["vn", ["id", null, 1], "Invalid 'filters' member: Invalid predicate"],
    ["vn", ["foo", "=", 1], "Invalid 'foo' filter: Unknown field."],
    ["vn", ["character", "=", ["vn", "=", ["role", "=", "main"]]], "Invalid 'role' filter: Unknown field."],
    ["vn", ["0080", "=", 17], "Invalid '0080' filter: Unknown field."],
    // An empty field name is false in Perl, and API.pm only names a field when it is true.
    ["vn", ["", "=", 17], "Invalid 'filters' member: Unknown field"],
    ["vn", [false, "=", 17], "Invalid 'filters' member: Unknown field"],
    ["release", ["and", ["id", "=", 1], ["", "!=", "x"]], "Invalid 'filters' member: Unknown field"],
    ["vn", ["id", "~", 1], "Invalid 'id' filter: Invalid operator."],
    ["vn", ["lang", ">", "en"], "Invalid 'lang' filter: Invalid operator."],
    ["vn", ["length", ">", 3], "Invalid 'length' filter: Invalid operator."],
    ["vn", ["release", "<", ["lang", "=", "en"]], "Invalid 'release' filter: Invalid operator."],
    ["vn", "[bad json", "Invalid 'filters' member: Invalid JSON"],
    ["vn", '["a\tb"]', "Invalid 'filters' member: Invalid JSON"],
    ["vn", "zzz", "Invalid 'filters' member: Invalid compact encoded form"],
    ["vn", 5, "Invalid 'filters' member: Invalid compact encoded form"],
    ["vn", "search ~ x", "Invalid 'filters' member: Trailing garbage"],
    ["staff", "N38N10h", "Invalid '52' filter: Unknown field."], // staff has no field 52
    ["vn", "N38N10h", "Invalid '50' filter: Unknown field."],
  ])("%s %j → %s", (endpoint, value, message) => {
    expect(refusal(endpoint, value)).toBe(message);
  });
});

describe("node limit", () => {
  const ids = (n: number): unknown[] => Array.from({ length: n }, (_, i) => ["id", "=", i + 1]);
  it(`accepts ${MAX_FILTER_NODES} nodes (an or with 1000 predicates)`, () => {
    expect(ok("vn", ["or", ...ids(MAX_FILTER_NODES - 1)])).toHaveLength(MAX_FILTER_NODES);
  });
  it(`refuses ${MAX_FILTER_NODES + 1} nodes`, () => {
    expect(refusal("vn", ["or", ...ids(MAX_FILTER_NODES)])).toBe("Invalid 'filters' member: Too many predicates");
  });
  it("counts nodes inside nested queries", () => {
    // and + release + or + 998 ids = 1001 nodes; one more predicate makes 1002.
    const nested = ["release", "=", ["or", ...Array.from({ length: 998 }, (_, i) => ["id", "=", i + 1])]];
    expect(ok("vn", ["and", nested])).not.toBeNull();
    expect(refusal("vn", ["and", ["id", "=", 1], nested])).toBe("Invalid 'filters' member: Too many predicates");
  });
});

describe("values (§8.3)", () => {
  it.each<[QueryEndpoint, unknown, unknown]>([
    ["vn", ["id", "=", 17], ["id", "=", "v17"]],
    ["release", ["id", ">", 12], ["id", ">", "r12"]],
    ["vn", ["id", "=", " v17 "], ["id", "=", "v17"]],
    ["vn", ["rating", ">=", "80"], ["rating", ">=", 80]],
    ["vn", ["has_description", "=", true], ["has_description", "=", 1]],
    ["vn", ["released", ">=", "2020-01-01"], ["released", ">=", 20200101]],
    ["vn", ["released", "=", "2022"], ["released", "=", 20229999]],
    ["vn", ["released", "<", "2022-01"], ["released", "<", 20220199]],
    ["vn", ["released", "=", "today"], ["released", "=", 1]],
    ["vn", ["released", "=", "unknown"], ["released", "=", 0]],
    ["vn", ["released", "=", null], ["released", "=", 0]],
    ["vn", ["released", "=", "TBA"], ["released", "=", 99999999]],
    ["vn", ["released", "=", "2022-00"], ["released", "=", 20220099]],
    ["vn", ["tag", "=", "g505"], ["tag", "=", ["g505", 0, 0]]],
    ["vn", ["tag", "=", 505], ["tag", "=", ["g505", 0, 0]]],
    ["vn", ["tag", "=", [505, 2, 1.2]], ["tag", "=", ["g505", 2, 1.2]]],
    ["vn", ["tag", "=", [505, 2, 1.2, 1]], ["tag", "=", ["g505", 2, 1.2, 1]]],
    ["vn", ["dtag", "!=", [505, 0, 0, 0]], ["dtag", "!=", ["g505", 0, 0]]],
    // Packed: 1*48 + floor(1.2*5)*3 + 2 = 68.
    ["vn", ["tag", "=", [505, 68]], ["tag", "=", ["g505", 2, 1.2, 1]]],
    ["character", ["trait", "=", "i5"], ["trait", "=", ["i5", 0]]],
    ["character", ["trait", "=", ["i5", 4]], ["trait", "=", ["i5", 1, 1]]],
    ["character", ["trait", "=", ["i5", 0, 1]], ["trait", "=", ["i5", 2, 1]]],
    ["vn", ["label", "=", ["u2", 7]], ["label", "=", ["u2", 7]]],
    ["vn", ["label", "=", [2, "7"]], ["label", "=", ["u2", 7]]],
    ["release", ["extlink", "=", "steam"], ["extlink", "=", "steam"]],
    ["release", ["extlink", "=", "steam,702050"], ["extlink", "=", ["steam", "702050"]]],
    ["release", ["extlink", "=", ["steam", 702050]], ["extlink", "=", ["steam", 702050]]],
    ["release", ["extlink", "=", "https://store.steampowered.com/app/702050/"], ["extlink", "=", ["steam", "702050"]]],
    ["staff", ["extlink", "=", "website"], ["extlink", "=", "website"]],
    ["release", ["resolution", "<=", ["640", 480]], ["resolution", "<=", [640, 480]]],
    ["character", ["birthday", "=", null], ["birthday", "=", [0, 0]]],
    ["character", ["sex", "=", "unknown"], ["sex", "=", ""]],
    ["release", ["voiced", "=", null], ["voiced", "=", 0]],
    ["release", ["engine", "=", null], ["engine", "=", ""]],
    ["release", ["minage", "=", null], ["minage", "=", null]],
    ["vn", ["search", "=", "  fate  "], ["search", "=", "fate"]],
    ["vn", ["search", "=", ""], ["search", "=", null]],
    ["vn", ["search", "=", 123], ["search", "=", "123"]],
    ["vn", ["search", "=", ["x"]], ["search", "=", null]],
  ])("%s %j", (endpoint, value, normalized) => {
    expect(ok(endpoint, value)).toEqual(normalized);
  });

  it.each<[QueryEndpoint, unknown]>([
    ["vn", ["id", "=", [1, 2]]],
    ["vn", ["id", "=", "017"]],
    ["vn", ["id", "=", "v10000000"]],
    ["vn", ["id", "=", "r17"]],
    ["vn", ["lang", "=", "xx"]],
    ["vn", ["lang", "=", "EN"]],
    ["vn", ["rating", ">=", 80.5]],
    ["vn", ["rating", ">=", 9]],
    ["release", ["minage", "=", 5]],
    ["vn", ["has_description", "=", 0]],
    ["vn", ["released", ">", "1975-01-01"]],
    ["vn", ["released", "=", "2022-02-30"]],
    ["vn", ["released", "=", "2022-00-10"]],
    ["vn", ["released", "=", "2101"]],
    ["release", ["extlink", "=", "nosuchsite"]],
    ["release", ["extlink", "=", " steam "]],
    ["release", ["extlink", "=", "https://example.com/"]],
    ["vn", ["tag", "=", ["g505", 0, 3.01]]],
    ["vn", ["tag", "=", ["g505"]]],
    ["character", ["trait", "=", ["i5", 1.5]]],
    ["release", ["resolution", "=", [0, 32768]]],
    ["character", ["birthday", "=", [2, 32]]],
    ["staff", ["gender", "=", "o"]],
    ["vn", ["label", "=", 7]],
  ])("%s %j is an invalid value", (endpoint, value) => {
    expect(refusal(endpoint, value)).toMatch(/^Invalid '[a-z_]+' filter: Invalid value\.$/);
  });
});

describe("label completion (§8.3)", () => {
  it("uses the raw user member first", () => {
    expect(ok("vn", ["label", "=", 7], { session: U2, rawUser: "u3" })).toEqual(["label", "=", ["u3", 7]]);
  });
  it("prefixes a numeric user member", () => {
    expect(ok("vn", ["label", "=", 5], { session: null, rawUser: 4 })).toEqual(["label", "=", ["u4", 5]]);
  });
  it("falls back to the session's user", () => {
    expect(ok("vn", ["label", "=", 0], { session: U2, rawUser: undefined })).toEqual(["label", "=", ["u2", 0]]);
  });
  it("refuses a bad user member even with a session", () => {
    expect(refusal("vn", ["label", "!=", 7], { session: U2, rawUser: "x1" })).toBe("Invalid 'label' filter: Invalid value.");
  });
});
