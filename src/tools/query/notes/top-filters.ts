// Reading a converted predicate's top level, as the notes need it: the conjuncts of an
// "and" (or the one filter), and the entry a filter names when it names exactly one.

/** The top-level filters of a predicate: the conjuncts of an "and", or the one filter. */
export function topConjuncts(filters: unknown): unknown[][] {
  if (!Array.isArray(filters)) return [];
  const nodes = filters[0] === "and" ? filters.slice(1) : [filters];
  return nodes.filter((n): n is unknown[] => Array.isArray(n));
}

/**
 * The id of the one entry a top-level `name` filter names (`[name, "=", id]` or
 * `[name, "=", ["id", "=", id]]`), when exactly one such filter names an id of `idPattern`.
 */
export function oneEntryFilter(filters: unknown, name: string, idPattern: RegExp): string | null {
  const found = topConjuncts(filters).filter((n) => n[0] === name && n[1] === "=");
  if (found.length !== 1) return null;
  const inner = found[0]![2];
  if (typeof inner === "string" && idPattern.test(inner)) return inner;
  if (Array.isArray(inner) && inner[0] === "id" && inner[1] === "=" && typeof inner[2] === "string" && idPattern.test(inner[2])) return inner[2];
  return null;
}
