// A VN's cached release columns, as update_vncache (sql/func.sql) computes them:
//   c_released   MIN(r.released) over releases not hidden, rtype <> 'trial', released <> 0, official
//   c_languages  DISTINCT releases_titles.lang over releases not hidden, rtype <> 'trial', NOT mtl,
//                released <= today; sorted in the `language` enum's order
//   c_platforms  DISTINCT releases_platforms.platform over releases not hidden, rtype <> 'trial',
//                released <= today; sorted in the `platform` enum's order
// (c_developers is computed the same way by the engine at load; c_image comes with the dump.)
// `today` is an option (YYYYMMDD), so a build is reproducible; VNDB uses 'today'::timestamp.
import { DUMP_TYPE_DECLS } from "../dump/dump-schema.js";
import type { ReleaseRow } from "../../emulator/catalogue/types.js";

/** The values of a PostgreSQL enum type of the dump's schema, in declaration order. */
function enumOrder(type: string): Map<string, number> {
  const decl = DUMP_TYPE_DECLS.find((d) => new RegExp(`^CREATE TYPE ${type}\\s+AS ENUM`).test(d));
  const out = new Map<string, number>();
  if (!decl) return out;
  for (const m of decl.matchAll(/'([^']*)'/g)) out.set(m[1], out.size);
  return out;
}

const LANGUAGE_ORDER = enumOrder("language");
const PLATFORM_ORDER = enumOrder("platform");

/** Sorts enum values as PostgreSQL does (declaration order); values the schema lacks go last, by name. */
export function byEnum(order: ReadonlyMap<string, number>): (a: string, b: string) => number {
  return (a, b) => {
    const x = order.get(a) ?? Number.MAX_SAFE_INTEGER;
    const y = order.get(b) ?? Number.MAX_SAFE_INTEGER;
    return x !== y ? x - y : a < b ? -1 : a > b ? 1 : 0;
  };
}

export const byLanguage = byEnum(LANGUAGE_ORDER);
export const byPlatform = byEnum(PLATFORM_ORDER);

export interface VnCache {
  released: number;
  languages: string[];
  platforms: string[];
}

/** The cached columns of one VN from its releases (each with its rtype for this VN). */
export function vnCache(releases: readonly { rtype: string; release: ReleaseRow }[], today: number): VnCache {
  let released = 0;
  const languages = new Set<string>();
  const platforms = new Set<string>();
  for (const { rtype, release: r } of releases) {
    if (r.hidden || rtype === "trial") continue;
    if (r.official && r.released !== 0 && (released === 0 || r.released < released)) released = r.released;
    if (r.released > today) continue;
    for (const t of r.titles) if (!t.mtl) languages.add(t.lang);
    for (const p of r.platforms) platforms.add(p);
  }
  return { released, languages: [...languages].sort(byLanguage), platforms: [...platforms].sort(byPlatform) };
}
