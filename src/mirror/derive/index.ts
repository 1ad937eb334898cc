// The deriver: a dump consumer (src/mirror/dump/read-dump.ts calls `table()` once per dump
// table it has, in any order, then `row()` per row) that buffers the tables the catalogue
// needs, streams the large ones into numeric aggregates, and at `finish` computes what VNDB
// computes (tag_vn_calc, update_vncache's release columns, update_vn_length_cache, the
// characters' main names) and writes the emulator's catalogue files (write-catalogue.ts).
// What each derivation follows is said where it is done.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Catalogue, TagRow, TraitRow, UserRow, VnRow } from "../../emulator/catalogue/types.js";
import { bool, flag, idNum, int, lines, num } from "./copy-values.js";
import { characterRows } from "./character-rows.js";
import { imageRows, producerRows, quoteRows, staffRows, tagRows, traitRows } from "./entry-rows.js";
import { linkTable } from "./extlinks.js";
import { LengthVoteStore } from "./length-votes.js";
import { readText } from "./read-text.js";
import { releaseRows } from "./release-rows.js";
import { neighbours, readLikes, SIMILAR_FILE, writeSimilar } from "./similar.js";
import { BUFFERED, STREAMED } from "./specs.js";
import { own, TableBuffer } from "./table-buffer.js";
import { TagVoteStore } from "./tag-votes.js";
import { vnRows, type VnDropped } from "./vn-rows.js";
import { writeTable } from "./write-catalogue.js";
import { DeriveInputError } from "./errors.js";
import type { DumpConsumer } from "../dump/read-dump.js";
import type { Progress } from "../progress.js";

export { DeriveInputError } from "./errors.js";

export interface ExtraInputs {
  tagsJson?: string;
  traitsJson?: string;
  votesFile?: string;
}

export interface DeriverOptions {
  /** YYYYMMDD: "released <= today" in update_vncache. */
  today: number;
  /** "YYYY-MM-DD" of the dump's TIMESTAMP, for meta.json's `built`; default: today. */
  dataDate?: string;
}

export interface DeriveResult {
  counts: Record<string, number>;
  /** Rows the catalogue cannot hold as VNDB shows them, dropped (see vn-rows.ts). */
  dropped: Record<string, number>;
}

/** meta.json's attribution: the dump's licences (its README and LICENSE files; landscape note §3). */
export const MIRROR_ATTRIBUTION =
  "Data from the VNDB.org database dump, under the Open Database License (ODbL 1.0) and the Database Contents " +
  "License (DbCL 1.0); Wikidata data CC0; AniDB data CC-BY-NC-SA; VN and character descriptions may be subject " +
  "to separate licence conditions.";

