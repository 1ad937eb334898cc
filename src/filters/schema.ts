// The `filters` argument of each query tool. Typing every filter as JSON Schema would cost
// thousands of tokens per tool (the VN filters alone nest five entity types), and JSON
// Schema lists properties at ~7 tokens each against ~2 for a name in prose. So the schema is
// an open object, and a description generated from the filter table (src/kana/filters.ts)
// names every filter with its value form; toPredicate validates in code and its errors name
// the valid filters and operators (research/perf-anchors.md §6 budget).

import { z } from "zod";
import { FILTERS, filterEntity, type FilterDef, type ValueKind } from "../kana/filters.js";
import type { EntityType, QueryEndpoint } from "../kana/types.js";

/** Enumerations longer than this are described by what they are, not listed. */
const ENUM_LIST_MAX = 8;

/** Value descriptions where a bare range would hide what the numbers mean (reference §8.4). */
const VALUE_OVERRIDES: Readonly<Record<string, string>> = {
  "vn.devstatus": "0 done|1 in dev|2 cancelled",
  "vn.length": "1 very short-5 very long",
  "vn.label": "label name|id|[user,label]",
  "release.voiced": "1 no|2 ero|3 partly|4 fully",
  "release.rlist": "0 unknown|1 pending|2 obtained|3 on loan|4 deleted",
  "producer.type": "co company|in individual|ng amateur",
  "staff.role": "seiyuu|staff role",
  "character.birthday": "[month,day]",
};

/** Enumerations that GET /schema publishes, described by name (vndb_get_schema lists them). */
const NAMED_ENUMS: Readonly<Record<string, string>> = {
  lang: "language code",
  olang: "language code",
  platform: "platform code",
  medium: "medium code",
};

/** Integer ranges wider than this are plain numbers to a reader; their bounds are noise. */
const RANGE_SHOWN_MAX = 1000;

/** A short value description, or "" when the name says enough (ids, search text, counts). */
function valueText(entity: EntityType, d: FilterDef): string {
  const override = VALUE_OVERRIDES[`${entity}.${d.name}`];
  if (override) return override;
  if (NAMED_ENUMS[d.name]) return NAMED_ENUMS[d.name];
  const v: ValueKind = d.value;
  switch (v.kind) {
    case "vndbid":
    case "search":
    case "text":
      return "";
    case "enum":
      return v.values.length <= ENUM_LIST_MAX ? v.values.join("|") : `${v.values[0]}…${v.values[v.values.length - 1]}`;
    case "uint":
      if (v.values && v.values.length <= ENUM_LIST_MAX) return v.values.join("|");
      return v.max - v.min > RANGE_SHOWN_MAX ? "" : `${v.min}-${v.max}`;
    case "flag":
      return "bool";
    case "date":
      return "date";
    case "pair":
      return "[w,h]";
    case "tag":
      return "name|id|{name|id,max_spoiler,min_level,no_lies}";
    case "trait":
      return "name|id|{name|id,max_spoiler,no_lies}";
    case "label":
      return "label";
    case "extlink":
      return "site|[site,value]|URL";
    case "query":
      return "nested filters|name|id";
  }
}

/** Filters left out of the description (still accepted): deprecated ones have better forms. */
function advertised(d: FilterDef): boolean {
  return !d.deprecated;
}

/**
 * The filter list of an entity: filters that take the same kind of value share one
 * annotation; `*` marks filters that also take gt/gte/lt/lte.
 */
export function describeFilterKeys(entity: EntityType): string {
  const groups = new Map<string, string[]>();
  for (const d of FILTERS[entity].filter(advertised)) {
    // Undocumented legacy enums (release animation fields) are named only; a wrong value
    // gets the valid ones in the error hint.
    let text = d.undocumented && (d.value.kind === "enum" || d.value.kind === "uint") ? "" : valueText(entity, d);
    // A nested filter named differently from its entity says which filters it takes.
    if (d.value.kind === "query" && d.value.entity !== d.name) text = `${d.value.entity} ${text}`;
    const names = groups.get(text) ?? [];
    names.push(d.operators.includes(">") ? `${d.name}*` : d.name);
    groups.set(text, names);
  }
  return [...groups].map(([text, names]) => (text ? `${prefixed(names)} (${text})` : prefixed(names))).join("; ");
}

/**
 * Names listed with those sharing a prefix written once: "ani_{bg,face}" for "ani_bg, ani_face"
 * (the release animation filters alone cost ~15 tokens written out).
 */
function prefixed(names: readonly string[]): string {
  const byPrefix = new Map<string, string[]>();
  for (const name of names) {
    const prefix = /^([a-z]+_)[a-z_*]+$/.exec(name)?.[1] ?? name;
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), name]);
  }
  return [...byPrefix]
    .map(([prefix, group]) => (group.length >= PREFIX_GROUP_MIN && prefix.endsWith("_") ? `${prefix}{${group.map((n) => n.slice(prefix.length)).join(",")}}` : group.join(", ")))
    .join(", ");
}

/** Names sharing a prefix that are written with it once (fewer read better spelt out). */
const PREFIX_GROUP_MIN = 3;

/** The tool whose `filters` description lists the VN filter keys a user's list takes too. */
const ULIST_FILTERS_FROM = "vndb_search_vn";

/**
 * The tool-facing description of the `filters` argument of `endpoint`: only its keys. The
 * value grammar (operators, and/or, raw) is the same for every tool and is said once in the
 * server instructions (FILTER_GUIDE); repeating it cost ~45 tokens in each of nine tools.
 */
export function filterDescription(endpoint: QueryEndpoint): string {
  // A user's list takes VN filters: naming the tool that lists them saves ~190 tokens.
  // `vote` is no VNDB filter: the server applies it to the fetched pages (tools/query/list-vote.ts).
  if (endpoint === "ulist") return `Keys: those of ${ULIST_FILTERS_FROM}'s filters; vote* (1-10).`;
  return `Keys: ${describeFilterKeys(filterEntity(endpoint))}.`;
}

/** The zod schema of the `filters` argument: an open object, checked by toPredicate. */
export function filterSchema(endpoint: QueryEndpoint): z.ZodType<Record<string, unknown>> {
  return z.looseObject({}).describe(filterDescription(endpoint));
}

export { FILTER_GUIDE } from "./guide.js";
