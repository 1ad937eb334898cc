import { describe, expect, it } from "vitest";
import { toPredicate } from "../../src/filters/to-predicate.js";
import type { NameKind, NameResolver, Resolution } from "../../src/filters/resolver.js";
import { FILTERS, type FilterDef } from "../../src/kana/filters.js";
import { EXTLINK_SITES } from "../../src/schema/index.js";
import { QUERY_ENDPOINTS, type EntityType } from "../../src/kana/types.js";

/** A resolver over a fixed table of names, counting lookups. */
function fakeResolver(table: Record<string, Resolution>): NameResolver & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async resolve(kind: NameKind, name: string) {
      calls.push(`${kind}:${name}`);
      return table[`${kind}:${name}`] ?? { ok: false, reason: "unknown", candidates: [] };
    },
  };
}

const resolver = fakeResolver({
  "tag:Nakige": { ok: true, id: "g1125", name: "Nakige", how: "exact" },
  "producer:Key": { ok: true, id: "p24", name: "Key (鍵)", how: "exact" },
  "staff:Uchikoshi": { ok: true, id: "s81", name: "Kotaro Uchikoshi", how: "search" },
  "trait:Tsundere": { ok: true, id: "i153", name: "Tsundere", how: "exact" },
  "tag:Romance": {
    ok: false,
    reason: "ambiguous",
    candidates: [
      { id: "g96", name: "Romance", note: "cont" },
      { id: "g2121", name: "Romance Comedy", note: "cont" },
    ],
  },
});

// Structured input → the VNDB predicate a person would write by hand from reference §8.
const CASES: [string, string, unknown, unknown][] = [
  ["plain equality", "vn", { lang: "en" }, ["lang", "=", "en"]],
  ["comparison", "vn", { rating: { gte: 80 } }, ["rating", ">=", 80]],
  ["range", "vn", { released: { gte: "2020", lt: "2021-06" } }, ["and", ["released", ">=", "2020"], ["released", "<", "2021-06"]]],
  ["ne", "vn", { olang: { ne: "ja" } }, ["olang", "!=", "ja"]],
  ["any", "vn", { lang: { any: ["en", "de"] } }, ["or", ["lang", "=", "en"], ["lang", "=", "de"]]],
  ["all", "vn", { platform: { all: ["win", "lin"] } }, ["and", ["platform", "=", "win"], ["platform", "=", "lin"]]],
  ["none", "vn", { lang: { none: ["en"] } }, ["lang", "!=", "en"]],
  ["several keys are ANDed", "vn", { lang: "en", devstatus: 0 }, ["and", ["lang", "=", "en"], ["devstatus", "=", 0]]],
  ["or group", "vn", { or: [{ lang: "en" }, { olang: "en" }] }, ["or", ["lang", "=", "en"], ["olang", "=", "en"]]],
  ["and group inside or", "vn", { or: [{ and: [{ lang: "en" }, { length: 1 }] }, { votecount: { gt: 100 } }] },
    ["or", ["and", ["lang", "=", "en"], ["length", "=", 1]], ["votecount", ">", 100]]],
  ["nested entity", "vn", { release: { producer: { search: "Key" } } }, ["release", "=", ["producer", "=", ["search", "=", "Key"]]]],
  ["nested negated", "vn", { release: { ne: { lang: "en" } } }, ["release", "!=", ["lang", "=", "en"]]],
  ["nested by id", "release", { vn: "v17" }, ["vn", "=", ["id", "=", "v17"]]],
  ["nested by name", "vn", { developer: "Key" }, ["developer", "=", ["id", "=", "p24"]]],
  ["staff nested by name", "character", { seiyuu: "Uchikoshi" }, ["seiyuu", "=", ["id", "=", "s81"]]],
  ["tag by name", "vn", { tag: "Nakige" }, ["tag", "=", "g1125"]],
  ["tag by id", "vn", { dtag: "g7" }, ["dtag", "=", "g7"]],
  ["tag with limits", "vn", { tag: { name: "Nakige", min_level: 2, max_spoiler: 1 } }, ["tag", "=", ["g1125", 1, 2]]],
  ["tag without lies", "vn", { tag: { id: 7, no_lies: true } }, ["tag", "=", ["g7", 0, 0, 1]]],
  ["trait by name", "character", { trait: "Tsundere" }, ["trait", "=", "i153"]],
  ["trait with spoiler", "character", { trait: { id: "i5", max_spoiler: 2 } }, ["trait", "=", ["i5", 2]]],
  ["trait without lies", "character", { trait: { id: "i5", max_spoiler: 1, no_lies: true } }, ["trait", "=", ["i5", 1, 1]]],
  ["flag true", "vn", { has_anime: true }, ["has_anime", "=", 1]],
  ["flag false negates", "vn", { has_anime: false }, ["has_anime", "!=", 1]],
  ["flag false under ne", "release", { patch: { ne: false } }, ["patch", "=", 1]],
  ["language by name", "vn", { lang: "English" }, ["lang", "=", "en"]],
  ["enum case", "vn", { lang: "ZH-HANS" }, ["lang", "=", "zh-Hans"]],
  ["platform by label", "release", { platform: "Windows" }, ["platform", "=", "win"]],
  ["date unknown", "release", { released: "unknown" }, ["released", "=", "unknown"]],
  ["null value", "release", { minage: null }, ["minage", "=", null]],
  ["pair", "release", { resolution: { gte: [1280, 720] } }, ["resolution", ">=", [1280, 720]]],
  ["birthday", "character", { birthday: [3, 0] }, ["birthday", "=", [3, 0]]],
  ["extlink", "release", { extlink: "steam" }, ["extlink", "=", "steam"]],
  ["id list", "vn", { id: { any: ["v17", "v18"] } }, ["or", ["id", "=", "v17"], ["id", "=", "v18"]]],
  ["quote random", "quote", { random: true }, ["random", "=", 1]],
  ["ulist uses VN filters", "ulist", { label: "finished" }, ["label", "=", 2]],
  ["raw array", "vn", { raw: ["lang", "=", "en"] }, ["lang", "=", "en"]],
];

