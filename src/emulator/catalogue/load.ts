// Reads catalogue JSON (written by scripts/build-catalogue.ts): the committed data, a table
// at a time on first use, once per process. Checking data against the row types is
// validate.ts's, for folders the caller gives.
//
// Where the data is read from: the `data/` folder next to this module. That is
// src/emulator/catalogue/data when running from source (tsx, vitest). tsc does not copy
// JSON into dist/, so `scripts/catalogue/copy-data.ts` copies the folder to
// dist/emulator/catalogue/data after `tsc` (the package's build step runs it); as a
// fallback for a repository checkout built without that step, the loader also looks in
// the source tree relative to dist/ (../../../src/emulator/catalogue/data).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Catalogue } from "./types.js";
import { createInterner, expandRow, isCompactTable, SHARED_LIST_TABLE, SHARED_LISTS_FILE, unshareLists, type Interner } from "./compact-rows.js";

/** The file each part of the catalogue lives in. */
export const CATALOGUE_FILES = {
  meta: "meta.json",
  images: "images.json",
  vn: "vn.json",
  release: "release.json",
  producer: "producer.json",
  character: "character.json",
  staff: "staff.json",
  tag: "tag.json",
  trait: "trait.json",
  quote: "quote.json",
  users: "users.json",
  labels: "labels.json",
  ulist: "ulist.json",
  rlist: "rlist.json",
  tokens: "tokens.json",
  lengthVotes: "length-votes.json",
} as const satisfies Record<keyof Catalogue, string>;

/**
 * What the build checked: the SHA-256 of each file it wrote after validating the catalogue
 * against the row types, and the hash of those row types (checkedSchemaHash). Written by
 * scripts/catalogue/write.ts beside the data; a file of a `--catalogue` folder whose bytes
 * still hash the same, under the same row types, is not validated again at load.
 */
export const CHECKED_FILE = "checked.json";

export interface CheckedManifest {
  schema: string;
  files: Record<string, string>;
}

const here = fileURLToPath(new URL(".", import.meta.url));
const DATA_DIR_CANDIDATES = [
  join(here, "data"),
  // Running from dist/emulator/catalogue without the copy step, inside a checkout.
  join(here, "..", "..", "..", "src", "emulator", "catalogue", "data"),
];

/** The folder the catalogue is read from by default. */
export function defaultCatalogueDir(): string {
  const found = DATA_DIR_CANDIDATES.find((d) => existsSync(join(d, CATALOGUE_FILES.meta)));
  if (!found) {
    throw new Error(
      `Catalogue data not found (looked in ${DATA_DIR_CANDIDATES.join(", ")}). ` +
        "Run `npm run catalogue`, or copy src/emulator/catalogue/data next to the built loader.",
    );
  }
  return found;
}

/** The folder's CHECKED_FILE, or null when it has none (or an unreadable one). */
export function readManifest(dir: string): CheckedManifest | null {
  try {
    const m = JSON.parse(readFileSync(join(dir, CHECKED_FILE), "utf8")) as CheckedManifest;
    return typeof m.schema === "string" && typeof m.files === "object" && m.files !== null ? m : null;
  } catch {
    return null;
  }
}

let bundled: Catalogue | undefined;

/**
 * The committed catalogue (the `data/` folder beside this module), each table read on first
 * use, once per process. It is not checked against the row types at every start, since that
 * costs more time and memory than the parse itself: `test/catalogue/load.test.ts` checks it.
 * A folder given by the caller (`--catalogue`) goes through loadCheckedCatalogue
 * (validate.ts) instead. The returned object is shared: callers must not mutate it (the
 * emulator copies the list tables into its own mutable state).
 */
export function loadCatalogue(): Catalogue {
  bundled ??= lazyCatalogue(defaultCatalogueDir());
  return bundled;
}

/**
 * The catalogue with each table read from its file on first use (an own enumerable getter
 * per table, replaced by the value once read): a first VN search reads the VNs and
 * releases, not the tags, characters, staff and traits as well (bench:offline's first query).
 */
export function lazyCatalogue(dir: string): Catalogue {
  const intern = createInterner();
  const out = {} as Record<string, unknown>;
  for (const [key, file] of Object.entries(CATALOGUE_FILES)) {
    Object.defineProperty(out, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = readTable(key, readFileSync(join(dir, file)), intern, () => readSharedLists(dir));
        Object.defineProperty(out, key, { value, enumerable: true, configurable: false, writable: false });
        return value;
      },
    });
  }
  return out as unknown as Catalogue;
}

/** The pool of lists shared between releases (SHARED_LISTS_FILE), frozen; null when the folder has none. */
function readSharedLists(dir: string): unknown[] | null {
  const path = join(dir, SHARED_LISTS_FILE);
  if (!existsSync(path)) return null;
  const pool = readRows(readFileSync(path));
  if (!Array.isArray(pool)) throw new Error(`${path} is not a list of lists`);
  for (const l of pool) Object.freeze(l);
  return pool;
}

/** One table's rows from its file's bytes, compactly stored rows expanded. */
function readTable(key: string, bytes: Buffer, intern: Interner, sharedLists: () => unknown[] | null): unknown {
  const value = readRows(bytes);
  if (!isCompactTable(key)) return value;
  const rows = value as Record<string, unknown>[];
  const pool = key === SHARED_LIST_TABLE ? sharedLists() : null;
  if (pool === null) return rows.map((r) => expandRow(key, r, intern));
  // The repeated lists come shared from the pool; the others occur once: only the empty
  // lists are worth interning.
  const emptyOnly: Interner = (v) => (Array.isArray(v) && v.length === 0 ? intern(v) : v);
  return rows.map((r) => expandRow(key, unshareLists(key, r, pool), emptyOnly));
}

/**
 * A file's JSON, parsed whole. (It was parsed a row per line to keep the whole file from
 * becoming one string; since the offline mode loads in a worker and collects garbage after
 * the load, the whole parse is faster at the same resident size: bench:offline.)
 */
function readRows(bytes: Buffer): unknown {
  return JSON.parse(bytes.toString("utf8"));
}

/**
 * The folder's files, parsed, with compactly stored rows expanded (not yet checked);
 * `onBytes` sees each file's bytes as read.
 */
export function readCatalogueFiles(dir: string, onBytes?: (file: string, bytes: Buffer) => void): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  const intern = createInterner();
  for (const [key, file] of Object.entries(CATALOGUE_FILES)) {
    const bytes = readFileSync(join(dir, file));
    onBytes?.(file, bytes);
    raw[key] = readTable(key, bytes, intern, () => {
      const path = join(dir, SHARED_LISTS_FILE);
      if (existsSync(path)) onBytes?.(SHARED_LISTS_FILE, readFileSync(path));
      return readSharedLists(dir);
    });
  }
  return raw;
}
