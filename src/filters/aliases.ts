// Filter keys a model reaches for that VNDB spells differently or keeps on another entity
// (issue 21): a VN has no `seiyuu` or `rtype` filter, but its characters and releases do.
// Each alias is rewritten to the filter that means the same and echoed in the answer, so the
// model learns the working spelling without a failed call.

import { ownEntry } from "../kana/own-key.js";
import type { EntityType } from "../kana/types.js";

export interface FilterAlias {
  /** The path of filter keys the alias stands for: ["character", "seiyuu"] = {character: {seiyuu: x}}. */
  to: readonly string[];
  /** What the rewritten filter means, for the echo. */
  means: string;
  /** The value in the form the target takes, with what it became in words; an Error says why it cannot be read. */
  value?: (v: unknown) => { value: unknown; said: string } | Error;
}

/**
 * VNDB's length buckets by play time in minutes (reference §8.4, VN `length`): inclusive at
 * both ends, so a boundary value falls in two buckets.
 */
const LENGTH_BUCKETS: readonly (readonly [bucket: number, from: number, to: number])[] = [
  [1, 1, 120],
  [2, 120, 600],
  [3, 600, 1800],
  [4, 1800, 3000],
  [5, 3000, 32767],
];

/**
 * A play-time range in minutes → the length buckets that overlap it. VNDB filters length by
 * bucket only, so the echo says so and points at length_minutes for the exact figure.
 */
function lengthBuckets(v: unknown): { value: unknown; said: string } | Error {
  let lo = 0;
  let hi = Infinity;
  if (typeof v === "number") [lo, hi] = [v, v];
  else if (v !== null && typeof v === "object" && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (typeof x !== "number") return new Error(`length_minutes.${k} must be a number of minutes.`);
      if (k === "gt" || k === "gte") lo = Math.max(lo, x);
      else if (k === "lt" || k === "lte") hi = Math.min(hi, x);
      else return new Error(`length_minutes takes a number or {gt|gte|lt|lte: minutes}, not "${k}".`);
    }
  } else return new Error("length_minutes takes a number or {gt|gte|lt|lte: minutes}.");
  // A range overlaps a bucket by more than its shared boundary; a single value may sit on one.
  const buckets = LENGTH_BUCKETS.filter(([, from, to]) => (lo === hi ? from <= lo && lo <= to : from < hi && to > lo)).map(([b]) => b);
  if (buckets.length === 0) return new Error(`No length bucket covers ${lo}-${hi} minutes (VNDB's buckets span 1-32767).`);
  const from = LENGTH_BUCKETS.find(([b]) => b === buckets[0])![1];
  const to = LENGTH_BUCKETS.find(([b]) => b === buckets[buckets.length - 1])![2];
  return {
    value: buckets.length === 1 ? buckets[0] : { any: buckets },
    said: `length ${buckets.join(", ")} (${from}-${to} min; VNDB filters by these buckets only, so compare length_minutes in the answer)`,
  };
}

/** Per entity: alias key → the filter it stands for. Keys are matched case-insensitively. */
const FILTER_ALIASES: Readonly<Partial<Record<EntityType, Readonly<Record<string, FilterAlias>>>>> = {
  vn: {
    seiyuu: { to: ["character", "seiyuu"], means: "VNs with a character voiced by them" },
    voice_actor: { to: ["character", "seiyuu"], means: "VNs with a character voiced by them" },
    rtype: { to: ["release", "rtype"], means: "VNs with a release of that type" },
    languages: { to: ["lang"], means: "available in that language" },
    language: { to: ["lang"], means: "available in that language" },
    developers: { to: ["developer"], means: "developed by them" },
    tags: { to: ["tag"], means: "tagged with it" },
    length_minutes: { to: ["length"], means: "play time", value: lengthBuckets },
    minutes: { to: ["length"], means: "play time", value: lengthBuckets },
  },
  release: {
    languages: { to: ["lang"], means: "releases in that language" },
    language: { to: ["lang"], means: "releases in that language" },
    type: { to: ["rtype"], means: "release type (complete, partial, trial)" },
    platforms: { to: ["platform"], means: "releases on that platform" },
    producers: { to: ["producer"], means: "releases by that producer" },
  },
  character: {
    voice_actor: { to: ["seiyuu"], means: "voiced by them" },
    va: { to: ["seiyuu"], means: "voiced by them" },
    vns: { to: ["vn"], means: "appears in it" },
    traits: { to: ["trait"], means: "has the trait" },
  },
};

/**
 * Filters a model asks for that VNDB does not have at all, with the call that answers the
 * question instead (issue 21: the hint names the working call).
 */
const NOT_FILTERS: Readonly<Partial<Record<EntityType, Readonly<Record<string, string>>>>> = {
  vn: {
    vote:
      'VNDB cannot filter VNs by a user\'s vote. On a list, this server filters the fetched pages: vndb_get_user_list {"filters":{"vote":{"gte":8}}} (1-10); vndb_list_insight gives the vote histogram. For the VN\'s average use rating.',
    not_on_list:
      'VNDB filters "not on a list" only for the token owner: {"on_list":{"ne":true}}. For another user, exclude their labels: {"label":{"none":[["u2",1],["u2",2],["u2",3],["u2",4],["u2",5],["u2",6],["u2",7]]}} plus their custom label ids from vndb_list_labels (public entries only).',
  },
};

/** Why `key` is no filter of `entity` and what to call instead, if it is a known wish. */
export function notAFilter(entity: EntityType, key: string): string | undefined {
  return ownEntry(NOT_FILTERS[entity], key.toLowerCase());
}

/** The alias `key` of `entity`, if it is one. */
export function filterAlias(entity: EntityType, key: string): FilterAlias | undefined {
  const table = FILTER_ALIASES[entity];
  return ownEntry(table, key.toLowerCase());
}

/** {key: value} rewritten along the alias path: ["character", "seiyuu"] → {character: {seiyuu: value}}. */
export function aliasedObject(alias: FilterAlias, value: unknown): Record<string, unknown> {
  let out: unknown = alias.value ? alias.value(value) : value;
  if (out instanceof Error) throw out;
  if (alias.value) out = (out as { value: unknown }).value;
  for (const key of [...alias.to].reverse()) out = { [key]: out };
  return out as Record<string, unknown>;
}
