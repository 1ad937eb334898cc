// The rows a query endpoint can return, laid out once per database for the indexed
// engine: the visible rows in catalogue order (a row's position there is its number in
// every index), where each id sits, and its id number. A scan visits every position; the
// candidate indexes (candidates.ts) hand out sorted lists of positions instead.
//
// The catalogue is read-only, so a table never goes stale. /ulist rows are list state that
// writes change, and are never tabled.
import type { EntityType } from "../../kana/types.js";
import type { Database, StaffAliasEntry } from "../database.js";
import { idNum } from "./compare.js";
import { memo } from "./indexes.js";

export interface Table {
  type: EntityType;
  /** Visible rows (staff: one per alias of a visible staff entry) in catalogue order. */
  rows: unknown[];
  /** Entry id → positions (one per row; a staff id has one per alias). */
  byId: Map<string, number[]>;
  /** Entry id number by position (the id tie-break of every sort). */
  idNums: Float64Array;
  /** Staff alias id by position (0 for other types): searchrank's last tie-break. */
  aidNums: Float64Array;
  /** Staff alias id → position. */
  byAid: Map<number, number>;
}

function visible<T extends { hidden?: boolean }>(rows: T[]): T[] {
  return rows.filter((r) => !r.hidden);
}

function rowsOf(db: Database, type: EntityType): unknown[] {
  const c = db.catalogue;
  switch (type) {
    case "staff":
      return visible(c.staff).flatMap((s) => s.aliases.map((alias): StaffAliasEntry => ({ staff: s, alias })));
    default:
      return visible(c[type] as { hidden?: boolean }[]);
  }
}

export function tableOf(db: Database, type: EntityType): Table {
  return memo(db, `table:${type}`, () => {
    const rows = rowsOf(db, type);
    const byId = new Map<string, number[]>();
    const byAid = new Map<number, number>();
    const idNums = new Float64Array(rows.length);
    const aidNums = new Float64Array(rows.length);
    rows.forEach((row, i) => {
      const id = type === "staff" ? (row as StaffAliasEntry).staff.id : (row as { id: string }).id;
      const list = byId.get(id);
      if (list) list.push(i);
      else byId.set(id, [i]);
      idNums[i] = idNum(id);
      if (type === "staff") {
        const aid = (row as StaffAliasEntry).alias.aid;
        aidNums[i] = aid;
        byAid.set(aid, i);
      }
    });
    return { type, rows, byId, idNums, aidNums, byAid };
  });
}

/** Positions of the given ids (hidden or unknown ids have none), sorted. */
export function positionsOfIds(table: Table, ids: Iterable<string>): number[] {
  const out: number[] = [];
  for (const id of ids) {
    const ps = table.byId.get(id);
    if (ps) for (const p of ps) out.push(p);
  }
  return sortUnique(out);
}

/** Sorted, duplicate-free copy of a list of positions. */
export function sortUnique(xs: number[]): number[] {
  const s = Int32Array.from(xs).sort();
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) if (i === 0 || s[i] !== s[i - 1]) out.push(s[i]!);
  return out;
}
