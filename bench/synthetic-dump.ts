// A synthetic VNDB database dump at about VNDB's full size, for bench:mirror (issue 28: "about
// 60k VNs, 110k releases, 120k characters, 30k staff, 2,700 tags with 3M raw tag votes, 1.5M
// public votes"). Written in the exact published format by the dump helper's writer
// (test/helpers/dump-writer.ts); never committed.
//
// How, and why this way:
//  - the entries: the bundled catalogue scaled by bench/synthetic-catalogue.ts (factor
//    RICH_FACTOR: every reference consistent inside each copy), turned into dump tables by
//    test/helpers/sample-dump.ts (the inverse of derive). The bundled sample is rich in
//    releases, characters and staff per VN (12, 8.5 and 6 of each per VN, against VNDB's
//    ~2, ~2 and ~0.5), so the factor is chosen for releases (RICH_FACTOR × 14k ≈ 110k) and
//    VNs are then topped up to VNS with "thin" VNs: a copied VN row and its titles under a new
//    id, no releases, staff or characters of their own (VNDB has such entries too);
//  - the tag votes: TAG_VOTES raw rows of tags_vn spread over every VN (the sample has tags
//    on 2 VNs only), from TAG_USERS users with tagging rights, drawn mostly from a popular
//    subset of the applicable tags, so tag_vn_calc has real work to do;
//  - the public votes: PUBLIC_VOTES "vid uid vote date" lines (the votes dump's format).
// Seeded (bench/synthetic-catalogue.ts prng), so a run repeats.

import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import { loadCatalogue } from "../src/emulator/catalogue/load.js";
import { DEFAULT_SEED, prng, syntheticCatalogue } from "./synthetic-catalogue.js";
import { sampleDump } from "../test/helpers/sample-dump.js";
import { writeDump, type DumpTableData, type DumpValue } from "../test/helpers/dump-writer.js";

/** Copies of the bundled catalogue: 8 × 14,090 releases ≈ 113k (VNDB: about 110k). */
export const RICH_FACTOR = 8;
/** VNs in all (VNDB: about 60k). */
export const VNS = 60_000;
/** Raw tag votes (tags_vn rows; VNDB: about 3M). */
export const TAG_VOTES = 3_000_000;
/** Users who vote on tags. */
export const TAG_USERS = 20_000;
/** Public votes in the votes dump (VNDB: about 1.5M). */
export const PUBLIC_VOTES = 1_500_000;
/** Share of tag votes drawn from the POPULAR_TAGS most common tags (VNDB's votes crowd on a few hundred). */
const POPULAR_TAGS = 300;
const POPULAR_SHARE = 0.7;
/** First id number of the thin VNs and of the synthetic users: above every id of the scaled copies. */
const THIN_VN_BASE = 5_000_000;
const USER_BASE = 5_000_000;
/** The dump's TIMESTAMP (and so the data date). */
export const TIMESTAMP = "2026-11-27 08:00:00+00";
/** `today` for derive, YYYYMMDD of the data date. */
const TODAY = 20261127;

export interface SyntheticDump {
  dump: string;
  votes: string;
  /** Rows written per table. */
  counts: Record<string, number>;
}

const ORDINARY_TAG_VOTE = [1, 2, 2, 3, 3, 3, -1, 0] as const;

