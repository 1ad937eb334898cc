// One row per query tool: which endpoint it calls, its sort options (reference §7) and its
// field presets. Presets are what the model gets without naming fields: `brief` for lists,
// `standard` for an answer about the entries, `full` for everything worth reading.
// Image URLs, votecount-only internals and deprecated fields stay out of the presets.

import { DEPRECATED_SORTS, sortOptions } from "../../kana/sorts.js";
import type { QueryEndpoint } from "../../kana/types.js";

export const FIELD_PRESETS = ["brief", "standard", "full"] as const;
export type FieldPreset = (typeof FIELD_PRESETS)[number];

export interface QuerySpec {
  endpoint: QueryEndpoint;
  tool: string;
  title: string;
  /** Model-facing: when to use, what comes back, one example. Kept short (token budget). */
  description: string;
  /** Reference §7 (kana/sorts.ts) without the deprecated `popularity`. */
  sorts: readonly string[];
  presets: Record<FieldPreset, string>;
  /** Whether `query` (search text) exists: /quote has no search filter (reference §8.4). */
  searchable: boolean;
  /** Whether the tool takes a per-call `spoilers` level (entries with spoiler-marked data). */
  spoilers: boolean;
}

function sorts(endpoint: QueryEndpoint): readonly string[] {
  return sortOptions(endpoint).filter((s) => !DEPRECATED_SORTS.includes(s));
}

const VN_BRIEF = "title,alttitle,released,rating,votecount";
const VN_STANDARD = `${VN_BRIEF},olang,languages,platforms,length,length_minutes,devstatus,developers{name},tags{name,rating,spoiler,lie},description`;
// vns{rtype}: whether a release is the complete game, a partial one or a trial (issue 21).
const RELEASE_BRIEF = "title,alttitle,released,platforms,languages{lang},vns{title,rtype}";
const RELEASE_STANDARD = `${RELEASE_BRIEF},producers{name,developer,publisher},minage,patch,freeware,official,voiced,engine,media{medium,qty}`;
const CHARACTER_BRIEF = "name,original,vns{title,role,spoiler}";
const CHARACTER_STANDARD = `${CHARACTER_BRIEF},aliases,sex,gender,age,birthday,blood_type,height,traits{name,group_name,spoiler,lie},description`;

export const QUERY_SPECS: readonly QuerySpec[] = [
  {
    endpoint: "vn",
    tool: "vndb_search_vn",
    title: "Search visual novels",
    description:
      "Find visual novels by title or filters (tag, developer, language, rating, date, staff, character…) with their details. " +
      'Example: {"filters":{"tag":"Nakige","lang":"en","rating":{"gt":80}},"sort":"rating","reverse":true}',
    sorts: sorts("vn"),
    presets: {
      brief: VN_BRIEF,
      standard: VN_STANDARD,
      full: `${VN_STANDARD},aliases,titles{lang,title,latin,official},average,length_votes,relations{title,relation,relation_official},editions{eid,lang,name,official},staff{name,role,eid,note},va{character{name},staff{name},note},extlinks{label,url}`,
    },
    searchable: true,
    spoilers: true,
  },
  {
    endpoint: "release",
    tool: "vndb_search_release",
    title: "Search releases",
    description:
      'Find releases: a VN\'s editions by platform, language, date, age rating, publisher. Example: {"filters":{"vn":"v17","lang":"en"}}',
    sorts: sorts("release"),
    presets: {
      brief: RELEASE_BRIEF,
      standard: RELEASE_STANDARD,
      full: `${RELEASE_STANDARD},languages{title,latin,mtl,main},notes,resolution,uncensored,has_ero,gtin,catalog,extlinks{label,url}`,
    },
    searchable: true,
    spoilers: false,
  },
  {
    endpoint: "producer",
    tool: "vndb_search_producer",
    title: "Search producers",
    description: 'Find developers and publishers. Example: {"query":"Key"}',
    sorts: sorts("producer"),
    presets: {
      brief: "name,original,type",
      standard: "name,original,type,lang,aliases,description",
      full: "name,original,type,lang,aliases,description,extlinks{label,url}",
    },
    searchable: true,
    spoilers: false,
  },
  {
    endpoint: "character",
    tool: "vndb_search_character",
    title: "Search characters",
    description:
      'Find characters by name, trait, VN, voice actor, measurements. Example: {"filters":{"vn":"v17","role":"main"}}',
    sorts: sorts("character"),
    presets: {
      brief: CHARACTER_BRIEF,
      standard: CHARACTER_STANDARD,
      full: `${CHARACTER_STANDARD},weight,bust,waist,hips,cup,vns{release{title}}`,
    },
    searchable: true,
    spoilers: true,
  },
  {
    endpoint: "staff",
    tool: "vndb_search_staff",
    title: "Search staff",
    description:
      'Find people credited on VNs (writers, artists, composers, voice actors); one row per alias. Example: {"query":"Uchikoshi","filters":{"ismain":true}}',
    sorts: sorts("staff"),
    presets: {
      brief: "name,original,lang,gender,ismain",
      standard: "name,original,lang,gender,ismain,aliases{name,latin},description",
      full: "aid,name,original,lang,gender,ismain,aliases{name,latin,ismain},description,extlinks{label,url}",
    },
    searchable: true,
    spoilers: false,
  },
  {
    endpoint: "tag",
    tool: "vndb_search_tag",
    title: "Search tags",
    description: 'Look up VN tags (genres, themes) and their ids. Example: {"query":"nakige"}',
    sorts: sorts("tag"),
    presets: {
      brief: "name,category,vn_count",
      standard: "name,aliases,category,vn_count,searchable,applicable,description",
      full: "name,aliases,category,vn_count,searchable,applicable,description",
    },
    searchable: true,
    spoilers: false,
  },
  {
    endpoint: "trait",
    tool: "vndb_search_trait",
    title: "Search traits",
    description: 'Look up character traits and their ids. Example: {"query":"tsundere"}',
    sorts: sorts("trait"),
    presets: {
      brief: "name,group_name,char_count",
      standard: "name,aliases,group_name,group_id,char_count,sexual,searchable,applicable,description",
      full: "name,aliases,group_name,group_id,char_count,sexual,searchable,applicable,description",
    },
    searchable: true,
    spoilers: false,
  },
  {
    endpoint: "quote",
    tool: "vndb_search_quote",
    title: "Search quotes",
    description:
      'Find VN quotes by VN or character, or at random. Example: {"filters":{"random":true}}',
    sorts: sorts("quote"),
    presets: {
      brief: "quote,vn{title},character{name}",
      standard: "quote,score,vn{title,alttitle},character{name,original}",
      full: "quote,score,vn{title,alttitle},character{name,original}",
    },
    searchable: false,
    spoilers: false,
  },
  {
    endpoint: "ulist",
    tool: "vndb_get_user_list",
    title: "Read a user's VN list",
    description:
      "Read a user's VN list (votes, labels, dates, notes); VN filters apply. Default user: token owner. " +
      'Example: {"user":"u2","filters":{"label":"Finished"},"sort":"vote","reverse":true}',
    sorts: sorts("ulist"),
    presets: {
      brief: "vote,labels{id,label},vn{title,alttitle}",
      standard: "vote,voted,labels{id,label},started,finished,notes,added,lastmod,vn{title,alttitle,released,rating}",
      full: "vote,voted,labels{id,label},started,finished,notes,added,lastmod,vn{title,alttitle,released,rating},releases{title,list_status}",
    },
    searchable: true,
    spoilers: false,
  },
];
