// The `fields` argument of the query tools: a preset name, explicit field paths in the API's
// own grammar (reference §5.4), or both ("brief,tags{name}"). Presets expand to their field
// list; everything else is passed on and checked against the field tree.

import { formatFields, parseFields } from "../../kana/fields.js";
import { editDistance, MAX_SUGGESTIONS } from "../../kana/hints.js";
import type { FieldSelection, QueryEndpoint } from "../../kana/types.js";
import { endpointFields, fieldAt, subFields, type SchemaObject } from "../../schema/index.js";
import { ToolError } from "../errors.js";
import { fieldAlias, fieldElsewhere } from "./field-aliases.js";
import { filterByName, filterEntity } from "../../kana/filters.js";
import { FIELD_PRESETS, QUERY_SPECS, type FieldPreset, type QuerySpec } from "./specs.js";

/** The preset used when the model names no fields. */
export const DEFAULT_PRESET: FieldPreset = "standard";

/** Split on commas that are not inside braces: "a,b{c,d},e" → ["a", "b{c,d}", "e"]. */
export function splitTopLevel(fields: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of fields) {
    if (ch === "{") depth++;
    if (ch === "}") depth--;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}

function isPreset(word: string): word is FieldPreset {
  return (FIELD_PRESETS as readonly string[]).includes(word);
}

/** The `fields` string to send for a tool call. */
export function expandFields(spec: QuerySpec, requested: string | readonly string[] | undefined): string {
  const words =
    requested === undefined
      ? [DEFAULT_PRESET]
      : typeof requested === "string"
        ? splitTopLevel(requested)
        : requested.flatMap((r) => splitTopLevel(r));
  if (words.length === 0) words.push(DEFAULT_PRESET);
  const out: string[] = [];
  for (const word of words) {
    const lower = word.toLowerCase();
    const alias = fieldAlias(spec.endpoint, lower);
    if (isPreset(lower)) out.push(...splitTopLevel(spec.presets[lower]));
    else if (alias) out.push(...splitTopLevel(alias));
    else out.push(word);
  }
  return [...new Set(out)].join(",");
}

/** Edit distance up to which a known name counts as a likely meaning. */
const MAX_SUGGESTION_DISTANCE = 3;
/** Levels of the field tree searched for suggestions (deeper levels repeat endpoints). */
const SUGGESTION_DEPTH = 2;

/** Every selectable path to SUGGESTION_DEPTH levels: "title", "image.url", … */
function knownPaths(endpoint: QueryEndpoint): string[] {
  const out: string[] = [];
  const walk = (obj: SchemaObject, prefix: string, depth: number) => {
    for (const [name, def] of subFields(obj)) {
      const path = prefix ? `${prefix}.${name}` : name;
      out.push(path);
      if (def !== null && depth < SUGGESTION_DEPTH) walk(def, path, depth + 1);
    }
  };
  walk(endpointFields(endpoint), "", 1);
  return out;
}

/** A hint for VNDB's field error: the likely intended names, or the sub-fields to pick. */
export function fieldsHint(endpoint: QueryEndpoint, message: string): string {
  const needsSub = /The '([^']*)' object requires specifying sub-field/.exec(message);
  if (needsSub) {
    const paths = knownPaths(endpoint).filter((p) => p.endsWith(`.${needsSub[1]}`) || p === needsSub[1]);
    const def = paths.length ? fieldAt(endpoint, paths[0]!.split(".")) : undefined;
    const subs = def ? [...subFields(def)].map(([n]) => n) : [];
    return subs.length
      ? `Pick sub-fields, e.g. ${needsSub[1]}{${subs.slice(0, 3).join(",")}}; available: ${subs.join(", ")}.`
      : "Pick sub-fields in braces, e.g. image{url}.";
  }
  const notFound = /Field '([^']*)' not found/.exec(message);
  if (notFound) {
    const wanted = notFound[1]!.toLowerCase();
    // A word that is a field elsewhere or a filter here: name the call that works (issue 21),
    // unless it is a field inside an object here (a list entry's vn{rating}): that is
    // suggested below, where another tool would answer a different question.
    const nestedHere = knownPaths(endpoint).some((p) => p.endsWith(`.${wanted}`));
    const elsewhere = nestedHere
      ? undefined
      : (fieldElsewhere(endpoint, wanted) ??
        (NAME_FIELDS.some((n) => n === wanted)
          ? undefined
          : QUERY_SPECS.filter((q) => q.endpoint !== endpoint && subFields(endpointFields(q.endpoint)).has(wanted)).map((q) => [q.endpoint, wanted] as [QueryEndpoint, string])[0]));
    const tool = elsewhere && QUERY_SPECS.find((q) => q.endpoint === elsewhere[0])?.tool;
    const asFilter = filterByName(filterEntity(endpoint), wanted) ? ` ${wanted} is a filter here: {"filters":{"${wanted}":…}}.` : "";
    if (tool) return `${wanted} is a field of ${elsewhere![0]}s: ${tool} {"fields":"title,${elsewhere![1]}"}.${asFilter}`;

    const scored = knownPaths(endpoint)
      .map((p) => ({ p, d: editDistance(wanted, p.split(".").pop()!.toLowerCase()) }))
      .filter((s) => s.d <= MAX_SUGGESTION_DISTANCE)
      .sort((a, b) => a.d - b.d || a.p.length - b.p.length)
      .slice(0, MAX_SUGGESTIONS)
      .map((s) => s.p);
    const top = [...subFields(endpointFields(endpoint)).keys()].join(", ");
    return (
      asFilter.trim() +
      (asFilter ? " " : "") +
      (scored.length ? `Did you mean ${scored.join(" or ")}? Top-level fields: ${top}.` : `Top-level fields: ${top}. vndb_get_schema lists all.`)
    );
  }
  return 'Presets are "brief", "standard", "full"; paths use the API grammar, e.g. "title,image{url},tags.name".';
}

