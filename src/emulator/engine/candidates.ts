// Resolving a filter through indexes. A filter becomes `{ cand, residual }`: the rows it
// matches are the positions in `cand` (every row when null) for which `residual` holds
// (always, when null). Exact indexes (ids, tag/dtag and trait/dtrait with their spoiler,
// level and lie limits, VN lang/platform/olang/developer_id, number and date columns,
// staff and character role, a one-word search) give a `cand` and no residual, and their
// `!=` is the complement; the other indexes give a superset and keep the filter's own
// predicate as residual: `search` of several words (label text), the VN label filter
// (the owner's list), release platform/producer, and the nested filters through the
// links between entries both ways (a VN's releases, a release's VNs, characters,
// developers, staff credits, quotes). Whatever no index covers is a residual only. `and`
// intersects and conjoins; `or` unites when every child has a `cand`, and otherwise is
// one residual over every row.
import type { EntityType, Filter, FilterOperator } from "../../kana/types.js";
import type { CharacterRow, ReleaseRow, VnRow } from "../catalogue/types.js";
import { ulistOf, visibleVn, type Database, type StaffAliasEntry } from "../database.js";
import type { EngineContext } from "./context.js";
import { idNum } from "./compare.js";
import { canonical } from "./canon.js";
import { compileFilter, type Link, type Predicate } from "./filters.js";
import { listGroups } from "./list-groups.js";
import { memo, staffCredits } from "./indexes.js";
import { searchCandidates } from "./search.js";
import { positionsOfIds, sortUnique, tableOf, type Table } from "./tables.js";

type Positions = number[];

/** value → sorted positions, built from one pass over a table. */
function postings(db: Database, key: string, type: EntityType, keysOf: (row: any) => Iterable<string>): Map<string, Positions> {
  return memo(db, `postings:${key}`, () => {
    const out = new Map<string, Positions>();
    tableOf(db, type).rows.forEach((row, i) => {
      for (const k of new Set(keysOf(row))) {
        const l = out.get(k);
        if (l) l.push(i);
        else out.set(k, [i]);
      }
    });
    return out;
  });
}

/**
 * Lists this much shorter than the table are combined by sorting rather than by marking
 * every table position: ten ids under an `or` should not walk 60,000 rows.
 */
const SPARSE_FACTOR = 16;

/** Binary search in a sorted list of positions. */
function holds(sorted: Positions, p: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === p) return true;
    if (v < p) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function intersect(lists: Positions[], n: number): Positions {
  if (lists.length === 1) return lists[0]!;
  const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
  if (shortest.length * SPARSE_FACTOR < n) {
    // Keep the shortest list's positions that every other (sorted) list holds.
    return shortest.filter((p) => lists.every((l) => l === shortest || holds(l, p)));
  }
  const count = new Uint8Array(n);
  for (const l of lists) for (const p of l) count[p]!++;
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (count[i] === lists.length) out.push(i);
  return out;
}

function unite(lists: Positions[], n: number): Positions {
  const total = lists.reduce((sum, l) => sum + l.length, 0);
  if (total * SPARSE_FACTOR < n) return sortUnique(lists.flat());
  const mark = new Uint8Array(n);
  for (const l of lists) for (const p of l) mark[p] = 1;
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (mark[i] === 1) out.push(i);
  return out;
}

/**
 * Rows of `to` linked to the given rows of `from`, through each row's linked ids. The links
 * are laid out once per (from, to, name) as position lists (offsets into one array), so
 * following them is array reads and a mark per target row.
 */
function follow(db: Database, from: EntityType, positions: Positions, to: EntityType, name: string, linked: (row: any) => Iterable<string>): Positions {
  const links = memo(db, `links:${from}>${to}:${name}`, () => {
    const src = tableOf(db, from);
    const dst = tableOf(db, to);
    const offsets = new Int32Array(src.rows.length + 1);
    const targets: number[] = [];
    src.rows.forEach((row, i) => {
      for (const id of linked(row)) for (const p of dst.byId.get(id) ?? []) targets.push(p);
      offsets[i + 1] = targets.length;
    });
    return { offsets, targets: Int32Array.from(targets), size: dst.rows.length };
  });
  const mark = new Uint8Array(links.size);
  for (const p of positions) for (let k = links.offsets[p]!; k < links.offsets[p + 1]!; k++) mark[links.targets[k]!] = 1;
  const out: number[] = [];
  for (let i = 0; i < mark.length; i++) if (mark[i] === 1) out.push(i);
  return out;
}

