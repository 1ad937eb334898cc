// Predicate value coercions (reference §8.3): each value kind of the filter table read the
// way VNDB's validators read it, producing the clean normalised value of src/kana/types.ts.
//
// VNDB runs on Perl, so a few reading rules follow Perl: JSON numbers are compared as their
// decimal text, `true` reads as "1" and `false` as "", and `$` in the service's patterns also
// matches before one final line feed (in values that are not trimmed first).

import type { Session } from "./types.js";
import { fuTrim, perlNumberText } from "./members.js";

export { perlNumberText };
import { parseFuzzyDate, DATE_UNKNOWN } from "./dates.js";
import { isFilterableSite, parseExtlinkUrl } from "./extlinks.js";
import { MAX_VNDBID_NUMBER, type ValueKind } from "./filters.js";
import { BARE_ID } from "./vndbid.js";

/** Marks a value VNDB refuses (`Invalid value`). */
export const INVALID_VALUE: unique symbol = Symbol("invalid value");
export type InvalidValue = typeof INVALID_VALUE;

/** Whether a JSON value is a reference in Perl terms (an array or an object). */
export function isRef(v: unknown): boolean {
  return typeof v === "object" && v !== null;
}

/**
 * The text of a non-reference JSON value as Perl sees it; undefined for null/undefined and
 * for arrays and objects.
 */
export function perlText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number") return perlNumberText(v);
  if (v === true) return "1";
  if (v === false) return "";
  return undefined;
}

/** Perl truthiness, used where VNDB writes `$x || $fallback`. */
export function perlTrue(v: unknown): boolean {
  if (v === undefined || v === null || v === false) return false;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") return v !== "" && v !== "0";
  return true;
}

/** A pattern anchored with `^...$`, tested with Perl's "`$` may precede a final newline". */
function perlAnchored(re: RegExp, text: string): boolean {
  return re.test(text) || (text.endsWith("\n") && re.test(text.slice(0, -1)));
}

type Scalar = { kind: "empty" } | { kind: "text"; text: string } | { kind: "ref" };

/**
 * FU's scalar input step: strings lose carriage returns and surrounding whitespace, numbers
 * and booleans become their text; null, missing and "" are empty; arrays and objects are refs.
 */
function readScalar(v: unknown): Scalar {
  if (isRef(v)) return { kind: "ref" };
  const raw = perlText(v);
  if (raw === undefined) return { kind: "empty" };
  const text = typeof v === "string" ? fuTrim(raw) : raw;
  return text === "" ? { kind: "empty" } : { kind: "text", text };
}

/** Empty for the `type => 'any'` validators: undefined, null, or a value whose text is "". */
function anyIsEmpty(v: unknown): boolean {
  return v === undefined || v === null || (!isRef(v) && perlText(v) === "");
}

const UINT_TEXT = /^(?:0|[1-9][0-9]*)$/;

/** A vndbid with one allowed prefix: "v17", or 17 / "17" which get the prefix. */
export function coerceVndbid(v: unknown, prefix: string): string | InvalidValue {
  const s = readScalar(v);
  if (s.kind !== "text") return INVALID_VALUE;
  const text = BARE_ID.test(s.text) ? prefix + s.text : s.text;
  if (!text.startsWith(prefix)) return INVALID_VALUE;
  return BARE_ID.test(text.slice(prefix.length)) && Number(text.slice(prefix.length)) <= MAX_VNDBID_NUMBER
    ? text
    : INVALID_VALUE;
}

function coerceUint(v: unknown, kind: Extract<ValueKind, { kind: "uint" }>): number | null | InvalidValue {
  const s = readScalar(v);
  if (s.kind === "empty") return kind.empty === undefined ? INVALID_VALUE : kind.empty;
  if (s.kind === "ref" || !UINT_TEXT.test(s.text)) return INVALID_VALUE;
  const n = Number(s.text);
  if (n < kind.min || n > kind.max) return INVALID_VALUE;
  if (kind.values !== undefined && !kind.values.includes(n)) return INVALID_VALUE;
  return n;
}

function coerceEnum(v: unknown, kind: Extract<ValueKind, { kind: "enum" }>): string | null | InvalidValue {
  const s = readScalar(v);
  if (s.kind === "empty") return kind.empty === undefined ? INVALID_VALUE : kind.empty;
  if (s.kind === "ref") return INVALID_VALUE;
  if (kind.unknownIsEmpty === true && s.text === "unknown") return "";
  return kind.values.includes(s.text) ? s.text : INVALID_VALUE;
}

