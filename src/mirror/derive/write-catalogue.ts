// Writes the catalogue files the emulator's loader reads (src/emulator/catalogue/load.ts
// CATALOGUE_FILES): one JSON array per table, a row per line, VN / release / character rows
// compacted (compact-rows.ts) and the releases' repeated lists pooled in release-lists.json,
// exactly as scripts/catalogue/write.ts writes the bundled sample. Written in chunks, so a
// table's text never exists as one string.
import { closeSync, openSync, writeSync } from "node:fs";
import { writeJsonRows } from "../../emulator/catalogue/write-rows.js";
import { join } from "node:path";
import { CATALOGUE_FILES } from "../../emulator/catalogue/load.js";
import { compactRow, isCompactTable, SHARED_LIST_TABLE, SHARED_LISTS_FILE, shareLists } from "../../emulator/catalogue/compact-rows.js";
import type { Catalogue } from "../../emulator/catalogue/types.js";

/** Writes one catalogue table into `dir`; returns its row count. */
export function writeTable<K extends keyof Catalogue>(dir: string, key: K, value: Catalogue[K]): number {
  const path = join(dir, CATALOGUE_FILES[key]);
  if (!Array.isArray(value)) {
    // meta: a single object.
    const fd = openSync(path, "w");
    try {
      writeSync(fd, JSON.stringify(value, null, 2) + "\n");
    } finally {
      closeSync(fd);
    }
    return 1;
  }
  if (!isCompactTable(key)) return writeJsonRows(path, value);
  // Compacted a row at a time, except the releases, whose lists are pooled over all rows.
  if (key !== SHARED_LIST_TABLE) return writeJsonRows(path, (function* () {
    for (const r of value as object[]) yield compactRow(key, r);
  })());
  const { rows, pool } = shareLists(key, (value as object[]).map((r) => compactRow(key, r)));
  writeJsonRows(join(dir, SHARED_LISTS_FILE), pool);
  return writeJsonRows(path, rows);
}
