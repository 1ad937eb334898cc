// Reading the 2024 partial database dump and its companions (../shared/kana-data/real/dump-2024,
// described in its SOURCES.md and COVERAGE.md). Only parsing lives here: each reader returns
// the table's rows with typed columns, in file order. Turning them into catalogue rows is
// real-set.ts's business.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseCsv } from "./sources.js";

export const DUMP_DIR = "dump-2024";
const DB_2024 = join(DUMP_DIR, "timacias-vndb-db-2024-06-24", "db");
const DB_2023 = join(DUMP_DIR, "potatodbmapper-vndb-db-2023-06-18");
const TITLES_2025 = join(DUMP_DIR, "asukaminato-vn_titles-2025-06", "vn_titles");
const JIZPAPER = join(DUMP_DIR, "jizpaper");
const MOJIMOON = join(DUMP_DIR, "mojimoon-2025-05-16", "full_order.csv");
const STARSBIT = join(DUMP_DIR, "starsbit-vndle-2025-05-25", "db.json");

/** Files of the dump the build reads; checked up front so a missing folder fails clearly. */
export const DUMP_FILES = [
  join(DB_2024, "vn_titles"),
  join(DB_2024, "releases_vn"),
  join(DB_2024, "releases_producers"),
  join(DB_2024, "releases_platforms"),
  join(DB_2024, "releases_media"),
  join(DB_2024, "chars_vns"),
  join(DB_2024, "vn_seiyuu"),
  join(DB_2024, "vn_relations"),
  join(DB_2024, "vn_editions"),
  join(DB_2024, "staff"),
  join(DB_2024, "staff_alias"),
  join(DB_2024, "producers"),
  join(DB_2024, "quotes"),
  join(DB_2023, "db", "vn_staff"),
  join(DB_2023, "db", "vn_editions"),
  join(DB_2023, "vn_length_votes_agg.tsv"),
  TITLES_2025,
  join(JIZPAPER, "jizpaper-vn-descriptions.compact.jsonl"),
  join(JIZPAPER, "jizpaper-char-descriptions.compact.jsonl"),
  MOJIMOON,
  STARSBIT,
];

export function hasDump(dir: string): boolean {
  return DUMP_FILES.every((f) => existsSync(join(dir, f)));
}

/** PostgreSQL COPY text: `\N` is NULL, backslash escapes \\ \n \t \r. */
function unescape(field: string): string | null {
  if (field === "\\N") return null;
  if (!field.includes("\\")) return field;
  return field.replace(/\\(.)/g, (_m, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c === "r" ? "\r" : c));
}

/** Every row of a COPY TSV file as an array of fields (NULL as null). */
function readTsv(dir: string, file: string): (string | null)[][] {
  const text = readFileSync(join(dir, file), "utf8");
  const out: (string | null)[][] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    out.push(line.split("\t").map(unescape));
  }
  return out;
}

const bool = (s: string | null): boolean => s === "t";
const str = (s: string | null): string => s ?? "";

export interface TitleRecord {
  vid: string;
  lang: string;
  official: boolean;
  title: string;
  latin: string | null;
}

export interface NamedRecord {
  id: string;
  name: string;
  original: string | null;
  description: string;
}

export interface VoteRecord {
  vid: string;
  votecount: number;
  /** ×10 (Kana's 10..100 scale). */
  rating: number;
  average: number;
  aliases: string[];
}

export interface StaffRecord {
  id: string;
  gender: "m" | "f" | null;
  lang: string;
  mainAid: number;
  description: string;
  links: { site: string; value: string | number }[];
}

export interface StarsbitCharacter {
  id: string;
  sex: string | null;
  age: number | null;
  birthday: string | null;
  traits: Record<string, string[]>;
}

