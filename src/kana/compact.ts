// The compact filter-string codec (reference §9): integers, escaped strings and whole
// queries in "compact JSON" form, both ways. Pure functions; the validator, the emulator
// and the CLI share them. Lengths and positions are in Unicode code points, because the
// real service (Perl) works on decoded character strings.

import type { FilterOperator } from "./types.js";

/** The 64-symbol alphabet; a symbol's index is its value (§9.1). */
export const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_-";

const ALPHABET_INDEX: ReadonlyMap<string, number> = new Map(
  [...ALPHABET].map((symbol, index) => [symbol, index]),
);

/**
 * Characters written as `_` + the alphabet symbol of their index here (§9.3). The list has
 * 33 entries, so every escape is exactly two characters.
 */
export const ESCAPED_CHARACTERS = " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

const ESCAPE_INDEX: ReadonlyMap<string, number> = new Map(
  [...ESCAPED_CHARACTERS].map((char, index) => [char, index]),
);

/**
 * Integer widths (§9.2): first symbol index → [total length, offset]. Values below 49 are
 * one symbol; 49..688 are two symbols sharing the first ten "N".."W"; above that the first
 * symbol "X".."-" announces 2..6 further base-64 digits.
 */
const ONE_SYMBOL_LIMIT = 49; // 0..48 fit in the first symbol itself
const TWO_SYMBOL_FIRST_LIMIT = 59; // first symbols 49..58 ("N".."W") start two-symbol integers
const TWO_SYMBOL_LIMIT = 689; // 49 + 10 * 64
/** Offsets of the long forms, first symbol "X", "Y", "Z", "_", "-" (index 59..63). */
const LONG_OFFSETS = [689, 4785, 266929, 17044145, 1090785969] as const;
/** One past the largest encodable integer: 1090785969 + 64^6 (the "-" form, §9.2). */
export const COMPACT_INT_LIMIT = 1090785969 + 64 ** 6;

/** Largest combinator child count the decoder accepts (reference §9.4). */
export const MAX_DECODED_CHILDREN = 10000;

/** Operator codes inside a typed-op integer (§9.4); codes 6 and 7 are unassigned. */
export const OPERATOR_CODES: readonly FilterOperator[] = ["=", "!=", ">=", ">", "<=", "<"];

/** Value types inside a typed-op integer (§9.4). */
export const VALUE_TYPE = { int: 0, query: 1, string2: 2, string3: 3, stringN: 4, pair: 5 } as const;

/** Encodes a non-negative integer. Throws RangeError for anything the format cannot hold. */
export function encodeInt(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= COMPACT_INT_LIMIT) {
    throw new RangeError(`cannot encode ${n} as a compact integer`);
  }
  if (n < ONE_SYMBOL_LIMIT) return ALPHABET[n]!;
  if (n < TWO_SYMBOL_LIMIT) {
    const rest = n - ONE_SYMBOL_LIMIT;
    return ALPHABET[ONE_SYMBOL_LIMIT + Math.floor(rest / 64)]! + ALPHABET[rest % 64]!;
  }
  for (let width = 0; width < LONG_OFFSETS.length; width++) {
    const offset = LONG_OFFSETS[width]!;
    const next = LONG_OFFSETS[width + 1] ?? COMPACT_INT_LIMIT;
    if (n < next) {
      const digits = width + 2;
      let rest = n - offset;
      let out = "";
      for (let i = 0; i < digits; i++) {
        out = ALPHABET[rest % 64]! + out;
        rest = Math.floor(rest / 64);
      }
      return ALPHABET[TWO_SYMBOL_FIRST_LIMIT + width]! + out;
    }
  }
  /* c8 ignore next */
  throw new RangeError(`cannot encode ${n} as a compact integer`);
}

/** A decoding cursor over the code points of a compact string. */
interface Cursor {
  chars: readonly string[];
  pos: number;
}

function symbolAt(cur: Cursor): number | undefined {
  const ch = cur.chars[cur.pos];
  if (ch === undefined) return undefined;
  const v = ALPHABET_INDEX.get(ch);
  if (v === undefined) return undefined;
  cur.pos++;
  return v;
}

