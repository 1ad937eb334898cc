// Item 7 of issue 29 through a real SDK client: a gap is said once, where it bites, not once
// per row ("29 of 31 have no age"), a page sorted by a date none of its rows has says so in
// words that stop "the newest is …", a VN's empty languages/platforms are not "none", and a
// count-only query (`results: 0`) answers the total. Expected values come from the catalogue.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

const cat = () => loadCatalogue();
const visibleChars = (vid: string) => cat().character.filter((c) => !c.hidden && c.vns.some((x) => x.vn === vid));

/** A VN with 6-40 characters of which at least 2, but not all, have no age. */
function vnWithSomeAges() {
  const byVn = new Map<string, number>();
  for (const c of cat().character) if (!c.hidden) for (const v of new Set(c.vns.map((x) => x.vn))) byVn.set(v, (byVn.get(v) ?? 0) + 1);
  for (const [vid, n] of [...byVn].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (n < 6 || n > 40) continue;
    const chars = visibleChars(vid);
    const ageless = chars.filter((c) => c.age === null).length;
    if (ageless >= 2 && ageless < chars.length) return { vid, chars, ageless };
  }
  throw new Error("no VN with some ageless characters in the catalogue");
}

describe("gaps said once (issue 29 item 7)", () => {
  for (const mode of ["offline", "online"] as const) {
    describe(mode, () => {
      let server: Emulated;
      beforeAll(async () => {
        server = await startEmulated({ preset: "catalogue", config: { embedded: mode === "offline" } });
      }, 60_000);
      afterAll(async () => server?.close());

      it("an age missing on several characters is one line naming how many, not a line per row", async () => {
        const { vid, chars, ageless } = vnWithSomeAges();
        const r = await server.call("vndb_search_character", { filters: { vn: { id: vid } }, fields: "name,age", results: 50 });
        expect(r.isError, r.text).toBe(false);
        expect(r.text).toContain(` ${ageless} of ${chars.length}`);
        const perRow = r.text.split("\n").filter((l) => /^age: unknown$|^not in the offline sample: age$/.test(l.trim()));
        expect(perRow, r.text).toEqual([]);
        expect((r.text.match(/\bage\b/g) ?? []).length - chars.filter((c) => c.age !== null).length).toBe(1);
      });

      it("a page where only one VN has tags says so once", async () => {
        const c = cat();
        const tagged = c.vn.find((v) => !v.hidden && v.tags.some((t) => t.spoiler === 0 && !t.lie))!;
        const bare = c.vn.filter((v) => !v.hidden && v.tags.length === 0).slice(0, 2);
        const ids = [tagged.id, ...bare.map((v) => v.id)];
        const r = await server.call("vndb_search_vn", { filters: { id: { any: ids } }, fields: "title,tags[limit=2]{name}" });
        expect(r.isError, r.text).toBe(false);
        expect(r.text).not.toMatch(/items none of 0/);
        const sorted = bare.map((v) => v.id).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
        expect(r.text).toContain(`${sorted.join(", ")} tags: none.`);
        if (mode === "offline") expect(r.text).toContain(`Not in the offline sample for 2 of 3: tags (all but ${tagged.id})`);
      });

      it("count-only: results 0 answers the total without rows, and it is the number of matches", async () => {
        const dev = cat().producer.find((p) => p.name === "Key" || p.latin === "Key")!;
        const all = await server.call("vndb_search_vn", { filters: { developer: dev.id }, fields: "title", results: 100 });
        const rows = (all.structured?.results as unknown[]).length;
        expect(all.structured?.more).toBe(false);
        const r = await server.call("vndb_search_vn", { filters: { developer: dev.id }, results: 0 });
        expect(r.isError, r.text).toBe(false);
        expect(r.structured?.count).toBe(rows);
        expect(r.text).toContain(`${rows} visual novels match`);
        expect(r.text).not.toMatch(/No visual novels found|## v/);
      });
    });
  }

  describe("online, test preset", () => {
    let server: Emulated;
    beforeAll(async () => {
      server = await startEmulated();
    }, 60_000);
    afterAll(async () => server?.close());

    it("a count of 0 still says why nothing matches", async () => {
      const used = new Set(cat().vn.flatMap((v) => v.tags.map((t) => t.tag)));
      const tag = cat().tag.find((t) => !t.hidden && t.applicable && t.searchable && !used.has(t.id));
      if (!tag) throw new Error("every tag is used");
      const r = await server.call("vndb_search_vn", { filters: { tag: tag.id }, results: 0 });
      expect(r.isError, r.text).toBe(false);
      expect(r.text).toMatch(/0 visual novels match/);
      expect(r.text).toContain(`${tag.id} `);
      expect(r.text).toMatch(/is on no VN/);
    });

    it("a VN whose releases record no platform reads 'none recorded', not 'none'", async () => {
      const released = new Set(cat().release.flatMap((r) => r.vns.map((x) => x.vn)));
      const vn = cat().vn.find((v) => !v.hidden && !released.has(v.id));
      if (!vn) throw new Error("no VN without releases");
      const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,languages,platforms" });
      expect(r.text).toMatch(/platforms: none recorded on the releases/);
      expect(r.text).not.toMatch(/platforms: none\s*$/m);
    });

    it("a newest-first page where no row has a date says no match has one", async () => {
      const dated = new Set(cat().release.filter((r) => r.released !== 0).flatMap((r) => r.vns.map((x) => x.vn)));
      const undated = (vid: string) => !dated.has(vid);
      const vns = cat().vn.filter((v) => !v.hidden && !v.cReleased && undated(v.id)).slice(0, 3);
      if (vns.length < 3) throw new Error("no undated VNs");
      const r = await server.call("vndb_search_vn", { filters: { id: { any: vns.map((v) => v.id) } }, fields: "title,released", sort: "released", reverse: true });
      expect(r.text).toMatch(/No match has a release date/);
      expect(r.text).not.toMatch(/released: unknown/);
    });
  });
});
