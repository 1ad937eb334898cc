// What a mirror build computes once so that the server over it is ready in seconds (issue 28:
// ready ≤ 5 s at VNDB's size), written into the build's SERVE_INDEX_DIR by `mirror build`
// (mirror/build.ts) and read by the --mirror worker (server/embedded-worker.ts):
//
// - the VN and character rows without their heavy columns (descriptions, tag and trait
//   votes, credits: three quarters of vn.json's 138 MB and of character.json's 75 MB), and
//   each heavy column in a file of its own, read on the first use of that column;
// - every VN's search labels and cached columns (prebuilt.ts's payload), so the first VN
//   search reads neither the releases nor normalises 170,000 titles.
//
// Measured at VNDB's size (bench:mirror): parsing vn.json whole took most of a start's 50 s
// on a busy machine. The catalogue files stay as they are (the loader, validate.ts and every
// other reader keep reading them); the index is an extra, and it holds only for the files it
// was computed from: their sizes, modification times and a sample of their bytes are
// recorded, and an index that no longer matches (a file rewritten, a folder copied without
// its times) is ignored, the
// catalogue then read and computed as before.
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDatabase, type VnCache } from "../database.js";
import type { SearchLabel } from "../engine/search.js";
import type { Catalogue } from "./types.js";
import { blankRowOf, compactRow, createInterner, expandRowOnto, SHARED_LISTS_FILE, type CompactTable, type Interner } from "./compact-rows.js";
import { CATALOGUE_FILES, lazyCatalogue } from "./load.js";
import { prebuiltPayload, type Prebuilt, type PrebuiltPayload } from "./prebuilt.js";
import { writeJsonRows } from "./write-rows.js";

/** The folder inside a build that holds the index. */
export const SERVE_INDEX_DIR = "serve-index";
/** Its manifest, written last (an index without it is incomplete and ignored). */
const MANIFEST = "index.json";
/** Bumped when the files' meaning changes: an index of another format is ignored. */
const FORMAT = 1;

/**
 * The columns kept apart from their rows, per table: the heavy ones, which a first search,
 * an id lookup or a page of titles never reads (sizes at VNDB's size: VN descriptions 49 MB,
 * tag votes 47 MB and titles 14 MB of vn.json's 138 — a VN's main title is in its caches;
 * character descriptions 40 MB and traits 22 MB of character.json's 75).
 */
export const SPLIT_COLUMNS = {
  vn: ["description", "tags", "titles", "staff", "va", "aliases"],
  character: ["description", "traits"],
} as const satisfies Partial<Record<CompactTable, readonly string[]>>;

type SplitTable = keyof typeof SPLIT_COLUMNS;

/** The catalogue files an index is computed from (the prebuilt payload reads the releases too). */
const SOURCE_FILES = [CATALOGUE_FILES.vn, CATALOGUE_FILES.character, CATALOGUE_FILES.release, SHARED_LISTS_FILE] as const;

interface IndexManifest {
  format: number;
  /** Each source file's stamp when the index was computed. */
  from: Record<string, Stamp>;
  /** Per split table: rows file and one file per column. */
  tables: Record<string, { rows: string; columns: Record<string, string> }>;
  prebuilt: string;
}

const tableFile = (table: string) => `${table}-rows.json`;
const columnFile = (table: string, column: string) => `${table}-${column}.json`;
const PREBUILT = "vn-prebuilt.json";

/** Bytes hashed at each end of a source file: a rewrite changes them even at the same size. */
const SAMPLE_BYTES = 1 << 16;

/**
 * What identifies a source file cheaply (no hash of hundreds of MB at every start): its
 * size, its modification time to the second (a copy keeps it at that precision when it keeps
 * times at all), and a hash of its first and last SAMPLE_BYTES.
 */
