// Checks catalogue data against the row types (zod): the build before it writes the files,
// the tests on the committed data, and a folder given with `--catalogue` before it is served.
// Kept apart from load.ts so that serving the committed catalogue (--embedded, tests) never
// loads zod and these schemas.
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
import { CATALOGUE_FILES, readCatalogueFiles, readManifest, type CheckedManifest } from "./load.js";
import { sha256 } from "../../kana/digest.js";
import { SHARED_LIST_TABLE, SHARED_LISTS_FILE } from "./compact-rows.js";

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

/** The manifest of the files as written (text by file name), for a catalogue just validated. */
export function checkedManifest(files: Map<string, string>): CheckedManifest {
  const hashes: Record<string, string> = {};
  for (const [file, text] of files) hashes[file] = sha256(text);
  return { schema: checkedSchemaHash(), files: hashes };
}

const checked = new Map<string, Catalogue>();

/**
 * The catalogue in `dir`, parsed and checked against the row types once per folder per
 * process, file by file, except the files its build validated and that are unchanged since
 * (CHECKED_FILE): validating the full real set took 12–19 s of a 14–23 s load.
 */
export function loadCheckedCatalogue(dir: string): Catalogue {
  const cached = checked.get(dir);
  if (cached) return cached;
  const manifest = readManifest(dir);
  const hashes = new Map<string, string>();
  const raw = readCatalogueFiles(dir, (file, bytes) => {
    if (manifest?.schema === checkedSchemaHash() && manifest.files[file] !== undefined) hashes.set(file, sha256(bytes));
  });
  const changed = (file: string) => hashes.get(file) !== manifest?.files[file];
  const unchecked = (Object.keys(CATALOGUE_FILES) as (keyof Catalogue)[]).filter(
    (key) => changed(CATALOGUE_FILES[key]) || (key === SHARED_LIST_TABLE && changed(SHARED_LISTS_FILE)),
  );
  const catalogue = validateCatalogue(raw, dir, unchecked);
  checked.set(dir, catalogue);
  return catalogue;
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
