// What a query response echoes about its filter: `compact_filters` (reference §9.5) and
// `normalized_filters` (§10), rendered exactly as the service renders them.
//
// The service's JSON writer prints any value that has ever been used as text as a JSON
// string (Perl keeps a cached text form next to the number). That leaves visible traces:
// label ids and today's date (1) are always strings, and building the compact form turns the
// first element of [a, b] pairs and integer extlink values into strings in place, so those
// are strings only when `compact_filters` was requested in the same call (vectors README).

import type { EntityType, Filter, QueryEndpoint } from "./types.js";
import { encodeQuery, type CompactQuery, type CompactValue } from "./compact.js";
import { filterByName, filterEntity, type FilterDef } from "./filters.js";
import { perlText } from "./filter-values.js";
import { DATE_TODAY } from "./dates.js";

/** Spoiler and level packing of tags in compact form (reference §9.5). */
const TAG_LIE_FACTOR = 48;
const TRAIT_LIE_FACTOR = 3;

function isCombinator(f: Filter): f is ["and" | "or", ...Filter[]] {
  return f[0] === "and" || f[0] === "or";
}

function defOf(entity: EntityType, name: string): FilterDef {
  const def = filterByName(entity, name);
  if (def === undefined) throw new Error(`filter '${name}' is not a ${entity} filter`);
  return def;
}

function idNumber(id: unknown): number {
  return Number(String(id).replace(/^[a-z]/, ""));
}

function compactValue(def: FilterDef, value: unknown): CompactValue {
  const kind = def.value;
  switch (kind.kind) {
    case "query":
      return toCompactJson(kind.entity, value as Filter);
    case "tag": {
      const [id, spoiler, level, lies] = value as [string, number, number, number?];
      if (spoiler === 0 && level === 0 && lies !== 1) return idNumber(id);
      return [idNumber(id), (lies === 1 ? TAG_LIE_FACTOR : 0) + Math.floor(level * 5) * 3 + spoiler];
    }
    case "trait": {
      const [id, spoiler, lies] = value as [string, number, number?];
      if (spoiler === 0 && lies !== 1) return idNumber(id);
      return [idNumber(id), (lies === 1 ? TRAIT_LIE_FACTOR : 0) + spoiler];
    }
    case "label": {
      const [user, label] = value as [string, number];
      return [idNumber(user), Number(label)];
    }
    case "extlink":
      if (Array.isArray(value)) return `${String(value[0])},${perlText(value[1]) ?? ""}`;
      return String(value);
    default:
      break;
  }
  if (value === null || value === undefined) return "";
  if (kind.kind === "pair") {
    const [a, b] = value as [number, number];
    return [Math.trunc(a), Math.trunc(b)];
  }
  if (kind.kind === "vndbid") return idNumber(value);
  if (kind.kind === "uint" || kind.kind === "flag" || kind.kind === "date") return Math.trunc(Number(value));
  return perlText(value) ?? "";
}

/** A normalised filter in compact JSON form (field numbers, 0/1 for and/or, packed values). */
export function toCompactJson(entity: EntityType, filter: Filter): CompactQuery {
  if (isCombinator(filter)) {
    const children = filter.slice(1) as Filter[];
    return [filter[0] === "and" ? 0 : 1, ...children.map((c) => toCompactJson(entity, c))];
  }
  const [name, op, value] = filter;
  const def = defOf(entity, name);
  return [def.number, op, compactValue(def, value)];
}

/** The compact string of a normalised filter ("" without one). */
export function compactString(entity: EntityType, filter: Filter | null): string {
  return filter === null ? "" : encodeQuery(toCompactJson(entity, filter));
}

function renderNormalized(entity: EntityType, filter: Filter, compact: boolean): unknown {
  if (isCombinator(filter)) {
    return [filter[0], ...(filter.slice(1) as Filter[]).map((c) => renderNormalized(entity, c, compact))];
  }
  const [name, op, value] = filter;
  const def = defOf(entity, name);
  switch (def.value.kind) {
    case "query":
      return [name, op, renderNormalized(def.value.entity, value as Filter, compact)];
    case "label": {
      const [user, label] = value as [string, number];
      return [name, op, [user, String(label)]];
    }
    case "date":
      return [name, op, value === DATE_TODAY ? String(DATE_TODAY) : value];
    case "pair": {
      const [a, b] = value as [number, number];
      return [name, op, compact ? [String(a), b] : [a, b]];
    }
    case "extlink":
      if (compact && Array.isArray(value) && typeof value[1] === "number" && Number.isInteger(value[1])) {
        return [name, op, [value[0], perlText(value[1])]];
      }
      return [name, op, Array.isArray(value) ? [...value] : value];
    default:
      return [name, op, Array.isArray(value) ? [...value] : value];
  }
}

/**
 * The filter echoes of a query response: `compactFilters` when `want.compact` ("" without a
 * filter) and `normalizedFilters` when `want.normalized` (null without a filter).
 */
export function filterOutputs(
  endpoint: QueryEndpoint,
  filter: Filter | null,
  want: { compact: boolean; normalized: boolean },
): { compactFilters?: string; normalizedFilters?: unknown } {
  const entity = filterEntity(endpoint);
  const out: { compactFilters?: string; normalizedFilters?: unknown } = {};
  if (want.compact) out.compactFilters = compactString(entity, filter);
  if (want.normalized) out.normalizedFilters = filter === null ? null : renderNormalized(entity, filter, want.compact);
  return out;
}
