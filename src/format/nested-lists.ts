// Nested lists (a VN's tags, staff, voice actors; a character's traits) can run to hundreds
// of items, and a page that must fit the size cap cuts them to 15. These options filter a
// list and continue it, written inside `fields` so the tool schema stays the same size:
//   tags[category=cont,min_rating=2,from=15]   staff[role=scenario]   traits[group=Hair]
//   tags[min_spoiler=2] (the major spoilers only)   tags[category=!ero] (all but one category)
// The cut note tells the model the form when it needs it.

type Obj = Record<string, unknown>;

/** Items of a continued list shown when `limit` is not given: room for most lists in one go. */
export const LIST_LIMIT_DEFAULT = 50;

/**
 * The most items of one list shown at once: VNDB's own page maximum (`results` ≤ 100). A
 * window is shown whole (the size cap cuts rows, not the window asked for), so it is bounded.
 */
export const LIST_LIMIT_MAX = 100;

/** A text option's value: `cont` keeps that value, `!ero` keeps every other one. */
export interface Match {
  value: string;
  not: boolean;
}

export interface ListOptions {
  list: string;
  category?: Match;
  minRating?: number;
  role?: Match;
  group?: Match;
  /** This list's own spoiler level (0-2), in place of the answer's. */
  spoiler?: number;
  /** Only items at this spoiler level or above (with `spoiler` equal to it: exactly that level). */
  minSpoiler?: number;
  from: number;
  limit: number;
  /** The limit asked for when it was above LIST_LIMIT_MAX (the window is then LIST_LIMIT_MAX). */
  limitAsked?: number;
}

/** What each list is fetched with when named with options (its sub-fields). */
const LIST_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  vn: { tags: "tags{name,rating,category}", staff: "staff{name,role,note,eid}", va: "va{character{name},staff{name},note}" },
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
export const LIST_OPTIONS_TEXT = `category, min_rating, role, group (a value or !value to leave it out), spoiler (0-2, this list only), min_spoiler (0-2), from, limit (≤ ${LIST_LIMIT_MAX})`;

const match = (v: string): Match => (v.startsWith("!") ? { value: v.slice(1).trim(), not: true } : { value: v, not: false });

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
      const level = v !== "" && Number.isInteger(n) && n >= 0 && n <= 2;
      if (k === "category" && v) o.category = match(v);
      else if (k === "min_rating" && Number.isFinite(n)) o.minRating = n;
      else if (k === "role" && v) o.role = match(v);
      else if (k === "group" && v) o.group = match(v);
      else if (k === "spoiler" && level) o.spoiler = n;
      else if (k === "min_spoiler" && level) o.minSpoiler = n;
      else if (k === "from" && Number.isInteger(n) && n >= 0) o.from = n;
      else if (k === "limit" && Number.isInteger(n) && n > 0) {
        o.limit = Math.min(n, LIST_LIMIT_MAX);
        if (n > LIST_LIMIT_MAX) o.limitAsked = n;
      } else error = `Unknown list option "${part}" in ${list}[…]; options: ${LIST_OPTIONS_TEXT}.`;
    }
    if (o.minSpoiler !== undefined && o.spoiler !== undefined && o.spoiler < o.minSpoiler) {
      error = `${list}[…]: spoiler=${o.spoiler} is below min_spoiler=${o.minSpoiler}; for exactly level N give both as N.`;
    }
    options.push(o);
    return withSelection(sub, selection);
  });
  if (error) return { ok: false, message: error };
  return { ok: true, fields: rewritten, options };
}

const matches = (m: Match | undefined, value: unknown): boolean =>
  m === undefined || (String(value ?? "").toLowerCase() === m.value.toLowerCase()) !== m.not;

/** The options other than the spoiler ones. */
function keep(o: ListOptions, item: Obj): boolean {
  if (!matches(o.category, item.category)) return false;
  if (o.minRating !== undefined && !(typeof item.rating === "number" && item.rating >= o.minRating)) return false;
  if (!matches(o.role, item.role)) return false;
  if (!matches(o.group, item.group_name)) return false;
  return true;
}

/** An item's spoiler level (lies count with the major spoilers: only level 2 shows them). */
const levelOf = (i: Obj): number => (i.lie === true ? 2 : typeof i.spoiler === "number" ? i.spoiler : 0);

/** The list's own ceiling: `spoiler`, else 2 when a minimum asks for spoilers, else the answer's. */
export function listCeiling(o: ListOptions, answerLevel: number): number {
  return o.spoiler ?? (o.minSpoiler !== undefined && o.minSpoiler > answerLevel ? 2 : answerLevel);
}

/**
 * "by spoiler level 0: 200, 1: 33, 2: 28" over the items that pass the other options, so one
 * call tells how many spoilers there are and which option lists them (euphoria's 261 tags
 * took three pages to find its 28 major spoilers). Said only when the list has spoilers.
 */