export interface Resolved {
  /** Sorted positions holding every match; null: every row. */
  cand: Positions | null;
  /** What a row of `cand` must also satisfy; null: nothing. */
  residual: Predicate<any> | null;
}

/** The matching positions of a filter, sorted (the indexed engine's filter step). */
export function matchPositions(ctx: EngineContext, type: EntityType, f: Filter | null): Positions {
  const n = tableOf(ctx.db, type).rows.length;
  if (f === null) return Array.from({ length: n }, (_, i) => i);
  return materialise(ctx, type, resolve(ctx, type, canonical(type, f)));
}

function materialise(ctx: EngineContext, type: EntityType, r: Resolved): Positions {
  const rows = tableOf(ctx.db, type).rows;
  const { cand, residual } = r;
  if (cand !== null && residual === null) return cand;
  const out: number[] = [];
  if (cand === null) {
    for (let i = 0; i < rows.length; i++) if (residual!(rows[i], null)) out.push(i);
  } else {
    for (const i of cand) if (residual!(rows[i], null)) out.push(i);
  }
  return out;
}

function resolve(ctx: EngineContext, type: EntityType, f: Filter): Resolved {
  const r = resolveLazily(ctx, type, f);
  return "neg" in r ? { cand: complement(r.neg, tableOf(ctx.db, type).rows.length), residual: null } : r;
}

/**
 * An exact `!=` kept as the rows it excludes (the `=` rows): every row but `neg`. Under an
 * `and` it is subtracted, under an `or` the union is the complement of what every such child
 * excludes less what the others match, so a `dtag != X` beside other filters costs the rows
 * of X, not a list of nearly the whole table built and then combined (bench:mirror's
 * "vn tags and/or" at VNDB's size).
 */
interface Excluded {
  neg: Positions;
}

function resolveLazily(ctx: EngineContext, type: EntityType, f: Filter): Resolved | Excluded {
  const head = f[0];
  const n = () => tableOf(ctx.db, type).rows.length;
  if (head === "and") {
    // Row-counted groups (list-groups.ts) have no index: residuals.
    const { groups, rest } = listGroups(ctx, type, f as ["and", ...Filter[]]);
    const lazy = rest.map((k) => resolveLazily(ctx, type, k));
    const negs = lazy.filter((k): k is Excluded => "neg" in k).map((k) => k.neg);
    const kids = [...lazy.filter((k): k is Resolved => !("neg" in k)), ...groups.map((g): Resolved => ({ cand: null, residual: g }))];
    const cands = kids.map((k) => k.cand).filter((c): c is Positions => c !== null);
    const residuals = kids.map((k) => k.residual).filter((p): p is Predicate<any> => p !== null);
    const residual: Predicate<any> | null = residuals.length === 0 ? null : residuals.length === 1 ? residuals[0]! : (row, link) => residuals.every((p) => p(row, link));
    if (cands.length === 0 && negs.length > 0 && residual === null) return { neg: negs.length === 1 ? negs[0]! : unite(negs, n()) };
    let cand = cands.length === 0 ? null : intersect(cands, n());
    if (negs.length > 0) cand = cand === null ? complement(unite(negs, n()), n()) : subtract(cand, negs.length === 1 ? negs[0]! : unite(negs, n()));
    return { cand, residual };
  }
  if (head === "or") {
    const { groups, rest } = listGroups(ctx, type, f as ["or", ...Filter[]]);
    const lazy = rest.map((k) => resolveLazily(ctx, type, k));
    const kids = lazy.filter((k): k is Resolved => !("neg" in k));
    if (groups.length > 0 || kids.some((k) => k.cand === null)) return { cand: null, residual: compileFilter(ctx, type, f) };
    const matched = unite(kids.map((k) => materialise(ctx, type, k)), n());
    const negs = lazy.filter((k): k is Excluded => "neg" in k).map((k) => k.neg);
    if (negs.length === 0) return { cand: matched, residual: null };
    // A row is left out only when every `!=` child leaves it out and no other child matches it.
    return { neg: subtract(negs.length === 1 ? negs[0]! : intersect(negs, n()), matched) };
  }
  const [field, op, value] = f as [string, FilterOperator, unknown];
  const excluded: { neg?: Positions } = {};
  const exact = exactLeaf(ctx, type, field, op, value, excluded);
  if (excluded.neg !== undefined) return { neg: excluded.neg };
  if (exact !== null) return { cand: exact, residual: null };
  const own = compileFilter(ctx, type, f);
  const found = op === "=" || op === "!=" ? leaf(ctx, type, field, value) : null;
  if (found === null) return { cand: null, residual: own };
  if (found.exact) return op === "=" ? { cand: found.positions, residual: null } : { neg: found.positions };
  return op === "=" ? { cand: found.positions, residual: own } : { cand: null, residual: own };
}

