// Structured filter objects → VNDB filters in the named JSON form (reference §8.1), with
// names resolved to ids, then checked by the core validator so that anything VNDB would
// refuse is refused here with VNDB's own message and a hint for the model.

import { ownEntry } from "../kana/own-key.js";
import { onePerTag, UnsayableTrait } from "./one-per-tag.js";
import { didYouMean } from "../kana/hints.js";
import { ENTITY_LETTER, FILTERS, filterByName, filterEntity, type FilterDef } from "../kana/filters.js";
import { filterErrorMessage, validateFilters } from "../kana/filter-validate.js";
import type { EntityType, FilterOperator, QueryEndpoint, Session } from "../kana/types.js";
import { LANGUAGE, MEDIUM, PLATFORM } from "../schema/index.js";
import { parseRaw } from "./raw.js";
import { resolutionMessage, type NameKind, type NameResolver } from "./resolver.js";
import { codeKindOf, NUMERIC_CODES, resolveCode, type CodeKind } from "./code-names.js";
import { aliasedObject, filterAlias, notAFilter } from "./aliases.js";
import { vndbIdPattern } from "../kana/vndbid.js";

type Obj = Record<string, unknown>;
/** A node of the named JSON form as sent to VNDB. */
export type Predicate = unknown[];

export interface PredicateContext {
  /** Who the query runs as (label filters complete bare label ids from it). */
  session?: Session | null;
  /** The raw `user` member of the request, if any (reference §8.3, label). */
  rawUser?: unknown;
  /**
   * The spoiler level the answer is shown at (0-2). Tag and trait filters without their own
   * max_spoiler match up to it, so asking with spoilers 2 also finds the entries whose tag
   * or trait is a spoiler; VNDB's own default (0) stays in force at level 0.
   */
  maxSpoiler?: number;
  /**
   * Custom label names → ids, against the labels of the list's user (GET /ulist_labels).
   * Without it only the built-in labels are known by name.
   */
  resolveLabel?: (name: string) => Promise<LabelResolution>;
}

export type LabelResolution = { ok: true; id: number } | { ok: false; message: string };

/** One name that was resolved, so the tool can show the model what it searched for. */
export interface ResolvedName {
  /** "filter": a filter key read as another (aliases.ts). */
  kind: NameKind | CodeKind | "filter";
  name: string;
  id: string;
  /** The entry's display name, e.g. "Key (鍵)". */
  as: string;
  how: "exact" | "search";
  /** A person's other credited names (staff), which the id covers too. */
  others?: string[];
}

export type PredicateResult =
  | { ok: true; /** the `filters` request member; null for no filter */ filters: Predicate | string | null; resolved: ResolvedName[] }
  | { ok: false; message: string; hint?: string };

/** Comparison keys of a value object and the VNDB operator each means. */
const COMPARE: Readonly<Record<string, FilterOperator>> = { eq: "=", ne: "!=", gt: ">", gte: ">=", lt: "<", lte: "<=" };
/** Several-value keys: how the values combine and which operator each value gets. */
const MULTI: Readonly<Record<string, { join: "or" | "and"; op: FilterOperator }>> = {
  any: { join: "or", op: "=" },
  all: { join: "and", op: "=" },
  none: { join: "and", op: "!=" },
};
const VALUE_KEYS = new Set([...Object.keys(COMPARE), ...Object.keys(MULTI)]);

/** Entity types whose entries may be named in a filter, and what resolves them. */
const NAMEABLE: Readonly<Partial<Record<EntityType, NameKind>>> = {
  tag: "tag",
  trait: "trait",
  producer: "producer",
  staff: "staff",
  character: "character",
  vn: "vn",
};

/**
 * The built-in list labels every user has (VNDB's default label ids 1–7), so a model can
 * say "Finished" without a /ulist_labels call. Custom labels are passed by id.
 */
export const DEFAULT_LABELS: Readonly<Record<string, number>> = {
  playing: 1,
  finished: 2,
  stalled: 3,
  dropped: 4,
  wishlist: 5,
  blacklist: 6,
  voted: 7,
};

class InputError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Case-insensitive lookup of enumeration values by id or label ("English" → "en"). */
const ENUM_LABELS: ReadonlyMap<string, string> = new Map(
  [...LANGUAGE, ...PLATFORM, ...MEDIUM].flatMap((e) => [
    [e.id.toLowerCase(), e.id] as [string, string],
    [e.label.toLowerCase(), e.id] as [string, string],
  ]),
);

