// The 33-query mix of `npm run bench:emulator`, shared with the engine's index-equivalence
// test (test/emulator/engine/index-equivalence.test.ts) so the queries the benchmark times
// are also the queries whose indexed answers are checked against a full scan.
import type { QueryEndpoint } from "../src/kana/types.js";

/** The catalogue's test token for u2 with list-read rights (docs/catalogue.md). */
export const U2_READ_TOKEN = "dd4y-yia7e-zayy8-octd-foyra-corgy-fxfw";


export interface BenchQuery {
  name: string;
  endpoint: QueryEndpoint;
  body: Record<string, unknown>;
  /** Sent as `Authorization: Token …` (/ulist with private labels). */
  token?: string;
}

// Fields a client asking for "everything useful" would select.
const VN_HEAVY_FIELDS = [
  "title, alttitle, titles.lang, titles.title, titles.latin, titles.official, titles.main, aliases, olang",
  "devstatus, released, languages, platforms, image.url, image.thumbnail, image.sexual, image.violence",
  "length, length_minutes, length_votes, description, rating, votecount, developers.name, developers.original",
  "editions.name, staff.name, staff.role, va.character.name, va.staff.name, extlinks.url, extlinks.label",
  "tags.rating, tags.spoiler, tags.lie, tags.name, tags.category, screenshots.url, screenshots.thumbnail",
  "relations.title, relations.relation",
].join(", ");
const RELEASE_HEAVY_FIELDS = [
  "title, alttitle, languages.lang, languages.mtl, platforms, media.medium, media.qty, vns.title, vns.rtype",
  "producers.name, producers.developer, producers.publisher, released, minage, patch, freeware, uncensored",
  "official, has_ero, resolution, engine, voiced, notes, gtin, catalog, extlinks.url, images.url, images.type",
].join(", ");

/**
 * The mix: every query endpoint, id lookups, searches (with and without searchrank), tag and
 * trait filters with inheritance and spoiler/level limits, nested filters, the sorts, field-
 * heavy selections, paging with count, and /ulist with labels (public and private). Ids are
 * bundled ones, which the large catalogue keeps (its copy 0 is the bundled catalogue).
 */
