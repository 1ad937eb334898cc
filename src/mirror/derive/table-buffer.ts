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

  /** Index of a column in the stored rows (its place in the spec). */
  at(column: string): number {
    const i = this.#names.indexOf(column);
    if (i < 0) throw new Error(`derive reads ${this.name}.${column} without naming it in its spec`);
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

  push(values: readonly (string | null)[]): void {
    const from = this.#from;
    const row: Row = this.onRow ? this.#scratch : new Array(from.length);
    for (let i = 0; i < from.length; i++) row[i] = from[i] < 0 ? null : (values[from[i]] ?? null);
    if (this.onRow) this.onRow(row);
    else this.rows.push(row);
  }

  /** The header columns read through the spec's prefix. */
  readonly prefixed: string[] = [];
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