export async function writeSyntheticDump(dir: string, seed = DEFAULT_SEED): Promise<SyntheticDump> {
  mkdirSync(dir, { recursive: true });
  const rand = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const scaled = syntheticCatalogue(loadCatalogue(), { factor: RICH_FACTOR, seed });
  const { tables } = sampleDump(scaled, TODAY);
  const col = (t: DumpTableData, name: string) => {
    const i = t.columns.indexOf(name);
    if (i < 0) throw new Error(`the dump table has no column ${name} (${t.columns.join(", ")})`);
    return i;
  };
  const rows = (t: DumpTableData) => t.rows as DumpValue[][];

  // Thin VNs: a copied VN row (no image: its image row is the source's) and its titles.
  const vn = tables.vn!;
  const titles = tables.vn_titles!;
  const vnRows = rows(vn);
  const titlesOf = new Map<DumpValue, DumpValue[][]>();
  for (const r of rows(titles)) {
    const list = titlesOf.get(r[col(titles, "id")]!) ?? [];
    list.push(r);
    titlesOf.set(r[col(titles, "id")]!, list);
  }
  const source = [...vnRows];
  const [vnId, vnImage, vnCImage] = [col(vn, "id"), col(vn, "image"), col(vn, "c_image")];
  const titleId = col(titles, "id");
  for (let n = 0; vnRows.length < VNS; n++) {
    const from = source[n % source.length]!;
    const id = `v${THIN_VN_BASE + n}`;
    const copy = [...from];
    copy[vnId] = id;
    copy[vnImage] = null;
    copy[vnCImage] = null;
    vnRows.push(copy);
    for (const t of titlesOf.get(from[vnId]!) ?? []) {
      const c = [...t];
      c[titleId] = id;
      rows(titles).push(c);
    }
  }
  const vids = vnRows.map((r) => String(r[vnId]));

  // Users with tagging rights.
  const users = tables.users!;
  for (let u = 0; u < TAG_USERS; u++) {
    const row: DumpValue[] = users.columns.map(() => null);
    row[col(users, "id")] = `u${USER_BASE + u}`;
    row[col(users, "username")] = `bench-user-${u}`;
    for (const flag of ["ign_votes", "perm_imgvote", "perm_tag", "perm_lengthvote"]) if (users.columns.includes(flag)) row[col(users, flag)] = flag !== "ign_votes";
    rows(users).push(row);
  }

  // Raw tag votes: about TAG_VOTES / VNS per VN, a few users on each of a handful of tags.
  const applicable = scaled.tag.filter((t) => t.applicable && t.searchable).map((t) => t.id);
  const popular = applicable.slice(0, POPULAR_TAGS);
  const tagsVn = tables.tags_vn!;
  const existing = rows(tagsVn);
  const columns = tagsVn.columns;
  const perVn = Math.round(TAG_VOTES / vids.length);
  function* tagVoteRows(): Generator<DumpValue[]> {
    yield* existing;
    let written = 0;
    for (const vid of vids) {
      const seen = new Set<string>();
      for (let k = 0; k < perVn && written < TAG_VOTES; ) {
        const tag = rand() < POPULAR_SHARE ? popular[int(0, popular.length - 1)]! : applicable[int(0, applicable.length - 1)]!;
        const voters = int(1, 6);
        for (let v = 0; v < voters && k < perVn; v++, k++, written++) {
          const uid = `u${USER_BASE + int(0, TAG_USERS - 1)}`;
          const key = `${tag} ${uid}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const row: DumpValue[] = columns.map(() => null);
          row[columns.indexOf("date")] = "2024-01-01 00:00:00+00";
          row[columns.indexOf("tag")] = tag;
          row[columns.indexOf("vid")] = vid;
          row[columns.indexOf("uid")] = uid;
          row[columns.indexOf("vote")] = ORDINARY_TAG_VOTE[int(0, ORDINARY_TAG_VOTE.length - 1)]!;
          row[columns.indexOf("spoiler")] = rand() < 0.8 ? null : int(0, 2);
          row[columns.indexOf("ignore")] = false;
          row[columns.indexOf("lie")] = rand() < 0.98 ? null : true;
          row[columns.indexOf("notes")] = "";
          yield row;
        }
      }
    }
  }
  const counts: Record<string, number> = {};
  for (const [name, t] of Object.entries(tables)) counts[name] = (t.rows as unknown[]).length;
  counts.tags_vn = existing.length + Math.min(TAG_VOTES, perVn * vids.length);
  tables.tags_vn = { columns, rows: tagVoteRows() };

  const dump = join(dir, "vndb-db-2026-11-27.tar.zst");
  await writeDump(dump, tables, { timestamp: TIMESTAMP });

  // The votes dump: "vid uid vote date", vids without their letter.
  const votes = join(dir, "vndb-votes-2026-11-27");
  const out = createWriteStream(votes);
  const numbers = vids.map((v) => Number(v.slice(1)));
  let chunk = "";
  for (let i = 0; i < PUBLIC_VOTES; i++) {
    chunk += `${numbers[int(0, numbers.length - 1)]} ${USER_BASE + int(0, TAG_USERS * 5)} ${int(1, 10) * 10} 2024-05-01\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
      chunk = "";
    }
  }
  out.end(chunk);
  await new Promise<void>((r) => out.once("finish", () => r()));
  counts.votes = PUBLIC_VOTES;
  return { dump, votes, counts };
}
