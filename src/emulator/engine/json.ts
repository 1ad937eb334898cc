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

/** JSON text with sorted keys and no insignificant whitespace, as the real service sends. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  }
  if (typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const keys = sortedKeys(Object.keys(obj).filter((k) => obj[k] !== undefined));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
