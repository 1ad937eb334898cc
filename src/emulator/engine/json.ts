// The real service serialises every JSON body with sorted object keys at every level
// (FU send_json, reference §1.2). The emulator builds plain objects in any order and
// renders them here once, so no code path has to care about key order.
//
// The text is written by hand rather than through JSON.stringify of a re-keyed object
// when some key is integer-like: JavaScript objects always enumerate such keys ("5", "10")
// first in numeric order, which would break the byte order for bodies such as
// GET /user?q=5&q=10.

/**
 * Perl's sort (used by the canonical JSON writer) compares strings bytewise (UTF-8), which
 * is code point order. JavaScript compares UTF-16 code units, which differs only where a
 * surrogate meets a unit of U+E000..U+FFFF: lifting surrogates above those units at the
 * first difference gives code point order without encoding either string.
 */
export function compareKeys(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800) x += x <= 0xdfff ? 0x2000 : -0x800;
    if (y >= 0xd800) y += y <= 0xdfff ? 0x2000 : -0x800;
    return x - y;
  }
  return a.length - b.length;
}

/** Sorted key lists by object shape: the shapes that need re-keying repeat. */
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
 * Native JSON.stringify over the value with every object's keys in sorted order: objects
 * already in order (the projections build theirs so) are used as they are, others are
 * re-keyed. When some object has an index-like key, whose place a re-keyed object cannot
 * keep, the whole value goes through the hand-written writer. Parts in `built` are known to
 * be in order already (a query's results: the projections build them so, key-order.ts, and
 * the engine's tests check it) and are not walked.
 */
export function canonicalJson(value: unknown, built?: ReadonlySet<unknown>): string {
  let ready: unknown;
  try {
    ready = inKeyOrder(value, built);
  } catch (e) {
    if (e instanceof IndexLikeKey) return writeCanonical(value);
    throw e;
  }
  return JSON.stringify(ready) ?? "null";
}

/** The value itself when every object in it has its keys in order, else a re-keyed copy. */
function inKeyOrder(value: unknown, built: ReadonlySet<unknown> | undefined): unknown {
  if (value === null || typeof value !== "object" || built?.has(value)) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const o = inKeyOrder(v, built);
      if (o !== v) (copy ??= value.slice())[i] = o;
    }
    return copy ?? value;
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  let ordered = true;
  let changed = false;
  const values = new Array<unknown>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const c = k.charCodeAt(0);
    if (c >= 0x30 && c <= 0x39 && INDEX_LIKE.test(k)) throw new IndexLikeKey();
    if (i > 0 && compareKeys(keys[i - 1]!, k) > 0) ordered = false;
    const v = obj[k];
    const o = inKeyOrder(v, built);
    if (o !== v) changed = true;
    values[i] = o;
  }
  if (ordered && !changed) return obj;
  const byKey = new Map(keys.map((k, i) => [k, values[i]]));
  const out: Record<string, unknown> = {};
  for (const k of sortedKeys(keys)) out[k] = byKey.get(k);
  return out;
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
