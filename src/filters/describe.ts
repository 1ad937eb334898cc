// A VNDB filter in plain words, for echoing what a pasted vndb.org URL or raw filter string
// decoded to: a model that applies `N4872wja-` cannot tell the user what it searched for
// unless the server says "rating ≥ 85 and original language ≠ ja".

import { ownEntry } from "../kana/own-key.js";

/** Filter names whose bare name reads badly in prose. */
const WORDS: Readonly<Record<string, string>> = {
  olang: "original language",
  lang: "language",
  dtag: "tag (directly applied)",
  dtrait: "trait (directly applied)",
  minage: "age rating",
  rtype: "release type",
  votecount: "vote count",
  devstatus: "development status",
  has_description: "has a description",
  has_anime: "has an anime",
  has_screenshot: "has screenshots",
  has_review: "has a review",
  ismain: "is the main name",
  search: "text",
};

const OPERATORS: Readonly<Record<string, string>> = { "=": "=", "!=": "≠", ">": ">", ">=": "≥", "<": "<", "<=": "≤" };

/** Filters whose only value is 1: "has an anime" rather than "has_anime = 1". */
function isFlag(value: unknown): boolean {
  return value === 1;
}

/** A packed tag/trait value ["g7", spoiler, level, lies] in words. */
function tagValue(value: unknown): string {
  if (!Array.isArray(value)) return String(value);
  const [id, spoiler, third, fourth] = value as unknown[];
  const isTag = typeof id === "string" && id.startsWith("g");
  const level = isTag ? third : undefined;
  const lies = isTag ? fourth : third;
  const parts: string[] = [];
  if (typeof spoiler === "number") parts.push(spoiler >= 2 ? "spoilers included" : `spoiler ≤ ${spoiler}`);
  if (typeof level === "number" && level > 0) parts.push(`rating ≥ ${level}`);
  if (lies === 1) parts.push("not a lie");
  return parts.length ? `${String(id)} (${parts.join(", ")})` : String(id);
}

/** One predicate or group in words. */
export function describeFilter(node: unknown): string {
  if (!Array.isArray(node) || node.length === 0) return String(node);
  const [head, ...rest] = node as unknown[];
  if (head === "and" || head === "or") {
    const parts = rest.map((c) => {
      const text = describeFilter(c);
      // Parentheses only where the other connective nests inside.
      return Array.isArray(c) && (c[0] === "and" || c[0] === "or") && c[0] !== head ? `(${text})` : text;
    });
    return parts.join(` ${head} `);
  }
  const [op, value] = rest;
  const name = String(head);
  const word = ownEntry(WORDS, name) ?? name;
  if (Array.isArray(value) && (value[0] === "and" || value[0] === "or" || typeof value[0] === "string") && typeof value[1] === "string" && ownEntry(OPERATORS, value[1])) {
    // A nested entity filter: release = (lang = en).
    return `${op === "!=" ? "no " : ""}${word} with ${describeFilter(value)}`;
  }
  if (Array.isArray(value) && (value[0] === "and" || value[0] === "or")) return `${op === "!=" ? "no " : ""}${word} with (${describeFilter(value)})`;
  if (isFlag(value) && !["rating", "votecount", "length", "devstatus", "minage", "voiced"].includes(name) && !name.endsWith("id")) {
    return op === "!=" ? `not ${word}` : word;
  }
  if (name === "tag" || name === "dtag" || name === "trait" || name === "dtrait") {
    return `${word} ${op === "!=" ? "≠" : "="} ${tagValue(value)}`;
  }
  const shown = typeof value === "string" ? (name === "search" ? `"${value}"` : value) : JSON.stringify(value);
  return `${word} ${ownEntry(OPERATORS, String(op)) ?? String(op)} ${shown}`;
}

/** Whether a `filters` argument carries a raw filter (string, array, URL or a `raw` key). */
export function usesRawFilter(filters: unknown): boolean {
  if (typeof filters === "string" || Array.isArray(filters)) return true;
  const hasRawKey = (v: unknown): boolean => {
    if (Array.isArray(v)) return v.some(hasRawKey);
    if (v === null || typeof v !== "object") return false;
    return Object.entries(v as Record<string, unknown>).some(([k, x]) => k === "raw" || hasRawKey(x));
  };
  return hasRawKey(filters);
}