/** The positions of sorted `a` that sorted `b` lacks. */
function subtract(a: Positions, b: Positions): Positions {
  if (b.length === 0) return a;
  const out: number[] = [];
  let j = 0;
  for (const p of a) {
    while (j < b.length && b[j]! < p) j++;
    if (j >= b.length || b[j] !== p) out.push(p);
  }
  return out;
}

/** Fields a nested filter reads from the link it was reached through (filters.ts Link). */
const LINK_FIELDS: Partial<Record<EntityType, string>> = { release: "rtype", character: "role", staff: "role" };

/** Does this filter (at its own level; deeper nesting has its own link) negate a link field? */
function negatesLinkField(type: EntityType, f: Filter): boolean {
  if (f[0] === "and" || f[0] === "or") return (f.slice(1) as Filter[]).some((k) => negatesLinkField(type, k));
  return f[0] === LINK_FIELDS[type] && f[1] !== "=";
}

/** Every position not in a sorted list. */
function complement(positions: Positions, n: number): Positions {
  const mark = new Uint8Array(n);
  for (const p of positions) mark[p] = 1;
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (mark[i] === 0) out.push(i);
  return out;
}

/** An `=`-only filter's exact set and, through the complement, its `!=` (two-valued filters only). */
function eqOnlyExact(op: FilterOperator, n: number, eq: () => Positions): Positions | null {
  if (op === "=") return eq();
  if (op === "!=") return complement(eq(), n);
  return null;
}

/**
 * Positions whose column value passes `cmp(value, op, want)`; null column values (NaN)
 * never do. One loop per operator: the comparison inlined, not a call per row.
 */
function columnMatch(column: Float64Array, op: FilterOperator, want: number): Positions {
  const out: number[] = [];
  const n = column.length;
  switch (op) {
    case "=":
      for (let i = 0; i < n; i++) if (column[i] === want) out.push(i);
      break;
    case "!=":
      for (let i = 0; i < n; i++) {
        const v = column[i]!;
        if (v === v && v !== want) out.push(i);
      }
      break;
    case ">=":
      for (let i = 0; i < n; i++) if (column[i]! >= want) out.push(i);
      break;
    case ">":
      for (let i = 0; i < n; i++) if (column[i]! > want) out.push(i);
      break;
    case "<=":
      for (let i = 0; i < n; i++) if (column[i]! <= want) out.push(i);
      break;
    case "<":
      for (let i = 0; i < n; i++) if (column[i]! < want) out.push(i);
      break;
  }
  return out;
}

/** A number column by position (NaN for null), built once. */
function column(db: Database, type: EntityType, name: string, get: (row: any) => number | null): Float64Array {
  return memo(db, `column:${type}:${name}`, () => Float64Array.from(tableOf(db, type).rows, (r) => get(r) ?? NaN));
}

/**
 * Tag or trait votes of each row, per tag: positions with the vote's spoiler, rating and lie,
 * in typed arrays (a full-size mirror has millions of inherited votes: plain arrays of
 * numbers and booleans cost several times the memory and the scan). `sorted` says the
 * positions are strictly increasing (each row lists a tag once, as the inherited maps do), so
 * a match needs no sort: the scan of a tag that half the VNs have is then a single pass.
 */
interface VotePostings {
  positions: Int32Array;
  rating: Float64Array;
  spoiler: Float64Array;
  lie: Uint8Array;
  sorted: boolean;
}

