// The filter table (reference §8.4): every filter of every entity type with its compact
// field number, operators, value kind and what null means. The validator, the compact
// codec, the emulator's engine and the MCP filter helper all drive off this one table.
//
// Enumerations GET /schema publishes (language, platform, medium, staff_role) come from the
// generated schema module; the others are VNDB's lib/VNDB/Types.pm values listed in
// reference §19.

import { LANGUAGE_IDS, MEDIUM_IDS, PLATFORM_IDS, STAFF_ROLE_IDS } from "../schema/index.js";
import type { EntityType, FilterOperator, QueryEndpoint } from "./types.js";
import { FILTER_OPERATORS } from "./types.js";

/** Operators of filters that only test equality. */
export const EQ_OPERATORS: readonly FilterOperator[] = ["=", "!="];
/** Operators of ordered filters: all six. */
export const ALL_OPERATORS: readonly FilterOperator[] = FILTER_OPERATORS;

/** Largest id number a vndbid may carry: 7 digits (`%RE` in lib/VNWeb/Validation.pm). */
export const MAX_VNDBID_NUMBER = 9999999;
/** The `id` validation: uint up to 2^26-1, the SQL vndbid type's limit (Validation.pm). */
export const MAX_PLAIN_ID = 2 ** 26 - 1;
/** Character measurements and resolutions are smallints (AdvSearch.pm: max 32767). */
export const MAX_SMALLINT = 32767;
/** `votecount` accepts 0..2^30 (AdvSearch.pm). */
export const MAX_VOTECOUNT = 2 ** 30;
/** Birthday months and days are both checked only against 31 (AdvSearch.pm). */
export const MAX_BIRTHDAY_PART = 31;

/** How a predicate's value is read and normalised (reference §8.3). */
export type ValueKind =
  /** `<prefix><1..7 digits>`; a bare number gets the prefix. */
  | { kind: "vndbid"; prefix: string }
  /** Free text; empty or non-string becomes an empty search (null). */
  | { kind: "search" }
  /** One of `values` (exact, after trimming). `empty` is what null/"" mean, absent = refused. */
  | { kind: "enum"; values: readonly string[]; empty?: null | ""; unknownIsEmpty?: boolean }
  /** A non-negative integer in [min, max], optionally one of `values`. */
  | { kind: "uint"; min: number; max: number; values?: readonly number[]; empty?: null | number }
  /** Only the value 1; negate with `!=`. */
  | { kind: "flag" }
  /** A release date (dates.ts); null/"" mean unknown (0). */
  | { kind: "date" }
  /** Any text (engine and DRM names); null/"" mean "". */
  | { kind: "text" }
  /** [a, b] of uints up to `max`; `empty` is what null means, absent = refused. */
  | { kind: "pair"; max: number; empty?: readonly [number, number] }
  | { kind: "tag" }
  | { kind: "trait" }
  | { kind: "label" }
  | { kind: "extlink" }
  /** A whole query of another entity type. */
  | { kind: "query"; entity: EntityType };

/** One filter. */
export interface FilterDef {
  name: string;
  /** Field number in the compact forms (per entity type). */
  number: number;
  operators: readonly FilterOperator[];
  value: ValueKind;
  /** What a JSON null value means, when it is accepted. */
  nullMeans?: string;
  /**
   * Flags from the API docs where they hold: m = may match several values of an entry,
   * i = inverting with != is not a plain negation, n = null accepted.
   */
  flags: string;
  /** Deprecated or undocumented filters the service still accepts. */
  deprecated?: boolean;
  undocumented?: boolean;
  /** One line for documentation and tool descriptions. */
  doc: string;
}

const LANGUAGES: readonly string[] = LANGUAGE_IDS;
const PLATFORMS: readonly string[] = PLATFORM_IDS;
const MEDIA: readonly string[] = MEDIUM_IDS;

