// The committed catalogue stores VN, release and character rows without the columns that
// stand at their blank default (blank-rows.ts): most real releases know only their VNs,
// producers, platforms and media, so the other thirty columns would repeat defaults
// 14,000 times. The writer drops them (compactRow), the loader puts them back (expandRow).
import { blankCharacter, blankRelease, blankVn } from "./blank-rows.js";

/** The tables stored compactly, with the blank row each one starts from. */
const BLANKS = {
  vn: () => blankVn("", ""),
  release: () => blankRelease("", ""),
  character: () => blankCharacter("", ""),
} as const;

export type CompactTable = keyof typeof BLANKS;

export function isCompactTable(table: string): table is CompactTable {
  return table in BLANKS;
}

/** Columns every stored row keeps even at their default, so a row always names itself. */
const ALWAYS_KEPT = new Set(["id", "olang", "name", "titles"]);

function isDefault(value: unknown, blank: unknown): boolean {
  if (Array.isArray(value) && Array.isArray(blank)) return value.length === 0 && blank.length === 0;
  return value === blank;
}

/** The row without the columns at their blank default (key order kept). */
export function compactRow(table: CompactTable, row: object): Record<string, unknown> {
  const blank = BLANKS[table]() as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (!ALWAYS_KEPT.has(key) && key in blank && isDefault(value, blank[key])) continue;
    out[key] = value;
  }
  return out;
}

/** Maps a value to the one shared instance of everything equal to it. */
export type Interner = (value: unknown) => unknown;

/**
 * Shares equal array columns between rows: the 14,000 releases repeat a few hundred
 * platform lists, media lists, producer lists and title rows (a release is named after its
 * VN), and every empty list is the same. Catalogue rows are never mutated (load.ts), so
 * sharing is safe; it saves a fifth of the catalogue's heap.
 */
export function createInterner(): Interner {
  const seen = new Map<string, unknown>();
  // Frozen: a shared list that someone pushed to would change every row holding it; a
  // frozen one throws at the mistake instead.
  const empty = Object.freeze([] as unknown[]);
  return (value) => {
    if (!Array.isArray(value)) return value;
    if (value.length === 0) return empty;
    // Already shared (a pooled list, or one interned before).
    if (Object.isFrozen(value)) return value;
    const key = JSON.stringify(value);
    const found = seen.get(key);
    if (found !== undefined) return found;
    Object.freeze(value);
    seen.set(key, value);
    return value;
  };
}

/** A stored row with its missing columns put back at their blank default (array columns shared through `intern`). */
export function expandRow(table: CompactTable, row: Record<string, unknown>, intern?: Interner): Record<string, unknown> {
  // Assigning onto the blank row keeps its fixed shape; a spread of 33 columns would leave
  // V8 a dictionary-mode object, several times larger (26 MB instead of 9 for the releases).
  return expandRowOnto(table, BLANKS[table]() as unknown as Record<string, unknown>, row, intern);
}

/** The blank row of a table (every column at its default), for a caller that builds rows of its own shape. */
export function blankRowOf(table: CompactTable): Record<string, unknown> {
  return BLANKS[table]() as unknown as Record<string, unknown>;
}

/**
 * expandRow onto a start object the caller made (a mirror's row whose heavy columns are
 * read on first use, catalogue/serve-index.ts): the stored columns assigned in order, its
 * lists shared as expandRow shares them.
 */
export function expandRowOnto(table: CompactTable, full: Record<string, unknown>, row: Record<string, unknown>, intern?: Interner): Record<string, unknown> {
  for (const key of Object.keys(row)) full[key] = row[key];
  if (intern) {
    for (const key of Object.keys(full)) {
      const value = full[key];
      if (!Array.isArray(value)) continue;
      // Non-empty lists are worth comparing only where they repeat (release columns, markers).
      if (value.length === 0 || table === "release" || key === "derived") full[key] = intern(value);
    }
  }
  return full;
}

/**
 * The release lists stored once (SHARED_LISTS_FILE): a release column whose list repeats
 * in other releases is stored as its number in this pool. Reading a number is cheaper than
 * parsing the list again and interning it (the JSON text of every list as a map key): the
 * interning was most of the time, and of the garbage, of reading the releases.
 */
export const SHARED_LISTS_FILE = "release-lists.json";
export const SHARED_LIST_TABLE = "release";

/** Replaces every list that occurs in more than one compact row by its number in the returned pool (first use order). */
export function shareLists(table: CompactTable, rows: Record<string, unknown>[]): { rows: Record<string, unknown>[]; pool: unknown[] } {
  // Only the columns whose blank value is a list: unshareLists tells a pool number by that.
  const listKey = (k: string, v: unknown) => (Array.isArray(v) && v.length > 0 && Array.isArray(BLANK_SHAPES[table][k]) ? JSON.stringify(v) : null);
  const uses = new Map<string, number>();
  for (const r of rows) {
    for (const [k, v] of Object.entries(r)) {
      const key = listKey(k, v);
      if (key !== null) uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  const index = new Map<string, number>();
  const pool: unknown[] = [];
  const out = rows.map((r) => {
    const row: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      const key = listKey(k, v);
      if (key === null || (uses.get(key) ?? 0) < 2) {
        row[k] = v;
        continue;
      }
      let i = index.get(key);
      if (i === undefined) {
        i = pool.length;
        index.set(key, i);
        pool.push(v);
      }
      row[k] = i;
    }
    return row;
  });
  return { rows: out, pool };
}

/** Puts the pooled lists back into a stored row (in place): a number where the blank row has a list is a pool entry. */
export function unshareLists(table: CompactTable, row: Record<string, unknown>, pool: readonly unknown[]): Record<string, unknown> {
  for (const key of Object.keys(row)) {
    const v = row[key];
    if (typeof v === "number" && Array.isArray(BLANK_SHAPES[table][key])) row[key] = pool[v];
  }
  return row;
}

/** One blank row per table, to tell list columns apart. */
const BLANK_SHAPES: Record<CompactTable, Record<string, unknown>> = {
  vn: BLANKS.vn() as unknown as Record<string, unknown>,
  release: BLANKS.release() as unknown as Record<string, unknown>,
  character: BLANKS.character() as unknown as Record<string, unknown>,
};
