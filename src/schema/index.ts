// Read access to the generated GET /schema tables. The field trees keep `_inherit` as a
// reference (a VN's relations are VNs that have relations ...), so sub-fields are resolved
// here on demand, one level at a time, and never expanded eagerly.
import { API_FIELDS, type SchemaEndpoint, type SchemaObject } from "./generated.js";

export * from "./generated.js";

/** A field definition: null for a leaf, a SchemaObject for an object with sub-fields. */
export type FieldDef = SchemaObject | null;

const resolved = new WeakMap<SchemaObject, ReadonlyMap<string, FieldDef>>();

/** The root object of an endpoint's field tree. */
export function endpointFields(endpoint: SchemaEndpoint): SchemaObject {
  return API_FIELDS[endpoint];
}

/**
 * Every sub-field available inside `object`: the inherited endpoint's fields (which are the
 * very same definition objects, so identity-keyed tables such as the size multipliers
 * keep working) plus the object's own extras. Memoised per object.
 */
export function subFields(object: SchemaObject): ReadonlyMap<string, FieldDef> {
  let map = resolved.get(object);
  if (map === undefined) {
    const m = new Map<string, FieldDef>();
    if (object.inherit !== undefined) {
      for (const [name, def] of subFields(API_FIELDS[object.inherit])) m.set(name, def);
    }
    for (const name of Object.keys(object.fields)) {
      // VNDB lets the inherited definition win on a name clash; GET /schema omits such
      // own fields anyway, so this only matters for hand-made snapshots.
      if (!m.has(name)) m.set(name, object.fields[name]);
    }
    map = m;
    resolved.set(object, map);
  }
  return map;
}

/**
 * The definition at a dotted path below an endpoint (`["relations", "image", "url"]`),
 * or undefined when some step does not exist or passes through a leaf.
 */
export function fieldAt(endpoint: SchemaEndpoint, path: readonly string[]): FieldDef | undefined {
  let current: FieldDef = endpointFields(endpoint);
  for (const name of path) {
    if (current === null) return undefined;
    const next = subFields(current).get(name);
    if (next === undefined) return undefined;
    current = next;
  }
  return current;
}
