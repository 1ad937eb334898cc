// The shape of one query result entry as the tools return it in structuredContent, for
// their outputSchema. The structure (which fields exist, which hold objects, which objects
// are another endpoint's entries) comes from the field tree of GET /schema (src/schema/);
// GET /schema names fields but gives no types, so the type of each leaf comes from the
// table below (reference §6, "Result fields per endpoint"). Every field is optional: only
// the requested fields come back, and empty ones are dropped (format/prune.ts).
// A test checks that the table and the tree name the same leaves (test/tools/output-contract.test.ts).

import { z } from "zod";
import { API_FIELDS, subFields, type SchemaEndpoint, type SchemaObject } from "../../schema/index.js";
import type { QueryEndpoint } from "../../kana/types.js";
import { TRUNCATED_KEY } from "../../format/shape-entry.js";
import { parseFields } from "../../kana/fields.js";
import type { FieldSelection } from "../../kana/types.js";

const str = z.string();
const strOrNull = z.string().nullable();
const int = z.number().int();
const intOrNull = z.number().int().nullable();
const num = z.number();
const numOrNull = z.number().nullable();
const bool = z.boolean();
const strings = z.array(z.string());
/** `[width, height]`, `[month, day]`: written as a two-element array, not a tuple, so draft-07 and 2020-12 read it alike. */
const intPair = z.array(z.number().int()).length(2);
/** `sex`, `gender`: `[apparent, real]`, either may be null (reference §6.4). */
const pairOrNull = z.array(z.string().nullable()).length(2).nullable();
/**
 * Extlink ids are usually strings; some Wikidata-derived ones are integers (reference §6.10).
 * Unions are of distinct schemas (anyOf), not a type list: strict validators (Ajv's
 * strictTypes) refuse `type: ["string", "integer"]`.
 */
const extlinkId = z.union([z.string(), z.number().int()]);

/**
 * Leaf types, keyed by endpoint and path of the field where GET /schema defines it (an
 * inherited field keeps its endpoint: a VN's relations' titles are `vn.title`). "Empty
 * string → null" fields (∅ in the reference) are nullable.
 */
