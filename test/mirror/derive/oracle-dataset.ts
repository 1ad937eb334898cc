// The dataset VNDB's own SQL is run over (scripts/mirror/pg-oracle.ts) and derive is
// compared with (pg-oracle.test.ts): the sample dump (test/helpers/sample-dump.ts) plus
// seeded pseudo-random raw tag votes and character traits, to exercise tag_vn_calc,
// tags_vn_inherit and traits_chars_calc well beyond the hand-made cases. Deterministic: the
// same seed always gives the same rows, so the recorded vectors stay valid.
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import type { DumpTableData, DumpValue } from "../../helpers/dump-writer.js";
import { sampleDump } from "../../helpers/sample-dump.js";
import { prng as random } from "../../../bench/synthetic-catalogue.js";

export const ORACLE_SEED = 28;
/** VNs and tags given random votes, and voters (one in VOTERS_WITHOUT_RIGHTS lacks perm_tag). */
const RANDOM_VNS = 60;
const RANDOM_TAGS = 40;
const VOTERS = 25;
const FIRST_VOTER = 5000;
const RANDOM_CHARS = 40;
/** VNs given random play-time votes (update_vn_length_cache). */
const LENGTH_VNS = 80;
const TRAITS_PER_CHAR = 6;

function push(t: DumpTableData, row: Record<string, DumpValue>): void {
  (t.rows as DumpValue[][]).push(t.columns.map((c) => (row[c] === undefined ? null : row[c]!)));
}

export function oracleTables(today: number): Record<string, DumpTableData> {
  const sample = loadCatalogue();
  const { tables } = sampleDump(sample, today);
  const rnd = random(ORACLE_SEED);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;

  const vns = sample.vn.filter((v) => !v.hidden && v.tags.length === 0).slice(0, RANDOM_VNS).map((v) => v.id);
  // Tags with parents (so inheritance has work), some not searchable or not applicable.
  const tags = sample.tag.filter((g) => g.parents.length > 0).filter((_, i) => i % 37 === 0).slice(0, RANDOM_TAGS).map((g) => g.id);
  // Some tags get a defaultspoil, so "no spoiler votes" shows.
  const tagRows = tables.tags!.rows as DumpValue[][];
  const idCol = tables.tags!.columns.indexOf("id");
  const spoilCol = tables.tags!.columns.indexOf("defaultspoil");
  tags.forEach((g, i) => {
    const row = tagRows.find((r) => r[idCol] === g)!;
    row[spoilCol] = i % 3;
  });

  for (let u = 0; u < VOTERS; u++) {
    push(tables.users!, { id: `u${FIRST_VOTER + u}`, ign_votes: false, perm_imgvote: true, perm_tag: u % 7 !== 3, perm_lengthvote: true, username: `oracle-${u}` });
  }
  for (const vid of vns) {
    for (const tag of tags) {
      if (rnd() < 0.6) continue;
      const voters = 1 + Math.floor(rnd() * 8);
      const seen = new Set<number>();
      for (let k = 0; k < voters; k++) {
        const u = Math.floor(rnd() * (VOTERS + 1));
        if (seen.has(u)) continue;
        seen.add(u);
        const vote = pick([-3, -2, -1, 1, 2, 2, 3, 3, 3]);
        const spoiler = rnd() < 0.3 ? null : pick([0, 0, 0, 1, 1, 2]);
        const lie = rnd() < 0.7 ? null : rnd() < 0.5;
        push(tables.tags_vn!, {
          date: "2026-01-01",
          tag,
          vid,
          // u === VOTERS: a deleted account (NULL).
          uid: u === VOTERS ? null : `u${FIRST_VOTER + u}`,
          vote,
          spoiler,
          ignore: rnd() < 0.05,
          lie,
          notes: "",
        });
      }
    }
  }

  const chars = sample.character.filter((c) => !c.hidden && c.traits.length === 0).slice(0, RANDOM_CHARS).map((c) => c.id);
  const traits = sample.trait.filter((t) => t.parents.length > 0).filter((_, i) => i % 29 === 0).map((t) => t.id);
  for (const cid of chars) {
    const given = new Set<string>();
    for (let k = 0; k < TRAITS_PER_CHAR; k++) {
      const tid = pick(traits);
      if (given.has(tid)) continue;
      given.add(tid);
      push(tables.chars_traits!, { id: cid, tid, spoil: pick([0, 0, 1, 2]), lie: rnd() < 0.1 });
    }
  }
  // Play-time votes: speeds NULL/0/1/2, some by users without perm_lengthvote (every 5th
  // oracle user) or deleted accounts, on VNs in development too.
  const devCol = tables.vn!.columns.indexOf("devstatus");
  const vnRows = tables.vn!.rows as DumpValue[][];
  const lengthVns = vnRows.slice(0, LENGTH_VNS);
  lengthVns.forEach((r, i) => {
    if (i % 10 === 0) r[devCol] = 1;
  });
  const userRows = tables.users!.rows as DumpValue[][];
  const permCol = tables.users!.columns.indexOf("perm_lengthvote");
  const uidCol = tables.users!.columns.indexOf("id");
  for (const r of userRows) if (/^u5\d{3}$/.test(String(r[uidCol])) && Number(String(r[uidCol]).slice(1)) % 5 === 0) r[permCol] = false;
  for (const r of lengthVns) {
    const n = Math.floor(rnd() * 9);
    const seen = new Set<number>();
    for (let k = 0; k < n; k++) {
      const u = Math.floor(rnd() * (VOTERS + 1));
      if (seen.has(u)) continue;
      seen.add(u);
      push(tables.vn_length_votes!, {
        vid: r[0]!,
        uid: u === VOTERS ? null : `u${FIRST_VOTER + u}`,
        date: "2026-01-01",
        length: 30 + Math.floor(rnd() * 3000),
        speed: rnd() < 0.15 ? null : Math.floor(rnd() * 3),
        rid: [],
        notes: "",
        lang: null,
      });
    }
  }
  return tables;
}

/** The same tables as a dump without vn.c_length / c_lengthnum (the 2024 dump), so derive computes them from the votes. */
export function withoutLengthCache(tables: Record<string, DumpTableData>): Record<string, DumpTableData> {
  const vn = tables.vn!;
  const keep = vn.columns.map((c, i) => (c === "c_length" || c === "c_lengthnum" ? -1 : i)).filter((i) => i >= 0);
  return { ...tables, vn: { columns: keep.map((i) => vn.columns[i]!), rows: (vn.rows as DumpValue[][]).map((r) => keep.map((i) => r[i]!)) } };
}
