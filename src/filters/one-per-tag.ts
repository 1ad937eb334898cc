// One predicate per tag or trait where VNDB evaluates several together. Inside one `and`
// (after VNDB's canonical merging of nested combinators, reference §8.7), the `=` predicates
// of a tag or trait field become one subquery that counts rows, and an entry has one row per
// tag (trait): the same tag twice, with different limits, then never matches — also on the
// real API. So the same tag (trait) named twice there is written as the one value both
// limits describe: the lower spoiler ceiling, the higher minimum level, lies excluded if
// either excludes them. `!=` inside an `or` is the same test negated and is merged alike.

import { filterByName } from "../kana/filters.js";
import type { EntityType } from "../kana/types.js";

/** The fields whose predicates VNDB counts by row (AdvSearch.pm `sql_list` of tags and traits). */
const ROW_COUNTED: ReadonlySet<string> = new Set(["tag", "dtag", "trait", "dtrait"]);

/** A tag or trait value, unpacked: spoiler ceiling, minimum level (tags), lies excluded. */
interface Limits {
  id: string;
  spoiler: number;
  level: number;
  noLies: boolean;
}

/** Raised when two limits on one trait can only be said by two values (spoiler 0, no lies). */
export class UnsayableTrait extends Error {}

type Node = unknown[];

const isCombinator = (n: unknown): n is Node => Array.isArray(n) && (n[0] === "and" || n[0] === "or");

/**
 * The filter with every tag and trait named at most once per combinator where VNDB counts
 * rows; the filter itself (same shape) when nothing had to merge.
 */
export function onePerTag(entity: EntityType, filter: unknown): unknown {
  const seen = { merged: false };
  const out = merge(entity, filter, seen);
  return seen.merged ? out : filter;
}

function merge(entity: EntityType, filter: unknown, seen: { merged: boolean }): unknown {
  if (!Array.isArray(filter)) return filter;
  if (!isCombinator(filter)) {
    const def = typeof filter[0] === "string" ? filterByName(entity, filter[0]) : undefined;
    if (def?.value.kind === "query" && Array.isArray(filter[2])) return [filter[0], filter[1], merge(def.value.entity, filter[2], seen)];
    return filter;
  }
  const head = filter[0] as "and" | "or";
  const kids = flatten(head, filter.slice(1).map((k) => merge(entity, k, seen)));
  // All must hold: `=` under `and`, `!=` under `or` (VNDB's GROUP BY … HAVING COUNT = n).
  const grouped = head === "and" ? "=" : "!=";
  const out: unknown[] = [];
  const firstAt = new Map<string, number>();
  for (const k of kids) {
    const p = k as [string, string, unknown];
    const limits = Array.isArray(k) && ROW_COUNTED.has(p[0]) && p[1] === grouped ? unpack(p[0], p[2]) : null;
    if (!limits) {
      out.push(k);
      continue;
    }
    const key = `${p[0]}|${limits.id}`;
    const at = firstAt.get(key);
    if (at === undefined) {
      firstAt.set(key, out.length);
      out.push(k);
      continue;
    }
    seen.merged = true;
    const before = out[at] as [string, string, unknown];
    const a = unpack(p[0], before[2])!;
    out[at] = [p[0], p[1], pack(p[0], { id: a.id, spoiler: Math.min(a.spoiler, limits.spoiler), level: Math.max(a.level, limits.level), noLies: a.noLies || limits.noLies })];
  }
  return out.length === 1 ? out[0] : [head, ...out];
}

/** Children as VNDB sees them: one-child combinators unwrapped, same-kind ones merged in. */
function flatten(head: string, kids: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (let k of kids) {
    while (isCombinator(k) && k.length === 2) k = k[1];
    if (isCombinator(k) && k[0] === head) out.push(...flatten(head, k.slice(1)));
    else out.push(k);
  }
  return out;
}

/** A tag or trait value in any of VNDB's accepted forms (reference §8.3), or null if unread. */
function unpack(field: string, v: unknown): Limits | null {
  const tag = field === "tag" || field === "dtag";
  const letter = tag ? "g" : "i";
  const id = (x: unknown) => (typeof x === "number" ? `${letter}${x}` : typeof x === "string" && /^\d+$/.test(x) ? `${letter}${x}` : typeof x === "string" ? x : null);
  if (!Array.isArray(v)) {
    const i = id(v);
    return i ? { id: i, spoiler: 0, level: 0, noLies: false } : null;
  }
  const i = id(v[0]);
  const nums = v.slice(1).map(Number);
  if (!i || nums.some((n) => !Number.isFinite(n))) return null;
  if (tag) {
    if (nums.length === 1) {
      const packed = nums[0]!;
      return { id: i, spoiler: packed % 3, level: Math.floor((packed % 48) / 3) / 5, noLies: Math.floor(packed / 48) === 1 };
    }
    return { id: i, spoiler: nums[0] ?? 0, level: nums[1] ?? 0, noLies: nums[2] === 1 };
  }
  const [spoiler, noLies] = nums.length === 1 ? [nums[0]! % 3, Math.floor(nums[0]! / 3) === 1] : [nums[0] ?? 0, nums[1] === 1];
  // VNDB reads trait spoiler 0 with lies excluded as spoiler 2 (§8.3).
  return { id: i, spoiler: spoiler === 0 && noLies ? 2 : spoiler, level: 0, noLies };
}

function pack(field: string, l: Limits): unknown[] {
  if (field === "tag" || field === "dtag") return [l.id, l.spoiler, l.level, ...(l.noLies ? [1] : [])];
  if (l.noLies && l.spoiler === 0) throw new UnsayableTrait(l.id);
  return [l.id, l.spoiler, ...(l.noLies ? [1] : [])];
}
