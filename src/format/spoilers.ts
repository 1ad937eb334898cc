// One spoiler ceiling applied to everything structured in a result: tags, traits and
// character appearances carry a spoiler grade (0 none, 1 minor, 2 major) in VNDB's data;
// a character's "real" sex and gender (the second element of `sex`/`gender`) are spoilers
// whenever they differ from the apparent one. Hidden items are counted, never silently lost.

/** The default ceiling: show nothing that VNDB marks as a spoiler (issue 5, item 4). */
export const DEFAULT_SPOILER_LEVEL = 0;

/**
 * The level at which a character's real sex/gender is shown. The site shows the spoiler sex
 * only to readers who chose to see all spoilers, i.e. level 2.
 */
export const REAL_SEX_REVEAL_LEVEL = 2;

/**
 * A tag or trait VNDB marks as a lie (the entry only seems to have it) is itself a major
 * spoiler: saying so gives the twist away, showing it plainly misleads. It is kept only from
 * this level on.
 */
export const LIE_REVEAL_LEVEL = 2;

/** The grade an array element is hidden by: its spoiler grade, raised for lies. */
function gradeOf(e: unknown): number | undefined {
  if (!isObj(e) || typeof e.spoiler !== "number") return undefined;
  return e.lie === true ? Math.max(e.spoiler, LIE_REVEAL_LEVEL) : e.spoiler;
}

/** Counts of hidden items by the array (or field) they were removed from: {tags: 3}. */
export type HiddenCounts = Record<string, number>;

export function addCounts(into: HiddenCounts, from: HiddenCounts): HiddenCounts {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
  return into;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Returns a copy of `value` with every array element whose numeric `spoiler` exceeds `level`
 * removed (at any depth; lies count as LIE_REVEAL_LEVEL), and characters' real sex/gender masked below
 * REAL_SEX_REVEAL_LEVEL. `hidden` receives the counts keyed by the member name.
 */
export function hideSpoilers<T>(value: T, level: number, hidden: HiddenCounts = {}, listLevels: Readonly<Record<string, number>> = {}): T {
  return walk(value, level, hidden, listLevels) as T;
}

function walk(value: unknown, level: number, hidden: HiddenCounts, listLevels: Readonly<Record<string, number>> = {}): unknown {
  if (Array.isArray(value)) return value.map((v) => walk(v, level, hidden));
  if (!isObj(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (Array.isArray(v) && v.some((e) => gradeOf(e) !== undefined)) {
      // A top-level list named with its own spoiler level (tags[spoiler=2]) uses that level.
      const at = listLevels[key] ?? level;
      const kept = v.filter((e) => !((gradeOf(e) ?? 0) > at));
      if (kept.length < v.length) hidden[key] = (hidden[key] ?? 0) + v.length - kept.length;
      out[key] = kept.map((e) => walk(e, at, hidden));
    } else if ((key === "sex" || key === "gender") && isRealPair(v) && level < REAL_SEX_REVEAL_LEVEL) {
      const [apparent, real] = v;
      if (real !== null && real !== apparent) hidden[key] = (hidden[key] ?? 0) + 1;
      // The real value is only a spoiler where it differs; repeating the apparent one is safe.
      out[key] = [apparent, apparent];
    } else {
      out[key] = walk(v, level, hidden);
    }
  }
  return out;
}

/** Character `sex`/`gender` are `[apparent, real]` pairs of short codes or nulls (§6.4). */
function isRealPair(v: unknown): v is [string | null, string | null] {
  return Array.isArray(v) && v.length === 2 && v.every((e) => e === null || typeof e === "string");
}
