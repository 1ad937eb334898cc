// The benchmark's synthetic catalogue: deterministic per seed, every scaled table scaled
// by the factor, and as consistent as the bundled one (no dangling reference, unique ids
// within the vndbid range, the loader's row checks pass).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FIXED_TABLES, SCALED_TABLES, SYNTHETIC_ID_BASE, syntheticCatalogue } from "../../bench/synthetic-catalogue.js";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { loadCheckedCatalogue } from "../../src/emulator/catalogue/validate.js";
import type { Catalogue } from "../../src/emulator/catalogue/types.js";
import { createDatabase } from "../../src/emulator/database.js";
import { executeQuery } from "../../src/emulator/engine/execute.js";
import { MAX_VNDBID_NUMBER } from "../../src/kana/filters.js";
import { validateQuery } from "../../src/kana/validate-query.js";
import { writeCatalogue } from "../../scripts/catalogue/write.js";

const base = loadCatalogue();
const FACTOR = 4;
const synth = syntheticCatalogue(base, { factor: FACTOR, seed: 7 });

/** Every id a row points at that names no row (hidden rows count as rows). */
function dangling(c: Catalogue): string[] {
  const ids = new Set<string>([
    ...[c.images, c.vn, c.release, c.producer, c.character, c.staff, c.tag, c.trait, c.quote, c.users].flatMap((rows) => rows.map((r) => r.id)),
    ...c.staff.flatMap((s) => s.aliases.map((a) => `aid${a.aid}`)),
  ]);
  const out: string[] = [];
  const ref = (from: string, to: string | null) => {
    if (to !== null && !ids.has(to)) out.push(`${from} → ${to}`);
  };
  for (const v of c.vn) {
    ref(v.id, v.image);
    for (const s of v.screenshots) (ref(v.id, s.image), ref(v.id, s.release));
    for (const r of v.relations) ref(v.id, r.vn);
    for (const t of v.tags) ref(v.id, t.tag);
    for (const s of v.staff) ref(v.id, `aid${s.aid}`);
    for (const a of v.va) (ref(v.id, `aid${a.aid}`), ref(v.id, a.character));
  }
  for (const r of c.release) {
    for (const v of r.vns) ref(r.id, v.vn);
    for (const p of r.producers) ref(r.id, p.producer);
    for (const i of r.images) (ref(r.id, i.image), ref(r.id, i.vn));
  }
  for (const p of c.producer) for (const r of p.relations ?? []) ref(p.id, r.producer);
  for (const ch of c.character) {
    ref(ch.id, ch.image);
    for (const v of ch.vns) (ref(ch.id, v.vn), ref(ch.id, v.release));
    for (const t of ch.traits) ref(ch.id, t.trait);
  }
  for (const s of c.staff) ref(s.id, `aid${s.mainAid}`);
  for (const q of c.quote) (ref(q.id, q.vn), ref(q.id, q.character));
  for (const e of c.ulist) (ref(`ulist ${e.uid}`, e.uid), ref(`ulist ${e.uid}`, e.vid));
  for (const e of c.rlist) (ref(`rlist ${e.uid}`, e.uid), ref(`rlist ${e.uid}`, e.rid));
  for (const e of c.lengthVotes) (ref(`lengthvote ${e.uid}`, e.uid), ref(`lengthvote ${e.uid}`, e.vid));
  return out;
}

