// Dropping what carries no information, so a model's context is spent on data.

/** True for values a reader learns nothing from: null, undefined, "", [] and {}. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value as object).length === 0;
  return false;
}

/**
 * Recursively drops object members that are empty (see isEmpty), after pruning them.
 * Array elements are pruned but never removed: VNDB uses positional pairs such as
 * `sex: [null, "f"]` and `birthday: [3, 0]` where a null still means something — except an
 * object that repeats an earlier one exactly. VNDB sends a character's `vns` one row per
 * release, so `vns{title}` named one VN three times on the line (issue 29, defect 4).
 * `false` and `0` are kept: `patch: false` and `vote: 0`-style values are answers.
 */
export function dropEmpty<T>(value: T): T {
  if (Array.isArray(value)) return dropRepeats(value.map((v) => dropEmpty(v))) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const pruned = dropEmpty(v);
      if (!isEmpty(pruned)) out[k] = pruned;
    }
    return out as T;
  }
  return value;
}

/** The array without objects that repeat an earlier element exactly (other elements all kept). */
function dropRepeats(items: unknown[]): unknown[] {
  if (!items.some((v) => v !== null && typeof v === "object" && !Array.isArray(v))) return items;
  const seen = new Set<string>();
  return items.filter((v) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return true;
    const key = JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