// Coded values by the names people use, echoed like entity names.
const CODE_CASES: [string, string, unknown, unknown, string | null][] = [
  ["platform short name", "release", { platform: "Switch" }, ["platform", "=", "swi"], 'platform "Switch" = swi Nintendo Switch'],
  ["platform with punctuation", "vn", { platform: "PS-Vita" }, ["platform", "=", "psv"], 'platform "PS-Vita" = psv PlayStation Vita'],
  ["language label", "vn", { olang: "Japanese" }, ["olang", "=", "ja"], 'language "Japanese" = ja Japanese'],
  ["medium", "release", { medium: "Blu-ray" }, ["medium", "=", "blr"], 'medium "Blu-ray" = blr Blu-ray disc'],
  ["staff role", "staff", { role: "writer" }, ["role", "=", "scenario"], 'staff role "writer" = scenario Scenario'],
  ["voice actor role", "staff", { role: "voice actor" }, ["role", "=", "seiyuu"], 'staff role "voice actor" = seiyuu Voice actor'],
  ["character role", "character", { role: "protagonist" }, ["role", "=", "main"], 'character role "protagonist" = main Protagonist'],
  ["release type", "release", { rtype: "demo" }, ["rtype", "=", "trial"], 'release type "demo" = trial Trial'],
  ["a code is not echoed", "release", { platform: "swi" }, ["platform", "=", "swi"], null],
];

describe("toPredicate code names", () => {
  it.each(CODE_CASES)("%s", async (_n, endpoint, input, expected, echo) => {
    const r = await toPredicate(endpoint as never, input, resolver);
    if (!r.ok) throw new Error(r.message);
    expect(r.filters).toEqual(expected);
    const said = r.resolved.map((x) => `${x.kind} "${x.name}" = ${x.id} ${x.as}`);
    expect(said).toEqual(echo ? [echo] : []);
  });
});

