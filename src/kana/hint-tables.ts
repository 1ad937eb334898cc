// The names did-you-mean hints choose from, taken from the same tables the validator uses:
// the generated field trees (GET /schema), the sort lists and the request members.

import { API_FIELDS, subFields, type SchemaObject } from "../schema/index.js";
import { SORTS } from "./sorts.js";
import { FILTERS, filterEntity } from "./filters.js";
import { QUERY_MEMBERS } from "./validate-query.js";
import type { HintTables } from "./hints.js";
import type { QueryEndpoint } from "./types.js";

/**
 * How deep inherited objects are walked for field names. A misspelt name can sit at any
 * level (`relations.titels`), but the tree is recursive through `_inherit`; three levels
 * cover every distinct name and stay small.
 */
const FIELD_NAME_DEPTH = 3;

const fieldNameCache = new Map<string, readonly string[]>();

function collectFieldNames(object: SchemaObject, depth: number, into: Set<string>): void {
  for (const [name, def] of subFields(object)) {
    into.add(name);
    if (def !== null && depth > 1) collectFieldNames(def, depth - 1, into);
  }
}

function fieldNames(endpoint: string): readonly string[] {
  let names = fieldNameCache.get(endpoint);
  if (names === undefined) {
    const root = (API_FIELDS as Record<string, SchemaObject | undefined>)[endpoint];
    const set = new Set<string>();
    if (root) collectFieldNames(root, FIELD_NAME_DEPTH, set);
    names = [...set].sort();
    fieldNameCache.set(endpoint, names);
  }
  return names;
}

/** The filters of the endpoint's entity (/ulist takes the VN filters). */
function filterNames(endpoint: string): readonly string[] {
  return (FILTERS[filterEntity(endpoint as QueryEndpoint)] ?? []).map((d) => d.name);
}

export const defaultHintTables: HintTables = {
  fieldNames,
  filterNames,
  sortNames: (endpoint) => (SORTS as Record<string, readonly string[]>)[endpoint as QueryEndpoint] ?? [],
  memberNames: () => QUERY_MEMBERS,
};
