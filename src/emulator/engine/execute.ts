// Runs a validated POST query against the database (reference §5.3, §11): candidate
// rows, filter, sort, page, project, and the response envelope with its quirks.
import type { Filter, KanaFailure, QueryRequest, Session } from "../../kana/types.js";
import type { UlistRow } from "../catalogue/types.js";
import { isUlistPrivate, rdateOf, ulistOf, type Database, type StaffAliasEntry } from "../database.js";
import { idNum } from "./compare.js";
import { canReadList, type EngineContext } from "./context.js";
import { compileFilter } from "./filters.js";
import {
  projectCharacter,
  projectProducer,
  projectQuote,
  projectRelease,
  projectStaff,
  projectTag,
  projectTrait,
  projectUlist,
  projectVn,
} from "./project.js";
import { searchScorer, searchScorerAt } from "./search.js";
import { searchrankComparator, sortComparator } from "./sorts.js";
import { matchPositions } from "./candidates.js";
import { smallestSorted } from "./smallest-keys.js";
import { sortRanks, type SortRanks } from "./sort-ranks.js";
import { tableOf } from "./tables.js";

/** The /ulist refusal when no list owner is known (api_query '/ulist', reference §11). */
export const MISSING_USER = 'Missing "user" parameter and not authenticated.';
/** HTTP status of that refusal. */
const MISSING_USER_STATUS = 400;

export type QueryOutcome = { ok: true; body: Record<string, unknown> } | { ok: false; failure: KanaFailure };

export interface Clock {
  now(): Date;
}

/**
 * The top-level `search = …` predicate searchrank ranks by: the filter itself, or the
 * single `search =` child of a top-level `and` (extract_searchquery in AdvSearch.pm).
 */
export function rankingSearch(filter: Filter | null): unknown | undefined {
  if (filter === null) return undefined;
  const isSearch = (f: Filter) => f[0] === "search" && f[1] === "=";
  if (isSearch(filter)) return filter[2];
  if (filter[0] === "and") {
    const hits = (filter.slice(1) as Filter[]).filter(isSearch);
    if (hits.length === 1) return hits[0][2];
  }
  return undefined;
}

interface Plan {
  rows: () => unknown[];
  /** The row the filter sees (a ulist entry is filtered by its VN). */
  subject: (row: any) => unknown;
  project: (row: any) => Record<string, unknown>;
  idOf: (row: any) => number;
  aidOf: (row: any) => number;
}

function plan(ctx: EngineContext, req: QueryRequest, listOwner: string | null): Plan {
  const { db } = ctx;
  const sel = req.fields;
  const visible = <T extends { hidden?: boolean }>(rows: T[]) => rows.filter((r) => !r.hidden);
  const byId = (row: { id: string }) => idNum(row.id);
  const zero = () => 0;
  switch (req.endpoint) {
    case "vn":
      return { rows: () => visible(db.catalogue.vn), subject: (r) => r, project: (r) => projectVn(ctx, r, sel), idOf: byId, aidOf: zero };
    case "release":
      return { rows: () => visible(db.catalogue.release), subject: (r) => r, project: (r) => projectRelease(ctx, r, sel), idOf: byId, aidOf: zero };
    case "producer":
      return { rows: () => visible(db.catalogue.producer), subject: (r) => r, project: (r) => projectProducer(ctx, r, sel), idOf: byId, aidOf: zero };
    case "character":
      return { rows: () => visible(db.catalogue.character), subject: (r) => r, project: (r) => projectCharacter(ctx, r, sel), idOf: byId, aidOf: zero };
    case "staff":
      return {
        rows: () =>
          visible(db.catalogue.staff).flatMap((s) => s.aliases.map((alias): StaffAliasEntry => ({ staff: s, alias }))),
        subject: (r) => r,
        project: (r) => projectStaff(ctx, r, sel),
        idOf: (e: StaffAliasEntry) => idNum(e.staff.id),
        aidOf: (e: StaffAliasEntry) => e.alias.aid,
      };
    case "tag":
      return { rows: () => visible(db.catalogue.tag), subject: (r) => r, project: (r) => projectTag(ctx, r, sel), idOf: byId, aidOf: zero };
    case "trait":
      return { rows: () => visible(db.catalogue.trait), subject: (r) => r, project: (r) => projectTrait(ctx, r, sel), idOf: byId, aidOf: zero };
    case "quote":
      return { rows: () => visible(db.catalogue.quote), subject: (r) => r, project: (r) => projectQuote(ctx, r, sel), idOf: byId, aidOf: zero };
    case "ulist": {
      const owner = listOwner!;
      // Private entries only with list-read rights; user moderators do not count here (§2.4).
      const priv = canReadList(ctx.session, owner, false);
      return {
        rows: () =>
          ulistOf(db, owner).filter((e) => {
            const v = db.vn.get(e.vid);
            return v !== undefined && !v.hidden && (priv || !isUlistPrivate(db, e));
          }),
        subject: (e: UlistRow) => db.vn.get(e.vid),
        project: (e) => projectUlist(ctx, e, sel),
        idOf: (e: UlistRow) => idNum(e.vid),
        aidOf: zero,
      };
    }
  }
}

