// Two readers' tastes side by side (issue 31 item 1), from lists and VN details already
// fetched: shared VNs, how their votes agree (Pearson correlation, mean difference, the
// biggest disagreements), the developers, writers and tags each rates highest, and what one
// loved that the other has not on their list at all. Pure, so the arithmetic is tested alone.

import { countedTags, type InsightTag } from "./list-stats.js";

/** Shared votes needed before a correlation means anything. */
export const MIN_SHARED_FOR_CORRELATION = 3;
/** A vote of 8/10 (80) or more is "loved" (the list insight's "highly voted"). */
export const LOVED_VOTE = 80;
/** Votes a developer or writer needs from a reader before it can be among their favourites. */
export const MIN_NAME_VOTES = 2;
/** Votes a tag needs: tags are many and each VN has several, so one more than names. */
export const MIN_TAG_VOTES = 3;
/** Favourites named per kind and reader. */
export const TOP_FAVOURITES = 3;
/** Disagreements and loved-unread VNs named. */
export const TOP_ROWS = 5;

export interface ComparedEntry {
  id: string;
  title: string;
  /** 10..100 as the API stores it; null without a vote. */
  vote: number | null;
}

export interface VnDetail {
  developers: string[];
  writers: string[];
  tags: InsightTag[];
}

export interface NameMean {
  name: string;
  /** Mean vote on the 1..10 scale, 2 decimals. */
  mean: number;
  count: number;
}

export interface Favourites {
  developers: NameMean[];
  writers: NameMean[];
  tags: NameMean[];
}

export interface TasteComparison {
  entries: [number, number];
  votes: [number, number];
  shared: number;
  sharedVoted: number;
  /** Pearson r over the shared votes; null below MIN_SHARED_FOR_CORRELATION or without spread. */
  correlation: number | null;
  /** Mean |a − b| on the 1..10 scale over the shared votes; null without any. */
  meanDifference: number | null;
  disagreements: { id: string; title: string; a: number; b: number }[];
  favourites: [Favourites, Favourites];
  /** What each loved (vote ≥ 8) that the other has not on their list at all. */
  lovedUnread: [ComparedEntry[], ComparedEntry[]];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function pearson(pairs: readonly (readonly [number, number])[]): number | null {
  if (pairs.length < MIN_SHARED_FOR_CORRELATION) return null;
  const n = pairs.length;
  const ma = pairs.reduce((s, p) => s + p[0], 0) / n;
  const mb = pairs.reduce((s, p) => s + p[1], 0) / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (const [a, b] of pairs) {
    cov += (a - ma) * (b - mb);
    va += (a - ma) ** 2;
    vb += (b - mb) ** 2;
  }
  // Someone who gave every shared VN the same vote has no ranking to correlate.
  if (va === 0 || vb === 0) return null;
  return round2(cov / Math.sqrt(va * vb));
}

/** Mean vote per name (developer, writer, tag) over a reader's voted VNs, best first. */
function favouritesOf(entries: readonly ComparedEntry[], names: (id: string) => string[], min: number): NameMean[] {
  const acc = new Map<string, { sum: number; count: number }>();
  for (const e of entries) {
    if (e.vote === null) continue;
    for (const name of new Set(names(e.id))) {
      const row = acc.get(name) ?? { sum: 0, count: 0 };
      row.sum += e.vote;
      row.count++;
      acc.set(name, row);
    }
  }
  return [...acc]
    .filter(([, r]) => r.count >= min)
    .map(([name, r]) => ({ name, mean: round2(r.sum / r.count / 10), count: r.count }))
    .sort((x, y) => y.mean - x.mean || y.count - x.count || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))
    .slice(0, TOP_FAVOURITES);
}

export function compareTastes(
  a: readonly ComparedEntry[],
  b: readonly ComparedEntry[],
  details: ReadonlyMap<string, VnDetail>,
  spoilers: number,
): TasteComparison {
  const bById = new Map(b.map((e) => [e.id, e]));
  const aIds = new Set(a.map((e) => e.id));
  const shared = a.filter((e) => bById.has(e.id));
  const both = shared.filter((e) => e.vote !== null && bById.get(e.id)!.vote !== null).map((e) => ({ e, a: e.vote!, b: bById.get(e.id)!.vote! }));
  const pairs = both.map((x) => [x.a, x.b] as const);
  const disagreements = both
    .filter((x) => x.a !== x.b)
    .sort((x, y) => Math.abs(y.a - y.b) - Math.abs(x.a - x.b) || x.e.id.localeCompare(y.e.id))
    .slice(0, TOP_ROWS)
    .map((x) => ({ id: x.e.id, title: x.e.title, a: x.a / 10, b: x.b / 10 }));
  const fav = (entries: readonly ComparedEntry[]): Favourites => ({
    developers: favouritesOf(entries, (id) => details.get(id)?.developers ?? [], MIN_NAME_VOTES),
    writers: favouritesOf(entries, (id) => details.get(id)?.writers ?? [], MIN_NAME_VOTES),
    tags: favouritesOf(entries, (id) => countedTags(details.get(id)?.tags ?? [], spoilers), MIN_TAG_VOTES),
  });
  const loved = (mine: readonly ComparedEntry[], theirs: (id: string) => boolean) =>
    mine
      .filter((e) => e.vote !== null && e.vote >= LOVED_VOTE && !theirs(e.id))
      .sort((x, y) => y.vote! - x.vote! || x.id.localeCompare(y.id))
      .slice(0, TOP_ROWS);
  return {
    entries: [a.length, b.length],
    votes: [a.filter((e) => e.vote !== null).length, b.filter((e) => e.vote !== null).length],
    shared: shared.length,
    sharedVoted: both.length,
    correlation: pearson(pairs),
    meanDifference: both.length ? round2(both.reduce((s, x) => s + Math.abs(x.a - x.b), 0) / both.length / 10) : null,
    disagreements,
    favourites: [fav(a), fav(b)],
    lovedUnread: [loved(a, (id) => bById.has(id)), loved(b, (id) => aIds.has(id))],
  };
}
