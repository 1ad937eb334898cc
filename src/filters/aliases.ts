// Filter keys a model reaches for that VNDB spells differently or keeps on another entity
// (issue 21): a VN has no `seiyuu` or `rtype` filter, but its characters and releases do.
// Each alias is rewritten to the filter that means the same and echoed in the answer, so the
// model learns the working spelling without a failed call.

import type { EntityType } from "../kana/types.js";

export interface FilterAlias {
  /** The path of filter keys the alias stands for: ["character", "seiyuu"] = {character: {seiyuu: x}}. */
  to: readonly string[];
  /** What the rewritten filter means, for the echo. */
  means: string;
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

/** The alias `key` of `entity`, if it is one. */
export function filterAlias(entity: EntityType, key: string): FilterAlias | undefined {
  const table = FILTER_ALIASES[entity];
  return table ? table[key.toLowerCase()] : undefined;
}

/** {key: value} rewritten along the alias path: ["character", "seiyuu"] → {character: {seiyuu: value}}. */
export function aliasedObject(alias: FilterAlias, value: unknown): Record<string, unknown> {
  let out: unknown = value;
  for (const key of [...alias.to].reverse()) out = { [key]: out };
  return out as Record<string, unknown>;
}