// Lies are major spoilers: below level 2 the answer hides them, so filters must not match them.
const LIE_CASES: [string, string, unknown, number, unknown][] = [
  ["tag at level 0", "vn", { tag: "Nakige" }, 0, ["tag", "=", ["g1125", 0, 0, 1]]],
  ["tag at level 1", "vn", { dtag: 7 }, 1, ["dtag", "=", ["g7", 1, 0, 1]]],
  ["tag at level 2 matches lies too", "vn", { tag: "g7" }, 2, ["tag", "=", ["g7", 2, 0]]],
  ["explicit max_spoiler 2 keeps lies", "vn", { tag: { id: 7, max_spoiler: 2 } }, 0, ["tag", "=", ["g7", 2, 0]]],
  ["no_lies false opts out", "vn", { tag: { id: 7, no_lies: false } }, 0, ["tag", "=", ["g7", 0, 0]]],
  ["trait at level 1", "character", { trait: "i5" }, 1, ["trait", "=", ["i5", 1, 1]]],
  // VNDB widens [i, 0, 1] to spoiler 2, and two values on one trait in an `and` match
  // nothing: the spoiler ceiling is kept, a spoiler-0 lie matches (as on vndb.org).
  ["trait at level 0", "character", { trait: "i5" }, 0, ["trait", "=", ["i5", 0]]],
  ["negated trait at level 0", "character", { trait: { ne: "i5" } }, 0, ["trait", "!=", ["i5", 0]]],
  // One tag twice inside an `and` is one value with both limits (VNDB counts rows, §8.7).
  ["one tag twice", "vn", { tag: { all: ["g7", { id: "g7", min_level: 2, max_spoiler: 1 }] } }, 0, ["tag", "=", ["g7", 0, 2, 1]]],
  ["one tag twice, nested ands", "vn", { and: [{ tag: "g7", lang: "en" }, { and: [{ tag: { id: 7, min_level: 1 } }] }] }, 0, ["and", ["tag", "=", ["g7", 0, 1, 1]], ["lang", "=", "en"]]],
  ["one tag twice under or stays", "vn", { tag: { any: ["g7", { id: "g7", min_level: 2 }] } }, 0, ["or", ["tag", "=", ["g7", 0, 0, 1]], ["tag", "=", ["g7", 0, 2, 1]]]],
  ["tag and dtag are two fields", "vn", { tag: "g7", dtag: { id: "g7", min_level: 2 } }, 0, ["and", ["tag", "=", ["g7", 0, 0, 1]], ["dtag", "=", ["g7", 0, 2, 1]]]],
  ["one trait twice", "character", { trait: { all: ["i5", { id: "i5", max_spoiler: 1, no_lies: true }] } }, 1, ["trait", "=", ["i5", 1, 1]]],
];

describe("toPredicate lies", () => {
  it.each(LIE_CASES)("%s", async (_n, endpoint, input, maxSpoiler, expected) => {
    const r = await toPredicate(endpoint as never, input, resolver, { maxSpoiler });
    if (!r.ok) throw new Error(r.message);
    expect(r.filters).toEqual(expected);
  });

  it("an explicit no_lies with trait spoiler 0, which one value cannot say, is refused with the ways out", async () => {
    const r = await toPredicate("character", { trait: { id: "i5", no_lies: true } }, resolver);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/max_spoiler 0 alone, or max_spoiler 1 with no_lies/);
    const merged = await toPredicate("character", { trait: { all: ["i5", { id: "i5", max_spoiler: 1, no_lies: true }] } }, resolver, { maxSpoiler: 0 });
    expect(merged.ok).toBe(false);
  });
});