export const QUERIES: BenchQuery[] = [
  { name: "vn id", endpoint: "vn", body: { filters: ["id", "=", "v17"], fields: "title, released, rating" } },
  {
    name: "vn 10 ids",
    endpoint: "vn",
    body: { filters: ["or", ...["v2", "v4", "v5", "v7", "v11", "v17", "v50", "v1085", "v1177", "v12369"].map((id) => ["id", "=", id])], fields: "title, image.url", results: 10 },
  },
  { name: "vn search rank", endpoint: "vn", body: { filters: ["search", "=", "fate"], fields: "title, alttitle, released", sort: "searchrank", results: 10 } },
  { name: "vn search by title", endpoint: "vn", body: { filters: ["and", ["search", "=", "little"], ["olang", "=", "ja"]], fields: "title", sort: "title", results: 25 } },
  {
    name: "vn tag inherited",
    endpoint: "vn",
    body: { filters: ["tag", "=", ["g147", 0, 1.2]], fields: "title, rating, tags.rating, tags.name", sort: "rating", reverse: true, results: 25 },
  },
  {
    name: "vn tags and/or",
    endpoint: "vn",
    body: { filters: ["and", ["tag", "=", "g23"], ["or", ["tag", "=", ["g19", 1]], ["dtag", "!=", "g96"]]], fields: "title, votecount", sort: "votecount", reverse: true, results: 25 },
  },
  {
    name: "vn nested release",
    endpoint: "vn",
    body: { filters: ["and", ["olang", "=", "ja"], ["release", "=", ["and", ["platform", "=", "win"], ["minage", "=", 18]]]], fields: "title, released, platforms", sort: "released", reverse: true, results: 25 },
  },
  {
    name: "vn nested developer",
    endpoint: "vn",
    body: { filters: ["developer", "=", ["or", ["search", "=", "moon"], ["id", "=", "p131"]]], fields: "title, developers.name", sort: "released", results: 25 },
  },
  {
    name: "vn nested char trait",
    endpoint: "vn",
    body: { filters: ["character", "=", ["and", ["trait", "=", ["i144", 1]], ["role", "=", "primary"]]], fields: "title", results: 25 },
  },
  { name: "vn nested staff", endpoint: "vn", body: { filters: ["staff", "=", ["role", "=", "scenario"]], fields: "title, staff.name", sort: "rating", reverse: true, results: 25 } },
  { name: "vn field-heavy", endpoint: "vn", body: { filters: ["rating", ">=", 70], fields: VN_HEAVY_FIELDS, sort: "votecount", reverse: true, results: 25 } },
  {
    name: "vn paging + count",
    endpoint: "vn",
    body: { filters: ["released", ">=", "2000-01-01"], fields: "title, released", sort: "title", page: 3, results: 50, count: true },
  },
  { name: "vn lang/platform", endpoint: "vn", body: { filters: ["and", ["lang", "=", "en"], ["platform", "=", "win"]], fields: "title, languages", sort: "rating", reverse: true, results: 25 } },
  { name: "vn label (public)", endpoint: "vn", body: { filters: ["label", "=", ["u5", 7]], fields: "title, rating", sort: "released", results: 25 } },
  { name: "release by vn", endpoint: "release", body: { filters: ["vn", "=", ["id", "=", "v2002"]], fields: "title, released, platforms, producers.name", sort: "released" } },
  { name: "release search rank", endpoint: "release", body: { filters: ["search", "=", "steins gate"], fields: "title, released", sort: "searchrank", results: 10 } },
  {
    name: "release field-heavy",
    endpoint: "release",
    body: { filters: ["and", ["platform", "=", "win"], ["minage", "=", 18], ["released", ">=", "2005-01-01"]], fields: RELEASE_HEAVY_FIELDS, sort: "released", reverse: true, results: 50 },
  },
  { name: "producer search", endpoint: "producer", body: { filters: ["search", "=", "soft"], fields: "name, original, type", sort: "searchrank", results: 10 } },
  { name: "producer type", endpoint: "producer", body: { filters: ["type", "=", "co"], fields: "name, lang, aliases, extlinks.url", sort: "name", results: 50 } },
  { name: "character trait", endpoint: "character", body: { filters: ["trait", "=", ["i197", 1]], fields: "name, original, sex, gender, traits.name, traits.group_name, vns.title, vns.role", sort: "name", results: 25 } },
  { name: "character search", endpoint: "character", body: { filters: ["search", "=", "jun"], fields: "name, image.url, birthday, height", sort: "searchrank", results: 10 } },
  { name: "character nested vn", endpoint: "character", body: { filters: ["and", ["role", "=", "main"], ["vn", "=", ["olang", "=", "ja"]]], fields: "name, vns.title", results: 25, count: true } },
  { name: "staff search main", endpoint: "staff", body: { filters: ["and", ["search", "=", "gen"], ["ismain", "=", 1]], fields: "name, original, lang", sort: "searchrank", results: 10 } },
  { name: "staff seiyuu", endpoint: "staff", body: { filters: ["role", "=", "seiyuu"], fields: "name, original, lang, gender, extlinks.url, aliases.name", sort: "name", results: 25 } },
  { name: "tag search", endpoint: "tag", body: { filters: ["search", "=", "school"], fields: "name, aliases, category, vn_count", sort: "searchrank", results: 10 } },
  { name: "tag by vn_count", endpoint: "tag", body: { filters: ["category", "=", "cont"], fields: "name, vn_count", sort: "vn_count", reverse: true, results: 50 } },
  { name: "trait search", endpoint: "trait", body: { filters: ["search", "=", "hair"], fields: "name, group_name, char_count", sort: "searchrank", results: 10 } },
  { name: "trait by char_count", endpoint: "trait", body: { fields: "name, group_name, char_count", sort: "char_count", reverse: true, results: 50 } },
  { name: "quote random", endpoint: "quote", body: { filters: ["random", "=", 1], fields: "quote, vn.title, character.name" } },
  { name: "quote by vn", endpoint: "quote", body: { filters: ["vn", "=", ["search", "=", "tes"]], fields: "quote, score", sort: "score", reverse: true } },
  {
    name: "ulist public labels",
    endpoint: "ulist",
    body: { user: "u5", filters: ["label", "=", 7], fields: "vote, added, labels.label, vn.title, vn.released", sort: "vote", reverse: true, results: 100 },
  },
  {
    name: "ulist private (token)",
    endpoint: "ulist",
    body: { user: "u2", fields: "vote, notes, started, finished, labels.id, labels.label, vn.title", sort: "lastmod", reverse: true, results: 50 },
    token: U2_READ_TOKEN,
  },
  { name: "ulist paging", endpoint: "ulist", body: { user: "u5", fields: "vote, vn.title", sort: "added", page: 3, results: 25 } },
];