function coercePair(v: unknown, kind: Extract<ValueKind, { kind: "pair" }>): [number, number] | InvalidValue {
  // A pair is an array type: only null/undefined/"" (and false, which reads as "") are empty.
  if (anyIsEmpty(v)) return kind.empty === undefined ? INVALID_VALUE : [kind.empty[0], kind.empty[1]];
  if (!Array.isArray(v) || v.length !== 2) return INVALID_VALUE;
  const out: number[] = [];
  for (const el of v) {
    const s = readScalar(el);
    if (s.kind !== "text" || !UINT_TEXT.test(s.text)) return INVALID_VALUE;
    const n = Number(s.text);
    if (n > kind.max) return INVALID_VALUE;
    out.push(n);
  }
  return [out[0]!, out[1]!];
}

const TAG_SPOILER = /^[0-2]$/;
const TAG_LEVEL = /^(?:[0-2](?:\.[0-9]+)?|3(?:\.0+)?)$/;
const DIGITS = /^[0-9]+$/;
const ZERO_ONE = /^[01]$/;
/** Packed tag values: spoiler + 3*floor(level*5) + 48*excludeLies (reference §8.3). */
const TAG_LIE_FACTOR = 48;

/** A non-reference element's text for the tag/trait/label checks, or undefined. */
function elementText(v: unknown): string | undefined {
  return isRef(v) ? undefined : perlText(v);
}

/**
 * tag/dtag: "g505", 505, [tag, packed], [tag, spoiler, level] or [tag, spoiler, level, lies].
 * Normalised to ["g505", spoiler, level] plus a trailing 1 when lies are excluded.
 */
export function coerceTag(v: unknown): (string | number)[] | InvalidValue {
  if (anyIsEmpty(v)) return INVALID_VALUE;
  const arr: unknown[] = Array.isArray(v) ? [...v] : [v, 0, 0];
  const id = coerceVndbid(arr[0], "g");
  if (id === INVALID_VALUE) return INVALID_VALUE;
  if (arr.length === 2) {
    const packed = elementText(arr[1]);
    if (packed === undefined || !perlAnchored(DIGITS, packed)) return INVALID_VALUE;
    const p = Number(packed);
    arr[1] = p % 3;
    arr[2] = Math.floor((p % TAG_LIE_FACTOR) / 3) / 5;
    arr[3] = Math.floor(p / TAG_LIE_FACTOR) === 1 ? 1 : 0;
  }
  if (arr.length < 3 || arr.length > 4) return INVALID_VALUE;
  const spoiler = elementText(arr[1]);
  if (spoiler === undefined || !perlAnchored(TAG_SPOILER, spoiler)) return INVALID_VALUE;
  const level = elementText(arr[2]);
  if (level === undefined || !perlAnchored(TAG_LEVEL, level)) return INVALID_VALUE;
  const out: (string | number)[] = [id, Number(spoiler), Number(level)];
  if (arr.length === 4) {
    const lies = elementText(arr[3]);
    if (lies === undefined || !perlAnchored(ZERO_ONE, lies)) return INVALID_VALUE;
    if (Number(lies) === 1) out.push(1);
  }
  return out;
}

/**
 * trait/dtrait: "i5", 5, [trait, packed] (spoiler + 3*lies) or [trait, spoiler, lies].
 * Spoiler 0 with lies excluded becomes spoiler 2 (a workaround VNDB keeps for an old UI bug).
 */
export function coerceTrait(v: unknown): (string | number)[] | InvalidValue {
  if (anyIsEmpty(v)) return INVALID_VALUE;
  const arr: unknown[] = Array.isArray(v) ? [...v] : [v, 0];
  const id = coerceVndbid(arr[0], "i");
  if (id === INVALID_VALUE) return INVALID_VALUE;
  const first = elementText(arr[1]);
  if (first === undefined || !perlAnchored(DIGITS, first)) return INVALID_VALUE;
  let spoiler = Number(first);
  let lies: unknown = arr[2];
  if (arr.length === 2) {
    lies = Math.floor(spoiler / 3) === 1 ? 1 : 0;
    spoiler = spoiler % 3;
  } else if (arr.length !== 3) {
    return INVALID_VALUE;
  }
  if (spoiler > 2) return INVALID_VALUE;
  const liesText = elementText(lies);
  if (liesText === undefined || !perlAnchored(ZERO_ONE, liesText)) return INVALID_VALUE;
  const exclude = Number(liesText) === 1;
  if (spoiler === 0 && exclude) spoiler = 2;
  return exclude ? [id, spoiler, 1] : [id, spoiler];
}

