// The dataset VNDB's own SQL is run over (scripts/mirror/pg-oracle.ts) and derive is
// compared with (pg-oracle.test.ts): the sample dump (test/helpers/sample-dump.ts) plus
// seeded pseudo-random raw tag votes and character traits, to exercise tag_vn_calc,
// tags_vn_inherit and traits_chars_calc well beyond the hand-made cases. Deterministic: the
// same seed always gives the same rows, so the recorded vectors stay valid.
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import type { DumpTableData, DumpValue } from "../../helpers/dump-writer.js";
import { sampleDump } from "../../helpers/sample-dump.js";

export const ORACLE_SEED = 28;
/** VNs and tags given random votes, and voters (one in VOTERS_WITHOUT_RIGHTS lacks perm_tag). */
const RANDOM_VNS = 60;
const RANDOM_TAGS = 40;
const VOTERS = 25;
const FIRST_VOTER = 5000;
const RANDOM_CHARS = 40;
const TRAITS_PER_CHAR = 6;

/** mulberry32: a small seeded generator (public-domain algorithm). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
  return tables;
}
