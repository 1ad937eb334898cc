// ORDER BY semantics of every sort option (reference §7; the `sort` lists in
// lib/VNWeb/API.pm). Notation there: `?o` follows `reverse`, `!o` inverts it, and the
// trailing id tie-break is always ascending.
import type { QueryEndpoint } from "../../kana/types.js";
import type { ProducerRow, ReleaseRow, CharacterRow, TagRow, TraitRow, QuoteRow, UlistRow, VnRow } from "../catalogue/types.js";
import type { StaffAliasEntry } from "../database.js";
import { compareTitles, idNum } from "./compare.js";
import type { EngineContext } from "./context.js";
import { mainTitle } from "./derive.js";

type Key = number | string | null;
type Cmp<T> = (a: T, b: T) => number;

interface Column<T> {
  key: (row: T) => Key;
  /** true: descending when reverse is false (`!o`). */
  inverted?: boolean;
  /** Explicit NULLS LAST; otherwise PostgreSQL's default (last ASC, first DESC). */
  nullsLast?: boolean;
  /** A fixed direction regardless of reverse (the id tie-break is always ASC). */
  fixed?: "asc";
}

function compareKeys(a: Key, b: Key): number {
  if (typeof a === "string" && typeof b === "string") return compareTitles(a, b);
  return (a as number) - (b as number);
}

function column<T>(c: Column<T>, reverse: boolean): Cmp<T> {
  const desc = c.fixed ? false : (c.inverted ?? false) !== reverse;
  // Each row's key once per sort, not once per comparison (titles and cached columns are
  // looked up through maps).
  const keys = new Map<T, Key>();
  const keyOf = (row: T) => {
    let k = keys.get(row);
    if (k === undefined) keys.set(row, (k = c.key(row)));
    return k;
  };
  return (x, y) => {
    const a = keyOf(x);
    const b = keyOf(y);
    if (a === null || b === null) {
      if (a === b) return 0;
      const nullsLast = c.nullsLast ?? !desc;
      return (a === null) === nullsLast ? 1 : -1;
    }
    const r = compareKeys(a, b);
    return desc ? -r : r;
  };
}

function chain<T>(reverse: boolean, ...cols: Column<T>[]): Cmp<T> {
  const cmps = cols.map((c) => column(c, reverse));
  return (a, b) => {
    for (const c of cmps) {
      const r = c(a, b);
      if (r !== 0) return r;
    }
    return 0;
  };
}

const byId = <T extends { id: string }>(): Column<T> => ({ key: (r) => idNum(r.id), fixed: "asc" });
const idCol = <T extends { id: string }>(): Column<T> => ({ key: (r) => idNum(r.id) });

/** The comparator of a non-searchrank sort for an endpoint's rows (ulist rows carry their VN). */
export function sortComparator(ctx: EngineContext, endpoint: QueryEndpoint, sort: string, reverse: boolean): Cmp<any> | null {
  const { db } = ctx;
  const vnTitle = (v: VnRow) => db.vnCache.get(v.id)!.title;
  const vnCols = (get: (row: any) => VnRow): Record<string, Column<any>[]> => ({
    id: [{ key: (r) => idNum(get(r).id) }],
    title: [{ key: (r) => vnTitle(get(r)) }, { key: (r) => idNum(get(r).id), fixed: "asc" }],
    released: [{ key: (r) => db.vnCache.get(get(r).id)!.released }, { key: (r) => idNum(get(r).id), fixed: "asc" }],
    popularity: [
      { key: (r) => db.vnCache.get(get(r).id)!.popularityRank, inverted: true, nullsLast: true },
      { key: (r) => idNum(get(r).id), fixed: "asc" },
    ],
    rating: [
      { key: (r) => db.vnCache.get(get(r).id)!.ratingRank, inverted: true, nullsLast: true },
      { key: (r) => idNum(get(r).id), fixed: "asc" },
    ],
    votecount: [{ key: (r) => get(r).votecount }, { key: (r) => idNum(get(r).id), fixed: "asc" }],
  });

  let cols: Record<string, Column<any>[]>;
  switch (endpoint) {
    case "vn":
      cols = vnCols((v: VnRow) => v);
      break;
    case "ulist": {
      const vnOf = (e: UlistRow) => db.vn.get(e.vid)!;
      const tie: Column<UlistRow> = { key: (e) => idNum(e.vid), fixed: "asc" };
      const started = (s: string | null) => (s === null ? null : s);
      cols = {
        ...vnCols(vnOf),
        voted: [{ key: (e: UlistRow) => e.voteDate }, tie],
        vote: [{ key: (e: UlistRow) => e.vote }, tie],
        // No tie-break for these two (reference §7).
        added: [{ key: (e: UlistRow) => e.added }],
        lastmod: [{ key: (e: UlistRow) => e.lastmod }],
        started: [{ key: (e: UlistRow) => started(e.started) }, tie],
        finished: [{ key: (e: UlistRow) => started(e.finished) }, tie],
      };
      break;
    }
    case "release":
      cols = {
        id: [idCol<ReleaseRow>()],
        title: [
          { key: (r: ReleaseRow) => mainTitle(r.titles, r.olang).title },
          byId<ReleaseRow>(),
        ],
        released: [{ key: (r: ReleaseRow) => r.released }, byId<ReleaseRow>()],
      };
      break;
    case "producer":
      cols = {
        id: [idCol<ProducerRow>()],
        name: [{ key: (p: ProducerRow) => p.latin ?? p.name }, byId<ProducerRow>()],
      };
      break;
    case "character":
      cols = {
        id: [idCol<CharacterRow>()],
        name: [{ key: (c: CharacterRow) => c.latin ?? c.name }, byId<CharacterRow>()],
      };
      break;
    case "staff":
      cols = {
        // No alias tie-break on id (reference §7); the stable sort keeps catalogue order.
        id: [{ key: (e: StaffAliasEntry) => idNum(e.staff.id) }],
        name: [
          { key: (e: StaffAliasEntry) => e.alias.latin ?? e.alias.name },
          { key: (e: StaffAliasEntry) => idNum(e.staff.id), fixed: "asc" },
        ],
      };
      break;
    case "tag":
      cols = {
        id: [idCol<TagRow>()],
        name: [{ key: (t: TagRow) => t.name }],
        vn_count: [{ key: (t: TagRow) => db.tagVnCount.get(t.id) ?? 0 }, byId<TagRow>()],
      };
      break;
    case "trait":
      cols = {
        id: [idCol<TraitRow>()],
        name: [{ key: (t: TraitRow) => t.name }, byId<TraitRow>()],
        char_count: [{ key: (t: TraitRow) => db.traitCharCount.get(t.id) ?? 0 }, byId<TraitRow>()],
      };
      break;
    case "quote":
      cols = {
        id: [idCol<QuoteRow>()],
        score: [{ key: (q: QuoteRow) => q.score }],
      };
      break;
  }
  const c = cols[sort];
  return c ? chain(reverse, ...c) : null;
}

/** searchrank: score descending (ascending with reverse), then id ASC, then alias id ASC. */
export function searchrankComparator(
  score: (row: any) => number,
  idOf: (row: any) => number,
  aidOf: (row: any) => number,
  reverse: boolean,
): Cmp<any> {
  const cache = new Map<unknown, number>();
  const s = (row: unknown) => {
    let v = cache.get(row);
    if (v === undefined) cache.set(row, (v = score(row)));
    return v;
  };
  return (a, b) => (reverse ? s(a) - s(b) : s(b) - s(a)) || idOf(a) - idOf(b) || aidOf(a) - aidOf(b);
}