function canonicalEnum(d: FilterDef, v: unknown): unknown {
  if (d.value.kind !== "enum" || typeof v !== "string") return v;
  const values = d.value.values;
  if (values.includes(v)) return v;
  const lower = v.trim().toLowerCase();
  const direct = values.find((x) => x.toLowerCase() === lower);
  if (direct !== undefined) return direct;
  const byLabel = ENUM_LABELS.get(lower);
  return byLabel !== undefined && values.includes(byLabel) ? byLabel : v;
}

function isIdFor(entity: EntityType, v: unknown): boolean {
  if (typeof v === "number") return Number.isInteger(v) && v > 0;
  return typeof v === "string" && vndbIdPattern(ENTITY_LETTER[entity], true).test(v.trim());
}

/**
 * Filter names a model reaches for that edit distance does not find: search text goes in
 * `search` inside a filter object (`query` is the tool's top-level argument), years in
 * `released`.
 */
const SYNONYMS: Readonly<Record<string, string>> = {
  query: "search",
  title: "search",
  name: "search",
  year: "released",
  date: "released",
  release_date: "released",
};

function filterNames(entity: EntityType): string[] {
  return FILTERS[entity].filter((d) => !d.deprecated).map((d) => d.name);
}

class Converter {
  readonly resolved: ResolvedName[] = [];
  constructor(
    private readonly resolver: NameResolver | null,
    private readonly ctx: PredicateContext,
  ) {}

  private async resolve(kind: NameKind, name: string): Promise<string> {
    if (!this.resolver) throw new InputError(`Cannot look up the ${kind} name "${name}" here; pass its id.`);
    const r = await this.resolver.resolve(kind, name);
    if (!r.ok) throw new InputError(resolutionMessage(kind, name, r));
    if (!this.resolved.some((x) => x.kind === kind && x.id === r.id && x.name === name)) {
      this.resolved.push({ kind, name, id: r.id, as: r.name, how: r.how, ...(r.others ? { others: r.others } : {}) });
    }
    return r.id;
  }

  /** Like resolve, but null (keep the text search) when the name is not one person's. */
  private async tryResolve(kind: NameKind, name: string): Promise<string | null> {
    if (!this.resolver) return null;
    const r = await this.resolver.resolve(kind, name);
    if (!r.ok) return null;
    return this.resolve(kind, name);
  }

  /** A coded value given by name ("Switch", "writer") → its code, echoed like entity names. */
  private code(entity: EntityType, def: FilterDef, v: unknown): unknown {
    const kind = codeKindOf(entity, def.name);
    if (!kind || typeof v !== "string") return canonicalEnum(def, v);
    const r = resolveCode(kind, v);
    if (!r.ok) throw new InputError(r.message);
    if (!r.exact && !this.resolved.some((x) => x.kind === kind && x.name === v)) {
      this.resolved.push({ kind, name: v, id: r.code, as: r.label, how: "exact" });
    }
    return NUMERIC_CODES.has(kind) ? Number(r.code) : r.code;
  }

  /** A filter object of `entity` → one node, or null when it says nothing. */
  async object(entity: EntityType, obj: Obj, path: string): Promise<Predicate | null> {
    const children: Predicate[] = [];
    for (const [key, value] of Object.entries(obj)) {
      if (value === undefined) continue;
      const at = path ? `${path}.${key}` : key;
      if (key === "and" || key === "or") {
        const items = Array.isArray(value) ? value : [value];
        const subs: Predicate[] = [];
        for (const [i, item] of items.entries()) {
          if (!isObj(item)) throw new InputError(`${at}[${i}] must be a filter object like {"lang": "en"}.`);
          const sub = await this.object(entity, item, `${at}[${i}]`);
          if (sub) subs.push(sub);
        }
        if (subs.length === 1) children.push(subs[0]);
        else if (subs.length > 1) children.push([key, ...subs]);
      } else if (key === "raw") {
        children.push(...this.raw(entity, value, at));
      } else {
        const def = filterByName(entity, key);
        const alias = def ? undefined : filterAlias(entity, key);
        if (alias) {
          // A spelling VNDB lacks, read as the filter it means (aliases.ts) and echoed.
          const read = alias.value?.(value);
          if (read instanceof Error) throw new InputError(read.message);
          const sub = await this.object(entity, aliasedObject(alias, value), path);
          if (sub) children.push(sub);
          this.resolved.push({ kind: "filter", name: key, id: read ? read.said : alias.to.join("."), as: `(${alias.means})`, how: "exact" });
          continue;
        }
        const wish = def ? undefined : notAFilter(entity, key);
        if (wish) throw new InputError(`There is no ${entity} filter "${at}". ${wish}`);
        if (!def) {
          const synonym = ownEntry(SYNONYMS, key);
          const close = synonym && filterNames(entity).includes(synonym) ? [synonym] : didYouMean(key, filterNames(entity));
          throw new InputError(
            `Unknown ${entity} filter "${at}".${close.length ? ` Did you mean ${close.map((c) => `"${c}"`).join(" or ")}?` : ""}`,
            `Valid ${entity} filters: ${filterNames(entity).join(", ")}, plus and, or, raw.`,
          );
        }
        children.push(await this.value(entity, def, value, at));
      }
    }
    if (children.length === 0) return null;
    return children.length === 1 ? children[0] : ["and", ...children];
  }