function votePostings(db: Database, key: string, type: EntityType, votesOf: (row: any) => Iterable<{ id: string; rating: number; spoiler: number; lie: boolean }>): Map<string, VotePostings> {
  return memo(db, `votes:${key}`, () => {
    const growing = new Map<string, { positions: number[]; rating: number[]; spoiler: number[]; lie: number[] }>();
    tableOf(db, type).rows.forEach((row, i) => {
      for (const v of votesOf(row)) {
        let p = growing.get(v.id);
        if (!p) growing.set(v.id, (p = { positions: [], rating: [], spoiler: [], lie: [] }));
        p.positions.push(i);
        p.rating.push(v.rating);
        p.spoiler.push(v.spoiler);
        p.lie.push(v.lie ? 1 : 0);
      }
    });
    const out = new Map<string, VotePostings>();
    for (const [id, p] of growing) {
      const positions = Int32Array.from(p.positions);
      let sorted = true;
      for (let k = 1; k < positions.length && sorted; k++) sorted = positions[k - 1]! < positions[k]!;
      out.set(id, { positions, rating: Float64Array.from(p.rating), spoiler: Float64Array.from(p.spoiler), lie: Uint8Array.from(p.lie), sorted });
    }
    return out;
  });
}

/** The tag/trait filter's test (filters.ts tagFilter/traitFilter) over one tag's votes. */
function voteMatch(p: VotePostings | undefined, value: unknown, withLevel: boolean): Positions {
  if (!p) return [];
  const v = Array.isArray(value) ? value : [value];
  const num = (x: unknown) => Number(x ?? 0);
  const maxSpoiler = num(v[1]);
  const minLevel = withLevel ? num(v[2]) : 0;
  const noLies = num(withLevel ? v[3] : v[2]) === 1;
  const anySpoiler = maxSpoiler >= 2;
  const anyLevel = minLevel <= 0;
  const out: number[] = [];
  const { positions, spoiler, rating, lie } = p;
  for (let k = 0; k < positions.length; k++) {
    if (!(anySpoiler || spoiler[k]! <= maxSpoiler)) continue;
    if (!(anyLevel || rating[k]! >= minLevel)) continue;
    if (noLies && lie[k] === 1) continue;
    out.push(positions[k]!);
  }
  return p.sorted ? out : sortUnique(out);
}

/**
 * A leaf's exact rows from an index, or null. Given `excluded`, an `!=` whose rows are the
 * complement of its `=` rows leaves those in `excluded.neg` instead (and returns an empty list).
 */