/** The first `limit` matching rows in result order, and how many match in all. */
interface Matches {
  rows: unknown[];
  total: number;
}

/** Every matching row in result order, by visiting every row (the reference the indexed path must equal). */
function scanMatchingRows(ctx: EngineContext, req: QueryRequest, p: Plan, limit: number): Matches {
  const type = req.endpoint === "ulist" ? "vn" : req.endpoint;
  const pred = compileFilter(ctx, type, req.filters);
  const rows = p.rows().filter((r) => pred(p.subject(r) as never, null));
  let cmp: ((a: any, b: any) => number) | null;
  if (req.sort === "searchrank") {
    const search = rankingSearch(req.filters);
    const score = searchScorer(ctx, type, search);
    cmp = searchrankComparator((r) => score(p.subject(r)), p.idOf, p.aidOf, req.reverse);
  } else {
    cmp = sortComparator(ctx, req.endpoint, req.sort, req.reverse);
  }
  if (cmp === null) cmp = (a, b) => p.idOf(a) - p.idOf(b);
  return { rows: rows.sort(cmp).slice(0, limit), total: rows.length };
}

/**
 * Indexes of the scores that can be on a page of `limit` (best first; lowest first when
 * reversed): every score at least as good as the page's last, ties included, so that
 * sorting them alone by the full order gives the page. The page's last score is selected
 * (smallest-keys.ts), so the comparator sorts a page's worth instead of every match.
 */
function pageCandidates(scores: Float64Array, limit: number, reverse: boolean): number[] {
  const n = scores.length;
  if (limit >= n) return Array.from({ length: n }, (_, i) => i);
  if (limit <= 0) return [];
  const bound = reverse ? smallestSorted(scores.slice(), limit)[limit - 1]! : -smallestSorted(scores.map((s) => -s), limit)[limit - 1]!;
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (reverse ? scores[i]! <= bound : scores[i]! >= bound) out.push(i);
  return out;
}

/**
 * The first `limit` matching rows in result order, through the indexes: the filter's
 * candidate rows (or all of them), the same compiled predicate on each, then the order
 * from precomputed sort ranks (searchrank: the scores of the matches only). /ulist reads
 * live list state and always scans its owner's (short) list.
 */
function matchingRows(ctx: EngineContext, req: QueryRequest, p: Plan, scan: boolean, limit: number): Matches {
  if (scan || req.endpoint === "ulist") return scanMatchingRows(ctx, req, p, limit);
  const type = req.endpoint;
  const table = tableOf(ctx.db, type);
  const rows = table.rows as never[];
  if (req.sort !== "searchrank") {
    const sorted = sortRanks(ctx.db, table, req.endpoint, req.sort, req.reverse);
    // No filter: the page is the head of the table in this order.
    if (req.filters === null) return { rows: Array.from(sorted.order.subarray(0, limit), (i) => rows[i]), total: rows.length };
    const hits = matchPositions(ctx, type, req.filters);
    return { rows: firstInOrder(hits, sorted, limit).map((i) => rows[i]), total: hits.length };
  }
  const hits = matchPositions(ctx, type, req.filters);
  const score = searchScorerAt(ctx, type, rankingSearch(req.filters), table);
  const scores = Float64Array.from(hits, score);
  const { idNums, aidNums } = table;
  const dir = req.reverse ? 1 : -1;
  // Indexes into `hits` (whose list may be an index's own, never reordered here): only
  // those scoring at least the page's last score need the full comparison.
  const ordered = pageCandidates(scores, limit, req.reverse).sort((x, y) => {
    const a = hits[x]!;
    const b = hits[y]!;
    return dir * (scores[x]! - scores[y]!) || idNums[a]! - idNums[b]! || aidNums[a]! - aidNums[b]! || a - b;
  });
  return { rows: ordered.slice(0, limit).map((k) => rows[hits[k]!]), total: hits.length };
}