  /** The escape hatch inside a filter object: validated as VNDB would, in normalised form. */
  private raw(entity: EntityType, value: unknown, at: string): Predicate[] {
    const parsed = parseRaw(entity, value);
    if (!parsed.ok) throw new InputError(parsed.message);
    const out: Predicate[] = [];
    const v = validateFilters(entity, parsed.filters, { session: this.ctx.session ?? null, rawUser: this.ctx.rawUser });
    if (!v.ok) throw new InputError(`${at}: ${filterErrorMessage(v.error)}`, hintFor(entity, v.error.field));
    if (v.filter) out.push(v.filter as Predicate);
    if (parsed.search) out.push(["search", "=", parsed.search]);
    return out;
  }

  /** One filter's value: plain, comparison object, or several values. */
  private async value(entity: EntityType, def: FilterDef, value: unknown, at: string): Promise<Predicate> {
    if (isObj(value) && Object.keys(value).length > 0 && Object.keys(value).every((k) => VALUE_KEYS.has(k))) {
      const parts: Predicate[] = [];
      for (const [k, v] of Object.entries(value)) {
        if (v === undefined) continue;
        const multi = MULTI[k];
        if (multi) {
          if (!Array.isArray(v) || v.length === 0) throw new InputError(`${at}.${k} must be a non-empty array of values.`);
          const preds = await Promise.all(v.map((x) => this.predicate(entity, def, multi.op, x, at)));
          parts.push(preds.length === 1 ? preds[0] : [multi.join, ...preds]);
        } else {
          const op = COMPARE[k];
          if (!def.operators.includes(op)) {
            throw new InputError(
              `Filter "${at}" cannot be compared with ${k}; it takes x, {ne: x} or {any|all|none: [...]}.`,
              def.name === "length" ? hintFor(entity, "length") : `Comparable ${entity} filters: ${FILTERS[entity].filter((d) => !d.deprecated && d.operators.includes(">")).map((d) => d.name).join(", ")}.`,
            );
          }
          parts.push(await this.predicate(entity, def, op, v, at));
        }
      }
      return parts.length === 1 ? parts[0] : ["and", ...parts];
    }
    if (Array.isArray(value) && !takesArrays(def)) {
      throw new InputError(`Filter "${at}" got an array; for several values write {"any": [...]} (or "all" / "none").`);
    }
    return this.predicate(entity, def, "=", value, at);
  }

  /** One predicate [name, op, value] with the value converted for its kind. */
  private async predicate(entity: EntityType, def: FilterDef, op: FilterOperator, v: unknown, at: string): Promise<Predicate> {
    const name = def.name;
    switch (def.value.kind) {
      case "query": {
        const nested = def.value.entity;
        if (isObj(v) && nested === "staff" && typeof v.search === "string" && Object.keys(v).length > 1) {
          // Staff come one row per alias, and a search matches the alias rows that carry the
          // name: a writer credited under a pen name would lose those credits. The person's
          // id covers every alias, so a name that resolves to one person becomes its id.
          const sid = await this.tryResolve("staff", v.search);
          if (sid) {
            const { search: _name, ...rest } = v;
            const inner = await this.object(nested, rest, at);
            return [name, op, inner ? ["and", ["id", "=", sid], inner] : ["id", "=", sid]];
          }
        }
        if (isObj(v)) {
          const inner = await this.object(nested, v, at);
          if (!inner) throw new InputError(`Filter "${at}" is empty; give ${nested} filters, a name or an id.`);
          return [name, op, inner];
        }
        if (isIdFor(nested, v)) return [name, op, ["id", "=", v]];
        const kind = NAMEABLE[nested];
        if (typeof v === "string" && kind) return [name, op, ["id", "=", await this.resolve(kind, v)]];
        throw new InputError(`Filter "${at}" takes ${nested} filters ({...}) or a ${nested} id${kind ? " or name" : ""}.`);
      }
      case "tag":
      case "trait": {
        return [name, op, await this.tagValue(def.value.kind, v, at)];
      }
      case "flag": {
        // true ↔ VNDB's value 1; false negates the operator, the only way VNDB says "not".
        const truthy = v === true || v === 1 || v === "1";
        const falsy = v === false || v === 0 || v === "0";
        if (!truthy && !falsy) throw new InputError(`Filter "${at}" takes true or false.`);
        return [name, truthy ? op : op === "=" ? "!=" : "=", 1];
      }
      case "label": {
        if (typeof v === "string" && DEFAULT_LABELS[v.trim().toLowerCase()] !== undefined) return [name, op, DEFAULT_LABELS[v.trim().toLowerCase()]];
        if (typeof v === "string" && !/^\d+$/.test(v.trim()) && this.ctx.resolveLabel) {
          const r = await this.ctx.resolveLabel(v.trim());
          if (!r.ok) throw new InputError(r.message);
          return [name, op, r.id];
        }
        if (typeof v === "string" && !/^\d+$/.test(v.trim())) {
          throw new InputError(`Unknown label "${v}" in "${at}": built-in labels are ${Object.keys(DEFAULT_LABELS).join(", ")}; pass custom labels by id.`);
        }
        return [name, op, v];
      }
      default:
        return [name, op, this.code(entity, def, v)];
    }
  }