function exactLeaf(ctx: EngineContext, type: EntityType, field: string, op: FilterOperator, value: unknown, excluded?: { neg?: Positions }): Positions | null {
  const { db } = ctx;
  const n = tableOf(db, type).rows.length;
  const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const eq = (get: () => Positions): Positions | null => {
    if (op !== "!=" || excluded === undefined) return eqOnlyExact(op, n, get);
    excluded.neg = get();
    return [];
  };
  if (field === "id") {
    const want = idNum(str(value));
    // `=` and `!=` (a lookup by id, often ten at once under an `or`) from the id numbers'
    // positions; the orderings scan the id column.
    if (op === "=" || op === "!=") return eq(() => idNumPositions(db, type).get(want) ?? []);
    return columnMatch(tableOf(db, type).idNums, op, want);
  }
  switch (type) {
    case "vn":
      switch (field) {
        case "tag":
          return eq(() => voteMatch(votePostings(db, "vn:tag", "vn", (v: VnRow) => [...db.inheritedTags.get(v.id)!.values()].map((t) => ({ id: t.tag, ...t }))).get(firstOf(value)), value, true));
        case "dtag":
          return eq(() => {
            const tag = db.tag.get(firstOf(value));
            if (!tag || tag.hidden) return [];
            return voteMatch(votePostings(db, "vn:dtag", "vn", (v: VnRow) => v.tags.map((t) => ({ id: t.tag, ...t }))).get(firstOf(value)), value, true);
          });
        case "lang":
          return eq(() => postings(db, "vn:lang", "vn", (v: VnRow) => db.vnCache.get(v.id)!.languages).get(str(value)) ?? []);
        case "platform":
          return eq(() => postings(db, "vn:platform", "vn", (v: VnRow) => db.vnCache.get(v.id)!.platforms).get(str(value)) ?? []);
        case "olang":
          return eq(() => postings(db, "vn:olang", "vn", (v: VnRow) => [v.olang]).get(str(value)) ?? []);
        case "developer_id":
          return eq(() => postings(db, "vn:developer_id", "vn", (v: VnRow) => db.vnCache.get(v.id)!.developers).get(str(value)) ?? []);
        case "released":
          return columnMatch(column(db, "vn", "released", (v: VnRow) => db.vnCache.get(v.id)!.released), op, dateValue(ctx, value));
        case "rating":
          return columnMatch(column(db, "vn", "rating", (v: VnRow) => v.rating), op, Number(value));
        case "votecount":
          return columnMatch(column(db, "vn", "votecount", (v: VnRow) => v.votecount), op, Number(value));
      }
      return null;
    case "release":
      switch (field) {
        case "released":
          return columnMatch(column(db, "release", "released", (r: ReleaseRow) => r.released), op, dateValue(ctx, value));
        case "minage":
          if (value === null || value === undefined) return null;
          return columnMatch(column(db, "release", "minage", (r: ReleaseRow) => r.minage), op, Number(value));
      }
      return null;
    case "character":
      switch (field) {
        case "trait":
          return eq(() => voteMatch(votePostings(db, "character:trait", "character", (c: CharacterRow) => [...db.charCache.get(c.id)!.inheritedTraits.values()].map((t) => ({ id: t.trait, rating: 0, ...t }))).get(firstOf(value)), value, false));
        case "dtrait":
          return eq(() => voteMatch(votePostings(db, "character:dtrait", "character", (c: CharacterRow) => c.traits.map((t) => ({ id: t.trait, rating: 0, ...t }))).get(firstOf(value)), value, false));
      }
      return null;
    default:
      return null;
  }
}

/** Date values: 1 = today (at query time), else the stored YYYYMMDD integer (filters.ts). */
function dateValue(ctx: EngineContext, v: unknown): number {
  const n = Number(v ?? 0);
  return n === 1 ? ctx.today : n;
}

/** What an index knows of a leaf's `=`: its rows exactly, or a superset of them. */
interface Found {
  positions: Positions;
  exact: boolean;
}

function leaf(ctx: EngineContext, type: EntityType, field: string, value: unknown): Found | null {
  const found = indexed(ctx, type, field, value);
  if (found === null || Array.isArray(found)) return found === null ? null : { positions: found, exact: EXACT_LEAVES.has(`${type}.${field}`) };
  return found;
}

/** Leaves whose index lists exactly the rows their `=` matches (two-valued, so `!=` is the rest). */
const EXACT_LEAVES = new Set(["release.producer_id", "release.developer_id", "release.platform"]);

/** Does this filter (at its own level) use a field resolved against the link? */
function readsLinkField(type: EntityType, f: Filter): boolean {
  if (f[0] === "and" || f[0] === "or") return (f.slice(1) as Filter[]).some((k) => readsLinkField(type, k));
  return f[0] === LINK_FIELDS[type];
}

/**
 * A nested filter that reads the link, split for the visit of nestedUnderVn: its candidates
 * (resolve) and the test each (candidate, link) pair must pass. Under an `and`, a child that
 * reads no link field and whose index is exact (no residual) holds for every candidate
 * already, so the test leaves it out: `character = (trait X and role primary)` then tests
 * only the role of each link, not the trait again on every character that has it. Anything
 * else (an `or`, row-counted groups) is tested whole.
 */
function linkTest(ctx: EngineContext, inner: EntityType, f: Filter): { r: Resolved; pred: Predicate<any> } {
  if (f[0] !== "and" || listGroups(ctx, inner, f as ["and", ...Filter[]]).groups.length > 0) return { r: resolve(ctx, inner, f), pred: compileFilter(ctx, inner, f) };
  const kids = f.slice(1) as Filter[];
  const resolved = kids.map((k) => resolve(ctx, inner, k));
  const cands = resolved.map((k) => k.cand).filter((c): c is Positions => c !== null);
  const tested = kids.filter((k, i) => readsLinkField(inner, k) || resolved[i]!.residual !== null).map((k) => compileFilter(ctx, inner, k));
  return {
    r: { cand: cands.length === 0 ? null : intersect(cands, tableOf(ctx.db, inner).rows.length), residual: null },
    pred: tested.length === 1 ? tested[0]! : (row, link) => tested.every((p) => p(row, link)),
  };
}

