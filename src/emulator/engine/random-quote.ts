// The `random` quote filter as VNDB draws it (quotes_rand_calc in sql/func.sql and the
// filter's `rand <= random() ORDER BY rand DESC LIMIT 1`): every quote with a positive
// score, not hidden, of a visible VN gets a point `rand` in [0, 1). The VNs split [0, 1)
// into equal slices in id order, and each VN's slice is split among its quotes in id
// order in proportion to their scores. A uniform draw picks the quote with the largest
// `rand` not above it: each VN equally likely, then a quote weighted by its score.
import type { Database } from "../database.js";
import { idNum } from "./compare.js";
import { memo } from "./indexes.js";

export interface RandPoint {
  quote: string;
  rand: number;
}

/** The quotes' rand points in ascending order (recomputed by VNDB daily; here once). */
export function quoteRandPoints(db: Database): RandPoint[] {
  return memo(db, "quoteRand", () => {
    const byVn = new Map<string, { id: string; score: number }[]>();
    for (const q of db.catalogue.quote) {
      const vn = db.vn.get(q.vn);
      if (q.hidden || q.score <= 0 || !vn || vn.hidden) continue;
      const l = byVn.get(q.vn);
      if (l) l.push(q);
      else byVn.set(q.vn, [q]);
    }
    const vns = [...byVn.keys()].sort((a, b) => idNum(a) - idNum(b));
    const out: RandPoint[] = [];
    vns.forEach((vid, rank) => {
      const quotes = byVn.get(vid)!.sort((a, b) => idNum(a.id) - idNum(b.id));
      const total = quotes.reduce((s, q) => s + q.score, 0);
      let before = 0;
      for (const q of quotes) {
        out.push({ quote: q.id, rand: (rank + before / total) / vns.length });
        before += q.score;
      }
    });
    return out;
  });
}

/** The quote a draw `u` in [0, 1) selects; null when no quote qualifies. */
export function pickRandomQuote(points: RandPoint[], u: number): string | null {
  // Binary search for the last point with rand <= u.
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.rand <= u) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? null : points[found]!.quote;
}
