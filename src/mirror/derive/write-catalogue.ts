// Writes the catalogue files the emulator's loader reads (src/emulator/catalogue/load.ts
// CATALOGUE_FILES): one JSON array per table, a row per line, VN / release / character rows
// compacted (compact-rows.ts) and the releases' repeated lists pooled in release-lists.json,
// exactly as scripts/catalogue/write.ts writes the bundled sample. Written in chunks, so a
// table's text never exists as one string.
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { CATALOGUE_FILES } from "../../emulator/catalogue/load.js";
import { compactRow, isCompactTable, SHARED_LIST_TABLE, SHARED_LISTS_FILE, shareLists } from "../../emulator/catalogue/compact-rows.js";
import type { Catalogue } from "../../emulator/catalogue/types.js";

/** Bytes gathered before a write (a few hundred rows). */
const CHUNK_BYTES = 1 << 20;

/** Writes a JSON array from rows, a row per line; returns the row count. */
export function writeJsonRows(path: string, rows: Iterable<unknown>): number {
  const fd = openSync(path, "w");
  let n = 0;
  try {
    let buf = "[";
    for (const row of rows) {
      buf += (n === 0 ? "\n" : ",\n") + JSON.stringify(row);
      n++;
      if (buf.length >= CHUNK_BYTES) {
        writeSync(fd, buf);
        buf = "";
      }
    }
    buf += n === 0 ? "]\n" : "\n]\n";
    writeSync(fd, buf);
  } finally {
    closeSync(fd);
  }
  return n;
}

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