function readInt(cur: Cursor): number | undefined {
  const first = symbolAt(cur);
  if (first === undefined) return undefined;
  if (first < ONE_SYMBOL_LIMIT) return first;
  const second = symbolAt(cur);
  if (second === undefined) return undefined;
  if (first < TWO_SYMBOL_FIRST_LIMIT) return ONE_SYMBOL_LIMIT + (first - ONE_SYMBOL_LIMIT) * 64 + second;
  let n = second;
  for (let i = 0; i < first - TWO_SYMBOL_FIRST_LIMIT + 1; i++) {
    const d = symbolAt(cur);
    if (d === undefined) return undefined;
    n = n * 64 + d;
  }
  return n + LONG_OFFSETS[first - TWO_SYMBOL_FIRST_LIMIT]!;
}

/**
 * Decodes one integer starting at code point `pos`. Returns the value and the position after
 * it, or null when the input ends early or holds a non-alphabet symbol.
 */
export function decodeInt(s: string, pos = 0): { value: number; next: number } | null {
  const cur: Cursor = { chars: [...s], pos };
  const value = readInt(cur);
  return value === undefined ? null : { value, next: cur.pos };
}

/** Escapes the 33 listed characters (§9.3); everything else is copied unchanged. */
export function escape(s: string): string {
  let out = "";
  for (const ch of s) {
    const idx = ESCAPE_INDEX.get(ch);
    out += idx === undefined ? ch : "_" + ALPHABET[idx]!;
  }
  return out;
}

/**
 * Reverses `escape`. A `_` followed by a symbol whose index is past the list, or by a
 * non-alphabet character, makes the whole string invalid (null). A lone `_` at the very end
 * (or before a line feed) has nothing to pair with and is kept as is, like the real decoder.
 */
export function unescape(s: string): string | null {
  const chars = [...s];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    // The real decoder's pattern is `_(.)`, and `.` never matches a line feed.
    if (ch !== "_" || i + 1 >= chars.length || chars[i + 1] === "\n") {
      out += ch;
      continue;
    }
    const idx = ALPHABET_INDEX.get(chars[i + 1]!);
    const replacement = idx === undefined ? undefined : ESCAPED_CHARACTERS[idx];
    if (replacement === undefined) return null;
    out += replacement;
    i++;
  }
  return out;
}

/** Length in code points, the unit the string types 2/3/4 are chosen by. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * The compact JSON form (reference §9, "compact JSON"): combinators are `[0|1, ...children]`,
 * predicates `[fieldNumber, operator, value]`. A value is an integer (type 0), a string
 * (types 2-4), a nested query (type 1), a pair `[a, b]` (type 5), or null when decoding met
 * an unassigned type code. A decoded operator is undefined for the unassigned codes 6/7.
 */
export type CompactQuery = CompactCombinator | CompactPredicate;
export type CompactCombinator = [0 | 1, ...CompactQuery[]];
export type CompactPredicate = [number, FilterOperator | undefined, CompactValue];
export type CompactValue = number | string | CompactQuery | CompactPair | null;
export type CompactPair = [number, number];

function isPair(v: unknown): v is CompactPair {
  return (
    Array.isArray(v) &&
    v.length === 2 &&
    typeof v[0] === "number" &&
    typeof v[1] === "number" &&
    Number.isInteger(v[1]) &&
    v[1] >= 0
  );
}

function typedOp(fieldNumber: number, op: FilterOperator | undefined, type: number): string {
  const code = op === undefined ? -1 : OPERATOR_CODES.indexOf(op);
  if (code < 0) throw new RangeError(`cannot encode operator ${String(op)}`);
  return encodeInt(fieldNumber) + encodeInt(type * 8 + code);
}

/**
 * Encodes a query in compact JSON form (§9.4). Numbers become integers when they are
 * non-negative integers within range, otherwise they are written as strings; children keep
 * their order. Throws RangeError for shapes the format cannot express.
 */
