// Small hand-made dump tables for the derive tests: `table(name, rows)` fills a dump table
// from objects (columns VNDB's current schema exports, unset ones NULL), `run` derives them
// into a temporary folder and reads it back through the loader's checked path (validate.ts),
// so every test also proves the files are ones the emulator accepts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Catalogue } from "../../../src/emulator/catalogue/types.js";
import { loadCheckedCatalogue } from "../../../src/emulator/catalogue/validate.js";
import { createDeriver, type DeriveResult, type ExtraInputs } from "../../../src/mirror/derive/index.js";
import { dumpColumns, type DumpTableData, type DumpValue } from "../../helpers/dump-writer.js";
import { feed } from "./feed.js";

export type Rows = Record<string, DumpValue>[];

/** A dump table from row objects, in the current schema's column order (or `columns`: an older dump's, extra keys then left out). */
export function table(name: string, rows: Rows, columns?: string[]): DumpTableData {
  if (!columns) {
    columns = dumpColumns(name);
    for (const r of rows) for (const k of Object.keys(r)) if (!columns.includes(k)) throw new Error(`${name} has no column ${k}`);
  }
  const cols = columns;
  return { columns: cols, rows: rows.map((r) => cols.map((c) => (r[c] === undefined ? null : r[c]!))) };
}

/** A VN row with the NOT NULL columns filled. */
export const vnRow = (id: string, more: Record<string, DumpValue> = {}) => ({ id, olang: "ja", c_votecount: 0, c_lengthnum: 0, length: 0, devstatus: 0, alias: "", description: "", ...more });
export const vnTitle = (id: string, title = id, lang = "ja") => ({ id, lang, official: true, title, latin: null });
export const releaseRow = (id: string, more: Record<string, DumpValue> = {}) => ({
  id, gtin: 0, olang: "ja", released: 0, voiced: 0, reso_x: 0, reso_y: 0, ani_story: 0, ani_ero: 0, has_ero: false, patch: false, freeware: false, official: true, catalog: "", notes: "", ...more,
});
export const tagRow = (id: string, more: Record<string, DumpValue> = {}) => ({ id, cat: "cont", defaultspoil: 0, searchable: true, applicable: true, name: `tag ${id}`, alias: "", description: "", ...more });
export const userRow = (id: string, more: Record<string, DumpValue> = {}) => ({ id, ign_votes: false, perm_imgvote: true, perm_tag: true, perm_lengthvote: true, username: `user-${id}`, ...more });

export interface Derived {
  catalogue: Catalogue;
  result: DeriveResult;
  dir: string;
}

const made: string[] = [];

export async function run(tables: Record<string, DumpTableData>, options: { today?: number; extras?: ExtraInputs } = {}): Promise<Derived> {
  const d = createDeriver({ today: options.today ?? 20261128, dataDate: "2026-11-27" });
  feed(d, tables);
  const dir = mkdtempSync(join(tmpdir(), "derive-test-"));
  made.push(dir);
  const result = await d.finish(dir, options.extras ?? {});
  return { catalogue: loadCheckedCatalogue(dir), result, dir };
}

export function cleanup(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}
