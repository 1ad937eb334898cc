// derive (and the engine's inheritance at load) against VNDB's own SQL run on PostgreSQL 15
// over the same tables: the vectors scripts/mirror/pg-oracle.ts recorded (regenerate them
// with `npx tsx scripts/mirror/pg-oracle.ts`; this test needs no PostgreSQL).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, afterAll } from "vitest";
import { createDatabase, idNum, type Database } from "../../../src/emulator/database.js";
import type { Catalogue } from "../../../src/emulator/catalogue/types.js";
import { cleanup, run } from "./harness.js";
import { oracleTables, withoutLengthCache } from "./oracle-dataset.js";

interface Vectors {
  today: number;
  tagsVnDirect: { tag: string; vid: string; rating: string; spoiler: number; lie: boolean }[];
  tagsVnInherit: { tag: string; vid: string; rating: string; spoiler: number; lie: boolean }[];
  traitsChars: { tid: string; cid: string; spoil: number; lie: boolean }[];
  lengthCache: { id: string; c_length: number | null; c_lengthnum: number }[];
  vnCache: { id: string; c_released: number; c_languages: string[]; c_platforms: string[]; c_developers: string[] }[];
}

const vectors = JSON.parse(readFileSync(new URL("../vectors/pg-oracle.json", import.meta.url), "utf8")) as Vectors;
let catalogue: Catalogue;
let db: Database;

beforeAll(async () => {
  ({ catalogue } = await run(oracleTables(vectors.today), { today: vectors.today }));
  db = createDatabase(catalogue);
}, 120_000);
afterAll(cleanup);

describe("VNDB's SQL on PostgreSQL vs derive", { timeout: 120_000 }, () => {
  it("the vectors are not trivial", () => {
    expect(vectors.tagsVnDirect.length).toBeGreaterThan(500);
    expect(vectors.tagsVnInherit.length).toBeGreaterThan(vectors.tagsVnDirect.length);
    expect(vectors.traitsChars.length).toBeGreaterThan(100);
    expect(new Set(vectors.tagsVnDirect.map((r) => r.spoiler))).toEqual(new Set([0, 1, 2]));
    expect(vectors.tagsVnDirect.some((r) => r.lie)).toBe(true);
  });

  it("tag_vn_calc → tags_vn_direct: the same rows, ratings to the float4 digit", () => {
    const got = catalogue.vn.flatMap((v) => v.tags.map((t) => ({ tag: t.tag, vid: v.id, rating: t.rating, spoiler: t.spoiler, lie: t.lie })));
    const want = vectors.tagsVnDirect.map((r) => ({ ...r, rating: Number(r.rating) }));
    const key = (r: { vid: string; tag: string }) => `${r.vid} ${r.tag}`;
    expect(new Map(got.map((r) => [key(r), r]))).toEqual(new Map(want.map((r) => [key(r), r])));
  });

  it("tags_vn_inherit (the engine's inheritTags at load): same tags, spoiler and lie; rating as float4", () => {
    const got = new Map<string, { rating: number; spoiler: number; lie: boolean }>();
    for (const [vid, tags] of db.inheritedTags) for (const [tag, t] of tags) got.set(`${vid} ${tag}`, { rating: Math.fround(t.rating), spoiler: t.spoiler, lie: t.lie });
    const want = new Map(vectors.tagsVnInherit.map((r) => [`${r.vid} ${r.tag}`, { rating: Math.fround(Number(r.rating)), spoiler: r.spoiler, lie: r.lie }]));
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    for (const [k, w] of want) {
      const g = got.get(k)!;
      expect({ k, spoiler: g.spoiler, lie: g.lie }).toEqual({ k, spoiler: w.spoiler, lie: w.lie });
      // AVG(real) in PostgreSQL vs a double mean: equal once rounded to float4, or one float4 step apart.
      expect(Math.abs(g.rating - w.rating)).toBeLessThanOrEqual(Math.abs(w.rating) * 2 ** -23);
    }
  });

  it("traits_chars_calc (the engine's character cache): same traits, spoiler and lie", () => {
    const got = new Map<string, { spoil: number; lie: boolean }>();
    for (const c of catalogue.character) {
      for (const [tid, t] of db.charCache.get(c.id)!.inheritedTraits) got.set(`${c.id} ${tid}`, { spoil: t.spoiler, lie: t.lie });
    }
    const want = new Map(vectors.traitsChars.map((r) => [`${r.cid} ${r.tid}`, { spoil: r.spoil, lie: r.lie }]));
    expect(got).toEqual(want);
  });

  it("update_vncache: c_released, c_languages and c_platforms in the enum's order; developers as the engine computes them", () => {
    const byId = new Map(catalogue.vn.map((v) => [v.id, v]));
    expect(catalogue.vn.length).toBe(vectors.vnCache.length);
    for (const w of vectors.vnCache) {
      const v = byId.get(w.id)!;
      expect({ id: w.id, released: v.cReleased, languages: v.cLanguages, platforms: v.cPlatforms }).toEqual({ id: w.id, released: w.c_released, languages: w.c_languages, platforms: w.c_platforms });
      const devs = [...w.c_developers].sort((a, b) => idNum(a) - idNum(b));
      expect({ id: w.id, developers: db.vnCache.get(w.id)!.developers }).toEqual({ id: w.id, developers: devs });
    }
  });

  it("update_vn_length_cache, for a dump without c_length: the same median and count per VN", async () => {
    expect(vectors.lengthCache.filter((r) => r.c_lengthnum > 0).length).toBeGreaterThan(30);
    const { catalogue: old } = await run(withoutLengthCache(oracleTables(vectors.today)), { today: vectors.today });
    const want = new Map(vectors.lengthCache.filter((r) => r.c_lengthnum > 0).map((r) => [r.id, { minutes: r.c_length, votes: r.c_lengthnum }]));
    const got = new Map(old.vn.filter((v) => v.cLengthVotes !== undefined).map((v) => [v.id, { minutes: v.cLengthMinutes ?? null, votes: v.cLengthVotes }]));
    expect(got).toEqual(want);
  }, 120_000);
});
