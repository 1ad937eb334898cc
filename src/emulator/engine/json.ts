// The real service serialises every JSON body with sorted object keys at every level
// (FU send_json, reference §1.2). The emulator builds plain objects in any order and
// renders them here once, so no code path has to care about key order.
//
// The text is written by hand rather than through JSON.stringify of a re-keyed object:
// JavaScript objects always enumerate integer-like keys ("5", "10") first in numeric
// order, which would break the byte order for bodies such as GET /user?q=5&q=10.

/** Perl's sort (used by the canonical JSON writer) compares strings bytewise (UTF-8). */
function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** JSON text with sorted keys and no insignificant whitespace, as the real service sends. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  }
  if (typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort(compareKeys);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