const LABEL_ID = /^(?:0|[1-9][0-9]{0,5})$/;

/**
 * label: [user, label] or a bare label completed with the request's raw `user` member (when
 * it is true in Perl terms), else the session's user. Normalised to ["u2", 7].
 */
export function coerceLabel(v: unknown, rawUser: unknown, session: Session | null): [string, number] | InvalidValue {
  if (anyIsEmpty(v)) return INVALID_VALUE;
  const arr: unknown[] = Array.isArray(v) ? v : [perlTrue(rawUser) ? rawUser : session?.userId, v];
  const user = coerceVndbid(arr[0], "u");
  if (user === INVALID_VALUE || arr.length !== 2) return INVALID_VALUE;
  const label = elementText(arr[1]);
  if (label === undefined || arr[1] === null || arr[1] === undefined || !perlAnchored(LABEL_ID, label)) {
    return INVALID_VALUE;
  }
  return [user, Number(label)];
}

/**
 * extlink: a site name, [site, value], "site,value" or an http(s) URL of a known site.
 * Normalised to "site" or [site, value] (the value as given, or text when parsed).
 */
export function coerceExtlink(v: unknown): string | [string, unknown] | InvalidValue {
  if (anyIsEmpty(v)) return INVALID_VALUE;
  let arr: unknown[];
  if (!isRef(v)) {
    const text = perlText(v)!;
    if (isFilterableSite(text)) return text;
    if (/^https?:/.test(text)) {
      const parsed = parseExtlinkUrl(text);
      return parsed === null ? INVALID_VALUE : parsed;
    }
    const comma = text.indexOf(",");
    arr = comma < 0 ? [text] : [text.slice(0, comma), text.slice(comma + 1)];
  } else if (Array.isArray(v)) {
    arr = v;
  } else {
    return INVALID_VALUE;
  }
  if (arr.length !== 2 || isRef(arr[0]) || isRef(arr[1]) || arr[1] === null || arr[1] === undefined) {
    return INVALID_VALUE;
  }
  const site = perlText(arr[0]);
  if (site === undefined || !isFilterableSite(site)) return INVALID_VALUE;
  return [site, arr[1]];
}

/** Search text: anything that is not a non-empty scalar becomes the empty search (null). */
export function coerceSearch(v: unknown): string | null {
  const s = readScalar(v);
  return s.kind === "text" ? s.text : null;
}

/** Who a label filter is about, for completing bare label ids. */
export interface ValueContext {
  rawUser: unknown;
  session: Session | null;
}

/** Reads one predicate value of any non-query kind. */
export function coerceValue(kind: Exclude<ValueKind, { kind: "query" }>, v: unknown, ctx: ValueContext): unknown {
  switch (kind.kind) {
    case "vndbid":
      return coerceVndbid(v, kind.prefix);
    case "search":
      return coerceSearch(v);
    case "enum":
      return coerceEnum(v, kind);
    case "uint":
      return coerceUint(v, kind);
    case "flag":
      return coerceUint(v, { kind: "uint", min: 1, max: 1 });
    case "date": {
      const s = readScalar(v);
      if (s.kind === "empty") return DATE_UNKNOWN;
      if (s.kind === "ref") return INVALID_VALUE;
      return parseFuzzyDate(s.text) ?? INVALID_VALUE;
    }
    case "text": {
      const s = readScalar(v);
      if (s.kind === "ref") return INVALID_VALUE;
      return s.kind === "empty" ? "" : s.text;
    }
    case "pair":
      return coercePair(v, kind);
    case "tag":
      return coerceTag(v);
    case "trait":
      return coerceTrait(v);
    case "label":
      return coerceLabel(v, ctx.rawUser, ctx.session);
    case "extlink":
      return coerceExtlink(v);
  }
}
