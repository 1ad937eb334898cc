// Holds the rows of one dump table, each cut down to the columns derive reads (in the
// order the spec names them, whatever order the dump's header has). The dump's column
// order changes between schema versions (the 2024 dump has `l_*` link columns and
// b_month/b_day; today's has extlinks tables and `birthday`), so columns are found by name.
import { DeriveInputError } from "./errors.js";

export interface TableSpec {
  /** Columns without which the table is useless: missing ones fail the build. */
  readonly required: readonly string[];
  /** Columns read when present (older or newer dumps lack some); absent ones read as null. */
  readonly optional?: readonly string[];
  /** Also read every header column starting with this (the 2024 dump's `l_*` link columns). */
  readonly prefix?: string;
}

export type Row = (string | null)[];

export class TableBuffer {
  readonly rows: Row[] = [];
  /** Whether the dump had the table at all (a table may be absent from a partial dump). */
  seen = false;
  readonly #names: string[];
  readonly #present = new Set<string>();
  #from: number[] = [];

  readonly #spec: TableSpec;

  /** With `onRow`, rows are handed over (in one reused array) instead of stored: streamed tables. */
  constructor(readonly name: string, spec: TableSpec, readonly onRow?: (row: Row) => void) {
    this.#names = [...spec.required, ...(spec.optional ?? [])];
    this.#spec = spec;
  }

  readonly #index = new Map<string, number>();

  /** Index of a column in the stored rows (its place in the spec). */
  at(column: string): number {
    let i = this.#index.get(column);
    if (i === undefined) {
      i = this.#names.indexOf(column);
      if (i < 0) throw new Error(`derive reads ${this.name}.${column} without naming it in its spec`);
      this.#index.set(column, i);
    }
    return i;
  }

  /** Whether the dump's header had this column. */
  has(column: string): boolean {
    return this.#present.has(column);
  }

  /** The dump's header for this table: where each wanted column is. */
  header(columns: readonly string[]): void {
    for (const c of this.#spec.required) {
      if (!columns.includes(c)) throw new DeriveInputError(`dump table ${this.name} lacks column ${c} (header: ${columns.join(", ")})`);
    }
    this.seen = true;
    this.#index.clear();
    const prefix = this.#spec.prefix;
    if (prefix) {
      for (const c of columns) {
        if (c.startsWith(prefix) && !this.#names.includes(c)) {
          this.#names.push(c);
          this.prefixed.push(c);
        }
      }
    }
    this.#from = this.#names.map((n) => columns.indexOf(n));
    for (const n of this.#names) if (columns.includes(n)) this.#present.add(n);
  }

  #scratch: Row = [];
  #count = 0;

  push(values: readonly (string | null)[]): void {
    const from = this.#from;
    this.#count++;
    if (this.onRow) {
      const row = this.#scratch;
      for (let i = 0; i < from.length; i++) row[i] = from[i] < 0 ? null : (values[from[i]] ?? null);
      try {
        this.onRow(row);
      } catch (e) {
        if (e instanceof DeriveInputError) throw new DeriveInputError(`dump table ${this.name}, row ${this.#count}: ${e.message}`);
        throw e;
      }
      return;
    }
    const row: Row = new Array(from.length);
    for (let i = 0; i < from.length; i++) row[i] = from[i] < 0 ? null : own(values[from[i]] ?? null);
    this.rows.push(row);
  }

  /** The header columns read through the spec's prefix. */
  readonly prefixed: string[] = [];
}

/**
 * V8 makes a substring of 13 or more characters (String.split's fields among them) a view on
 * its parent: a kept title would keep the reader's whole decoded chunk alive. A stored value
 * is copied out of it (concatenation then slice flattens into a string of its own).
 */
const SLICED_MIN_LENGTH = 13;
export function own(v: string | null): string | null {
  return v === null || v.length < SLICED_MIN_LENGTH ? v : (" " + v).slice(1);
}

/** Rows grouped by their first column (an entry id), in dump order. */
export function groupBy(rows: readonly Row[], col = 0): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const r of rows) {
    const k = r[col]!;
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