  /**
   * Tag/trait values: id, name, or {name|id, max_spoiler, min_level, no_lies}.
   * When the answer is shown below spoiler level 2 (ctx.maxSpoiler), lies are excluded by
   * default: the answer hides a tag VNDB marks as a lie, so the filter must not match on it
   * either (no_lies: false opts out) — except a trait at spoiler 0, which VNDB cannot say
   * in one value (below).
   */
  private async tagValue(kind: "tag" | "trait", v: unknown, at: string): Promise<unknown> {
    const letter = kind === "tag" ? "g" : "i";
    const id = async (x: unknown): Promise<string> => {
      if (typeof x === "number" && Number.isInteger(x) && x > 0) return `${letter}${x}`;
      if (typeof x === "string" && vndbIdPattern(letter, true).test(x.trim())) {
        return x.trim().startsWith(letter) ? x.trim() : `${letter}${x.trim()}`;
      }
      if (typeof x === "string" && x.trim()) return this.resolve(kind, x.trim());
      throw new InputError(`Filter "${at}" takes a ${kind} name, a ${kind} id (${letter}123) or {name|id, max_spoiler${kind === "tag" ? ", min_level" : ""}, no_lies}.`);
    };
    if (Array.isArray(v)) return v; // VNDB's own [id, spoiler, level(, lies)] form, validated below.
    const shown = this.ctx.maxSpoiler;
    const ceiling = shown ?? 0;
    let tid: string;
    let spoiler: unknown = ceiling;
    let level: unknown = 0;
    let noLies: unknown = shown !== undefined && shown < 2 ? "default" : undefined;
    if (!isObj(v)) {
      tid = await id(v);
      if (ceiling === 0 && noLies === undefined) return tid;
    } else {
      const allowed = kind === "tag" ? ["id", "name", "max_spoiler", "min_level", "no_lies"] : ["id", "name", "max_spoiler", "no_lies"];
      const extra = Object.keys(v).filter((k) => !allowed.includes(k));
      if (extra.length) throw new InputError(`Filter "${at}" does not take ${extra.join(", ")}; it takes ${allowed.join(", ")}.`);
      const ref = v.id ?? v.name;
      if (ref === undefined) throw new InputError(`Filter "${at}" needs "name" or "id".`);
      tid = await id(ref);
      // VNDB's defaults: spoiler 0 (only where the tag is not a spoiler), level 0 (any rating).
      spoiler = v.max_spoiler ?? ceiling;
      level = v.min_level ?? 0;
      if (v.no_lies !== undefined) noLies = v.no_lies;
    }
    // Lies matter only where spoilers are limited: at level 2 everything matches anyway.
    const explicitNoLies = noLies === true;
    const excludeLies = explicitNoLies || (noLies === "default" && Number(spoiler) < 2);
    const lies = excludeLies ? [1] : [];
    if (kind === "tag") return [tid, spoiler, level, ...lies];
    if (excludeLies && (spoiler === 0 || spoiler === "0")) {
      // One trait value cannot say "spoiler 0 and not a lie": VNDB reads [id, 0, 1] as
      // [id, 2, 1] (reference §8.3), and two values on one trait inside an `and` match
      // nothing (one-per-tag.ts). The spoiler ceiling is the promise the answer keeps, so by
      // default spoiler 0 is kept and a spoiler-0 lie matches, as it does on vndb.org at "no
      // spoilers" (only the lie mark is a spoiler there); asked for both, the caller hears how.
      if (explicitNoLies) throw new InputError(traitUnsayable(at));
      return [tid, 0];
    }
    return [tid, spoiler, ...lies];
  }
}

