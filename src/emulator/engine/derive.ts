// Values the API derives from several columns of one row (reference §6), shared by the
// filters and the projection so both agree.
import type { CharacterRow } from "../catalogue/types.js";

type Gender = "m" | "f" | "o" | "a" | null;

/**
 * [apparent, real] gender (the `gender` field, also what the gender filters test). When
 * no gender is recorded it falls back to the sex if that is m or f; the real value
 * falls back through spoiler gender, gender, then the real sex.
 */
export function characterGender(c: CharacterRow): [Gender, Gender] {
  const mf = (s: CharacterRow["sex"]): Gender => (s === "m" || s === "f" ? s : null);
  const apparent = c.gender ?? mf(c.sex);
  const real = c.spoilGender ?? c.gender ?? mf(c.spoilSex ?? c.sex);
  return [apparent, real];
}

/** [apparent, real] sex; null when neither is recorded. */
export function characterSex(c: CharacterRow): [string | null, string | null] | null {
  const apparent = c.sex;
  const real = c.spoilSex ?? c.sex;
  return apparent === null && real === null ? null : [apparent, real];
}

/** Main title and original-script title from a title list (vnt/releasest views). */
export function mainTitle(
  titles: { lang: string; title: string | null; latin: string | null }[],
  olang: string,
): { title: string; alttitle: string | null } {
  const t = titles.find((x) => x.lang === olang) ?? titles[0];
  if (!t) return { title: "", alttitle: null };
  const original = t.title ?? "";
  const title = t.latin ?? original;
  return { title, alttitle: original === title ? null : original };
}

/** "Empty string → null" columns (∅ in reference §6). */
export const nstr = (s: string | null | undefined) => (s ? s : null);