/** A leaf's `=` rows from an index (exactness by EXACT_LEAVES), or a nested filter's, or null. */
function indexed(ctx: EngineContext, type: EntityType, field: string, value: unknown): Positions | Found | null {
  const { db } = ctx;
  const table = tableOf(db, type);
  const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  if (field === "search") return searchCandidates(ctx, type, value, table);
  // A nested filter is answered from the inner side: the inner rows it matches, followed
  // through their links to the outer rows, which is exactly the outer predicate's
  // `some linked inner row matches`. Reached without a link (a release's VNs, a quote's
  // VN …), the inner matches are the inner filter's own (scanned when no index narrows
  // it). Under a VN the inner filter may read the link (rtype, role): it is then evaluated
  // on every (inner row, link) pair of its candidates, with that link.
  const nested = (inner: EntityType, linked: (row: any) => Iterable<string>): Found => {
    const r = resolve(ctx, inner, value as Filter);
    return { positions: follow(db, inner, materialise(ctx, inner, r), type, field, linked), exact: true };
  };
  const nestedUnderVn = (inner: EntityType, links: (row: any) => Iterable<Link>): Found => {
    const f = value as Filter;
    if (!readsLinkField(inner, f)) return nested(inner, (row) => [...links(row)].map((l) => l.vn));
    // Without the link a `!=` on a link field could drop rows: then every inner row.
    const { r, pred }: { r: Resolved; pred: Predicate<any> } = negatesLinkField(inner, f) ? { r: { cand: null, residual: null }, pred: compileFilter(ctx, inner, f) } : linkTest(ctx, inner, f);
    const innerRows = tableOf(db, inner).rows;
    const ids: string[] = [];
    const visit = (i: number) => {
      for (const l of links(innerRows[i])) if (pred(innerRows[i], l)) ids.push(l.vn);
    };
    if (r.cand === null) for (let i = 0; i < innerRows.length; i++) visit(i);
    else for (const i of r.cand) visit(i);
    return { positions: positionsOfIds(tableOf(db, type), ids), exact: true };
  };
  switch (type) {
    case "vn":
      switch (field) {
        case "label": {
          // Live list state: whatever the label, a match is on the owner's list.
          const [uid] = value as [string, unknown];
          return positionsOfIds(table, ulistOf(db, uid).map((e) => e.vid));
        }
        case "release":
          // The link's rtype is the release's first entry for that VN (r.vns.find in filters.ts).
          return nestedUnderVn("release", (r: ReleaseRow) => {
            const seen = new Set<string>();
            return r.vns.filter((x) => !seen.has(x.vn) && seen.add(x.vn)).map((x): Link => ({ vn: x.vn, rtype: x.rtype }));
          });
        case "character":
          return nestedUnderVn("character", (c: CharacterRow) => c.vns.map((x): Link => ({ vn: x.vn, role: x.role })));
        case "developer":
          return nested("producer", (p: { id: string }) => vnsByDeveloper(db).get(p.id) ?? []);
        case "staff": {
          const credits = staffCredits(db);
          // The common `staff = role X`: VNs with an X credit of a visible alias, from one index.
          const f = value as Filter;
          if (f[0] === "role" && f[1] === "=") return { positions: vnsByCreditRole(db).get(String(f[2])) ?? [], exact: true };
          return nestedUnderVn("staff", (e: StaffAliasEntry) => [...new Set((credits.get(e.alias.aid) ?? []).map((c) => c.vn))].map((vn): Link => ({ vn })));
        }
      }
      return null;
    case "release":
      switch (field) {
        case "platform":
          if (value === null || value === undefined) return null;
          return postings(db, "release:platform", "release", (r: ReleaseRow) => r.platforms).get(str(value)) ?? [];
        case "producer_id":
          return postings(db, "release:producer_id", "release", (r: ReleaseRow) => r.producers.map((p) => p.producer)).get(str(value)) ?? [];
        case "developer_id":
          return postings(db, "release:developer_id", "release", (r: ReleaseRow) => r.producers.filter((p) => p.developer).map((p) => p.producer)).get(str(value)) ?? [];
        case "vn":
          return nested("vn", (v: VnRow) => db.vnCache.get(v.id)!.releases);
        case "producer":
          return nested("producer", (p: { id: string }) => releasesByProducer(db).get(p.id) ?? []);
      }
      return null;
    case "character":
      switch (field) {
        case "vn":
          return nested("vn", (v: VnRow) => db.charactersByVn.get(v.id) ?? []);
        case "role":
          // Any of its VN roles, as the filter reads it without a link (under one, the
          // nested VN filter tests each link and this is a superset).
          return { positions: postings(db, "character:role", "character", (c: CharacterRow) => c.vns.map((x) => x.role)).get(str(value)) ?? [], exact: true };
      }
      return null;
    case "staff":
      if (field === "role") {
        // Credits in visible VNs only, as the filter counts them: the index is then exact.
        const roles = postings(db, "staff:role", "staff", (e: StaffAliasEntry) =>
          (staffCredits(db).get(e.alias.aid) ?? []).filter((c) => visibleVn(db, c.vn)).map((c) => c.role ?? "seiyuu"),
        );
        return { positions: roles.get(str(value)) ?? [], exact: true };
      }
      return null;
    case "quote":
      switch (field) {
        case "vn":
          return nested("vn", (v: VnRow) => db.quotesByVn.get(v.id) ?? []);
        case "character":
          return nested("character", (c: CharacterRow) => quotesByCharacter(db).get(c.id) ?? []);
      }
      return null;
    default:
      return null;
  }
}