export interface DumpTables {
  titles2025: TitleRecord[];
  titles2024: TitleRecord[];
  vnTexts: NamedRecord[];
  charTexts: NamedRecord[];
  votes: VoteRecord[];
  lengths: { vid: string; votes: number; median: number }[];
  releasesVn: { rid: string; vid: string; rtype: "trial" | "partial" | "complete" }[];
  releasesProducers: { rid: string; pid: string; developer: boolean; publisher: boolean }[];
  releasesPlatforms: { rid: string; platform: string }[];
  releasesMedia: { rid: string; medium: string; qty: number }[];
  charsVns: { cid: string; vid: string; rid: string | null; role: "main" | "primary" | "side" | "appears"; spoiler: number }[];
  seiyuu: { vid: string; aid: number; cid: string; note: string }[];
  relations: { vid: string; other: string; relation: string; official: boolean }[];
  editions2024: { vid: string; lang: string | null; eid: number; official: boolean; name: string }[];
  editions2023: { vid: string; lang: string | null; eid: number; official: boolean; name: string }[];
  vnStaff: { vid: string; aid: number; role: string; eid: number | null; note: string }[];
  staff: StaffRecord[];
  staffAlias: { sid: string; aid: number; name: string; latin: string | null }[];
  producerLinks: Map<string, { website: string; wikidata: number | null }>;
  quotes: { id: string; vid: string; cid: string | null; score: number; quote: string }[];
  starsbit: StarsbitCharacter[];
}

function titles(rows: (string | null)[][]): TitleRecord[] {
  return rows.map(([vid, lang, official, title, latin]) => ({
    vid: vid!,
    lang: lang!,
    official: bool(official),
    title: str(title),
    latin: latin === "" ? null : latin,
  }));
}

function jsonl(dir: string, file: string): NamedRecord[] {
  const out: NamedRecord[] = [];
  for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const r = JSON.parse(line) as { id: string; name: string; original: string | null; description: string | null };
    out.push({ id: r.id, name: r.name, original: r.original || null, description: r.description ?? "" });
  }
  return out;
}

/** Staff link columns of the 2024 dump that Kana returns as extlinks, by site name. */
const STAFF_LINK_COLUMNS: Record<string, { site: string; numeric: boolean }> = {
  l_anidb: { site: "anidb", numeric: true },
  l_wikidata: { site: "wikidata", numeric: true },
  l_pixiv: { site: "pixiv", numeric: true },
  l_twitter: { site: "twitter", numeric: false },
  l_vgmdb: { site: "vgmdb", numeric: true },
  l_discogs: { site: "discogs", numeric: true },
  l_mobygames: { site: "mobygames", numeric: true },
  l_bgmtv: { site: "bgmtv", numeric: true },
  l_imdb: { site: "imdb", numeric: true },
  l_vndb: { site: "vndb", numeric: false },
  l_mbrainz: { site: "mbrainz", numeric: false },
  l_scloud: { site: "scloud", numeric: false },
};

function readStaff(dir: string): StaffRecord[] {
  const header = readFileSync(join(dir, DB_2024, "staff.header"), "utf8").trim().split("\t");
  const col = (name: string) => header.indexOf(name);
  return readTsv(dir, join(DB_2024, "staff")).map((r) => {
    const links: StaffRecord["links"] = [];
    const site = str(r[col("l_site")]);
    if (site !== "") links.push({ site: "website", value: site });
    for (const [column, { site: name, numeric }] of Object.entries(STAFF_LINK_COLUMNS)) {
      const v = r[col(column)];
      if (v === null || v === "" || v === "0") continue;
      links.push({ site: name, value: numeric ? Number(v) : v });
    }
    const gender = r[col("gender")];
    return {
      id: r[col("id")]!,
      gender: gender === "m" || gender === "f" ? gender : null,
      lang: r[col("lang")]!,
      mainAid: Number(r[col("main")]),
      description: str(r[col("description")]),
      links,
    };
  });
}

function readVotes(dir: string): VoteRecord[] {
  return parseCsv(readFileSync(join(dir, MOJIMOON), "utf8")).map((r) => ({
    vid: r.vid,
    votecount: Number(r.c_votecount),
    // mojimoon's columns are on VNDB's 1..10 display scale; Kana answers ×10.
    rating: Math.round(Number(r.c_rating) * 100) / 10,
    average: Math.round(Number(r.c_average) * 100) / 10,
    // Aliases are stored with literal "\n" separators.
    aliases: r.alias
      .split("\\n")
      .map((a) => a.trim())
      .filter((a) => a !== ""),
  }));
}