function formatDay(day: number): string {
  const s = String(day).padStart(8, "0");
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

export function createDeriver(options: DeriverOptions): DumpConsumer & {
  finish(outDir: string, extras: ExtraInputs, progress?: Progress): Promise<DeriveResult>;
} {
  if (!Number.isInteger(options.today) || options.today < 19000101 || options.today > 99991231) {
    throw new DeriveInputError(`today must be a YYYYMMDD number, not ${options.today}`);
  }
  const buffers: Record<string, TableBuffer> = {};
  for (const [name, spec] of Object.entries(BUFFERED)) buffers[name] = new TableBuffer(name, spec);

  const tagVotes = new TagVoteStore();
  const lengthVotes = new LengthVoteStore();
  const noPermTag = new Set<number>();
  const noPermLength = new Set<number>();
  const knownUsers = new Set<number>();
  const users: UserRow[] = [];

  const streams: Record<string, TableBuffer> = {};
  // Columns in STREAMED's order. uid NULL: a deleted account (dbdump.pl writes NULL for those).
  streams.tags_vn = new TableBuffer("tags_vn", STREAMED.tags_vn, (r) => {
    tagVotes.add(idNum(r[0]!), idNum(r[1]!), r[2] === null ? 0 : idNum(r[2]), num(r[3]), int(r[4]), bool(r[6]), flag(r[5]));
  });
  streams.users = new TableBuffer("users", STREAMED.users, (r) => {
    const uid = idNum(r[0]!);
    knownUsers.add(uid);
    if (!flag(r[1], true)) noPermTag.add(uid);
    if (!flag(r[3], true)) noPermLength.add(uid);
    users.push({ id: `u${uid}`, username: own(r[2]) });
  });
  streams.vn_length_votes = new TableBuffer("vn_length_votes", STREAMED.vn_length_votes, (r) => {
    lengthVotes.add(idNum(r[0]!), r[1] === null ? 0 : idNum(r[1]), num(r[2]), int(r[3]));
  });

  const tables = new Set([...Object.keys(buffers), ...Object.keys(streams)]);
  return {
    tables,
    table(name, columns) {
      const b = buffers[name] ?? streams[name];
      if (!b) throw new Error(`derive was given table ${name}, which it did not ask for`);
      b.header(columns);
      return { row: (values) => b.push(values) };
    },
    async finish(outDir, extras, progress) {
      mkdirSync(outDir, { recursive: true });
      const counts: Record<string, number> = {};
      const dropped: Record<string, number> = {};
      let current = "";
      const stage = (name: string) => {
        current = name;
        progress?.stage(name);
      };
      // Each table is written as soon as it is built and let go, and each dump table's rows
      // once nothing needs them: at VNDB's size the rows of all tables at once would be most
      // of the memory (the build's limit is 2 GiB).
      const write = <K extends keyof Catalogue>(key: K, value: Catalogue[K]) => {
        counts[key] = writeTable(outDir, key, value);
        progress?.advance(1);
      };
      const free = (...names: string[]) => {
        for (const n of names) buffers[n]!.rows.length = 0;
      };

      try {
        stage("tags and traits");
        let tag: TagRow[] = tagRows(buffers);
        let defaultSpoil = new Map(buffers.tags.rows.map((r) => [idNum(r[0]!), Number(r[buffers.tags.at("defaultspoil")])]));
        if (!buffers.tags.seen && extras.tagsJson) {
          tag = (await tagsFromJson(extras.tagsJson, "g")) as TagRow[];
          // The JSON dump has no defaultspoil: a tag without spoiler votes reads 0.
          defaultSpoil = new Map(tag.map((t) => [idNum(t.id), 0]));
        }
        write("tag", tag);
        tag = [];
        let trait: TraitRow[] = traitRows(buffers);
        if (!buffers.traits.seen && extras.traitsJson) trait = (await tagsFromJson(extras.traitsJson, "i")) as TraitRow[];
        write("trait", trait);
        trait = [];
        free("tags", "tags_parents", "traits", "traits_parents");

        stage("releases");
        const links = linkTable(buffers.extlinks);
        let release = releaseRows(buffers, links);
        free("releases", "releases_titles", "releases_platforms", "releases_media", "releases_vn", "releases_producers", "releases_images", "releases_drm", "releases_extlinks", "drm", "engines");

        stage("tag votes");
        const vnIds = new Set(buffers.vn.rows.map((r) => idNum(r[0]!)));
        let direct = tagVotes.compute(defaultSpoil, vnIds, noPermTag);
        tagVotes.clear();
        const tagsByVn = new Map<string, VnRow["tags"]>();
        for (const [vid, list] of direct) tagsByVn.set(`v${vid}`, list.map((d) => ({ tag: `g${d.tag}`, rating: d.rating, spoiler: d.spoiler, lie: d.lie })));
        direct = new Map();

        stage("VNs");
        const devstatus = new Map(buffers.vn.rows.map((r) => [idNum(r[0]!), Number(r[buffers.vn.at("devstatus")] ?? 0)]));
        const lengthCache = new Map<string, { minutes: number | null; votes: number }>();
        if (!buffers.vn.has("c_length")) {
          for (const [vid, l] of lengthVotes.cache(devstatus, (u) => knownUsers.has(u) && !noPermLength.has(u))) lengthCache.set(`v${vid}`, l);
        }
        const characterIds = new Set(buffers.chars.rows.map((r) => r[0]!));
        const vnDropped: VnDropped = { relations: 0, screenshotsWithoutRelease: 0 };
        let vn = vnRows({ tables: buffers, links, releases: release, tags: tagsByVn, lengthCache, characters: characterIds, today: options.today }, vnDropped);
        Object.assign(dropped, vnDropped);
        tagsByVn.clear();
        free("vn", "vn_titles", "vn_anime", "vn_editions", "vn_extlinks", "vn_relations", "vn_screenshots", "vn_seiyuu", "vn_staff");
        const vnInfo = new Map(vn.map((v) => [v.id, { olang: v.olang, released: v.cReleased ?? 0 }]));
        write("vn", vn);
        vn = [];
        write("release", release);
        release = [];

        stage("characters");
        write("character", characterRows({ tables: buffers, vns: vnInfo }));
        free("chars", "chars_names", "chars_alias", "chars_traits", "chars_vns");

        stage("writing");
        write("images", imageRows(buffers));
        write("producer", producerRows(buffers, links));
        write("staff", staffRows(buffers, links));
        write("quote", quoteRows(buffers, characterIds));
        free("images", "producers", "producers_extlinks", "producers_relations", "staff", "staff_alias", "staff_extlinks", "quotes", "extlinks");
        write("users", users);
        users.length = 0;
        write("lengthVotes", [...lengthVotes.perUser()].map((v) => ({ uid: `u${v.uid}`, vid: `v${v.vid}`, minutes: v.minutes })));
        for (const key of ["labels", "ulist", "rlist", "tokens"] as const) write(key, []);
        write("meta", { source: "VNDB.org database dump (a local mirror; see docs/deployment.md)", built: options.dataDate ?? formatDay(options.today), attribution: MIRROR_ATTRIBUTION });

        if (extras.votesFile) {
          stage("similar VNs");
          const likes = await readLikes(extras.votesFile);
          counts.similar = writeSimilar(join(outDir, SIMILAR_FILE), neighbours(likes.vids, likes.uids), likes.votes);
        }
      } catch (e) {
        // A value that does not parse: say which part of the build met it.
        if (e instanceof DeriveInputError) throw new DeriveInputError(`deriving ${current}: ${e.message}`);
        throw e;
      }
      progress?.done();
      return { counts, dropped };
    },
  };
}

/** Tag (or trait) rows from VNDB's JSON dump, for a database dump without the `tags`/`traits` table. */
async function tagsFromJson(path: string, prefix: "g" | "i"): Promise<(TagRow | TraitRow)[]> {
  let data: unknown;
  try {
    data = JSON.parse(await readText(path));
  } catch (e) {
    throw new DeriveInputError(`${path}: not a VNDB ${prefix === "g" ? "tags" : "traits"} JSON dump (${(e as Error).message})`);
  }
  if (!Array.isArray(data)) throw new DeriveInputError(`${path}: expected a JSON array`);
  return data.map((x: Record<string, unknown>) => {
    const base = {
      id: `${prefix}${x.id}`,
      name: String(x.name ?? ""),
      aliases: Array.isArray(x.aliases) ? x.aliases.map(String) : lines(String(x.aliases ?? "")),
      description: String(x.description ?? ""),
      searchable: x.searchable !== false,
      applicable: x.applicable !== false,
      parents: Array.isArray(x.parents) ? x.parents.map((p) => `${prefix}${p}`) : [],
    };
    return prefix === "g" ? { ...base, category: (x.cat as TagRow["category"]) ?? "cont" } : { ...base, sexual: x.sexual === true };
  });
}