export const LEAF_TYPES: Readonly<Record<string, z.ZodType>> = {
  "vn.id": str,
  "vn.title": str,
  "vn.alttitle": strOrNull,
  "vn.titles.lang": str,
  "vn.titles.title": str,
  "vn.titles.latin": strOrNull,
  "vn.titles.official": bool,
  "vn.titles.main": bool,
  "vn.aliases": strings,
  "vn.olang": str,
  "vn.devstatus": int,
  "vn.released": strOrNull,
  "vn.languages": strings,
  "vn.platforms": strings,
  "vn.image.id": str,
  "vn.image.url": str,
  "vn.image.dims": intPair,
  "vn.image.sexual": num,
  "vn.image.violence": num,
  "vn.image.votecount": int,
  "vn.image.thumbnail": str,
  "vn.image.thumbnail_dims": intPair,
  "vn.length": intOrNull,
  "vn.length_minutes": intOrNull,
  "vn.length_votes": int,
  "vn.description": strOrNull,
  "vn.average": numOrNull,
  "vn.rating": numOrNull,
  "vn.popularity": num,
  "vn.votecount": int,
  "vn.screenshots.id": str,
  "vn.screenshots.url": str,
  "vn.screenshots.dims": intPair,
  "vn.screenshots.sexual": num,
  "vn.screenshots.violence": num,
  "vn.screenshots.votecount": int,
  "vn.screenshots.thumbnail": str,
  "vn.screenshots.thumbnail_dims": intPair,
  "vn.relations.relation": str,
  "vn.relations.relation_official": bool,
  "vn.tags.rating": num,
  "vn.tags.spoiler": int,
  "vn.tags.lie": bool,
  "vn.editions.eid": int,
  "vn.editions.lang": strOrNull,
  "vn.editions.name": str,
  "vn.editions.official": bool,
  "vn.staff.eid": intOrNull,
  "vn.staff.role": str,
  "vn.staff.note": strOrNull,
  "vn.va.note": strOrNull,
  "vn.extlinks.id": extlinkId,
  "vn.extlinks.label": str,
  "vn.extlinks.name": str,
  "vn.extlinks.url": str,

  "release.id": str,
  "release.title": str,
  "release.alttitle": strOrNull,
  "release.languages.lang": str,
  "release.languages.title": strOrNull,
  "release.languages.latin": strOrNull,
  "release.languages.mtl": bool,
  "release.languages.main": bool,
  "release.platforms": strings,
  "release.media.medium": str,
  "release.media.qty": int,
  "release.vns.rtype": str,
  "release.producers.developer": bool,
  "release.producers.publisher": bool,
  "release.images.id": str,
  "release.images.url": str,
  "release.images.dims": intPair,
  "release.images.sexual": num,
  "release.images.violence": num,
  "release.images.votecount": int,
  "release.images.thumbnail": str,
  "release.images.thumbnail_dims": intPair,
  "release.images.type": str,
  "release.images.vn": strOrNull,
  "release.images.languages": strings.nullable(),
  "release.images.photo": bool,
  "release.released": strOrNull,
  "release.minage": intOrNull,
  "release.patch": bool,
  "release.freeware": bool,
  "release.official": bool,
  "release.has_ero": bool,
  "release.uncensored": bool.nullable(),
  /** null (unknown), "non-standard" or [width, height]. */
  "release.resolution": z.union([z.string(), intPair]).nullable(),
  "release.engine": strOrNull,
  "release.voiced": intOrNull,
  "release.notes": strOrNull,
  /** A string of digits, or a number where no zero-padding was needed (reference §6.2). */
  "release.gtin": z.union([z.string(), z.number().int()]).nullable(),
  "release.catalog": strOrNull,
  "release.extlinks.id": extlinkId,
  "release.extlinks.label": str,
  "release.extlinks.name": str,
  "release.extlinks.url": str,

  "producer.id": str,
  "producer.name": str,
  "producer.original": strOrNull,
  "producer.aliases": strings,
  "producer.lang": str,
  "producer.type": str,
  "producer.description": strOrNull,
  "producer.extlinks.id": extlinkId,
  "producer.extlinks.label": str,
  "producer.extlinks.name": str,
  "producer.extlinks.url": str,

  "character.id": str,
  "character.name": str,
  "character.original": strOrNull,
  "character.aliases": strings,
  "character.description": strOrNull,
  "character.image.id": str,
  "character.image.url": str,
  "character.image.dims": intPair,
  "character.image.sexual": num,
  "character.image.violence": num,
  "character.image.votecount": int,
  "character.blood_type": strOrNull,
  "character.height": intOrNull,
  "character.weight": intOrNull,
  "character.bust": intOrNull,
  "character.waist": intOrNull,
  "character.hips": intOrNull,
  "character.cup": strOrNull,
  "character.age": intOrNull,
  "character.birthday": intPair.nullable(),
  "character.sex": pairOrNull,
  "character.gender": pairOrNull,
  "character.vns.spoiler": int,
  "character.vns.role": str,
  "character.traits.spoiler": int,
  "character.traits.lie": bool,

  "staff.id": str,
  "staff.aid": int,
  "staff.ismain": bool,
  "staff.name": str,
  "staff.original": strOrNull,
  "staff.lang": str,
  "staff.gender": strOrNull,
  "staff.description": strOrNull,
  "staff.extlinks.id": extlinkId,
  "staff.extlinks.label": str,
  "staff.extlinks.name": str,
  "staff.extlinks.url": str,
  "staff.aliases.aid": int,
  "staff.aliases.name": str,
  "staff.aliases.latin": strOrNull,
  "staff.aliases.ismain": bool,

  "tag.id": str,
  "tag.name": str,
  "tag.aliases": strings,
  "tag.description": str,
  "tag.category": str,
  "tag.searchable": bool,
  "tag.applicable": bool,
  "tag.vn_count": int,

  "trait.id": str,
  "trait.name": str,
  "trait.aliases": strings,
  "trait.description": str,
  "trait.searchable": bool,
  "trait.applicable": bool,
  "trait.sexual": bool,
  "trait.group_id": strOrNull,
  "trait.group_name": strOrNull,
  "trait.char_count": int,

  "quote.id": str,
  "quote.quote": str,
  "quote.score": int,

  "ulist.id": str,
  "ulist.added": int,
  "ulist.lastmod": int,
  "ulist.voted": intOrNull,
  "ulist.vote": intOrNull,
  "ulist.started": strOrNull,
  "ulist.finished": strOrNull,
  "ulist.notes": strOrNull,
  "ulist.labels.id": int,
  "ulist.labels.label": str,
  "ulist.releases.list_status": int,
};

