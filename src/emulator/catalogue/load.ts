// Loads the committed catalogue JSON (written by scripts/build-catalogue.ts) and checks
// it against the row types, once per process.
//
// Where the data is read from: the `data/` folder next to this module. That is
// src/emulator/catalogue/data when running from source (tsx, vitest). tsc does not copy
// JSON into dist/, so `scripts/catalogue/copy-data.ts` copies the folder to
// dist/emulator/catalogue/data after `tsc` (the package's build step runs it); as a
// fallback for a repository checkout built without that step, the loader also looks in
// the source tree relative to dist/ (../../../src/emulator/catalogue/data).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type {
  Catalogue,
  CharacterRow,
  ImageRow,
  LabelRow,
  ProducerRow,
  QuoteRow,
  ReleaseRow,
  RlistRow,
  StaffRow,
  TagRow,
  TokenRow,
  TraitRow,
  UlistRow,
  UserRow,
  VnRow,
} from "./types.js";
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

const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[1-9][0-9]*$`));
const flag = z.boolean().optional();
const spoiler = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const extlink = z.object({ site: z.string(), value: z.union([z.string(), z.number()]) });

const imageRow: z.ZodType<ImageRow> = z.object({
  id: z.string().regex(/^(cv|sf|ch)[1-9][0-9]*$/),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  sexual: z.number().min(0).max(2),
  violence: z.number().min(0).max(2),
  votecount: z.number().int().nonnegative(),
  manual: flag,
});

const vnRow: z.ZodType<VnRow> = z.object({
  id: id("v"),
  hidden: flag,
  manual: flag,
  olang: z.string(),
  titles: z.array(z.object({ lang: z.string(), title: z.string(), latin: z.string().nullable(), official: z.boolean() })),
  aliases: z.array(z.string()),
  devstatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  description: z.string(),
  image: z.string().nullable(),
  length: z.number().int().min(0).max(5),
  lengthVotes: z.array(z.number()),
  rating: z.number().nullable(),
  average: z.number().nullable(),
  votecount: z.number().int().nonnegative(),
  screenshots: z.array(z.object({ image: z.string(), release: id("r") })),
  relations: z.array(z.object({ vn: id("v"), relation: z.string(), official: z.boolean() })),
  tags: z.array(z.object({ tag: id("g"), rating: z.number(), spoiler, lie: z.boolean() })),
  editions: z.array(z.object({ eid: z.number().int(), lang: z.string().nullable(), name: z.string(), official: z.boolean() })),
  staff: z.array(z.object({ aid: z.number().int(), eid: z.number().int().nullable(), role: z.string(), note: z.string() })),
  va: z.array(z.object({ aid: z.number().int(), character: id("c"), note: z.string() })),
  extlinks: z.array(extlink),
  anime: z.array(z.number().int()),
  hasReview: z.boolean(),
  cReleased: z.number().int().optional(),
  cLanguages: z.array(z.string()).optional(),
  cPlatforms: z.array(z.string()).optional(),
  cLengthMinutes: z.number().int().nonnegative().optional(),
  cLengthVotes: z.number().int().nonnegative().optional(),
  derived: z.array(z.string()).optional(),
});

const aniFlag = z.string().nullable();
const releaseRow: z.ZodType<ReleaseRow> = z.object({
  id: id("r"),
  hidden: flag,
  manual: flag,
  olang: z.string(),
  titles: z.array(z.object({ lang: z.string(), title: z.string().nullable(), latin: z.string().nullable(), mtl: z.boolean() })),
  platforms: z.array(z.string()),
  media: z.array(z.object({ medium: z.string(), qty: z.number().int() })),
  vns: z.array(z.object({ vn: id("v"), rtype: z.enum(["trial", "partial", "complete"]) })),
  producers: z.array(z.object({ producer: id("p"), developer: z.boolean(), publisher: z.boolean() })),
  images: z.array(
    z.object({
      image: z.string(),
      type: z.enum(["pkgfront", "pkgback", "pkgcontent", "pkgside", "pkgmed", "dig"]),
      vn: id("v").nullable(),
      languages: z.array(z.string()).nullable(),
      photo: z.boolean(),
    }),
  ),
  released: z.number().int(),
  minage: z.number().int().nullable(),
  patch: z.boolean(),
  freeware: z.boolean(),
  doujin: z.boolean(),
  official: z.boolean(),
  hasEro: z.boolean(),
  uncensored: z.boolean().nullable(),
  resoX: z.number().int(),
  resoY: z.number().int(),
  engine: z.string(),
  voiced: z.number().int().min(0).max(4),
  notes: z.string(),
  gtin: z.string().regex(/^[0-9]*$/),
  catalog: z.string(),
  aniStory: z.number().int().min(0).max(4),
  aniEro: z.number().int().min(0).max(4),
  aniStorySp: aniFlag,
  aniStoryCg: aniFlag,
  aniCutscene: aniFlag,
  aniEroSp: aniFlag,
  aniEroCg: aniFlag,
  aniBg: z.boolean().nullable(),
  aniFace: z.boolean().nullable(),
  drm: z.array(z.string()),
  extlinks: z.array(extlink),
  derived: z.array(z.string()).optional(),
});

const producerRow: z.ZodType<ProducerRow> = z.object({
  id: id("p"),
  hidden: flag,
  manual: flag,
  type: z.enum(["co", "in", "ng"]),
  lang: z.string(),
  name: z.string(),
  latin: z.string().nullable(),
  aliases: z.array(z.string()),
  description: z.string(),
  extlinks: z.array(extlink),
  relations: z.array(z.object({ producer: id("p"), relation: z.string() })).optional(),
});

const sex = z.enum(["m", "f", "b", "n"]).nullable();
const gender = z.enum(["m", "f", "o", "a"]).nullable();
const characterRow: z.ZodType<CharacterRow> = z.object({
  id: id("c"),
  hidden: flag,
  manual: flag,
  name: z.string(),
  latin: z.string().nullable(),
  aliases: z.array(z.object({ name: z.string(), latin: z.string().nullable() })),
  description: z.string(),
  image: z.string().nullable(),
  bloodType: z.enum(["a", "b", "ab", "o"]).nullable(),
  height: z.number().int(),
  bust: z.number().int(),
  waist: z.number().int(),
  hips: z.number().int(),
  weight: z.number().int().nullable(),
  age: z.number().int().nullable(),
  cup: z.string().nullable(),
  birthday: z.tuple([z.number().int().min(1).max(12), z.number().int().min(1).max(31)]).nullable(),
  sex,
  spoilSex: sex,
  gender,
  spoilGender: gender,
  vns: z.array(
    z.object({
      vn: id("v"),
      release: id("r").nullable(),
      spoiler: z.number().int(),
      role: z.enum(["main", "primary", "side", "appears"]),
    }),
  ),
  traits: z.array(z.object({ trait: id("i"), spoiler, lie: z.boolean() })),
});

const staffRow: z.ZodType<StaffRow> = z.object({
  id: id("s"),
  hidden: flag,
  manual: flag,
  lang: z.string(),
  gender: z.enum(["m", "f"]).nullable(),
  type: z.enum(["person", "group", "company", "repo"]),
  description: z.string(),
  mainAid: z.number().int(),
  aliases: z.array(z.object({ aid: z.number().int(), name: z.string(), latin: z.string().nullable() })).min(1),
  extlinks: z.array(extlink),
});

const tagRow: z.ZodType<TagRow> = z.object({
  id: id("g"),
  hidden: flag,
  name: z.string(),
  aliases: z.array(z.string()),
  description: z.string(),
  category: z.enum(["cont", "ero", "tech"]),
  searchable: z.boolean(),
  applicable: z.boolean(),
  parents: z.array(id("g")),
});

const traitRow: z.ZodType<TraitRow> = z.object({
  id: id("i"),
  hidden: flag,
  name: z.string(),
  aliases: z.array(z.string()),
  description: z.string(),
  searchable: z.boolean(),
  applicable: z.boolean(),
  sexual: z.boolean(),
  parents: z.array(id("i")),
});

const quoteRow: z.ZodType<QuoteRow> = z.object({
  id: id("q"),
  hidden: flag,
  manual: flag,
  vn: id("v"),
  character: id("c").nullable(),
  quote: z.string(),
  score: z.number().int(),
});

const userRow: z.ZodType<UserRow> = z.object({
  id: id("u"),
  username: z.string().nullable(),
  usermod: flag,
  manual: flag,
});

const labelRow: z.ZodType<LabelRow> = z.object({
  uid: id("u"),
  id: z.number().int().min(1).max(255),
  label: z.string(),
  private: z.boolean(),
  manual: flag,
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable();
const ulistRow: z.ZodType<UlistRow> = z.object({
  uid: id("u"),
  vid: id("v"),
  added: z.number().int(),
  lastmod: z.number().int(),
  voteDate: z.number().int().nullable(),
  vote: z.number().int().min(10).max(100).nullable(),
  started: isoDate,
  finished: isoDate,
  notes: z.string(),
  labels: z.array(z.number().int()),
  manual: flag,
});

const rlistRow: z.ZodType<RlistRow> = z.object({
  uid: id("u"),
  rid: id("r"),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  added: z.number().int(),
  manual: flag,
});

const tokenRow: z.ZodType<TokenRow> = z.object({
  token: z.string().regex(/^[-ybndrfg8ejkmcpqxot1uwisza345h769]+$/),
  uid: id("u"),
  listread: z.boolean(),
  listwrite: z.boolean(),
  note: z.string(),
});

const catalogueShape = {
  meta: z.object({ source: z.string(), built: z.string(), attribution: z.string() }),
  images: z.array(imageRow),
  vn: z.array(vnRow),
  release: z.array(releaseRow),
  producer: z.array(producerRow),
  character: z.array(characterRow),
  staff: z.array(staffRow),
  tag: z.array(tagRow),
  trait: z.array(traitRow),
  quote: z.array(quoteRow),
  users: z.array(userRow),
  labels: z.array(labelRow),
  ulist: z.array(ulistRow),
  rlist: z.array(rlistRow),
  tokens: z.array(tokenRow),
  lengthVotes: z.array(z.object({ uid: id("u"), vid: id("v"), minutes: z.number().int().positive() })),
} satisfies Record<keyof Catalogue, z.ZodType>;
const catalogueSchema = z.object(catalogueShape) as unknown as z.ZodType<Catalogue>;

let schemaHash: string | undefined;
/** The hash of the row types (their JSON Schema): a change to them invalidates every manifest. */
export function checkedSchemaHash(): string {
  schemaHash ??= sha256(JSON.stringify(z.toJSONSchema(z.object(catalogueShape))));
  return schemaHash;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The manifest of the files as written (text by file name), for a catalogue just validated. */
export function checkedManifest(files: Map<string, string>): CheckedManifest {
  const hashes: Record<string, string> = {};
  for (const [file, text] of files) hashes[file] = sha256(text);
  return { schema: checkedSchemaHash(), files: hashes };
}

function readManifest(dir: string): CheckedManifest | null {
  try {
    const m = JSON.parse(readFileSync(join(dir, CHECKED_FILE), "utf8")) as CheckedManifest;
    return typeof m.schema === "string" && typeof m.files === "object" && m.files !== null ? m : null;
  } catch {
    return null;
  }
}

const cache = new Map<string, Catalogue>();

/**
 * The catalogue in `dir` (default: the committed data), parsed once per folder per process.
 * A folder given by the caller (e.g. `--catalogue`) is checked against the row types, file
 * by file, except the files its build validated and that are unchanged since (CHECKED_FILE):
 * validating the full real set took 12–19 s of a 14–23 s load. The committed data is not
 * checked at every start, since it costs more time and memory than the parse itself:
 * `test/catalogue/load.test.ts` checks it with validateCatalogue instead.
 * The returned object is shared: callers must not mutate it (the emulator copies the list
 * tables into its own mutable state).
 */
export function loadCatalogue(dir?: string): Catalogue {
  const trusted = dir === undefined;
  const folder = dir ?? defaultCatalogueDir();
  const cached = cache.get(folder);
  if (cached) return cached;
  let catalogue: Catalogue;
  if (trusted) catalogue = lazyCatalogue(folder);
  else {
    const manifest = readManifest(folder);
    const hashes = new Map<string, string>();
    const raw = readCatalogueFiles(folder, (file, bytes) => {
      if (manifest?.schema === checkedSchemaHash() && manifest.files[file] !== undefined) hashes.set(file, sha256(bytes));
    });
    const changed = (file: string) => hashes.get(file) !== manifest?.files[file];
    const unchecked = (Object.keys(CATALOGUE_FILES) as (keyof Catalogue)[]).filter(
      (key) => changed(CATALOGUE_FILES[key]) || (key === SHARED_LIST_TABLE && changed(SHARED_LISTS_FILE)),
    );
    catalogue = validateCatalogue(raw, folder, unchecked);
  }
  cache.set(folder, catalogue);
  return catalogue;
}

/**
 * The catalogue with each table read from its file on first use (an own enumerable getter
 * per table, replaced by the value once read): a first VN search reads the VNs and
 * releases, not the tags, characters, staff and traits as well (bench:offline's first query).
 */
function lazyCatalogue(dir: string): Catalogue {
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
 * A file as the build writes it, "[", one row per line, "]", parsed line by line from the
 * bytes: the whole file never becomes one large string, which keeps the peak memory of a
 * start (and so the resident size after it) lower. Any other JSON is parsed whole.
 */
function readRows(bytes: Buffer): unknown {
  if (bytes.length < 2 || bytes[0] !== 0x5b || bytes[1] !== 0x0a) return JSON.parse(bytes.toString("utf8"));
  const rows: unknown[] = [];
  for (let start = 2; start < bytes.length; ) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const last = bytes[end - 1] === 0x2c ? end - 1 : end;
    if (last > start && bytes[start] !== 0x5d) rows.push(JSON.parse(bytes.toString("utf8", start, last)));
    start = end + 1;
  }
  return rows;
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

/**
 * Checks parsed catalogue files against the row types (only the parts named in `parts`;
 * default all); throws naming the first bad value.
 */
export function validateCatalogue(raw: Record<string, unknown>, where: string, parts?: (keyof Catalogue)[]): Catalogue {
  const schema = parts === undefined ? catalogueSchema : z.object(Object.fromEntries(parts.map((k) => [k, catalogueShape[k]])));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Catalogue in ${where} is malformed at ${first.path.join(".")}: ${first.message}`);
  }
  return (parts === undefined ? parsed.data : { ...raw, ...(parsed.data as object) }) as Catalogue;
}