/** The tag or trait id of a tag/trait filter value ([id, spoiler, level, lie] or the bare id). */
function firstOf(value: unknown): string {
  return String(Array.isArray(value) ? value[0] : value);
}

/** Staff role ("seiyuu" for voice acting) → VN positions with such a credit of a visible alias. */
function vnsByCreditRole(db: Database): Map<string, Positions> {
  return memo(db, "links:vnsByCreditRole", () => {
    const vns = tableOf(db, "vn");
    const ids = new Map<string, string[]>();
    const credits = staffCredits(db);
    for (const row of tableOf(db, "staff").rows as StaffAliasEntry[]) {
      for (const c of credits.get(row.alias.aid) ?? []) {
        const role = c.role ?? "seiyuu";
        const l = ids.get(role);
        if (l) l.push(c.vn);
        else ids.set(role, [c.vn]);
      }
    }
    return new Map([...ids].map(([role, list]) => [role, positionsOfIds(vns, list)]));
  });
}

/** Id number → the positions holding it (a staff id has one per alias). */
function idNumPositions(db: Database, type: EntityType): Map<number, Positions> {
  return memo(db, `idNums:${type}`, () => {
    const out = new Map<number, Positions>();
    tableOf(db, type).idNums.forEach((num, i) => {
      const l = out.get(num);
      if (l) l.push(i);
      else out.set(num, [i]);
    });
    return out;
  });
}

/** Producer id → VNs it develops (c_developers, the developer filter's link). */
function vnsByDeveloper(db: Database): Map<string, string[]> {
  return memo(db, "links:vnsByDeveloper", () => {
    const out = new Map<string, string[]>();
    for (const [vid, c] of db.vnCache) {
      for (const p of c.developers) {
        const l = out.get(p);
        if (l) l.push(vid);
        else out.set(p, [vid]);
      }
    }
    return out;
  });
}

/** Producer id → releases crediting it. */
function releasesByProducer(db: Database): Map<string, string[]> {
  return memo(db, "links:releasesByProducer", () => {
    const out = new Map<string, string[]>();
    for (const r of db.catalogue.release) {
      for (const p of r.producers) {
        const l = out.get(p.producer);
        if (l) l.push(r.id);
        else out.set(p.producer, [r.id]);
      }
    }
    return out;
  });
}

/** Character id → quotes spoken by it. */
function quotesByCharacter(db: Database): Map<string, string[]> {
  return memo(db, "links:quotesByCharacter", () => {
    const out = new Map<string, string[]>();
    for (const q of db.catalogue.quote) {
      if (q.character === null) continue;
      const l = out.get(q.character);
      if (l) l.push(q.id);
      else out.set(q.character, [q.id]);
    }
    return out;
  });
}