/**
 * Object fields that hold one object rather than a list of them (reference §6), and whether
 * VNDB may send null there (no cover; a hidden release, staff or character).
 */
export const SINGLE_OBJECTS: Readonly<Record<string, { nullable: boolean }>> = {
  "vn.image": { nullable: true },
  "vn.screenshots.release": { nullable: true },
  "vn.va.staff": { nullable: true },
  "vn.va.character": { nullable: true },
  "character.image": { nullable: true },
  "character.vns.release": { nullable: true },
  "quote.vn": { nullable: true },
  "quote.character": { nullable: true },
  "ulist.vn": { nullable: false },
};

/**
 * Members the tools add to a top-level entry (format/shape-entry.ts): the vndb.org page and
 * the full lengths of lists shortened to fit the size cap.
 */
const ADDED_MEMBERS = {
  url: str,
  [TRUNCATED_KEY]: z.record(z.string(), int),
};

/**
 * Lists sent as null: /ulist members always named in an answer come back as null when
 * VNDB's value is empty (format/list-entry.ts), `labels` included.
 */
const NULLABLE_LISTS: ReadonlySet<string> = new Set(["ulist.labels"]);

/** Where a leaf or object is defined: the endpoint and path that LEAF_TYPES keys by. */
interface Site {
  endpoint: SchemaEndpoint;
  path: string;
}

const built = new Map<SchemaObject, z.ZodType>();

/**
 * The zod schema for a field-tree object. An endpoint's entry is built once and given the
 * endpoint's name as its id, so that in JSON Schema every place it appears (a VN's relations
 * are VNs, a release's producers are producers) is a `$ref` to one definition rather than a
 * copy, and the recursion (relations of relations …) stays finite. An object that adds
 * members to an inherited entry (`relation` on a VN's relations) is that entry and those
 * members (allOf). Members are getters, so a cycle is resolved only when it is walked.
 */
function objectSchema(def: SchemaObject, own: Site): z.ZodType {
  const known = built.get(def);
  if (known) return known;
  let schema: z.ZodType;
  if (def.inherit !== undefined) {
    const base = objectSchema(API_FIELDS[def.inherit], { endpoint: def.inherit, path: "" });
    schema = Object.keys(def.fields).length === 0 ? base : z.intersection(base, z.looseObject(ownShape(def, own)));
  } else {
    const object = z.looseObject(ownShape(def, own));
    // Only an endpoint's root has the endpoint's name; nested plain objects (image, titles) are inlined.
    schema = own.path === "" ? object.meta({ id: `vndb_${own.endpoint}` }) : object;
  }
  built.set(def, schema);
  return schema;
}

/** The members a field-tree object defines itself (not those it inherits). */
function ownShape(def: SchemaObject, own: Site): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, sub] of Object.entries(def.fields)) {
    const site: Site = { endpoint: own.endpoint, path: own.path ? `${own.path}.${name}` : name };
    const key = `${site.endpoint}.${site.path}`;
    if (sub === null) {
      const leaf = LEAF_TYPES[key];
      if (!leaf) throw new Error(`entry-shapes: no type for field ${key} (add it to LEAF_TYPES)`);
      shape[name] = leaf.optional();
      continue;
    }
    Object.defineProperty(shape, name, {
      enumerable: true,
      get: () => {
        const inner = objectSchema(sub, site);
        const single = SINGLE_OBJECTS[key];
        if (!single) return (NULLABLE_LISTS.has(key) ? z.array(inner).nullable() : z.array(inner)).optional();
        return (single.nullable ? inner.nullable() : inner).optional();
      },
    });
  }
  return shape;
}

const entries = new Map<QueryEndpoint, z.ZodType>();

