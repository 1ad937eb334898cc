// What the offline sample does not hold (docs/catalogue.md, "Rules that leave a value
// unknown" and "Derived values"). There, the API still answers with VNDB's column defaults
// (has_ero false, devstatus 0 "finished", official true) or with a stand-in (a dump
// release's languages are its VN's original language), which read as facts: a parent
// asking whether a release is fine for a 15-year-old got "has_ero: false" for a release
// whose age rating nobody recorded. Such members are left out of the row and named once,
// as "not in the offline sample".

type Obj = Record<string, unknown>;

/** The row member that names them (in structuredContent, and one line of the text). */
export const OFFLINE_GAPS_KEY = "not_in_offline_sample";

const blank = (v: unknown): boolean => v === null || v === undefined || v === "" || v === 0 || (Array.isArray(v) && v.length === 0);

/** A member's rule: whether this row's value is a stand-in, and which other members that needs. */
interface GapRule {
  standIn: (value: unknown, row: Obj) => boolean;
  needs?: Record<string, string>;
}

const ALWAYS: GapRule = { standIn: () => true };
const WHEN_BLANK: GapRule = { standIn: blank };
/**
 * Release flags stand at VNDB's column defaults except on the legacy records, the only
 * releases whose age rating the sample holds (has_ero there = minage 18).
 */
const FLAG: GapRule = { standIn: (_v, row) => row.minage === null || row.minage === undefined, needs: { minage: "minage" } };

const RULES: Readonly<Partial<Record<string, Readonly<Record<string, GapRule>>>>> = {
  release: {
    released: WHEN_BLANK,
    minage: { standIn: (v) => v === null },
    has_ero: FLAG,
    patch: FLAG,
    freeware: FLAG,
    doujin: FLAG,
    uncensored: FLAG,
    official: FLAG,
    voiced: WHEN_BLANK,
    engine: WHEN_BLANK,
    resolution: WHEN_BLANK,
    notes: WHEN_BLANK,
    images: WHEN_BLANK,
    extlinks: WHEN_BLANK,
    // The dump has no release languages: the VN's original language stands in, except on
    // the legacy and calendar releases, which are also the only ones with a date.
    languages: { standIn: (_v, row) => row.released === null || row.released === undefined, needs: { released: "released" } },
  },
  vn: {
    released: WHEN_BLANK,
    // No source holds it: every VN stands at 0, "finished", even one dated next year.
    devstatus: ALWAYS,
    image: WHEN_BLANK,
    screenshots: WHEN_BLANK,
    tags: WHEN_BLANK,
    extlinks: WHEN_BLANK,
  },
  character: Object.fromEntries(
    ["sex", "gender", "age", "birthday", "blood_type", "height", "weight", "bust", "waist", "hips", "cup", "image", "traits"].map((k) => [k, WHEN_BLANK]),
  ),
  quote: { character: WHEN_BLANK },
};

/**
 * Stand-ins an answer keeps, since a row could not be read without them, and says what they
 * are instead: a dump release's title is its first VN's main title (docs/catalogue.md), which
 * for a bundle of several VNs names only the first of them.
 */
const SAID: Readonly<Partial<Record<string, Readonly<Record<string, GapRule & { says: string }>>>>> = {
  release: {
    title: {
      standIn: (_v, row) => row.released === null || row.released === undefined,
      needs: { released: "released" },
      says: "the sample holds no release titles; a release without a date here carries its first VN's title",
    },
  },
};

/** The members to fetch so the rules can decide, for the members a call asked for. */
export function offlineGapFields(endpoint: string, asked: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rules of [RULES[endpoint] ?? {}, SAID[endpoint] ?? {}]) for (const k of asked) Object.assign(out, rules[k]?.needs ?? {});
  return out;
}

/** What the answer says of the stand-ins it keeps (SAID) in these rows: one clause per member. */
export function keptStandIns(endpoint: string, rows: readonly Obj[], asked: readonly string[]): string[] {
  const said = SAID[endpoint] ?? {};
  return asked.filter((k) => said[k] && rows.some((r) => k in r && said[k]!.standIn(r[k], r))).map((k) => said[k]!.says);
}

/** The row without stand-in values, naming what it left out (the row itself when nothing is). */
export function withoutOfflineGaps<T extends Obj>(endpoint: string, row: T, asked: readonly string[]): T {
  const rules = RULES[endpoint];
  if (!rules) return row;
  const gaps = asked.filter((k) => k in row && rules[k]?.standIn(row[k], row));
  if (!gaps.length) return row;
  const out: Obj = { ...row };
  for (const k of gaps) delete out[k];
  out[OFFLINE_GAPS_KEY] = gaps;
  return out as T;
}

/** The members the sample does not hold (or holds for a few entries only), for an endpoint. */
export function offlineGapMembers(endpoint: string): string[] {
  return Object.keys(RULES[endpoint] ?? {});
}
