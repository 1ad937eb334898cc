// Deterministic serialisation of a Catalogue into the committed data folder: one file per
// entity (lists in one file), one row per line so that diffs stay readable, fixed key order
// (the order the converters build rows in), no timestamps. Beside the data, CHECKED_FILE
// records what the write validated (load.ts), so that loading the folder need not again.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Catalogue } from "../../src/emulator/catalogue/types.js";
import { CATALOGUE_FILES, CHECKED_FILE } from "../../src/emulator/catalogue/load.js";
import { checkedManifest, validateCatalogue } from "../../src/emulator/catalogue/validate.js";
import { compactRow, isCompactTable, shareLists, SHARED_LIST_TABLE, SHARED_LISTS_FILE } from "../../src/emulator/catalogue/compact-rows.js";

/** A JSON array with one element per line. */
function linesText(rows: unknown[]): string {
  if (rows.length === 0) return "[]\n";
  return `[\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]\n`;
}

/** A table's file text (compact tables without their default columns). */
function rowsText(table: string, rows: unknown[]): string {
  return linesText(isCompactTable(table) ? rows.map((r) => compactRow(table, r as object)) : rows);
}

/** Every file's text, keyed by file name. */
export function renderCatalogue(cat: Catalogue): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, file] of Object.entries(CATALOGUE_FILES) as [keyof Catalogue, string][]) {
    if (key === "meta") continue;
    if (key === SHARED_LIST_TABLE) {
      // Lists repeated between releases stored once (compact-rows.ts shareLists).
      const { rows, pool } = shareLists(key, (cat[key] as object[]).map((r) => compactRow(key, r)));
      out.set(file, linesText(rows));
      out.set(SHARED_LISTS_FILE, linesText(pool));
      continue;
    }
    out.set(file, rowsText(key, cat[key] as unknown[]));
  }
  out.set(CATALOGUE_FILES.meta, `${JSON.stringify(cat.meta, null, 2)}\n`);
  const sorted = new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
  sorted.set(CHECKED_FILE, `${JSON.stringify(checkedManifest(sorted), null, 2)}\n`);
  return sorted;
}

/** Replaces the folder's *.json files with the rendered catalogue. */
export function writeCatalogue(cat: Catalogue, dir: string): void {
  // Validated before it is written: the manifest written with it says so (CHECKED_FILE).
  validateCatalogue(cat as unknown as Record<string, unknown>, "the catalogue being built");
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (name.endsWith(".json")) rmSync(join(dir, name));
  for (const [file, text] of renderCatalogue(cat)) writeFileSync(join(dir, file), text);
}

/** Names of files whose committed text differs from the rendered catalogue. */
export function diffCatalogue(cat: Catalogue, dir: string): string[] {
  const differing: string[] = [];
  for (const [file, text] of renderCatalogue(cat)) {
    let current: string | null = null;
    try {
      current = readFileSync(join(dir, file), "utf8");
    } catch {
      current = null;
    }
    if (current !== text) differing.push(file);
  }
  return differing;
}