/** One result entry of a query tool: every field of the endpoint, optional, plus what the tools add. */
export function entrySchema(endpoint: QueryEndpoint): z.ZodType {
  let schema = entries.get(endpoint);
  if (!schema) {
    const base = objectSchema(API_FIELDS[endpoint], { endpoint, path: "" });
    const extra: Record<string, z.ZodType> = {};
    for (const [k, v] of Object.entries(ADDED_MEMBERS)) extra[k] = v.optional();
    schema = z.intersection(base, z.looseObject(extra));
    entries.set(endpoint, schema);
  }
  return schema;
}

/** Every leaf of the field tree as LEAF_TYPES keys it (own fields only), for the drift test. */
export function treeLeaves(): string[] {
  const out: string[] = [];
  const walk = (endpoint: string, path: string, def: SchemaObject) => {
    for (const [name, sub] of Object.entries(def.fields)) {
      const p = path ? `${path}.${name}` : name;
      if (sub === null) out.push(`${endpoint}.${p}`);
      else walk(endpoint, p, sub);
    }
  };
  for (const [endpoint, def] of Object.entries(API_FIELDS)) walk(endpoint, "", def);
  return out;
}

/**
 * The shape of rows fetched with a fixed `fields` selection (a tool's own request, such as
 * the list entry the write tools read back): only the selected members, plus the `id` VNDB
 * always adds, typed as in LEAF_TYPES. Much smaller than a whole entry, which reaches
 * every endpoint through its nested entries.
 */
export function selectionSchema(endpoint: QueryEndpoint, fields: string): z.ZodObject {
  const parsed = parseFields(endpoint, fields);
  if (!parsed.ok) throw new Error(`entry-shapes: ${parsed.message} in ${fields}`);
  const build = (def: SchemaObject, own: Site, selection: FieldSelection): z.ZodObject => {
    const shape: Record<string, z.ZodType> = {};
    const names = subFields(def).has("id") ? ["id", ...Object.keys(selection)] : Object.keys(selection);
    for (const name of names) {
      const site: Site = name in def.fields ? { endpoint: own.endpoint, path: own.path ? `${own.path}.${name}` : name } : { endpoint: def.inherit!, path: name };
      const key = `${site.endpoint}.${site.path}`;
      const sub = subFields(def).get(name);
      const selected = selection[name];
      if (sub === null || sub === undefined || selected === undefined || selected === true) {
        shape[name] = LEAF_TYPES[key]!.optional();
        continue;
      }
      const inner = build(sub, site, selected);
      const single = SINGLE_OBJECTS[key];
      shape[name] = (single ? (single.nullable ? inner.nullable() : inner) : NULLABLE_LISTS.has(key) ? z.array(inner).nullable() : z.array(inner)).optional();
    }
    return z.looseObject(shape);
  };
  return build(API_FIELDS[endpoint], { endpoint, path: "" }, parsed.selection);
}

/** The members that name an entry, as the text answers head it (format/titles.ts TITLE_KEYS). */
const NAMING_LEAVES = ["id", "title", "alttitle", "name", "original"] as const;

/**
 * The entry as tools/list describes it (issue 29, defects 5 and "Done when": the whole
 * tools/list ≤ 40 KB): what names it (its id and its title or name, typed as in LEAF_TYPES)
 * and what the tools add (url, truncated_lists); every other member is allowed, since which
 * come back depends on `fields`. The full shape (entrySchema) reaches every endpoint through
 * nested entries, ~11 KB of JSON Schema per query tool, and even the endpoint's own members
 * typed one by one were 1-2 KB per tool of a list a client loads and compiles; a client that
 * reads a field it asked for knows its type from VNDB's documentation. The server still
 * checks every answer against the full shape.
 */
export function listedEntrySchema(endpoint: QueryEndpoint): z.ZodType {
  const def = API_FIELDS[endpoint];
  const shape: Record<string, z.ZodType> = {};
  for (const name of NAMING_LEAVES) if (def.fields[name] === null) shape[name] = LEAF_TYPES[`${endpoint}.${name}`]!.optional();
  for (const [k, v] of Object.entries(ADDED_MEMBERS)) shape[k] = v.optional();
  return z.looseObject(shape);
}
