// The compact text mirror of shaped entries: one header line per entry (id, title, link),
// then one `key: value` line per member. Nested entities render inline as "id Title (k: v)".

import type { QueryEndpoint } from "../kana/types.js";
import { vndbUrl } from "./links.js";
import { readableNested, readableValue } from "./readable.js";
import { displayTitle, TITLE_KEYS } from "./titles.js";
import { OFFLINE_GAPS_KEY } from "./offline-gaps.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Members rendered as multi-line prose after the short members. */
const PROSE_KEYS: ReadonlySet<string> = new Set(["description", "notes"]);
/** Pairs that read best as W×H. */
const DIMENSION_KEYS: ReadonlySet<string> = new Set(["dims", "thumbnail_dims", "resolution"]);
/** Members already shown in the header. */
const HEADER_KEYS: ReadonlySet<string> = new Set(["id", "url", ...TITLE_KEYS]);

/** Floats such as tag ratings (2.8571…) need no more than two decimals to be read. */
function num(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

function scalar(v: unknown): string {
  if (typeof v === "number") return num(v);
  if (v === null || v === undefined) return "none";
  return String(v);
}

/** A value on one line. */
export function inline(value: unknown, key = ""): string {
  if (Array.isArray(value)) {
    if (DIMENSION_KEYS.has(key) && value.length === 2 && value.every((e) => typeof e === "number")) {
      return `${value[0]}×${value[1]}`;
    }
    if ((key === "sex" || key === "gender") && value.length === 2) {
      return value[1] === value[0] || value[1] === null ? scalar(value[0]) : `${scalar(value[0])} (real: ${scalar(value[1])})`;
    }
    // Objects that carry one member each ({lang: "ja"}) read best as their bare values.
    const single = value.length > 0 && value.every((e) => isObj(e) && Object.keys(e).length === 1 && !isObj(Object.values(e)[0]) && !Array.isArray(Object.values(e)[0]));
    if (single && new Set(value.map((e) => Object.keys(e as Obj)[0])).size === 1) {
      return value.map((e) => scalar(Object.values(e as Obj)[0])).join(", ");
    }
    const parts = value.map((e) => inline(e, key));
    return value.some(isObj) ? parts.join("; ") : parts.join(", ");
  }
  if (isObj(value)) return inlineObject(value);
  return scalar(value);
}

function inlineObject(o: Obj): string {
  const head = [o.id, displayTitle(o)].filter((x) => x !== undefined && x !== null && x !== "").map(scalar);
  const rest: string[] = [];
  for (const [k, v] of Object.entries(o)) {
    // A nested entity's own vndb.org link is noise inline; any other url (an image's) is data.
    if (k === "id" || TITLE_KEYS.has(k) || (k === "url" && v === vndbUrl(o.id))) continue;
    // Noise once spoilers are filtered: a surviving element's grade and "not a lie".
    if ((k === "spoiler" && v === 0) || (k === "lie" && v === false)) continue;
    if (k === "lie" && v === true) {
      rest.push("marked a lie: the entry only seems to have it");
      continue;
    }
    rest.push(`${k}: ${isObj(v) || Array.isArray(v) ? `[${inline(v, k)}]` : (readableNested(k, v) ?? inline(v, k))}`);
  }
  if (!head.length) return rest.join(", ");
  return rest.length ? `${head.join(" ")} (${rest.join(", ")})` : head.join(" ");
}

/**
 * An entry as text: "## id Title — url", short members, then prose. With the endpoint,
 * coded values and machine units are spelled out (readable.ts).
 */
export function renderEntry(entry: Obj, endpoint?: QueryEndpoint, missing: readonly [string, string][] = []): string {
  const title = displayTitle(entry);
  const head = [entry.id !== undefined ? scalar(entry.id) : null, title].filter(Boolean).join(" ");
  const lines = [`## ${head || "(entry)"}${typeof entry.url === "string" ? ` — ${entry.url}` : ""}`];
  const prose: string[] = [];
  // Short scalar members share one line: the cheapest layout that still reads as a record.
  const scalars: string[] = [];
  for (const [k, v] of Object.entries(entry)) {
    if (HEADER_KEYS.has(k) && !(k === "label" && typeof v !== "string")) continue;
    // A list entry's or quote's VN is already the header title when nothing else names it.
    if (k === "vn" && isObj(v) && !entry.title && !entry.name && !entry.quote) {
      const extra = inlineObject(Object.fromEntries(Object.entries(v).filter(([vk]) => !TITLE_KEYS.has(vk) && vk !== "id")));
      if (extra) lines.push(`vn: ${extra}`);
      continue;
    }
    if (k === "quote") continue;
    if (k === OFFLINE_GAPS_KEY && Array.isArray(v)) {
      lines.push(`not in the offline sample: ${v.join(", ")}`);
      continue;
    }
    if (k === "traits" && Array.isArray(v) && v.length > 0 && v.every((t) => isObj(t) && typeof t.group_name === "string")) {
      lines.push(`traits: ${traitsByGroup(v as Obj[])}`);
      continue;
    }
    const readable = readableValue(endpoint, k, v);
    if (readable !== null) scalars.push(`${k}: ${readable}`);
    else if (PROSE_KEYS.has(k) && typeof v === "string") prose.push(`${k}:\n${v}`);
    else if (v === null || typeof v !== "object") scalars.push(`${k}: ${inline(v, k)}`);
    else lines.push(`${k}: ${inline(v, k)}`);
  }
  // Asked for but empty: said, so the model does not spend a call proving the value absent.
  for (const [k, text] of missing) if (!(k in entry)) scalars.push(`${k}: ${text}`);
  if (scalars.length) lines.splice(1, 0, scalars.join(" · "));
  // Empty members are dropped; say so, or a bare header reads like a failed lookup.
  if (lines.length === 1 && prose.length === 0 && !title) lines.push("(nothing recorded in the fields asked for)");
  return [...lines, ...prose].join("\n");
}

/** Traits grouped under their group, said once: "Hair: i1 Black, i2 Long; Eyes: i3 Blue". */
function traitsByGroup(traits: Obj[]): string {
  const groups = new Map<string, string[]>();
  for (const t of traits) {
    const { group_name: group, ...rest } = t;
    const list = groups.get(group as string) ?? [];
    list.push(inlineObject(rest));
    groups.set(group as string, list);
  }
  return [...groups].map(([g, items]) => `${g}: ${items.join(", ")}`).join("; ");
}
