// Small value conversions shared by the converters: dates, ids, image URLs, ordering.
import type { RDate } from "../../src/emulator/catalogue/types.js";

/** VNDB's stored date for "to be announced" (reference §6, `rdate`). */
export const RDATE_TBA = 99999999;
/** VNDB's stored value for an unknown month or day inside a date. */
const RDATE_UNKNOWN_PART = 99;

/**
 * An API date string ("YYYY-MM-DD", "YYYY-MM", "YYYY", "TBA") or null to VNDB's stored
 * YYYYMMDD integer (99 for unknown parts, 0 unknown, 99999999 TBA).
 */
export function toRDate(s: string | null | undefined): RDate {
  if (s === null || s === undefined || s === "" || s === "unknown") return 0;
  if (s === "tba" || s === "TBA") return RDATE_TBA;
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(s);
  if (!m) throw new Error(`Unrecognised date: ${s}`);
  const month = m[2] === undefined ? RDATE_UNKNOWN_PART : Number(m[2]);
  const day = m[3] === undefined ? RDATE_UNKNOWN_PART : Number(m[3]);
  return Number(m[1]) * 10000 + month * 100 + day;
}

/** "v17" → 17. */
export function idNum(id: string): number {
  return Number(id.replace(/^[a-z]+/, ""));
}

/** Orders prefixed ids numerically ("v9" before "v10"), then by prefix. */
export function compareIds(a: string, b: string): number {
  const pa = a.replace(/\d+$/, "");
  const pb = b.replace(/\d+$/, "");
  if (pa !== pb) return pa < pb ? -1 : 1;
  return idNum(a) - idNum(b);
}

export function sortById<T extends { id: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => compareIds(a.id, b.id));
}

/**
 * An image URL of any era (https://s2.vndb.org/cv/22/14222.jpg, https://t.vndb.org/cv/12/75612.jpg)
 * to its image id ("cv14222").
 */
export function imageIdFromUrl(url: string): string {
  const m = /\/(cv|sf|ch)(?:\.t)?\/\d{2}\/(\d+)\.jpg$/.exec(url);
  if (!m) throw new Error(`Not a VNDB image URL: ${url}`);
  return `${m[1]}${m[2]}`;
}

/** Multiline alias text (newline-separated, as the dumps store it) to a clean array. */
export function splitAliases(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split("\n")
    .map((a) => a.trim())
    .filter((a) => a !== "");
}

const KANA = /[\u3040-\u30ff\u31f0-\u31ff]/;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;

/**
 * A guess at the original language from an original-script title, for VNs and releases
 * the real data does not give a language for: Hangul → ko, anything else → ja (the
 * language of most entries in these sources; Han-only Chinese titles are misread as ja,
 * a documented limitation).
 */
export function guessLang(originalScript: string | null): string {
  if (originalScript && HANGUL.test(originalScript)) return "ko";
  if (originalScript && KANA.test(originalScript)) return "ja";
  return "ja";
}

/** Round to one decimal, as VNDB renders ratings and averages (×10 scale). */
export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