export function encodeQuery(q: CompactQuery): string {
  const head = q[0];
  if (head === 0 || head === 1) {
    const children = q.slice(1) as CompactQuery[];
    return ALPHABET[head]! + encodeInt(children.length) + children.map(encodeQuery).join("");
  }
  const [field, op, value] = q as CompactPredicate;
  if (isPair(value)) {
    return typedOp(field, op, VALUE_TYPE.pair) + encodeInt(value[0]) + encodeInt(value[1]);
  }
  if (Array.isArray(value)) return typedOp(field, op, VALUE_TYPE.query) + encodeQuery(value as CompactQuery);
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value < COMPACT_INT_LIMIT) {
    return typedOp(field, op, VALUE_TYPE.int) + encodeInt(value);
  }
  const text = value === null ? "" : typeof value === "number" ? String(value) : value;
  const escaped = escape(text);
  const len = codePointLength(escaped);
  if (len === 2) return typedOp(field, op, VALUE_TYPE.string2) + escaped;
  if (len === 3) return typedOp(field, op, VALUE_TYPE.string3) + escaped;
  return typedOp(field, op, VALUE_TYPE.stringN) + escaped + "-";
}

export type DecodeError = "Invalid compact encoded form" | "Trailing garbage";

/** One open combinator while decoding iteratively (deep nesting must not overflow the stack). */
interface Frame {
  /** The node being filled: a combinator's children, or a predicate waiting for its nested query. */
  node: CompactQuery;
  /** Combinator children still expected; for a predicate frame, unused. */
  remaining: number;
  kind: "combinator" | "nested";
}

/**
 * Decodes a compact string into compact JSON form (§9.4). Fails with
 * `Invalid compact encoded form` when the input cannot be read as one query, and with
 * `Trailing garbage` when a query was read but characters are left over.
 */
export function decodeQuery(s: string): { ok: true; query: CompactQuery } | { ok: false; error: DecodeError } {
  const cur: Cursor = { chars: [...s], pos: 0 };
  const fail = { ok: false, error: "Invalid compact encoded form" } as const;
  const stack: Frame[] = [];
  let root: CompactQuery | undefined;

  // Attach a finished node to its parent, closing every parent it completes.
  const attach = (done: CompactQuery): void => {
    let node: CompactQuery = done;
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        root = node;
        return;
      }
      if (top.kind === "nested") {
        (top.node as CompactPredicate)[2] = node;
        stack.pop();
        node = top.node;
        continue;
      }
      (top.node as CompactQuery[]).push(node);
      top.remaining--;
      if (top.remaining > 0) return;
      stack.pop();
      node = top.node;
    }
  };

  while (root === undefined) {
    const c1 = readInt(cur);
    if (c1 === undefined) return fail;
    const c2 = readInt(cur);
    if (c2 === undefined) return fail;
    if (c1 <= 1) {
      if (c2 > MAX_DECODED_CHILDREN) return fail;
      const node = [c1] as CompactCombinator;
      if (c2 === 0) attach(node);
      else stack.push({ node, remaining: c2, kind: "combinator" });
      continue;
    }
    const op = OPERATOR_CODES[c2 % 8];
    const type = Math.floor(c2 / 8);
    const pred: CompactPredicate = [c1, op, null];
    switch (type) {
      case VALUE_TYPE.int: {
        const v = readInt(cur);
        if (v === undefined) return fail;
        pred[2] = v;
        break;
      }
      case VALUE_TYPE.query:
        stack.push({ node: pred, remaining: 1, kind: "nested" });
        continue;
      case VALUE_TYPE.string2:
      case VALUE_TYPE.string3: {
        const len = type === VALUE_TYPE.string2 ? 2 : 3;
        if (cur.pos + len > cur.chars.length) return fail;
        const v = unescape(cur.chars.slice(cur.pos, cur.pos + len).join(""));
        if (v === null) return fail;
        cur.pos += len;
        pred[2] = v;
        break;
      }
      case VALUE_TYPE.stringN: {
        const end = cur.chars.indexOf("-", cur.pos);
        if (end < 0) return fail;
        const v = unescape(cur.chars.slice(cur.pos, end).join(""));
        if (v === null) return fail;
        cur.pos = end + 1;
        pred[2] = v;
        break;
      }
      case VALUE_TYPE.pair: {
        const a = readInt(cur);
        if (a === undefined) return fail;
        const b = readInt(cur);
        if (b === undefined) return fail;
        pred[2] = [a, b];
        break;
      }
      default:
        // Unassigned type codes carry no value; validation rejects what it cannot use.
        break;
    }
    attach(pred);
  }
  if (cur.pos !== cur.chars.length) return { ok: false, error: "Trailing garbage" };
  return { ok: true, query: root };
}
