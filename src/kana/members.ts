// Value rules of VNDB's validation framework (FU, reference §1.6), shared by the POST query
// members and the list-write bodies. Each rule takes the raw JSON value of one member and
// says "empty" (use the default), gives the coerced value, or refuses.

import { BARE_ID, USER_ID } from "./vndbid.js";

/**
 * Whitespace as Perl's Unicode `\s` sees it (the White_Space property). JavaScript's `\s`
 * differs: it lacks U+0085 and adds U+FEFF, and the recorded vectors show U+0085 trimmed and
 * U+FEFF kept (vectors README, "Behaviour worth knowing").
 */
export const FU_WHITESPACE_CLASS =
  "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";

const LEADING_WS = new RegExp(`^${FU_WHITESPACE_CLASS}+`);
const TRAILING_WS = new RegExp(`${FU_WHITESPACE_CLASS}+$`);

/** FU's string clean-up: carriage returns removed, surrounding whitespace trimmed. */
export function fuTrim(text: string): string {
  return text.replace(/\r/g, "").replace(LEADING_WS, "").replace(TRAILING_WS, "");
}

/** Largest integer Perl keeps as an exact integer (IV) rather than a float when printing. */
const PERL_IV_LIMIT = 2 ** 63;
/** Significant digits Perl prints for a float (`%.15g`). */
const PERL_FLOAT_DIGITS = 15;

/** A number as Perl prints it: integers in full, other values like C's `%.15g`. */
export function perlNumberText(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (!Number.isFinite(n)) return n > 0 ? "Inf" : "-Inf";
  if (Number.isInteger(n) && Math.abs(n) < PERL_IV_LIMIT) return BigInt(n).toString();
  const [mantissa, expText] = n.toExponential(PERL_FLOAT_DIGITS - 1).split("e") as [string, string];
  const exp = Number(expText);
  const trim = (s: string): string => (s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s);
  if (exp < -4 || exp >= PERL_FLOAT_DIGITS) {
    const sign = exp < 0 ? "-" : "+";
    return `${trim(mantissa)}e${sign}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  return trim(n.toFixed(Math.max(0, PERL_FLOAT_DIGITS - 1 - exp)));
}

/** Marks a value the rule refuses. */
export const INVALID: unique symbol = Symbol("invalid");
export type Invalid = typeof INVALID;

/**
 * A JSON value read as a scalar the way FU reads it: strings trimmed, numbers in the text
 * Perl prints for them (1e20 is "1e+20"), `true` as "1"; `null`, a missing value, `false` and anything that trims to
 * "" are empty (null); arrays and objects are refused.
 */
export function scalarText(value: unknown): string | null | Invalid {
  if (value === undefined || value === null || value === false) return null;
  if (value === true) return "1";
  if (typeof value === "number") return Number.isFinite(value) ? perlNumberText(value) : INVALID;
  if (typeof value === "string") {
    const text = fuTrim(value);
    return text === "" ? null : text;
  }
  return INVALID;
}

/** Non-negative integer text without sign, leading zeros or decimals. */
const UINT_TEXT = /^(?:0|[1-9][0-9]*)$/;

/**
 * `uint` with a range: a JSON number or digit string (JSON numbers such as 5.0 or 1e2 count
 * by value). Empty gives `fallback` (undefined when the member has no default).
 */
export function fuUint<D>(value: unknown, min: number, max: number, fallback: D): number | D | Invalid {
  const text = scalarText(value);
  if (text === null) return fallback;
  if (text === INVALID || !UINT_TEXT.test(text)) return INVALID;
  const n = Number(text);
  return n >= min && n <= max ? n : INVALID;
}

/**
 * `bool`: only real JSON booleans; empty values (null, missing, "", false) take the
 * default false. 0/1 and "true" are refused (reference §1.6). FU's `bool` is an `any`-type
 * validation, which is not trimmed: a blank string such as " " is not empty but a
 * non-boolean, so it is refused too.
 */
export function fuBool(value: unknown): boolean | Invalid {
  if (value === true) return true;
  if (value === false || value === undefined || value === null || value === "") return false;
  return INVALID;
}

/** `enum`: the trimmed text must be one of `options`; empty gives `fallback`. */
export function fuEnum<T extends string, D>(value: unknown, options: readonly T[], fallback: D): T | D | Invalid {
  const text = scalarText(value);
  if (text === null) return fallback;
  if (text === INVALID) return INVALID;
  return (options as readonly string[]).includes(text) ? (text as T) : INVALID;
}

/** A user id: `u` + 1..7 digits without leading zero (`%RE` in lib/VNWeb/Validation.pm). */

/**
 * `vndbid => 'u'`: "u2", or a bare number that gets the prefix (2 → "u2"; `true` reads as
 * "1" → "u1"). Empty gives null.
 */
export function fuUserId(value: unknown): string | null | Invalid {
  const text = scalarText(value);
  if (text === null) return null;
  if (text === INVALID) return INVALID;
  if (USER_ID.test(text)) return text;
  if (BARE_ID.test(text)) return `u${text}`;
  return INVALID;
}

/** Whether a value is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
