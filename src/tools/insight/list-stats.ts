// The numbers of vndb_list_insight, computed from list entries already fetched. Pure, so the
// tool's arithmetic is tested apart from paging and the eval can state the same rules.

/** A vote of 80 (8/10 on the site) or more counts as "highly voted". */
export const HIGH_VOTE = 80;
/** How many developers / tags the answer names. */
export const TOP_N = 5;
/** A tag counts for a VN from this rating (0..3): weaker tags are voters' doubts. */
export const TAG_MIN_RATING = 2;

export interface InsightEntry {
  id: string;
  vote: number | null;
  finished: string | null;
  labels: { id: number; label: string }[];
  developers: string[];
}

export interface InsightTag {
  name: string;
  rating: number;
  spoiler: number;
  lie: boolean;
}

export interface ListStats {
  entries: number;
  labels: { id: number; label: string; count: number }[];
  /** Entries with no label other than Voted (7). */
  unlabelled: number;
  votes: number;
  /** Mean vote on the 1..10 scale, 2 decimals; null without votes. */
  average: number | null;
  /** Votes per whole point 1..10 (a 7.5 counts under 7), index 0 = 1. */
  histogram: number[];
  finishedByYear: Record<string, number>;
  /** Entries labelled Finished (2) with no finish date. */
  finishedUndated: number;
  highVoted: number;
  topDevelopers: { name: string; count: number }[];
  topTags: { name: string; count: number }[];
}

/** Names by how often they occur, most first, ties by name. */
export function topCounts(names: Iterable<string>, n = TOP_N): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, n);
}

/** Tags that count at a spoiler level: not above it, strong enough, and no lies below level 2. */
export function countedTags(tags: readonly InsightTag[], spoilers: number): string[] {
  return tags.filter((t) => t.rating >= TAG_MIN_RATING && t.spoiler <= spoilers && (spoilers >= 2 || !t.lie)).map((t) => t.name);
}

export function listStats(entries: readonly InsightEntry[], tagsOf: ReadonlyMap<string, readonly InsightTag[]>, spoilers: number): ListStats {
  const labels = new Map<number, { id: number; label: string; count: number }>();
  let unlabelled = 0;
  const histogram = new Array<number>(10).fill(0);
  let voteSum = 0;
  let votes = 0;
  const finishedByYear: Record<string, number> = {};
  let finishedUndated = 0;
  const high = entries.filter((e) => e.vote !== null && e.vote >= HIGH_VOTE);
  for (const e of entries) {
    for (const l of e.labels) {
      const row = labels.get(l.id) ?? { id: l.id, label: l.label, count: 0 };
      row.count++;
      labels.set(l.id, row);
    }
    if (e.labels.every((l) => l.id === 7)) unlabelled++;
    if (e.vote !== null) {
      votes++;
      voteSum += e.vote;
      histogram[Math.min(9, Math.max(0, Math.floor(e.vote / 10) - 1))]!++;
    }
    if (e.finished) {
      const year = e.finished.slice(0, 4);
      finishedByYear[year] = (finishedByYear[year] ?? 0) + 1;
    } else if (e.labels.some((l) => l.id === 2)) {
      finishedUndated++;
    }
  }
  return {
    entries: entries.length,
    labels: [...labels.values()].sort((a, b) => a.id - b.id),
    unlabelled,
    votes,
    average: votes ? Math.round((voteSum / votes) * 10) / 100 : null,
    histogram,
    finishedByYear,
    finishedUndated,
    highVoted: high.length,
    topDevelopers: topCounts(high.flatMap((e) => e.developers)),
    topTags: topCounts(high.flatMap((e) => countedTags(tagsOf.get(e.id) ?? [], spoilers))),
  };
}