describe("toPredicate", () => {
  it.each(CASES)("%s", async (_n, endpoint, input, expected) => {
    const r = await toPredicate(endpoint as never, input, resolver, { rawUser: "u2" });
    if (!r.ok) throw new Error(r.message);
    expect(r.filters).toEqual(expected);
  });

  it("nothing to filter → null", async () => {
    for (const v of [undefined, null, {}, { and: [] }]) {
      const r = await toPredicate("vn", v, resolver);
      expect(r).toEqual({ ok: true, filters: null, resolved: [] });
    }
  });

  // A tag or trait filter without its own max_spoiler matches up to the answer's spoiler level.
  it.each([
    ["tag by name at level 0 keeps VNDB's spoiler default, without lies", "vn", { tag: "Nakige" }, 0, ["tag", "=", ["g1125", 0, 0, 1]]],
    ["tag by name at level 2", "vn", { tag: "Nakige" }, 2, ["tag", "=", ["g1125", 2, 0]]],
    ["trait by name at level 1", "character", { trait: "Tsundere" }, 1, ["trait", "=", ["i153", 1, 1]]],
    ["tag object without max_spoiler", "vn", { tag: { name: "Nakige", min_level: 2 } }, 2, ["tag", "=", ["g1125", 2, 2]]],
    ["an explicit max_spoiler wins", "vn", { tag: { name: "Nakige", max_spoiler: 0 } }, 2, ["tag", "=", ["g1125", 0, 0]]],
    ["dtrait by id at level 2", "character", { dtrait: "i5" }, 2, ["dtrait", "=", ["i5", 2]]],
  ])("%s", async (_n, endpoint, input, maxSpoiler, expected) => {
    const r = await toPredicate(endpoint as never, input, resolver, { maxSpoiler });
    if (!r.ok) throw new Error(r.message);
    expect(r.filters).toEqual(expected);
  });

  it("reports what names were resolved", async () => {
    const r = await toPredicate("vn", { tag: "Nakige", developer: "Key" }, resolver);
    expect(r.ok && r.resolved).toEqual([
      { kind: "tag", name: "Nakige", id: "g1125", as: "Nakige", how: "exact" },
      { kind: "producer", name: "Key", id: "p24", as: "Key (鍵)", how: "exact" },
    ]);
  });

  // The raw forms, checked against recorded vectors: compact "N282wmain-" on /vn is
  // ["character","=",["role","=","main"]] (kana-vectors filter_decode).
  it.each([
    ["compact string", "N282wmain-"],
    ["vndb.org URL", "https://vndb.org/v?f=N282wmain-"],
    ["JSON in a string", '["character","=",["role","=","main"]]'],
    ["bare string as filters", "N282wmain-"],
  ])("raw: %s", async (name, raw) => {
    const input = name === "bare string as filters" ? raw : { raw };
    const r = await toPredicate("vn", input, null);
    expect(r.ok && r.filters).toEqual(["character", "=", ["role", "=", "main"]]);
  });

  it("raw URL with a q search adds it", async () => {
    const r = await toPredicate("vn", { raw: "https://vndb.org/v?q=ever&f=N282wmain-" }, null);
    expect(r.ok && r.filters).toEqual(["and", ["character", "=", ["role", "=", "main"]], ["search", "=", "ever"]]);
  });

  it.each([
    ["unknown filter with suggestion", "vn", { lnag: "en" }, /Unknown vn filter "lnag"\. Did you mean "lang"\?/, /Valid vn filters: id, search, lang/],
    ["unknown nested filter names its path", "vn", { release: { producr: "x" } }, /Unknown release filter "release\.producr"\. Did you mean "producer"\?/, /Valid release filters/],
    ["operator not allowed", "vn", { lang: { gt: "en" } }, /"lang" cannot be compared with gt/, /Comparable vn filters: id, released, rating, votecount\./],
    ["length is equality only", "vn", { length: { lt: 3 } }, /"length" cannot be compared with lt/, /./],
    ["array without any/all", "vn", { lang: ["en", "de"] }, /\{"any": \[\.\.\.\]\}/, undefined],
    ["empty any", "vn", { lang: { any: [] } }, /lang\.any must be a non-empty array/, undefined],
    ["VNDB's own message for a bad value", "vn", { rating: 5 }, /^Invalid 'rating' filter: Invalid value\.$/, /rating takes a whole number from 10 to 100/],
    ["a rating on the site's 1-10 scale", "vn", { rating: { gt: 8 } }, /Invalid 'rating' filter/, /the site's 8\.0 is 80/],
    ["search text as query in a nested filter", "release", { vn: { query: "clannad" } }, /Unknown vn filter "vn\.query"\. Did you mean "search"\?/, /./],
    ["a year as its own filter", "vn", { year: 2020 }, /Unknown vn filter "year"\. Did you mean "released"\?/, /./],
    ["bad date", "vn", { released: "2020-13" }, /^Invalid 'released' filter: Invalid value\.$/, /YYYY-MM-DD/],
    ["bad language", "vn", { lang: "xx" }, /^Unknown language "xx"\..*Codes: .*\ben\b/, undefined],
    ["misspelt platform suggests the name", "release", { platform: "Nintendo Swich" }, /Unknown platform "Nintendo Swich"\. Did you mean Nintendo Switch \(swi\)/, undefined],
    ["bad value deep inside", "vn", { release: { minage: 5 } }, /^Invalid 'minage' filter: Invalid value\.$/, /minage takes one of: 0, 3, 6/],
    ["flag not boolean", "vn", { has_anime: "yes" }, /takes true or false/, undefined],
    ["tag object with unknown member", "vn", { tag: { name: "Nakige", level: 2 } }, /does not take level/, undefined],
    ["trait has no min_level", "character", { trait: { id: "i1", min_level: 1 } }, /does not take min_level/, undefined],
    ["ambiguous name lists candidates", "vn", { tag: "Romance" }, /^Ambiguous tag "Romance": g96 Romance \(cont\), g2121 Romance Comedy \(cont\) — pass the id\.$/, undefined],
    ["unknown name", "vn", { developer: "No Such Studio" }, /^Unknown producer "No Such Studio"/, undefined],
    ["raw compact garbage", "vn", { raw: "zzz" }, /Invalid 'filters' member: Invalid compact encoded form/, undefined],
    ["URL of another entity", "vn", { raw: "https://vndb.org/r?f=N282wmain-" }, /search of \/r, but vn filters need https:\/\/vndb\.org\/v\?f=/, undefined],
    ["URL of another site", "vn", { raw: "https://example.com/v?f=x" }, /only https:\/\/vndb\.org search URLs/, undefined],
    ["label without a user", "vn", { label: 2 }, /^Invalid 'label' filter: Invalid value\.$/, /needs a user/],
    ["unknown label name", "vn", { label: "Favourites" }, /Unknown label "Favourites".*by id/, undefined],
    ["not an object", "vn", 5, /must be an object/, undefined],
    ["empty nested", "vn", { release: { and: [] } }, /"release" is empty/, undefined],
  ] as const)("error: %s", async (_n, endpoint, input, message, hint) => {
    const r = await toPredicate(endpoint as never, input, resolver);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toMatch(message);
    if (hint) expect(r.hint).toMatch(hint);
  });

  it("without a resolver, names are refused with a request for the id", async () => {
    const r = await toPredicate("vn", { developer: "Key" }, null);
    expect(!r.ok && r.message).toMatch(/pass its id/);
  });
});

/** A value each kind of filter accepts, to prove every filter is expressible. */
function sample(entity: EntityType, d: FilterDef): unknown {
  const v = d.value;
  switch (v.kind) {
    case "vndbid": return `${v.prefix}1`;
    case "search": case "text": return "x";
    case "enum": return v.values[0];
    case "uint": return v.values ? v.values[0] : v.min;
    case "flag": return true;
    case "date": return "2020-01";
    case "pair": return [1, 1];
    case "tag": return "g1";
    case "trait": return "i1";
    case "label": return "wishlist";
    case "extlink": return (EXTLINK_SITES as Record<string, readonly { name: string }[]>)[entity][0].name;
    case "query": return { id: 1 };
  }
}

describe("every filter of every endpoint is expressible", () => {
  const rows = QUERY_ENDPOINTS.flatMap((endpoint) => {
    const entity = endpoint === "ulist" ? "vn" : endpoint;
    return FILTERS[entity].map((d) => [endpoint, d.name, entity, d] as const);
  });
  it.each(rows)("%s %s", async (endpoint, name, entity, d) => {
    const value = sample(entity, d);
    const r = await toPredicate(endpoint, { [name]: value }, null, { rawUser: "u2" });
    if (!r.ok) throw new Error(`${r.message} ${r.hint ?? ""}`);
    expect((r.filters as unknown[])[0]).toBe(name);
    if (d.operators.includes(">")) {
      const c = await toPredicate(endpoint, { [name]: { gte: value } }, null, { rawUser: "u2" });
      expect(c.ok && c.filters).toEqual([name, ">=", value]);
    }
  });
});
