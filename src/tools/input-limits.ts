// Size limits on tool arguments, checked before a tool runs. Without them one argument could
// hold the server: a 100 kB `fields` string made the did-you-mean search run for 13.6 s (every
// other request, even ping, waited), a 10,000-level filter overflowed the stack, a user name
// with a broken surrogate crashed URL encoding. The limits are far above anything VNDB itself
// accepts (its JSON parser stops at 512 levels, a query at 1,001 predicates, notes at 2,000
// characters; user names are at most 15), so no sensible call is refused.

import { ToolError } from "./errors.js";

/** Longest text per argument name; anything not named here gets DEFAULT_MAX_CHARS. */
const MAX_CHARS: Readonly<Record<string, number>> = {
  fields: 4_000, // every field of /vn spelled out is about 1,500
  query: 1_000,
  user: 200,
  users: 200,
  like: 1_000,
  notes: 4_000, // VNDB's own rule (2,000 after trimming) answers with its message
};
const DEFAULT_MAX_CHARS = 20_000; // a pasted vndb.org filter URL or compact string with ~1,000 predicates
/** Object keys (filter names): the longest VNDB filter name is about 20 characters. */
const MAX_KEY_CHARS = 100;
/** Nesting of objects and arrays: VNDB's parser refuses more than 512; real filters use a handful. */
export const MAX_DEPTH = 64;
/** Values in one call (strings, numbers, keys' values): 1,001 predicates of VNDB with room to spare. */
const MAX_VALUES = 10_000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const count = (n: number) => n.toLocaleString("en-US");

/** Throws a ToolError naming the argument and the limit when `args` breaks one. */
export function checkInputLimits(args: unknown): void {
  let values = 0;
  // Iterative, so depth itself can never overflow the stack here.
  const stack: { value: unknown; path: string; name: string; depth: number }[] = [{ value: args, path: "", name: "", depth: 0 }];
  while (stack.length) {
    const { value, path, name, depth } = stack.pop()!;
    if (++values > MAX_VALUES) throw new ToolError(`The arguments hold more than ${count(MAX_VALUES)} values.`, "Split the request into smaller calls.");
    if (typeof value === "string") {
      const max = MAX_CHARS[name] ?? DEFAULT_MAX_CHARS;
      if (value.length > max) {
        throw new ToolError(`'${path}' is ${count(value.length)} characters long; at most ${count(max)} are accepted.`, "Shorten it: VNDB itself accepts nothing that long here.");
      }
      if (LONE_SURROGATE.test(value)) {
        throw new ToolError(`'${path}' contains broken text (an unpaired UTF-16 surrogate).`, "Resend it as valid Unicode text.");
      }
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (depth >= MAX_DEPTH) {
      throw new ToolError(`'${path || "arguments"}' is nested more than ${MAX_DEPTH} levels deep.`, "Flatten the filter: put conditions side by side in one object (they are ANDed) or in one {\"or\": [...]} list.");
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: `${path}[${i}]`, name, depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const shown = key.length > MAX_KEY_CHARS ? `${key.slice(0, 40)}…` : key;
      const at = path ? `${path}.${shown}` : shown;
      if (key.length > MAX_KEY_CHARS) throw new ToolError(`The key '${at}' is ${count(key.length)} characters long; no VNDB name is longer than ${MAX_KEY_CHARS}.`, "Use a filter or field name from the tool's description.");
      if (LONE_SURROGATE.test(key)) throw new ToolError(`The key '${at}' contains broken text (an unpaired UTF-16 surrogate).`, "Resend it as valid Unicode text.");
      stack.push({ value: item, path: at, name: key, depth: depth + 1 });
    }
  }
}

/** An error text cut to `maxChars`, saying how much was left out. */
export function capErrorText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}… (${count(text.length - maxChars)} more characters left out)`;
}