// Building three copies of the catalogue takes tens of seconds on a loaded 2-core machine: the
// generous timeout only keeps a slow run from being reported as a failure.
describe("syntheticCatalogue", { timeout: 180_000 }, () => {
  it("is deterministic: the same seed gives the same catalogue, another seed a different one", () => {
    expect(syntheticCatalogue(base, { factor: FACTOR, seed: 7 })).toEqual(synth);
    const other = syntheticCatalogue(base, { factor: FACTOR, seed: 8 });
    expect(other.vn.length).toBe(synth.vn.length);
    expect(other.vn).not.toEqual(synth.vn);
  });

  it("leaves the base untouched and keeps it as copy 0", () => {
    const before = JSON.stringify(base.vn);
    syntheticCatalogue(base, { factor: 2 });
    expect(JSON.stringify(base.vn)).toBe(before);
    expect(synth.vn.slice(0, base.vn.length)).toEqual(base.vn);
  });

  it.each([1, 3, FACTOR])("scales every scaled table by the factor (%i) and keeps the fixed ones", (factor) => {
    const c = factor === FACTOR ? synth : syntheticCatalogue(base, { factor });
    for (const table of SCALED_TABLES) expect(c[table].length, table).toBe(base[table].length * factor);
    for (const table of FIXED_TABLES) expect(c[table].length, table).toBe(base[table].length);
    const aliases = (x: Catalogue) => x.staff.reduce((n, s) => n + s.aliases.length, 0);
    expect(aliases(c)).toBe(aliases(base) * factor);
  });

  it("has no dangling reference, as the base has none (and the check catches one)", () => {
    expect(dangling(base)).toEqual([]);
    expect(dangling(synth)).toEqual([]);
    const release = synth.release.at(-1)!;
    const target = release.vns[0]!.vn;
    const broken = { ...synth, vn: synth.vn.filter((v) => v.id !== target) };
    expect(dangling(broken)).toContain(`${release.id} → ${target}`);
  });

  it("points each clone at clones of the same copy, never back at the base", () => {
    const baseIds = new Set(base.vn.map((v) => v.id));
    const clones = synth.release.slice(base.release.length);
    for (const r of clones) for (const v of r.vns) expect(baseIds.has(v.vn), `${r.id} → ${v.vn}`).toBe(false);
    const cloneVns = synth.vn.slice(base.vn.length);
    for (const v of cloneVns) for (const rel of v.relations) expect(baseIds.has(rel.vn), `${v.id} → ${rel.vn}`).toBe(false);
  });

  it("gives clones new unique ids from SYNTHETIC_ID_BASE within the vndbid range", () => {
    for (const rows of [synth.images, synth.vn, synth.release, synth.producer, synth.character, synth.staff, synth.quote]) {
      const ids = rows.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids.slice(ids.length / FACTOR)) {
        const n = Number(/[0-9]+$/.exec(id)![0]);
        expect(n).toBeGreaterThanOrEqual(SYNTHETIC_ID_BASE);
        expect(n).toBeLessThanOrEqual(MAX_VNDBID_NUMBER);
      }
    }
    const aids = synth.staff.flatMap((s) => s.aliases.map((a) => a.aid));
    expect(new Set(aids).size).toBe(aids.length);
    for (const key of [(e: { uid: string; vid: string }) => `${e.uid}/${e.vid}`]) {
      const keys = synth.ulist.map(key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it("keeps the list invariants: Voted (7) exactly on voted entries, length votes equal per-user votes", () => {
    for (const e of synth.ulist) expect(e.labels.includes(7), `${e.uid} ${e.vid}`).toBe(e.vote !== null);
    const perVn = new Map<string, number[]>();
    for (const e of synth.lengthVotes) perVn.set(e.vid, [...(perVn.get(e.vid) ?? []), e.minutes]);
    for (const v of synth.vn) expect([...v.lengthVotes].sort(), v.id).toEqual((perVn.get(v.id) ?? []).sort());
  });

  describe("round trip through the loader", () => {
    const dir = mkdtempSync(join(tmpdir(), "synthetic-catalogue-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("passes the loader's row checks", () => {
      writeCatalogue(syntheticCatalogue(base, { factor: 2, seed: 7 }), dir);
      expect(loadCheckedCatalogue(dir).vn.length).toBe(base.vn.length * 2);
    });
  });

  it("is queryable: a clone of a bundled VN is found by its new id and title", () => {
    const db = createDatabase(synth);
    const clone = synth.vn.slice(base.vn.length).find((v) => !v.hidden)!;
    const body = JSON.stringify({ filters: ["id", "=", clone.id], fields: "title" });
    const v = validateQuery({ endpoint: "vn", contentType: "application/json", body, session: null });
    if (!v.ok) throw new Error(v.failure.message);
    const out = executeQuery(db, v.value, null, { now: () => new Date("2024-01-01T00:00:00Z") });
    if (!out.ok) throw new Error(out.failure.message);
    const results = out.body.results as { id: string; title: string }[];
    expect(results.map((r) => r.id)).toEqual([clone.id]);
    expect(clone.titles.flatMap((t) => [t.title, t.latin])).toContain(results[0]!.title);
  });
});