/** VNDB's enumerations that GET /schema lacks (lib/VNDB/Types.pm, reference §19). */
export const ENUMS = {
  vnLength: [0, 1, 2, 3, 4, 5],
  devstatus: [0, 1, 2],
  releaseType: ["complete", "partial", "trial"],
  voiced: [0, 1, 2, 3, 4],
  ageRating: [0, 3, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18],
  animation: [0, 1, 2, 3, 4],
  rlistStatus: [0, 1, 2, 3, 4],
  releaseImage: ["pkgfront", "pkgback", "pkgcontent", "pkgside", "pkgmed", "dig"],
  /** Animation flags of the ani_story_sp/ani_story_cg/ani_ero_sp/ani_ero_cg filters ("" = unknown). */
  aniFlags: ["no", "na", "hand", "vect", "3d", "live"],
  aniCutscene: ["na", "hand", "vect", "3d", "live"],
  aniBool: [0, 1],
  charRole: ["main", "primary", "side", "appears"],
  bloodType: ["a", "b", "ab", "o", "unknown"],
  charSex: ["m", "f", "b", "n"],
  charGender: ["m", "f", "o", "a"],
  cupSize: ["AAA", "AA", ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"],
  staffGender: ["m", "f"],
  staffType: ["person", "group", "company", "repo"],
  producerType: ["co", "in", "ng"],
  tagCategory: ["cont", "ero", "tech"],
} as const;

const eq = EQ_OPERATORS;
const all = ALL_OPERATORS;

function def(
  name: string,
  number: number,
  operators: readonly FilterOperator[],
  value: ValueKind,
  doc: string,
  extra: Partial<Pick<FilterDef, "nullMeans" | "flags" | "deprecated" | "undocumented">> = {},
): FilterDef {
  return { name, number, operators, value, doc, flags: extra.flags ?? "", ...extra };
}

const flag: ValueKind = { kind: "flag" };
const search = (doc: string): FilterDef =>
  def("search", 0, eq, { kind: "search" }, doc, { nullMeans: "empty search (matches everything)" });
const smallint = (empty: null | undefined): ValueKind =>
  empty === null ? { kind: "uint", min: 0, max: MAX_SMALLINT, empty: null } : { kind: "uint", min: 0, max: MAX_SMALLINT };

const VN: readonly FilterDef[] = [
  def("id", 80, all, { kind: "vndbid", prefix: "v" }, "VN id"),
  { ...search("String search on titles, aliases and release titles"), number: 81, flags: "m" },
  def("lang", 2, eq, { kind: "enum", values: LANGUAGES }, "Available in this language", { flags: "m" }),
  def("olang", 3, eq, { kind: "enum", values: LANGUAGES }, "Original language"),
  def("platform", 4, eq, { kind: "enum", values: PLATFORMS }, "Available on this platform", { flags: "m" }),
  def("length", 5, eq, { kind: "uint", min: 0, max: 5, values: ENUMS.vnLength }, "Length bucket 0..5 (by length votes, else the length field)"),
  def("developer_id", 6, eq, { kind: "vndbid", prefix: "p" }, "Developer id", { deprecated: true, undocumented: true }),
  def("released", 7, all, { kind: "date" }, "Release date", { flags: "n", nullMeans: "unknown" }),
  def("tag", 8, eq, { kind: "tag" }, "Has this tag or a child tag: g123 or [tag, max spoiler, min level(, exclude lies)]", { flags: "m" }),
  def("popularity", 9, all, { kind: "uint", min: 0, max: 100 }, "Popularity 0..100 (votecount / 150)", { deprecated: true }),
  def("rating", 10, all, { kind: "uint", min: 10, max: 100 }, "Bayesian rating x10, 10..100", { flags: "i" }),
  def("votecount", 11, all, { kind: "uint", min: 0, max: MAX_VOTECOUNT }, "Number of votes"),
  def("label", 12, eq, { kind: "label" }, "On a user's list with this label: [user, label] or a label id", { flags: "m" }),
  def("anime_id", 13, eq, { kind: "uint", min: 0, max: MAX_PLAIN_ID }, "Linked AniDB anime id"),
  def("dtag", 14, eq, { kind: "tag" }, "Has this tag directly applied", { flags: "m" }),
  def("release", 50, eq, { kind: "query", entity: "release" }, "Has a release matching the release query"),
  def("character", 51, eq, { kind: "query", entity: "character" }, "Has a character matching the character query"),
  def("staff", 52, eq, { kind: "query", entity: "staff" }, "Has staff (credits or voice actors) matching the staff query"),
  def("developer", 55, eq, { kind: "query", entity: "producer" }, "Has a developer matching the producer query"),
  def("has_description", 61, eq, flag, "Has a description (value 1)"),
  def("has_anime", 62, eq, flag, "Has anime relations (value 1)"),
  def("has_screenshot", 63, eq, flag, "Has screenshots (value 1)"),
  def("has_review", 64, eq, flag, "Has reviews (value 1)"),
  def("on_list", 65, eq, flag, "On the authenticated user's list (value 1)", { undocumented: true }),
  def("devstatus", 66, eq, { kind: "uint", min: 0, max: 2, values: ENUMS.devstatus }, "Development status: 0 finished, 1 in development, 2 cancelled"),
];

const ANI_FLAG: ValueKind = { kind: "enum", values: ENUMS.aniFlags, empty: null };

const RELEASE: readonly FilterDef[] = [
  def("id", 80, all, { kind: "vndbid", prefix: "r" }, "Release id"),
  { ...search("String search on titles, GTIN and catalog numbers"), number: 81 },
  def("lang", 2, eq, { kind: "enum", values: LANGUAGES }, "Has a non-machine-translated title in this language", { flags: "m" }),
  def("platform", 4, eq, { kind: "enum", values: PLATFORMS, empty: null }, "Available on this platform", { flags: "mn", nullMeans: "release has no platform" }),
  def("developer_id", 6, eq, { kind: "vndbid", prefix: "p" }, "Developer id", { deprecated: true, undocumented: true }),
  def("released", 7, all, { kind: "date" }, "Release date", { flags: "n", nullMeans: "unknown" }),
  def("resolution", 8, all, { kind: "pair", max: MAX_SMALLINT }, "Resolution [width, height]", { flags: "i" }),
  def("resolution_aspect", 9, all, { kind: "pair", max: MAX_SMALLINT }, "Resolution [width, height] with the same aspect ratio", { flags: "i" }),
  def("minage", 10, all, { kind: "uint", min: 0, max: 18, values: ENUMS.ageRating, empty: null }, "Age rating", { flags: "n", nullMeans: "unknown age rating" }),
  def("medium", 11, eq, { kind: "enum", values: MEDIA, empty: null }, "Has this medium", { flags: "mn", nullMeans: "release has no media" }),
  def("voiced", 12, eq, { kind: "uint", min: 0, max: 4, values: ENUMS.voiced, empty: 0 }, "Voiced: 0 unknown, 1 not, 2 ero only, 3 partially, 4 fully", { flags: "n", nullMeans: "0 (unknown)" }),
  def("animation_ero", 13, eq, { kind: "uint", min: 0, max: 4, values: ENUMS.animation }, "Ero animation (legacy)", { undocumented: true }),
  def("animation_story", 14, eq, { kind: "uint", min: 0, max: 4, values: ENUMS.animation }, "Story animation (legacy)", { undocumented: true }),
  def("engine", 15, eq, { kind: "text" }, "Engine name", { flags: "n", nullMeans: "no engine (same as \"\")" }),
  def("rtype", 16, eq, { kind: "enum", values: ENUMS.releaseType }, "Release type: complete, partial, trial", { flags: "m" }),
  def("producer_id", 17, eq, { kind: "vndbid", prefix: "p" }, "Producer id", { deprecated: true, undocumented: true }),
  def("rlist", 18, eq, { kind: "uint", min: 0, max: 4, values: ENUMS.rlistStatus }, "On the authenticated user's release list with this status", { undocumented: true }),
  def("extlink", 19, eq, { kind: "extlink" }, "Has an external link: site, [site, value], \"site,value\" or a URL", { flags: "m" }),
  def("drm", 20, eq, { kind: "text" }, "DRM implementation name", { flags: "mn", nullMeans: "\"\"" }),
  def("vn", 53, eq, { kind: "query", entity: "vn" }, "Linked to a VN matching the VN query"),
  def("producer", 55, eq, { kind: "query", entity: "producer" }, "Has a producer matching the producer query"),
  def("patch", 61, eq, flag, "Is a patch (value 1)"),
  def("freeware", 62, eq, flag, "Is freeware (value 1)"),
  def("doujin", 63, eq, flag, "Is doujin (value 1)", { deprecated: true }),
  def("uncensored", 64, eq, flag, "Is uncensored (value 1)", { flags: "i" }),
  def("official", 65, eq, flag, "Is official (value 1)"),
  def("has_ero", 66, eq, flag, "Has erotic scenes (value 1)"),
  def("image", 67, eq, { kind: "enum", values: ENUMS.releaseImage, empty: null }, "Has an image of this type", { flags: "n", nullMeans: "release has no images" }),
  def("ani_story_sp", 70, eq, ANI_FLAG, "Story sprite animation", { undocumented: true, nullMeans: "unknown" }),
  def("ani_story_cg", 71, eq, ANI_FLAG, "Story CG animation", { undocumented: true, nullMeans: "unknown" }),
  def("ani_cutscene", 72, eq, { kind: "enum", values: ENUMS.aniCutscene, empty: null }, "Cutscene animation", { undocumented: true, nullMeans: "unknown" }),
  def("ani_ero_sp", 73, eq, ANI_FLAG, "Ero sprite animation", { undocumented: true, nullMeans: "unknown" }),
  def("ani_ero_cg", 74, eq, ANI_FLAG, "Ero CG animation", { undocumented: true, nullMeans: "unknown" }),
  def("ani_bg", 75, eq, { kind: "uint", min: 0, max: 1, values: ENUMS.aniBool, empty: null }, "Animated background (0/1)", { undocumented: true, nullMeans: "unknown" }),
  def("ani_face", 76, eq, { kind: "uint", min: 0, max: 1, values: ENUMS.aniBool, empty: null }, "Animated faces (0/1)", { undocumented: true, nullMeans: "unknown" }),
];

const SEX: ValueKind = { kind: "enum", values: ENUMS.charSex, empty: "", unknownIsEmpty: true };
const GENDER: ValueKind = { kind: "enum", values: ENUMS.charGender, empty: "", unknownIsEmpty: true };

const CHARACTER: readonly FilterDef[] = [
  def("id", 80, all, { kind: "vndbid", prefix: "c" }, "Character id"),
  { ...search("String search on names and aliases"), number: 81 },
  def("role", 2, eq, { kind: "enum", values: ENUMS.charRole }, "Role: main, primary, side, appears", { flags: "m" }),
  def("blood_type", 3, eq, { kind: "enum", values: ENUMS.bloodType }, "Blood type"),
  def("sex", 4, eq, SEX, "Apparent sex: m, f, b, n", { flags: "n", nullMeans: "unknown" }),
  def("sex_spoil", 5, eq, SEX, "Sex including spoilers", { flags: "n", nullMeans: "unknown" }),
  def("height", 6, all, smallint(null), "Height (cm)", { flags: "in", nullMeans: "unknown" }),
  def("weight", 7, all, smallint(null), "Weight (kg)", { flags: "in", nullMeans: "unknown" }),
  def("bust", 8, all, smallint(null), "Bust (cm)", { flags: "in", nullMeans: "unknown" }),
  def("waist", 9, all, smallint(null), "Waist (cm)", { flags: "in", nullMeans: "unknown" }),
  def("hips", 10, all, smallint(null), "Hips (cm)", { flags: "in", nullMeans: "unknown" }),
  def("cup", 11, all, { kind: "enum", values: ENUMS.cupSize, empty: null }, "Cup size AAA, AA, A..Z", { flags: "in", nullMeans: "unknown" }),
  def("age", 12, all, smallint(null), "Age", { flags: "in", nullMeans: "unknown" }),
  def("trait", 13, eq, { kind: "trait" }, "Has this trait or a child trait: i123 or [trait, max spoiler(, exclude lies)]", { flags: "m" }),
  def("birthday", 14, eq, { kind: "pair", max: MAX_BIRTHDAY_PART, empty: [0, 0] }, "Birthday [month, day]; day 0 = whole month", { flags: "n", nullMeans: "[0,0] (unknown)" }),
  def("dtrait", 15, eq, { kind: "trait" }, "Has this trait directly", { flags: "m" }),
  def("gender", 16, eq, GENDER, "Gender identity: m, f, o, a", { flags: "n", nullMeans: "unknown" }),
  def("gender_spoil", 17, eq, GENDER, "Gender identity including spoilers", { flags: "n", nullMeans: "unknown" }),
  def("seiyuu", 52, eq, { kind: "query", entity: "staff" }, "Voiced by staff matching the staff query"),
  def("vn", 53, eq, { kind: "query", entity: "vn" }, "Appears in a VN matching the VN query"),
];

const STAFF: readonly FilterDef[] = [
  def("lang", 2, eq, { kind: "enum", values: LANGUAGES }, "Primary language"),
  def("id", 3, all, { kind: "vndbid", prefix: "s" }, "Staff id"),
  def("gender", 4, eq, { kind: "enum", values: ENUMS.staffGender, empty: "", unknownIsEmpty: true }, "Gender: m, f", { flags: "n", nullMeans: "unknown" }),
  def("role", 5, eq, { kind: "enum", values: ["seiyuu", ...STAFF_ROLE_IDS] }, "Credited with this role (seiyuu = voice actor)", { flags: "m" }),
  def("extlink", 6, eq, { kind: "extlink" }, "Has an external link: site, [site, value], \"site,value\" or a URL", { flags: "m" }),
  def("type", 7, eq, { kind: "enum", values: ENUMS.staffType }, "Staff type: person, group, company, repo", { undocumented: true }),
  def("ismain", 61, eq, flag, "Only the main alias (value 1)"),
  { ...search("String search on names (per alias)"), number: 80 },
  def("aid", 81, eq, { kind: "uint", min: 0, max: MAX_PLAIN_ID }, "Alias id"),
];

const PRODUCER: readonly FilterDef[] = [
  def("lang", 2, eq, { kind: "enum", values: LANGUAGES }, "Primary language"),
  def("id", 3, all, { kind: "vndbid", prefix: "p" }, "Producer id"),
  def("type", 4, eq, { kind: "enum", values: ENUMS.producerType }, "Type: co company, in individual, ng amateur group"),
  def("extlink", 5, eq, { kind: "extlink" }, "Has an external link: site, [site, value], \"site,value\" or a URL", { flags: "m" }),
  { ...search("String search on names and aliases"), number: 80 },
];

const TAG: readonly FilterDef[] = [
  def("id", 2, all, { kind: "vndbid", prefix: "g" }, "Tag id"),
  def("category", 3, eq, { kind: "enum", values: ENUMS.tagCategory }, "Category: cont, ero, tech"),
  { ...search("String search on names and aliases"), number: 80 },
];

const TRAIT: readonly FilterDef[] = [
  def("id", 2, all, { kind: "vndbid", prefix: "i" }, "Trait id"),
  { ...search("String search on names and aliases"), number: 80 },
];

const QUOTE: readonly FilterDef[] = [
  def("id", 2, all, { kind: "vndbid", prefix: "q" }, "Quote id"),
  def("vn", 53, eq, { kind: "query", entity: "vn" }, "Quote from a VN matching the VN query"),
  def("character", 54, eq, { kind: "query", entity: "character" }, "Quote by a character matching the character query"),
  def("random", 81, eq, flag, "One random quote (value 1)"),
];

/** Every filter by entity type (/ulist uses the VN filters). */
export const FILTERS: Readonly<Record<EntityType, readonly FilterDef[]>> = {
  vn: VN,
  release: RELEASE,
  producer: PRODUCER,
  character: CHARACTER,
  staff: STAFF,
  tag: TAG,
  trait: TRAIT,
  quote: QUOTE,
};

/** The id prefix letter of each entity type (also its path letter on vndb.org). */
export const ENTITY_LETTER: Readonly<Record<EntityType, string>> = {
  vn: "v",
  release: "r",
  producer: "p",
  character: "c",
  staff: "s",
  tag: "g",
  trait: "i",
  quote: "q",
};

/** The entity type whose filters an endpoint takes. */
export function filterEntity(endpoint: QueryEndpoint): EntityType {
  return endpoint === "ulist" ? "vn" : endpoint;
}

const BY_NAME = new Map<EntityType, ReadonlyMap<string, FilterDef>>();
const BY_NUMBER = new Map<EntityType, ReadonlyMap<string, FilterDef>>();
for (const [entity, defs] of Object.entries(FILTERS) as [EntityType, readonly FilterDef[]][]) {
  BY_NAME.set(entity, new Map(defs.map((d) => [d.name, d])));
  BY_NUMBER.set(entity, new Map(defs.map((d) => [String(d.number), d])));
}

/** The filter called `name` on `entity`, if any. */
export function filterByName(entity: EntityType, name: string): FilterDef | undefined {
  return BY_NAME.get(entity)!.get(name);
}

/**
 * The filter with compact number `number` on `entity`. A string must be the number's exact
 * decimal text ("80", not "080"), as VNDB looks numbers up by their text.
 */
export function filterByNumber(entity: EntityType, number: number | string): FilterDef | undefined {
  return BY_NUMBER.get(entity)!.get(String(number));
}
