// Validation and normalisation of the `filters` member (reference §8.1-§8.3): every input
// form (JSON arrays, compact JSON, JSON in a string, compact strings) in, the clean
// normalised Filter of src/kana/types.ts out, or VNDB's own error.

import type { EntityType, Filter, FilterOperator, QueryEndpoint, Session } from "./types.js";
import { FILTER_OPERATORS } from "./types.js";
import { decodeQuery } from "./compact.js";
import { parseStrictJson } from "./json-strict.js";
import { filterByName, filterByNumber, filterEntity } from "./filters.js";
import { coerceValue, INVALID_VALUE, isRef, perlText } from "./filter-values.js";

export interface FilterContext {
  session: Session | null;
  /** The raw `user` member as sent, undefined if absent. */
  rawUser: unknown;
}

/** A refusal; `message` has no final period ("Invalid value", "Unknown field", ...). */
export type FilterError = { field?: string; message: string };

export type FilterValidation = { ok: true; filter: Filter | null } | { ok: false; error: FilterError };

/**
 * Nodes (predicates, and/or, nested queries) one filter may hold: VNDB refuses the node
 * after 1001 with "Too many predicates" (AdvSearch.pm `$$count++ > 1000`, reference §8.2).
 */
export const MAX_FILTER_NODES = 1001;

class Refusal {
  constructor(readonly error: FilterError) {}
}

interface State {
  count: number;
  ctx: FilterContext;
}

const DIGITS = /^[0-9]+$/;

function digitsText(text: string): boolean {
  // Perl's `$` also matches before one final newline.
  return DIGITS.test(text) || (text.endsWith("\n") && DIGITS.test(text.slice(0, -1)));
}

/**
 * A refusal about field `name`. The service words the HTTP error with the field only when the
 * name is true in Perl terms (API.pm: `... if $err->{field}`), so an empty name (`""`, or a
 * `false` first element) is reported without one: `Invalid 'filters' member: Unknown field`.
 */
function fieldRefusal(name: string, message: string): Refusal {
  return new Refusal(name === "" || name === "0" ? { message } : { field: name, message });
}

function validateNode(entity: EntityType, q: unknown, st: State): Filter {
  if (!Array.isArray(q) || q.length < 2 || q[0] === null || q[0] === undefined || isRef(q[0])) {
    throw new Refusal({ message: "Invalid query" });
  }
  if (st.count++ >= MAX_FILTER_NODES) throw new Refusal({ message: "Too many predicates" });

  let name = perlText(q[0])!;
  if (digitsText(name)) {
    const n = Number(name);
    if (n === 0) name = "and";
    else if (n === 1) name = "or";
    else {
      const byNumber = filterByNumber(entity, name);
      if (byNumber === undefined) throw fieldRefusal(name, "Unknown field");
      name = byNumber.name;
    }
  }

  if (name === "and" || name === "or") {
    const children = q.slice(1).map((child: unknown) => validateNode(entity, child, st));
    return [name, ...children];
  }

  if (q.length !== 3 || q[1] === null || q[1] === undefined || isRef(q[1])) {
    throw new Refusal({ message: "Invalid predicate" });
  }
  const def = filterByName(entity, name);
  if (def === undefined) throw fieldRefusal(name, "Unknown field");
  const op = perlText(q[1]) as FilterOperator;
  if (!FILTER_OPERATORS.includes(op) || !def.operators.includes(op)) {
    throw new Refusal({ field: name, message: "Invalid operator" });
  }
  if (def.value.kind === "query") return [name, op, validateNode(def.value.entity, q[2], st)];
  const value = coerceValue(def.value, q[2], st.ctx);
  if (value === INVALID_VALUE) throw new Refusal({ field: name, message: "Invalid value" });
  return [name, op, value];
}

/**
 * Validates and normalises a `filters` value for `endpoint` (/ulist takes VN filters).
 * `[]`, `""`, `null`, `false` and absence mean no filter.
 */
export function validateFilters(endpoint: QueryEndpoint, value: unknown, ctx: FilterContext): FilterValidation {
  if (value === undefined || value === null || (!isRef(value) && perlText(value) === "")) {
    return { ok: true, filter: null };
  }
  let query: unknown = value;
  if (!isRef(value)) {
    const text = perlText(value)!;
    if (text.startsWith("[")) {
      const parsed = parseStrictJson(text);
      if (!parsed.ok) return { ok: false, error: { message: "Invalid JSON" } };
      query = parsed.value;
    } else {
      const decoded = decodeQuery(text);
      if (!decoded.ok) return { ok: false, error: { message: decoded.error } };
      query = decoded.query;
    }
  }
  if (Array.isArray(query) && query.length === 0) return { ok: true, filter: null };
  try {
    return { ok: true, filter: validateNode(filterEntity(endpoint), query, { count: 0, ctx }) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.error };
    throw e;
  }
}

/**
 * The HTTP error text VNDB sends for a filter refusal: `Invalid '<field>' filter: <msg>.`
 * when a field is named, else `Invalid 'filters' member: <msg>` (no final period).
 */
export function filterErrorMessage(error: FilterError): string {
  return error.field !== undefined
    ? `Invalid '${error.field}' filter: ${error.message}.`
    : `Invalid 'filters' member: ${error.message}`;
}