function readStarsbit(dir: string): StarsbitCharacter[] {
  const db = JSON.parse(readFileSync(join(dir, STARSBIT), "utf8")) as {
    characters: Record<string, unknown>[];
  };
  return db.characters.map((c) => {
    const traits: Record<string, string[]> = {};
    for (const group of ["Hair", "Eyes", "Body", "Personality", "Role"]) {
      const v = c[group];
      if (Array.isArray(v)) traits[group] = v as string[];
    }
    return {
      id: String(c.id),
      sex: typeof c.sex === "string" ? c.sex : null,
      age: typeof c.age === "number" ? c.age : null,
      birthday: typeof c.birthday === "string" ? c.birthday : null,
      traits,
    };
  });
}

export function readDumpTables(dir: string): DumpTables {
  const db = (t: string) => readTsv(dir, join(DB_2024, t));
  const editions = (rows: (string | null)[][]) =>
    rows.map(([vid, lang, eid, official, name]) => ({
      vid: vid!,
      lang,
      eid: Number(eid),
      official: bool(official),
      name: str(name),
    }));
  const producerLinks = new Map<string, { website: string; wikidata: number | null }>();
  for (const [id, , , wikidata, , , , website] of db("producers")) {
    producerLinks.set(id!, { website: str(website), wikidata: wikidata === null ? null : Number(wikidata) });
  }
  return {
    titles2025: titles(readTsv(dir, TITLES_2025)),
    titles2024: titles(db("vn_titles")),
    vnTexts: jsonl(dir, join(JIZPAPER, "jizpaper-vn-descriptions.compact.jsonl")),
    charTexts: jsonl(dir, join(JIZPAPER, "jizpaper-char-descriptions.compact.jsonl")),
    votes: readVotes(dir),
    lengths: readTsv(dir, join(DB_2023, "vn_length_votes_agg.tsv"))
      .slice(1)
      .map(([vid, votes, , median]) => ({ vid: vid!, votes: Number(votes), median: Number(median) })),
    releasesVn: db("releases_vn").map(([rid, vid, rtype]) => ({
      rid: rid!,
      vid: vid!,
      rtype: rtype as "trial" | "partial" | "complete",
    })),
    releasesProducers: db("releases_producers").map(([rid, pid, dev, pub]) => ({
      rid: rid!,
      pid: pid!,
      developer: bool(dev),
      publisher: bool(pub),
    })),
    releasesPlatforms: db("releases_platforms").map(([rid, platform]) => ({ rid: rid!, platform: platform! })),
    releasesMedia: db("releases_media").map(([rid, medium, qty]) => ({ rid: rid!, medium: medium!, qty: Number(qty) })),
    charsVns: db("chars_vns").map(([cid, vid, rid, role, spoil]) => ({
      cid: cid!,
      vid: vid!,
      rid,
      role: role as "main" | "primary" | "side" | "appears",
      spoiler: Number(spoil),
    })),
    seiyuu: db("vn_seiyuu").map(([vid, aid, cid, note]) => ({ vid: vid!, aid: Number(aid), cid: cid!, note: str(note) })),
    relations: db("vn_relations").map(([vid, other, relation, official]) => ({
      vid: vid!,
      other: other!,
      relation: relation!,
      official: bool(official),
    })),
    editions2024: editions(db("vn_editions")),
    editions2023: editions(readTsv(dir, join(DB_2023, "db", "vn_editions"))),
    vnStaff: readTsv(dir, join(DB_2023, "db", "vn_staff")).map(([vid, aid, role, eid, note]) => ({
      vid: vid!,
      aid: Number(aid),
      role: role!,
      eid: eid === null ? null : Number(eid),
      note: str(note),
    })),
    staff: readStaff(dir),
    staffAlias: db("staff_alias").map(([sid, aid, name, latin]) => ({
      sid: sid!,
      aid: Number(aid),
      name: str(name),
      latin: latin === "" ? null : latin,
    })),
    producerLinks,
    quotes: db("quotes").map(([id, vid, cid, score, quote]) => ({
      id: `q${id}`,
      vid: vid!,
      cid,
      score: Number(score),
      quote: str(quote),
    })),
    starsbit: readStarsbit(dir),
  };
}