/** Above this share of the table, a query's page is found by walking the table's order. */
const DENSE_SHARE = 1 / 8;

/** The first `limit` of the matching positions (sorted) in the sort's order. */
function firstInOrder(hits: number[], { ranks, order, inPositionOrder }: SortRanks, limit: number): number[] {
  // The table already in this order: the sorted positions are it.
  if (inPositionOrder) return hits.slice(0, limit);
  // Most rows match: walk the order and stop at the page's end.
  if (hits.length >= order.length * DENSE_SHARE) {
    const match = new Uint8Array(order.length);
    for (const i of hits) match[i] = 1;
    const out: number[] = [];
    for (let k = 0; k < order.length && out.length < limit; k++) if (match[order[k]!] === 1) out.push(order[k]!);
    return out;
  }
  // Few rows: rank, then position, packed into one number; a typed-array selection, no comparator calls.
  const keys = smallestSorted(Float64Array.from(hits, (i) => ranks[i]! * POSITION_SPAN + i), limit);
  return Array.from(keys, (k) => k % POSITION_SPAN);
}

/** Above any table position: rank × POSITION_SPAN + position stays an exact double. */
const POSITION_SPAN = 2 ** 24;

export interface ExecuteOptions {
  /** Visit every row instead of using the indexes (tests compare the two). */
  scan?: boolean;
}

/**
 * Executes a validated query. The result is the response object of reference §5.3; the
 * caller serialises it with canonicalJson (sorted keys).
 */
export function executeQuery(
  db: Database,
  req: QueryRequest,
  session: Session | null,
  clock: Clock,
  opts: ExecuteOptions = {},
): QueryOutcome {
  const scan = opts.scan ?? false;
  const started = clock.now().getTime();
  const ctx: EngineContext = { db, session, today: rdateOf(clock.now()) };
  const listOwner = req.endpoint === "ulist" ? (req.user ?? session?.userId ?? null) : null;
  const missingUser: QueryOutcome = { ok: false, failure: { status: MISSING_USER_STATUS, message: MISSING_USER } };

  const body: Record<string, unknown> = { results: [], more: false };
  let total: number | null = null;
  const p = () => plan(ctx, req, listOwner);

  if (req.results > 0) {
    // The /ulist owner check lives in the SQL builder, so it only fires when a query runs.
    if (req.endpoint === "ulist" && listOwner === null) return missingUser;
    const pl = p();
    const offset = req.results * (req.page - 1);
    // One row past the page tells whether there are more.
    const matches = matchingRows(ctx, req, pl, scan, offset + req.results + 1);
    total = matches.total;
    const page = matches.rows.slice(offset);
    body.more = page.length > req.results;
    body.results = page.slice(0, req.results).map((r) => pl.project(r));
  }

  if (req.count) {
    const rows = (body.results as unknown[]).length;
    if (req.results > 0 && !body.more) {
      // Arithmetic shortcut; overestimates for pages past the end (reference §5.3).
      body.count = req.results * (req.page - 1) + rows;
    } else {
      // The separate count query is built without the request context: on /ulist it
      // always fails, even with a `user` member (reference §11, a real bug).
      if (req.endpoint === "ulist") return missingUser;
      body.count = total ?? matchingRows(ctx, req, p(), scan, 0).total;
    }
  }

  if (req.compactFilters !== undefined) body.compact_filters = req.compactFilters;
  if (req.normalizedFilters !== undefined) body.normalized_filters = req.normalizedFilters;
  if (req.time) body.time = Math.max(0, Math.round(clock.now().getTime() - started));
  return { ok: true, body };
}