function stamp(dir: string, file: string): Stamp | null {
  const path = join(dir, file);
  let fd: number | undefined;
  try {
    const s = statSync(path);
    fd = openSync(path, "r");
    const hash = createHash("sha256");
    const head = Buffer.alloc(Math.min(SAMPLE_BYTES, s.size));
    readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(SAMPLE_BYTES, s.size));
    readSync(fd, tail, 0, tail.length, s.size - tail.length);
    hash.update(head).update(tail);
    return { size: s.size, mtime: Math.floor(s.mtimeMs / 1000), sample: hash.digest("hex") };
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

interface Stamp {
  size: number;
  /** Seconds. */
  mtime: number;
  sample: string;
}

/**
 * Computes the index of the catalogue in `dir` (dated `today`, YYYYMMDD: the dump's day) with
 * the emulator's own code, and writes it into dir/SERVE_INDEX_DIR (replacing one there).
 */
export function writeServeIndex(dir: string, today: number): void {
  const out = join(dir, SERVE_INDEX_DIR);
  const temp = `${out}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  const from: IndexManifest["from"] = {};
  for (const file of SOURCE_FILES) {
    const s = stamp(dir, file);
    if (s) from[file] = s;
  }
  const catalogue = lazyCatalogue(dir);
  const tables: IndexManifest["tables"] = {};
  for (const [table, columns] of Object.entries(SPLIT_COLUMNS) as [SplitTable, readonly string[]][]) {
    const rows = catalogue[table] as unknown as Record<string, unknown>[];
    const split = new Set<string>(columns);
    writeJsonRows(join(temp, tableFile(table)), (function* () {
      for (const r of rows) {
        const kept: Record<string, unknown> = {};
        for (const key of Object.keys(r)) if (!split.has(key)) kept[key] = r[key];
        yield compactRow(table, kept);
      }
    })());
    const files: Record<string, string> = {};
    for (const column of columns) {
      files[column] = columnFile(table, column);
      writeJsonRows(join(temp, files[column]), (function* () {
        for (const r of rows) yield r[column];
      })());
    }
    tables[table] = { rows: tableFile(table), columns: files };
  }
  // The mirror's rows record VNDB's c_languages/c_platforms: its caches then hold on any day.
  const db = createDatabase(catalogue, { today });
  writeFileSync(join(temp, PREBUILT), JSON.stringify(toColumns(prebuiltPayload(db, today, true))));
  const manifest: IndexManifest = { format: FORMAT, from, tables, prebuilt: PREBUILT };
  writeFileSync(join(temp, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  rmSync(out, { recursive: true, force: true });
  renameSync(temp, out);
}

/** What a worker serves from an index that holds. */
export interface ServeIndex {
  /** The folder's catalogue, split tables read from the index (their heavy columns on first use). */
  catalogue: Catalogue;
  /** The VN labels and caches for `today`, or null on a day they do not hold for. */
  prebuilt(today: number): Prebuilt | null;
  /** Reads every heavy column not read yet, one per call; false once none is left (a worker's load after ready). */
  loadNextColumn(): boolean;
}

/** The index of the catalogue in `dir`, or null: none, incomplete, of another format, or computed from other files than the folder holds now. */
export function readServeIndex(dir: string): ServeIndex | null {
  const base = join(dir, SERVE_INDEX_DIR);
  let manifest: IndexManifest;
  try {
    manifest = JSON.parse(readFileSync(join(base, MANIFEST), "utf8")) as IndexManifest;
  } catch {
    return null;
  }
  if (manifest.format !== FORMAT || typeof manifest.from !== "object" || manifest.from === null) return null;
  for (const file of SOURCE_FILES) {
    const was = manifest.from[file];
    const now = stamp(dir, file);
    if ((was === undefined) !== (now === null)) return null;
    if (was !== undefined && (was.size !== now!.size || was.mtime !== now!.mtime || was.sample !== now!.sample)) return null;
  }
  for (const t of Object.values(manifest.tables)) {
    if (![t.rows, ...Object.values(t.columns)].every((f) => existsSync(join(base, f)))) return null;
  }
  const catalogue = lazyCatalogue(dir) as unknown as Record<string, unknown>;
  const intern = createInterner();
  const pending: (() => void)[] = [];
  for (const [table, files] of Object.entries(manifest.tables) as [SplitTable, IndexManifest["tables"][string]][]) {
    let rows: Record<string, unknown>[] | undefined;
    const load = () => (rows ??= readSplitRows(base, table, files, intern, pending));
    Object.defineProperty(catalogue, table, {
      enumerable: true,
      configurable: true,
      get() {
        const value = load();
        Object.defineProperty(catalogue, table, { value, enumerable: true, configurable: false, writable: false });
        return value;
      },
    });
  }
  let columns: CacheColumns | undefined;
  return {
    catalogue: catalogue as unknown as Catalogue,
    prebuilt: (today) => {
      // An unreadable file is no reason to fail: the database computes the caches instead.
      try {
        return fromColumns((columns ??= JSON.parse(readFileSync(join(base, manifest.prebuilt), "utf8")) as CacheColumns), today);
      } catch {
        return null;
      }
    },
    loadNextColumn() {
      // Reading the rows queues their columns; a column read by a query meanwhile is skipped.
      for (const table of Object.keys(manifest.tables)) void catalogue[table];
      const next = pending.shift();
      if (next === undefined) return false;
      next();
      return true;
    },
  };
}

/**
 * A split table's rows: each made from the stored row on a start object whose prototype
 * holds one getter per heavy column. The first read of a column (on any row) reads the
 * column's file and gives every row its value as an own property, which shadows the getter
 * from then on: a row then looks like one read from the catalogue file.
 */
function readSplitRows(base: string, table: SplitTable, files: IndexManifest["tables"][string], intern: Interner, pending: (() => void)[]): Record<string, unknown>[] {
  const columns = Object.keys(files.columns);
  const kept = Object.keys(blankRowOf(table)).filter((k) => !columns.includes(k));
  const proto: Record<string, unknown> = {};
  const rows: Record<string, unknown>[] = [];
  const loaded = new Set<string>();
  const fill = (column: string) => {
    if (loaded.has(column)) return;
    loaded.add(column);
    const values = JSON.parse(readFileSync(join(base, files.columns[column]!), "utf8")) as unknown[];
    if (values.length !== rows.length) throw new Error(`${join(base, files.columns[column]!)} has ${values.length} values for ${rows.length} rows`);
    for (let i = 0; i < rows.length; i++) {
      const v = values[i];
      // Empty lists shared, as the loader shares them (compact-rows.ts expandRow).
      Object.defineProperty(rows[i], column, { value: Array.isArray(v) && v.length === 0 ? intern(v) : v, writable: true, enumerable: true, configurable: true });
    }
  };
  for (const column of columns) {
    Object.defineProperty(proto, column, {
      configurable: true,
      enumerable: false,
      get(this: Record<string, unknown>) {
        fill(column);
        return this[column];
      },
    });
    pending.push(() => fill(column));
  }
  const stored = JSON.parse(readFileSync(join(base, files.rows), "utf8")) as Record<string, unknown>[];
  for (const r of stored) {
    const full = Object.create(proto) as Record<string, unknown>;
    const blank = blankRowOf(table);
    for (const k of kept) full[k] = blank[k];
    rows.push(expandRowOnto(table, full, r, intern));
  }
  return rows;
}

/**
 * The prebuilt payload by column, in VN order: lists of numbers and strings parse several
 * times faster than 60,000 objects of named members each (the payload as objects was 36 MB
 * and most of a start's parse), and the lists that repeat (languages, platforms,
 * developers) are stored once.
 */
interface CacheColumns {
  validFrom: number | null;
  validBefore: number | null;
  /** VN id numbers. */
  ids: number[];
  title: string[];
  alttitle: (string | null)[];
  released: number[];
  /** Distinct lists; languages, platforms and developers are numbers in it. */
  lists: string[][];
  languages: number[];
  platforms: number[];
  developers: number[];
  /** Each VN's release count, then every release id number in VN order. */
  releaseCounts: number[];
  releaseIds: number[];
  lengthMinutes: (number | null)[];
  lengthVotes: number[];
  popularity: number[];
  ratingRank: (number | null)[];
  popularityRank: number[];
  /** The VNs with labels (computeLabels' order: a release may name a VN the table lacks), each one's label count, then the labels and their priorities in that order. */
  labelIds: number[];
  labelCounts: number[];
  labels: string[];
  prios: number[];
}

const idNumber = (id: string) => Number(id.slice(1));

function toColumns(p: PrebuiltPayload): CacheColumns {
  const poolIndex = new Map<string, number>();
  const lists: string[][] = [];
  const pooled = (list: string[]) => {
    const key = JSON.stringify(list);
    let i = poolIndex.get(key);
    if (i === undefined) {
      poolIndex.set(key, (i = lists.length));
      lists.push(list);
    }
    return i;
  };
  const c: CacheColumns = {
    validFrom: p.validFrom,
    validBefore: p.validBefore,
    ids: [], title: [], alttitle: [], released: [], lists, languages: [], platforms: [], developers: [],
    releaseCounts: [], releaseIds: [], lengthMinutes: [], lengthVotes: [], popularity: [], ratingRank: [], popularityRank: [],
    labelIds: [], labelCounts: [], labels: [], prios: [],
  };
  for (const [id, v] of Object.entries(p.vnCache)) {
    c.ids.push(idNumber(id));
    c.title.push(v.title);
    c.alttitle.push(v.alttitle);
    c.released.push(v.released);
    c.languages.push(pooled(v.languages));
    c.platforms.push(pooled(v.platforms));
    c.developers.push(pooled(v.developers));
    c.releaseCounts.push(v.releases.length);
    for (const r of v.releases) c.releaseIds.push(idNumber(r));
    c.lengthMinutes.push(v.lengthMinutes);
    c.lengthVotes.push(v.lengthVotes);
    c.popularity.push(v.popularity);
    c.ratingRank.push(v.ratingRank);
    c.popularityRank.push(v.popularityRank);
  }
  for (const [id, labels] of Object.entries(p.vnLabels)) {
    c.labelIds.push(idNumber(id));
    c.labelCounts.push(labels.length);
    for (const [label, prio] of labels) {
      c.labels.push(label);
      c.prios.push(prio);
    }
  }
  return c;
}

function fromColumns(c: CacheColumns, today: number): Prebuilt | null {
  if ((c.validFrom !== null && today < c.validFrom) || (c.validBefore !== null && today >= c.validBefore)) return null;
  const vnCache = new Map<string, VnCache>();
  const vnLabels = new Map<string, SearchLabel[]>();
  let r = 0;
  for (let i = 0; i < c.ids.length; i++) {
    const id = `v${c.ids[i]}`;
    const releases: string[] = [];
    for (const end = r + c.releaseCounts[i]!; r < end; r++) releases.push(`r${c.releaseIds[r]}`);
    // The pooled lists are shared between VNs: cache lists are never mutated (database.ts).
    vnCache.set(id, {
      title: c.title[i]!,
      alttitle: c.alttitle[i]!,
      released: c.released[i]!,
      languages: c.lists[c.languages[i]!]!,
      platforms: c.lists[c.platforms[i]!]!,
      developers: c.lists[c.developers[i]!]!,
      releases,
      lengthMinutes: c.lengthMinutes[i]!,
      lengthVotes: c.lengthVotes[i]!,
      popularity: c.popularity[i]!,
      ratingRank: c.ratingRank[i]!,
      popularityRank: c.popularityRank[i]!,
    });
  }
  for (let i = 0, l = 0; i < c.labelIds.length; i++) {
    const labels: SearchLabel[] = [];
    for (const end = l + c.labelCounts[i]!; l < end; l++) labels.push({ label: c.labels[l]!, prio: c.prios[l]! });
    vnLabels.set(`v${c.labelIds[i]}`, labels);
  }
  return { vnCache, vnLabels };
}
