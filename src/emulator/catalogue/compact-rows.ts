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

/** A stored row with its missing columns put back at their blank default. */
export function expandRow(table: CompactTable, row: Record<string, unknown>): Record<string, unknown> {
  return { ...(BLANKS[table]() as unknown as Record<string, unknown>), ...row };
}