function levelCounts(items: readonly Obj[], o: ListOptions, named: boolean): string {
  const n = [0, 0, 0];
  let lies = 0;
  for (const i of items) {
    if (i.lie === true) lies++;
    else n[Math.min(2, Math.max(0, typeof i.spoiler === "number" ? i.spoiler : 0))]!++;
  }
  if (n[1] === 0 && n[2] === 0 && lies === 0) return "";
  const hint = o.minSpoiler === undefined && n[2] > 0 && !named ? ` (${o.list}[min_spoiler=2] lists the major ones only)` : "";
  return `; by spoiler level 0: ${n[0]}, 1: ${n[1]}, 2: ${n[2]}${lies ? `, lies: ${lies}` : ""}${hint}`;
}

/** Spoiler items named past a window, at most (about 30 tokens per ten names). */
export const SPOILERS_PAST_WINDOW_MAX = 80;

/**
 * "; spoilers past this window: Clone Heroine (2), Cult (1), …" when the list shows spoilers
 * (its ceiling is above 0) and the window leaves some out: "show me its tags, spoilers
 * included" otherwise took a second page in every eval run (round 5, tags-spoilers-1:
 * euphoria's 261 tags, 66 spoilers, 100 a window). Names only, by rating; none when a
 * minimum already asks for spoilers alone (the window then is the spoilers).
 */
function spoilersPastWindow(o: ListOptions, after: readonly Obj[]): string {
  if (o.minSpoiler !== undefined || (o.list !== "tags" && o.list !== "traits")) return "";
  const spoilers = after.filter((i) => levelOf(i) > 0 && typeof i.name === "string");
  if (!spoilers.length) return "";
  const named = spoilers.slice(0, SPOILERS_PAST_WINDOW_MAX).map((i) => `${String(i.name)} (${i.lie === true ? "lie" : levelOf(i)})`);
  const more = spoilers.length > named.length ? `, and ${spoilers.length - named.length} more` : "";
  return `; the ${spoilers.length} spoiler${spoilers.length === 1 ? "" : "s"} past this window: ${named.join(", ")}${more}`;
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
    const level = listCeiling(o, spoilerLevel);
    const floor = o.minSpoiler ?? 0;
    const visible = (i: Obj) => levelOf(i) <= level && levelOf(i) >= floor;
    if (o.limitAsked) notes.push(`${o.list}: limit ${o.limitAsked} is above the most shown at once (${LIST_LIMIT_MAX}); continue with from.`);
    // Rows whose list is empty are named once for the page, not a line each (issue 29 item 7).
    const empty: string[] = [];
    for (const r of results) {
      const items = r[o.list];
      if (!Array.isArray(items)) continue;
      if (items.length === 0) {
        empty.push(String(r.id));
        continue;
      }
      const passing = (items as Obj[]).filter((i) => keep(o, i));
      let kept = passing.filter(visible);
      if (o.list === "tags") kept = [...kept].sort((a, b) => Number(b.rating ?? 0) - Number(a.rating ?? 0));
      // The VN's own credits before an edition's (VNDB lists those first), so a window starts with them.
      const edition = (i: Obj) => (typeof i.eid === "number" ? i.eid : -1);
      if (o.list === "staff") kept = [...kept].sort((a, b) => edition(a) - edition(b));
      const window = kept.slice(o.from, o.from + o.limit);
      r[o.list] = window;
      const filtered = kept.length !== items.length ? ` (${kept.length} of ${items.length} match the options)` : "";
      const rest = o.from + o.limit < kept.length ? `; continue with ${o.list}[…,from=${o.from + o.limit}]` : "";
      const past = spoilersPastWindow(o, kept.slice(o.from + o.limit));
      const spoilers = o.list === "tags" || o.list === "traits" ? levelCounts(passing, o, past !== "") : "";
      notes.push(`${String(r.id)} ${o.list}: items ${window.length ? `${o.from + 1}-${o.from + window.length}` : "none"} of ${kept.length}${filtered}${spoilers}${past}${rest}.`);
    }
    if (empty.length) notes.push(`${empty.join(", ")} ${o.list}: none.`);
  }
  return notes;
}

/** The lists named with options: shown whole by the renderer (no shortening for size). */
export function keptLists(options: readonly ListOptions[]): string[] {
  return [...new Set(options.map((o) => o.list))];
}

/** Lists with a spoiler level of their own, list → level. */
export function listLevels(options: readonly ListOptions[], answerLevel: number): Record<string, number> {
  return Object.fromEntries(
    options.filter((o) => o.spoiler !== undefined || o.minSpoiler !== undefined).map((o) => [o.list, listCeiling(o, answerLevel)]),
  );
}
