// The real service serialises every JSON body with sorted object keys at every level
// (FU send_json, reference §1.2). The emulator builds plain objects in any order and
// renders them here once, so no code path has to care about key order.
//
// The text is written by hand rather than through JSON.stringify of a re-keyed object:
// JavaScript objects always enumerate integer-like keys ("5", "10") first in numeric
// order, which would break the byte order for bodies such as GET /user?q=5&q=10.

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Perl's sort (used by the canonical JSON writer) compares strings bytewise (UTF-8), which
 * is code point order. Without surrogates JavaScript's code unit order is the same, so
 * only keys with characters beyond U+FFFF pay for the byte comparison.
 */
function compareKeys(a: string, b: string): number {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** Sorted key lists by object shape: a response repeats a handful of shapes many times. */
const sortedShapes = new Map<string, string[]>();
const MAX_SHAPES = 10_000;

function sortedKeys(keys: string[]): string[] {
  const shape = keys.join("\u0000");
  let sorted = sortedShapes.get(shape);
  if (sorted === undefined) {
    sorted = [...keys].sort(compareKeys);
    if (sortedShapes.size >= MAX_SHAPES) sortedShapes.clear();
    sortedShapes.set(shape, sorted);
  }
  return sorted;
}

/** Keys JavaScript enumerates first, in numeric order (array indexes; a superset is fine). */
const INDEX_LIKE = /^(?:0|[1-9][0-9]*)$/;

class IndexLikeKey extends Error {}

/**
 * JSON text with sorted keys and no insignificant whitespace, as the real service sends.
 * Usually JSON.stringify over objects re-keyed in sorted order (native, several times
 * faster on a large page); when some object has an index-like key, whose place a re-keyed
 * object cannot keep, the whole value goes through the hand-written writer.
 */
export function canonicalJson(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_key, v: unknown) => {
        if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
        const obj = v as Record<string, unknown>;
        const keys = Object.keys(obj);
        for (const k of keys) if (INDEX_LIKE.test(k)) throw new IndexLikeKey();
        const out: Record<string, unknown> = {};
        for (const k of sortedKeys(keys)) out[k] = obj[k];
        return out;
      }) ?? "null"
    );
  } catch (e) {
    if (e instanceof IndexLikeKey) return writeCanonical(value);
    throw e;
  }
}

/** The hand-written writer: any keys, bytewise order. */
function writeCanonical(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? "null" : writeCanonical(v))).join(",")}]`;
  }
  if (typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const keys = sortedKeys(Object.keys(obj).filter((k) => obj[k] !== undefined));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${writeCanonical(obj[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
