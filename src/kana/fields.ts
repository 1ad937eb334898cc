// The `fields` request member (reference §5.4, §5.5): parse a selection string against the
// generated field tree with VNDB's exact error texts, estimate the response size, and turn a
// selection back into a canonical string for clients.
import { API_FIELDS, subFields, type FieldDef, type SchemaObject } from "../schema/index.js";
import type { FieldSelection, QueryEndpoint } from "./types.js";
import { FU_WHITESPACE_CLASS } from "./members.js";

export type FieldsParse = { ok: true; selection: FieldSelection } | { ok: false; message: string };

/**
 * Splits like VNDB's `split /\s*([,.{}])\s*\/`: names and separators alternate, whitespace
 * around separators goes, whitespace inside a name stays, and (as in Perl) trailing empty
 * pieces are dropped while inner and leading ones are kept — an empty name after `.` is
 * what produces "Field '' not found".
 */
const SPLIT = new RegExp(`${FU_WHITESPACE_CLASS}*([,.{}])${FU_WHITESPACE_CLASS}*`);

function tokenize(text: string): string[] {
  const tokens = text.split(SPLIT);
  while (tokens.length > 0 && tokens[tokens.length - 1] === "") tokens.pop();
  return tokens;
}

interface Building {
  [name: string]: Building;
}

/**
 * Parses a `fields` string (already trimmed by the member rules) for an endpoint.
 * The state machine mirrors the service's: `nf` is the set of names a following name may
 * come from (undefined after a leaf or a closed brace), `ln` the last name read.
 */
export function parseFields(endpoint: QueryEndpoint, text: string): FieldsParse {
  const tokens = tokenize(text);
  let pos = 0;
  const root: Building = {};
  type Fail = { message: string };

  const level = (depth: number, defs: SchemaObject, out: Building): Fail | null => {
    let nf: SchemaObject | undefined = defs;
    let of: Building = out;
    let ln: string | undefined;
    while (pos < tokens.length) {
      let t = tokens[pos++];
      if (t === "") continue;
      if (t === "}") {
        if (nf !== undefined) {
          return {
            message: ln !== undefined ? objectNeedsSubfields(ln) : "Expected (sub)field, got '}'",
          };
        }
        return depth > 0 ? null : { message: "Unmatched '}'" };
      } else if (t === "{") {
        if (nf === undefined) {
          return { message: `Unexpected '{' after non-object field${ln !== undefined ? ` '${ln}'` : ""}` };
        }
        const inner = level(depth + 1, nf, of);
        if (inner !== null) return inner;
        // After a closed brace only "," or "}" may follow.
        nf = undefined;
        ln = undefined;
      } else if (t === ",") {
        if (nf !== undefined) {
          return { message: ln !== undefined ? objectNeedsSubfields(ln) : "Expected (sub)field, got comma" };
        }
        nf = defs;
        of = out;
        ln = undefined;
      } else {
        if (nf === undefined) {
          return {
            message:
              ln !== undefined
                ? `Sub-field specified for non-object '${ln}'`
                : "Unexpected (sub)field after non-object field",
          };
        }
        if (t === ".") {
          if (pos >= tokens.length) return { message: "Expected name after '.'" };
          t = tokens[pos++];
        }
        const def: FieldDef | undefined = subFields(nf).get(t);
        if (def === undefined) return { message: `Field '${t}' not found` };
        ln = t;
        nf = def ?? undefined;
        of[t] ??= {};
        of = of[t];
      }
    }
    if (nf !== undefined) {
      // End of input while a name is still waiting: an object without sub-fields, or an
      // open brace / dangling comma (which the service also words as an unmatched brace).
      return { message: ln !== undefined ? objectNeedsSubfields(ln) : "Unmatched '{'" };
    }
    return depth > 0 ? { message: "Unmatched '{'" } : null;
  };

  const failure = level(0, API_FIELDS[endpoint], root);
  if (failure !== null) return { ok: false, message: failure.message };
  return { ok: true, selection: toSelection(API_FIELDS[endpoint], root) };
}

function objectNeedsSubfields(name: string): string {
  return `The '${name}' object requires specifying sub-field(s).`;
}

function toSelection(defs: SchemaObject, built: Building): FieldSelection {
  const out: FieldSelection = {};
  const available = subFields(defs);
  for (const name of Object.keys(built)) {
    const def = available.get(name);
    out[name] = def ? toSelection(def, built[name]) : true;
  }
  return out;
}

/** Above this estimate the service refuses the query (`count_fields` in lib/VNWeb/API.pm). */
export const MAX_ESTIMATED_FIELDS = 100_000;

/**
 * Per-field multipliers (`num` in the service's field definitions, reference §5.5): how many
 * objects a one-to-many field is assumed to return. Keyed by the endpoint that defines the
 * field, because inherited fields keep their definition (a VN's relations' tags count 50).
 * Every other object counts once.
 */
export const FIELD_MULTIPLIERS: readonly (readonly [QueryEndpoint, string, number])[] = [
  ["vn", "titles", 3],
  ["vn", "screenshots", 10],
  ["vn", "relations", 3],
  ["vn", "tags", 50],
  ["vn", "developers", 2],
  ["vn", "editions", 3],
  ["vn", "staff", 20],
  ["vn", "va", 10],
  ["release", "languages", 3],
  ["release", "media", 3],
  ["release", "vns", 3],
  ["release", "producers", 3],
  ["release", "images", 3],
  ["character", "vns", 3],
  ["character", "traits", 30],
  ["staff", "aliases", 3],
  ["ulist", "labels", 3],
  ["ulist", "releases", 3],
];

const multiplierByDef: ReadonlyMap<SchemaObject, number> = new Map(
  FIELD_MULTIPLIERS.map(([endpoint, field, num]) => {
    const def = API_FIELDS[endpoint].fields[field];
    if (!def) throw new Error(`FIELD_MULTIPLIERS names ${endpoint}.${field}, which is not an object field`);
    return [def, num] as const;
  }),
);

/**
 * The service's estimate of how many fields a response holds: per object, the selected
 * keys plus the implicit `id` when the object has one and it was not selected, nested
 * objects weighted by their multiplier, the whole times `results`.
 */
export function estimateFieldCount(endpoint: QueryEndpoint, selection: FieldSelection, results: number): number {
  return countFields(API_FIELDS[endpoint], selection, results);
}

function countFields(defs: SchemaObject, selection: FieldSelection, multiplier: number): number {
  const available = subFields(defs);
  let n = (available.has("id") && !("id" in selection) ? 1 : 0) + Object.keys(selection).length;
  for (const name of Object.keys(selection)) {
    const def = available.get(name);
    const sub = selection[name];
    if (def && sub !== true) n += countFields(def, sub, multiplierByDef.get(def) ?? 1);
  }
  return n * multiplier;
}

/** The refusal text for an estimate above the limit (the service prints it with %.0f). */
export function tooMuchDataMessage(estimate: number): string {
  return `Too much data selected (estimated ${Math.round(estimate)} fields)`;
}

/**
 * A selection as a canonical `fields` string: names sorted, a single sub-field written with
 * a dot and several in braces (`image.url`, `image{dims,url}`). parseFields gives the same
 * selection back.
 */
export function formatFields(selection: FieldSelection): string {
  return Object.keys(selection)
    .sort()
    .map((name) => {
      const sub = selection[name];
      if (sub === true) return name;
      const keys = Object.keys(sub);
      if (keys.length === 1) return `${name}.${formatFields(sub)}`;
      return `${name}{${formatFields(sub)}}`;
    })
    .join(",");
}
