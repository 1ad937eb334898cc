// Sort keys precomputed as ranks. Every non-searchrank sort is a fixed order over a
// table's rows (its keys are catalogue columns and load-time caches), so the table is
// sorted once per (endpoint, sort, reverse) with the very comparator the scan uses, and
// each position gets its rank there (rows the comparator calls equal share one). A query
// then orders its matches by rank, then position: the order the scan's stable sort of
// catalogue-ordered rows gives, at the cost of comparing two integers. The whole table in
// that order is kept too: a query matching most rows walks it and stops at its page.
import type { QueryEndpoint } from "../../kana/types.js";
import type { Database } from "../database.js";
import { memo } from "./indexes.js";
import { sortComparator } from "./sorts.js";
import type { Table } from "./tables.js";

export interface SortRanks {
  /** Rank by position (rows the comparator calls equal share one). */
  ranks: Int32Array;
  /** Every position, by rank then position: the table in this sort's order. */
  order: Int32Array;
  /** The table is already in this order (ids ascending, usually): `order` is 0, 1, 2 … */
  inPositionOrder: boolean;
}

/** A sort's ranks and order; an endpoint without such a sort orders by id. */
export function sortRanks(db: Database, table: Table, endpoint: QueryEndpoint, sort: string, reverse: boolean): SortRanks {
  return memo(db, `ranks:${endpoint}:${sort}:${reverse}`, () => {
    // The comparators read only the database (no session, no clock).
    const cmp =
      sortComparator({ db, session: null, today: 0 }, endpoint, sort, reverse) ??
      ((a: unknown, b: unknown) => table.idNums[rowIndex.get(a)!] - table.idNums[rowIndex.get(b)!]);
    const rowIndex = new Map<unknown, number>(table.rows.map((r, i) => [r, i]));
    const order = Array.from(table.rows.keys()).sort((a, b) => cmp(table.rows[a], table.rows[b]) || a - b);
    const ranks = new Int32Array(table.rows.length);
    let rank = 0;
    order.forEach((pos, i) => {
      if (i > 0 && cmp(table.rows[order[i - 1]!], table.rows[pos]) !== 0) rank++;
      ranks[pos] = rank;
    });
    return { ranks, order: Int32Array.from(order), inPositionOrder: order.every((pos, i) => pos === i) };
  });
}
