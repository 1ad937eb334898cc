// Comparison helpers shared by filters and sorts.
import type { FilterOperator } from "../../kana/types.js";

/** SQL-style comparison: a null operand never matches (NULL OP x is not true). */
export function cmp(a: number | string | null | undefined, op: FilterOperator, b: number | string): boolean {
  if (a === null || a === undefined) return false;
  switch (op) {
    case "=":
      return a === b;
    case "!=":
      return a !== b;
    case ">=":
      return a >= b;
    case ">":
      return a > b;
    case "<=":
      return a <= b;
    case "<":
      return a < b;
  }
}

/** Ids compare by their number, as vndbid does ("v9" < "v10"). */
export { idNum } from "../database.js";

/**
 * Title collation. The real ordering is the database's collation, which the source does
 * not pin down (reference §7); a case-insensitive locale compare with a code-point
 * fallback is deterministic and close to what users see on the site.
 */
const collator = new Intl.Collator("en", { sensitivity: "base" });
export function compareTitles(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
