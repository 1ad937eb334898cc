// VNDB's canonical form of a filter (`_canon` in lib/VNWeb/AdvSearch.pm), which it builds
// before generating SQL: nested `and`/`or` of the same kind merge into their parent, a
// combinator left with one child is that child, and duplicate children are dropped. The
// merging matters for results, not only for speed: the predicates of one list-type field
// inside one combinator are then evaluated together (list-groups.ts), and a duplicate
// `["random","=",1]` is one draw, not two. Nested queries are canonicalised too.
import { filterByName } from "../../kana/filters.js";
import type { EntityType, Filter } from "../../kana/types.js";

const isCombinator = (f: Filter): f is ["and" | "or", ...Filter[]] => f[0] === "and" || f[0] === "or";

/** The canonical form of a validated filter of `type`. */
export function canonical(type: EntityType, f: Filter): Filter {
  if (!isCombinator(f)) {
    const def = filterByName(type, f[0]);
    if (def?.value.kind !== "query" || f[2] === null || !Array.isArray(f[2])) return f;
    return [f[0], f[1], canonical(def.value.entity, f[2] as Filter)];
  }
  const head = f[0];
  const kids = (f.slice(1) as Filter[]).map((k) => canonical(type, k)).flatMap((k) => (k[0] === head ? (k.slice(1) as Filter[]) : [k]));
  if (kids.length === 1) return kids[0]!;
  // Duplicates by their text, sorted by it (VNDB sorts by its own stringification; the
  // order changes no result).
  const byKey = new Map<string, Filter>();
  for (const k of kids) byKey.set(JSON.stringify(k), k);
  const unique = [...byKey.keys()].sort().map((key) => byKey.get(key)!);
  return unique.length === 1 ? unique[0]! : [head, ...unique];
}