/** Why spoiler 0 with no lies cannot be one trait value, and what to ask instead. */
function traitUnsayable(at: string): string {
  return `Filter "${at}": VNDB cannot match a trait at max_spoiler 0 with no_lies (one value reads as any spoiler level). Use max_spoiler 0 alone, or max_spoiler 1 with no_lies.`;
}

/** Kinds whose single value is itself an array (reference §8.3). */
function takesArrays(d: FilterDef): boolean {
  return ["pair", "label", "extlink", "tag", "trait"].includes(d.value.kind);
}

/** What to do about a refused filter value, from the filter table. */
export function hintFor(entity: EntityType, field: string | undefined): string | undefined {
  if (!field) return undefined;
  const d = filterByName(entity, field) ?? Object.values(FILTERS).flat().find((x) => x.name === field);
  if (!d) return undefined;
  const v = d.value;
  switch (v.kind) {
    case "enum":
      return `${field} takes one of: ${v.values.join(", ")}.`;
    case "uint":
      // The length buckets by hours (reference §8.4), which the filter description only names.
      if (field === "length") return "length takes one bucket: 1 very short (< 2 h), 2 short (2-10 h), 3 medium (10-30 h), 4 long (30-50 h), 5 very long (> 50 h); equality only, several with {any: [...]}.";
      if (v.values) return `${field} takes one of: ${v.values.join(", ")}.`;
      // Ratings are on VNDB's 10-100 scale; a model thinking of the site's 1-10 gives 8 for 80.
      return `${field} takes a whole number from ${v.min} to ${v.max}${field === "rating" ? " (10-100 scale: the site's 8.0 is 80)" : ""}.`;
    case "date":
      return `${field} takes YYYY, YYYY-MM or YYYY-MM-DD (years 1980-2100), "today", "unknown" or "TBA".`;
    case "vndbid":
      return `${field} takes an id like ${v.prefix}17 (or the number 17).`;
    case "flag":
      return `${field} takes true or false.`;
    case "tag":
      return `${field} takes a tag name or id, or {name|id, max_spoiler 0-2, min_level 0-3, no_lies}.`;
    case "trait":
      return `${field} takes a trait name or id, or {name|id, max_spoiler 0-2, no_lies}.`;
    case "pair":
      return `${field} takes [${field === "birthday" ? "month, day" : "width, height"}] with whole numbers up to ${v.max}.`;
    case "label":
      return `${field} takes a label (${Object.keys(DEFAULT_LABELS).join(", ")} or an id) and needs a user: the call's user or the token's.`;
    case "extlink":
      return `${field} takes a site name (vndb_get_schema lists them), [site, value], "site,value" or the page URL.`;
    default:
      return d.doc;
  }
}

/**
 * Turns the `filters` argument of a query tool into the request's `filters` member.
 * `structured` is a filter object; a string or an array is taken as the raw escape hatch.
 */
export async function toPredicate(
  endpoint: QueryEndpoint,
  structured: unknown,
  resolver: NameResolver | null,
  ctx: PredicateContext = {},
): Promise<PredicateResult> {
  const entity = filterEntity(endpoint);
  const conv = new Converter(resolver, ctx);
  let built: Predicate | null;
  try {
    if (structured === undefined || structured === null) built = null;
    else if (isObj(structured)) built = await conv.object(entity, structured, "");
    else if (typeof structured === "string" || Array.isArray(structured)) built = await conv.object(entity, { raw: structured }, "");
    else throw new InputError("filters must be an object like {\"lang\": \"en\"}.");
  } catch (e) {
    if (e instanceof InputError) return { ok: false, message: e.message, ...(e.hint ? { hint: e.hint } : {}) };
    throw e;
  }
  if (built === null) return { ok: true, filters: null, resolved: conv.resolved };
  const check = validateFilters(endpoint, built, { session: ctx.session ?? null, rawUser: ctx.rawUser });
  if (!check.ok) {
    const hint = hintFor(entity, check.error.field);
    return { ok: false, message: filterErrorMessage(check.error), ...(hint ? { hint } : {}) };
  }
  try {
    return { ok: true, filters: onePerTag(entity, built) as Predicate, resolved: conv.resolved };
  } catch (e) {
    if (e instanceof UnsayableTrait) return { ok: false, message: traitUnsayable(`trait ${e.message}`) };
    throw e;
  }
}
