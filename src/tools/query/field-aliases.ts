// Field names a model reaches for that VNDB spells differently or keeps nested (issue 21):
// `rtype` is a release filter but the field is vns{rtype}; a VN's `languages` is a plain
// list while a release's needs {lang}; `seiyuu` is a character filter, but a character's
// voice actors come from the VNs' `va` credits, which character answers add on their own
// (query-credits.ts). A bare word that is not a valid field is read as what it means, so the
// first call answers instead of failing with "Field 'rtype' not found".

import { ownEntry } from "../../kana/own-key.js";
import type { QueryEndpoint } from "../../kana/types.js";

/** Per endpoint: a bare word → the field paths that answer it. */
const FIELD_ALIASES: Readonly<Partial<Record<QueryEndpoint, Readonly<Record<string, string>>>>> = {
  vn: {
    name: "title",
    seiyuu: "va{character{name},staff{name}}",
    va: "va{character{name},staff{name}}",
    voice_actors: "va{character{name},staff{name}}",
    lang: "languages",
    platform: "platforms",
    developer: "developers{name}",
    developers: "developers{name}",
    tags: "tags{name,rating}",
    staff: "staff{name,role}",
    relations: "relations{title,relation}",
  },
  release: {
    name: "title",
    rtype: "vns{rtype}",
    type: "vns{rtype}",
    vns: "vns{title,rtype}",
    languages: "languages{lang}",
    language: "languages{lang}",
    lang: "languages{lang}",
    platform: "platforms",
    producers: "producers{name,developer,publisher}",
    developer: "producers{name,developer,publisher}",
    publisher: "producers{name,developer,publisher}",
    media: "media{medium,qty}",
  },
  character: {
    title: "name",
    // Character answers list each character's voice actors (query-credits.ts) unless only "brief" is asked.
    seiyuu: "name",
    va: "name",
    voice_actors: "name",
    vns: "vns{title,role}",
    traits: "traits{name,group_name}",
  },
  producer: { title: "name" },
  staff: { title: "name" },
  ulist: {
    labels: "labels{label}",
    vn: "vn{title}",
    // A list entry is a VN's: its title is the VN's (an eval player asked for "title,vote").
    title: "vn{title}",
    name: "vn{title}",
    releases: "releases{title,list_status}",
  },
};

/** The field paths a bare word stands for on `endpoint`, or undefined when it is not an alias. */
export function fieldAlias(endpoint: QueryEndpoint, word: string): string | undefined {
  const table = FIELD_ALIASES[endpoint];
  return ownEntry(table, word.toLowerCase());
}

/** Another endpoint where a bare word is a field (or an alias of one), for a hint: ["release", "vns{rtype}"]. */
export function fieldElsewhere(endpoint: QueryEndpoint, word: string): [QueryEndpoint, string] | undefined {
  for (const [other, table] of Object.entries(FIELD_ALIASES) as [QueryEndpoint, Record<string, string>][]) {
    const found = ownEntry(table, word.toLowerCase());
    if (other !== endpoint && found) return [other, found];
  }
  return undefined;
}
