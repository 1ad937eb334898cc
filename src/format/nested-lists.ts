// Nested lists (a VN's tags, staff, voice actors; a character's traits) can run to hundreds
// of items, and a page that must fit the size cap cuts them to 15. These options filter a
// list and continue it, written inside `fields` so the tool schema stays the same size:
//   tags[category=cont,min_rating=2,from=15]   staff[role=scenario]   traits[group=Hair]
// The cut note tells the model the form when it needs it.

type Obj = Record<string, unknown>;

/** Items of a continued list shown when `limit` is not given: room for most lists in one go. */
export const LIST_LIMIT_DEFAULT = 50;

/**
 * The most items of one list shown at once: VNDB's own page maximum (`results` ≤ 100). A
 * window is shown whole (the size cap cuts rows, not the window asked for), so it is bounded.
 */
export const LIST_LIMIT_MAX = 100;

export interface ListOptions {
  list: string;
  category?: string;
  minRating?: number;
  role?: string;
  group?: string;
  /** This list's own spoiler level (0-2), in place of the answer's. */
  spoiler?: number;
  from: number;
  limit: number;
  /** The limit asked for when it was above LIST_LIMIT_MAX (the window is then LIST_LIMIT_MAX). */
  limitAsked?: number;
}

/** What each list is fetched with when named with options (its sub-fields). */
const LIST_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  vn: { tags: "tags{name,rating,category}", staff: "staff{name,role,note}", va: "va{character{name},staff{name},note}" },
  character: { traits: "traits{name,group_name}" },
};

// The options, then optionally the model's own sub-selection: `staff[role=scenario]{name,role}`
// or `staff[role=scenario].name` (one level of nested braces inside is enough for any list).
const OPTION = /\b(tags|traits|staff|va)\[([^\]]*)\](\{(?:[^{}]|\{[^{}]*\})*\}|\.[a-z_.]+)?/g;

/** Splits "a,b{c,d},e" at its top-level commas. */
function topLevelParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "," && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** `staff{name,role,note}` with the model's `{name,extra}` or `.name` added to what the options need. */
function withSelection(sub: string, selection: string | undefined): string {
  if (!selection) return sub;
  const open = sub.indexOf("{");
  const inner = selection.startsWith(".") ? selection.slice(1).replace(/\./g, "{") + "}".repeat((selection.match(/\./g)?.length ?? 1) - 1) : selection.slice(1, -1);
  const parts = [...topLevelParts(sub.slice(open + 1, -1)), ...topLevelParts(inner)];
  return `${sub.slice(0, open)}{${[...new Set(parts)].join(",")}}`;
}

/** The options, as the error for an unknown one and the tool's `fields` text name them. */
export const LIST_OPTIONS_TEXT = `category, min_rating, role, group, spoiler (0-2, this list only), from, limit (≤ ${LIST_LIMIT_MAX})`;

export type ParsedLists = { ok: true; fields: string | undefined; options: ListOptions[] } | { ok: false; message: string };

/** Takes the list options out of a `fields` argument; the rest is left for the field checker. */
export function parseListOptions(endpoint: string, fields: string | undefined): ParsedLists {
  if (!fields || !fields.includes("[")) return { ok: true, fields, options: [] };
  const options: ListOptions[] = [];
  let error: string | null = null;
  const rewritten = fields.replace(OPTION, (_m, list: string, body: string, selection: string | undefined) => {
    const sub = LIST_FIELDS[endpoint]?.[list];
    if (!sub) {
      error = `${list}[…] options apply to ${Object.entries(LIST_FIELDS).filter(([, l]) => list in l).map(([e]) => `${e} results`).join(", ") || "no results"} here.`;
      return list;
    }
    const o: ListOptions = { list, from: 0, limit: LIST_LIMIT_DEFAULT };
    for (const part of body.split(",").map((p) => p.trim()).filter(Boolean)) {
      const [k, v = ""] = part.split("=").map((x) => x.trim());
      const n = Number(v);
      if (k === "category") o.category = v;
      else if (k === "min_rating" && Number.isFinite(n)) o.minRating = n;
      else if (k === "role") o.role = v;
      else if (k === "group") o.group = v;
      else if (k === "spoiler" && Number.isInteger(n) && n >= 0 && n <= 2) o.spoiler = n;
      else if (k === "from" && Number.isInteger(n) && n >= 0) o.from = n;
      else if (k === "limit" && Number.isInteger(n) && n > 0) {
        o.limit = Math.min(n, LIST_LIMIT_MAX);
        if (n > LIST_LIMIT_MAX) o.limitAsked = n;
      } else error = `Unknown list option "${part}" in ${list}[…]; options: ${LIST_OPTIONS_TEXT}.`;
    }
    options.push(o);
    return withSelection(sub, selection);
  });
  if (error) return { ok: false, message: error };
  return { ok: true, fields: rewritten, options };
}

function keep(o: ListOptions, item: Obj): boolean {
  if (o.category && item.category !== o.category) return false;
  if (o.minRating !== undefined && !(typeof item.rating === "number" && item.rating >= o.minRating)) return false;
  if (o.role && item.role !== o.role) return false;
  if (o.group && String(item.group_name ?? "").toLowerCase() !== o.group.toLowerCase()) return false;
  return true;
}

/**
 * Applies the options to each result (filter, best rated first for tags, then the window) and
 * returns one line per list saying which part is shown. The window is shown whole: the
 * renderer does not shorten lists named with options (listLevels/keptLists below).
 */
export function applyListOptions(results: Obj[], options: readonly ListOptions[], spoilerLevel: number): string[] {
  const notes: string[] = [];
  for (const o of options) {
    // Items the answer would hide as spoilers are not counted or windowed (lies are major spoilers).
    const level = o.spoiler ?? spoilerLevel;
    const visible = (i: Obj) => (typeof i.spoiler !== "number" || i.spoiler <= level) && (i.lie !== true || level >= 2);
    if (o.limitAsked) notes.push(`${o.list}: limit ${o.limitAsked} is above the most shown at once (${LIST_LIMIT_MAX}); continue with from.`);
    for (const r of results) {
      const items = r[o.list];
      if (!Array.isArray(items)) continue;
      let kept = (items as Obj[]).filter((i) => visible(i) && keep(o, i));
      if (o.list === "tags") kept = [...kept].sort((a, b) => Number(b.rating ?? 0) - Number(a.rating ?? 0));
      const window = kept.slice(o.from, o.from + o.limit);
      r[o.list] = window;
      const filtered = kept.length !== items.length ? ` (${kept.length} of ${items.length} match the options)` : "";
      const rest = o.from + o.limit < kept.length ? `; continue with ${o.list}[…,from=${o.from + o.limit}]` : "";
      notes.push(`${String(r.id)} ${o.list}: items ${window.length ? `${o.from + 1}-${o.from + window.length}` : "none"} of ${kept.length}${filtered}${rest}.`);
    }
  }
  return notes;
}

/** The lists named with options: shown whole by the renderer (no shortening for size). */
export function keptLists(options: readonly ListOptions[]): string[] {
  return [...new Set(options.map((o) => o.list))];
}

/** Lists with a spoiler level of their own, list → level. */
export function listLevels(options: readonly ListOptions[]): Record<string, number> {
  return Object.fromEntries(options.filter((o) => o.spoiler !== undefined).map((o) => [o.list, o.spoiler!]));
}
