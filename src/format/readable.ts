// Values VNDB stores as codes or machine units, spelled out in the text mirror so a model
// reads "voiced: 4 (fully voiced)" instead of guessing what 4 means, a list vote on the 1-10
// scale the site and the write tools use, and timestamps as dates. structuredContent keeps
// VNDB's raw values; the code stays first in the text so it still matches the filters.

import type { QueryEndpoint } from "../kana/types.js";
import { readableListMember } from "./list-entry.js";
import { LANGUAGE, PLATFORM } from "../schema/index.js";

const LANGUAGE_NAMES: ReadonlyMap<string, string> = new Map(LANGUAGE.map((e) => [e.id, e.label]));
const PLATFORM_NAMES: ReadonlyMap<string, string> = new Map(PLATFORM.map((e) => [e.id, e.label]));

/** A language code's name (GET /schema), or the code when the schema has none. */
export const languageName = (code: string): string => LANGUAGE_NAMES.get(code) ?? code;
/** A platform code's name (GET /schema), or the code when the schema has none. */
export const platformName = (code: string): string => PLATFORM_NAMES.get(code) ?? code;

/**
 * Members holding language or platform codes, and their names (GET /schema): "psv" and "n3d"
 * are not what a fan calls them (issue 29 item 10). The code stays first: the filters take it.
 */
const CODE_LISTS: Readonly<Record<string, ReadonlyMap<string, string>>> = {
  languages: LANGUAGE_NAMES,
  olang: LANGUAGE_NAMES,
  lang: LANGUAGE_NAMES,
  platforms: PLATFORM_NAMES,
};

function codesWithNames(names: ReadonlyMap<string, string>, value: unknown): string | null {
  const codes = typeof value === "string" ? [value] : Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string") ? (value as string[]) : null;
  if (!codes || !codes.every((c) => names.has(c))) return null;
  return codes.map((c) => `${c} (${names.get(c)})`).join(", ");
}

/** Code meanings from reference §6 (vn devstatus/length, release voiced, producer type). */
const CODES: Readonly<Partial<Record<QueryEndpoint, Readonly<Record<string, Readonly<Record<string, string>>>>>>> = {
  vn: {
    devstatus: { 0: "finished", 1: "in development", 2: "cancelled" },
    // The length buckets of the `length` filter (reference §8.4).
    length: { 1: "very short, < 2 h", 2: "short, 2-10 h", 3: "medium, 10-30 h", 4: "long, 30-50 h", 5: "very long, > 50 h" },
  },
  release: {
    voiced: { 1: "not voiced", 2: "only ero scenes voiced", 3: "partially voiced", 4: "fully voiced" },
  },
  producer: {
    type: { co: "company", in: "individual", ng: "amateur group" },
  },
};

/** VN relation codes inside `relations[]` (VNDB's %VN_RELATION table). */
const RELATIONS: Readonly<Record<string, string>> = {
  seq: "sequel",
  preq: "prequel",
  set: "same setting",
  alt: "alternative version",
  char: "shares characters",
  side: "side story",
  par: "parent story",
  ser: "same series",
  fan: "fandisc",
  orig: "original game",
};

/** A member inside a nested object whose code needs its meaning ("relation: seq (sequel)"). */
const CHARACTER_UNITS: Readonly<Record<string, string>> = { height: "cm", weight: "kg", bust: "cm", waist: "cm", hips: "cm" };

export function readableNested(key: string, value: unknown): string | null {
  const meaning = key === "relation" && typeof value === "string" ? RELATIONS[value] : undefined;
  return meaning ? `${value} (${meaning})` : null;
}

/** /ulist members that are Unix timestamps in seconds (reference §6.9). */
const TIMESTAMPS: ReadonlySet<string> = new Set(["added", "lastmod", "voted"]);

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A list vote (10..100) on the site's 1-10 scale: 90 → "9/10", 85 → "8.5/10". */
export function voteOutOfTen(vote: number): string {
  return `${Math.round(vote) / 10}/10`;
}

/** A Unix timestamp in seconds as its UTC date. */
export function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function minutesText(minutes: number): string {
  const hours = minutes / 60;
  return hours < 1 ? `${minutes} (under 1 h)` : `${minutes} (about ${Math.round(hours)} h)`;
}

/**
 * The text of a top-level member whose raw value would mislead or puzzle a reader, or null
 * to render the value as it is.
 */
export function readableValue(endpoint: QueryEndpoint | undefined, key: string, value: unknown): string | null {
  if (endpoint === undefined) return null;
  if (endpoint === "ulist") {
    if (key === "vote" && typeof value === "number") return voteOutOfTen(value);
    const listed = readableListMember(key, value);
    if (listed !== null) return listed;
    if (TIMESTAMPS.has(key) && typeof value === "number") return isoDay(value);
  }
  if (endpoint === "character" && key === "birthday" && Array.isArray(value) && value.length === 2) {
    const [month, day] = value as unknown[];
    if (typeof month === "number" && month >= 1 && month <= 12) {
      return typeof day === "number" && day > 0 ? `${MONTHS[month - 1]} ${day}` : MONTHS[month - 1]!;
    }
    return null;
  }
  if (endpoint === "vn" && key === "length_minutes" && typeof value === "number") return minutesText(value);
  if ((endpoint === "vn" || endpoint === "release" || endpoint === "producer" || endpoint === "staff") && CODE_LISTS[key]) {
    const named = codesWithNames(CODE_LISTS[key]!, value);
    if (named !== null) return named;
  }
  // VNDB measures characters in cm and kg; a bare "height: 14" reads as anything.
  if (endpoint === "character" && typeof value === "number" && CHARACTER_UNITS[key]) return `${value} ${CHARACTER_UNITS[key]}`;
  const meaning = CODES[endpoint]?.[key]?.[String(value)];
  return meaning ? `${String(value)} (${meaning})` : null;
}