/** Sub-fields in which VNDB marks spoilers: tags and traits have both, a character's VNs the grade. */
const SPOILER_MARKS = ["spoiler", "lie"] as const;

/**
 * Adds the spoiler marks to every selected object that has them, so that the spoiler ceiling
 * holds whatever the model asked for: `tags{name}` alone would otherwise show spoiler tags.
 * The text rendering leaves the marks out where they say nothing (grade 0, not a lie).
 */
export function withSpoilerMarks(endpoint: QueryEndpoint, selection: FieldSelection): FieldSelection {
  const walk = (sel: FieldSelection, def: SchemaObject): FieldSelection => {
    const out: FieldSelection = {};
    for (const [name, sub] of Object.entries(sel)) {
      const child = subFields(def).get(name);
      if (sub === true || !child) {
        out[name] = sub;
        continue;
      }
      const inner = walk(sub, child);
      for (const mark of SPOILER_MARKS) if (subFields(child).has(mark)) inner[mark] = true;
      out[name] = inner;
    }
    return out;
  };
  return walk(selection, endpointFields(endpoint));
}

/** Sub-fields that name an entry, in order of preference. */
const NAME_FIELDS = ["title", "name"] as const;

/**
 * Adds the name to every selected entry that has one but was selected without it
 * (`developers.name` alone, `staff{role}`), so the answer never shows a bare id where a
 * name belongs: a model asked "who developed X?" must see that the entry it reads is X.
 * Nested objects without an id (titles, images, extlinks) are left as they are.
 */
export function withNames(endpoint: QueryEndpoint, selection: FieldSelection): FieldSelection {
  const walk = (sel: FieldSelection, def: SchemaObject): FieldSelection => {
    const out: FieldSelection = { ...sel };
    for (const [name, sub] of Object.entries(sel)) {
      const child = subFields(def).get(name);
      // External links have an id and a name too, but their label already says what they are.
      if (sub === true || !child || name === "extlinks") continue;
      const inner = walk(sub, child);
      const fields = subFields(child);
      const naming = NAME_FIELDS.find((n) => fields.has(n));
      if (fields.has("id") && naming && !NAME_FIELDS.some((n) => n in inner)) inner[naming] = true;
      out[name] = inner;
    }
    return out;
  };
  const def = endpointFields(endpoint);
  const out = walk(selection, def);
  const top = subFields(def);
  const naming = NAME_FIELDS.find((n) => top.has(n));
  if (naming && !NAME_FIELDS.some((n) => n in out)) out[naming] = true;
  return out;
}

/**
 * Expand and check a `fields` argument (a ToolError carries VNDB's message and a hint);
 * returns the field string to send, spoiler marks included.
 */
export function checkedFields(spec: QuerySpec, requested: string | undefined): string {
  const fields = expandFields(spec, requested);
  const parsed = parseFields(spec.endpoint, fields);
  if (!parsed.ok) {
    throw new ToolError(`Invalid 'fields': ${parsed.message}`, fieldsHint(spec.endpoint, parsed.message));
  }
  return formatFields(withSpoilerMarks(spec.endpoint, withNames(spec.endpoint, parsed.selection)));
}
