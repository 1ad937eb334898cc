// Eval round 5's extra calls (issue 29, "fewer calls"): where an answer said a value is unknown
// or an entry empty, every player asked the natural next question in a second call. These
// answers now carry that follow-up, from the data at hand, through a real SDK client on the
// offline sample: the newest-added stand-in for an all-undated "newest" sort, the releases'
// dates for a VN without one, the VN's content tags beside releases without an age rating,
// the VN's own languages beside an empty release language filter, a tag's or trait's name in
// descriptions when the sample applies it to nothing, the spoilers a nested-list window
// leaves out, and the platforms and types of a long release page. Expected values come from the emulator's own answers, not from the notes.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { localDataOver } from "../../../src/local/local-data.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

type Row = Record<string, unknown>;

let offline: Emulated;
const catalogue = () => loadCatalogue();
const local = localDataOver("sample", () => ({ vn: catalogue().vn, character: catalogue().character }), () => null);

beforeAll(async () => {
  offline = await startEmulated({ preset: "catalogue", config: { embedded: true }, local });
}, 60_000);
afterAll(async () => offline?.close());

const query = async (endpoint: string, body: Row) => (await offline.api.query(endpoint as never, body as never)).results as Row[];
const dated = (r: Row) => typeof r.released === "string" && /^\d{4}/.test(r.released);

/** A developer of at least `min` VNs, none of which has a date: the sample's Liar-soft. */
async function undatedDeveloper(): Promise<{ id: string; vns: Row[] }> {
  const [p] = await query("producer", { filters: ["search", "=", "Liar-soft"], fields: "id" });
  const vns = await query("vn", { filters: ["developer", "=", ["id", "=", p!.id]], fields: "title,released", sort: "id", reverse: true, results: 100 });
  if (vns.length < 6 || vns.some(dated)) throw new Error("the sample no longer has Liar-soft's VNs all undated: pick another developer");
  return { id: String(p!.id), vns };
}

describe("the follow-up a gap invites, answered in the same call", () => {
  it("an all-undated 'newest first' sort names the most recently added as the stand-in", async () => {
    const { id, vns } = await undatedDeveloper();
    const r = await offline.call("vndb_search_vn", { filters: { developer: id }, fields: "title,released", sort: "released", reverse: true, results: 5 });
    expect(r.isError, r.text).toBe(false);
    // The page itself is VNDB's order (undated last, id ascending)...
    const page = (r.structured!.results as Row[]).map((x) => x.id);
    expect(page).toEqual([...vns].reverse().slice(0, 5).map((v) => v.id));
    // ... and the stand-in is the id-descending order, named as a stand-in.
    const line = r.text.split("\n").find((l) => l.includes("stand-in"))!;
    expect(line, r.text).toMatch(/most recently added to VNDB \(sort "id", reverse\)/);
    const named = [...line.matchAll(/\bv\d+/g)].map((m) => m[0]);
    expect(named).toEqual(vns.slice(0, 5).map((v) => v.id));
    expect((r.structured!.newest_added as Row[]).map((x) => x.id)).toEqual(named);
    // The sort note already says none has a date: no releases' dates line besides.
    const few = await offline.call("vndb_search_vn", { filters: { developer: id }, fields: "title", sort: "released", reverse: true, results: 3 });
    expect(few.text).toMatch(/stand-in/);
    expect(few.text).not.toMatch(/Release dates, where/);
  });

  it("the stand-in is not offered when some match has a date, or for an oldest-first sort", async () => {
    const { id } = await undatedDeveloper();
    const oldest = await offline.call("vndb_search_vn", { filters: { developer: id }, fields: "title,released", sort: "released", results: 5 });
    expect(oldest.text).not.toMatch(/stand-in/);
    const datedPage = await offline.call("vndb_search_vn", { filters: { released: { gte: "2020-01-01" } }, fields: "title,released", sort: "released", reverse: true, results: 5 });
    expect(datedPage.isError, datedPage.text).toBe(false);
    expect(datedPage.text).not.toMatch(/stand-in/);
  });

  it("a VN whose date the sample lacks says what its releases' dates are", async () => {
    // VNs without a date (the catalogue's rows pick them), and for each, its releases as the API answers them.
    const cat = catalogue();
    const releasesOf = new Map<string, { n: number; dated: number }>();
    for (const r of cat.release) {
      if (r.hidden) continue;
      for (const x of r.vns) {
        const c = releasesOf.get(x.vn) ?? { n: 0, dated: 0 };
        releasesOf.set(x.vn, { n: c.n + 1, dated: c.dated + (r.released ? 1 : 0) });
      }
    }
    const undated = cat.vn.filter((v) => !v.hidden && !v.cReleased);
    // The API derives a VN's date from its releases (VNDB's rule: partial releases and trials
    // aside), so an undated VN with dated releases is one whose dated releases do not count.
    const pick = async (test: (c: { n: number; dated: number }) => boolean) => {
      for (const vn of undated.filter((v) => test(releasesOf.get(v.id) ?? { n: 0, dated: 0 }))) {
        const [row] = await query("vn", { filters: ["id", "=", vn.id], fields: "released" });
        if (row!.released === null) return { vn: row!, releases: await query("release", { filters: ["vn", "=", ["id", "=", vn.id]], fields: "released", results: 100 }) };
      }
      throw new Error("the sample needs an undated VN with undated releases and one with dated releases");
    };
    const none = await pick((c) => c.n > 1 && c.n <= 100 && c.dated === 0);
    const some = await pick((c) => c.n <= 100 && c.dated > 0);
    expect(none.releases.some(dated)).toBe(false);
    expect(some.releases.some(dated)).toBe(true);
    const a = await offline.call("vndb_search_vn", { filters: { id: none.vn.id }, fields: "title,released" });
    expect(a.text).toMatch(/Not in the offline sample: released/);
    expect(a.text).toContain(`${String(none.vn.id)}: none of its ${none.releases.length} releases has a date in the sample either`);
    const b = await offline.call("vndb_search_vn", { filters: { id: some.vn.id }, fields: "title,released" });
    const datedOnes = some.releases.filter(dated);
    const earliest = datedOnes.reduce((x, y) => (String(y.released) < String(x.released) ? y : x));
    expect(b.text).toContain(`${String(some.vn.id)}: ${datedOnes.length} of its ${some.releases.length} release`);
    expect(b.text).toContain(`the earliest ${String(earliest.released)} (${String(earliest.id)})`);
    // A search's page of a few VNs reads the releases of its first three undated ones.
    const search = await offline.call("vndb_search_vn", { query: "Maji de Watashi ni Koi Shinasai", fields: "title,released", results: 5 });
    const rows = (search.structured!.results as Row[]).filter((x) => !("released" in x));
    expect(rows.length).toBeGreaterThan(3);
    const line = search.text.split("\n").find((l) => l.startsWith("Release dates, where"))!;
    expect([...line.matchAll(/\bv\d+(?=:)/g)].map((m) => m[0])).toEqual(rows.slice(0, 3).map((x) => String(x.id)));
    // A VN with a date gets no such line.
    const [datedVn] = await query("vn", { filters: ["released", ">=", "2000-01-01"], fields: "title", results: 1 });
    const c = await offline.call("vndb_search_vn", { filters: { id: datedVn!.id }, fields: "title,released" });
    expect(c.text).not.toMatch(/Release dates, where/);
  });

  it("releases without an age rating say whether the VN's content tags are held", async () => {
    // A VN none of whose releases has an age rating, and no tags in the sample.
    const vns = await query("vn", { fields: "tags{id}", sort: "votecount", reverse: true, results: 100 });
    let subject: Row | undefined;
    for (const vn of vns.filter((v) => (v.tags as Row[]).length === 0)) {
      const releases = await query("release", { filters: ["vn", "=", ["id", "=", vn.id]], fields: "minage", results: 100 });
      if (releases.length > 0 && releases.every((x) => x.minage === null)) {
        subject = vn;
        break;
      }
    }
    if (!subject) throw new Error("no popular VN without age ratings and tags in the sample");
    const r = await offline.call("vndb_search_release", { filters: { vn: subject.id }, fields: "title,minage,has_ero", results: 5 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/Not in the offline sample[^\n]*minage/);
    expect(r.text).toContain(`${String(subject.id)}'s content tags are not in the sample either`);
    expect(r.text).toContain(`https://vndb.org/${String(subject.id)}`);
  });

  it("an empty release language filter on one VN answers with the VN's own languages", async () => {
    const [vn] = await query("vn", { filters: ["id", "=", "v7014"], fields: "languages" });
    const langs = vn!.languages as string[];
    expect(langs).toContain("en");
    const r = await offline.call("vndb_search_release", { filters: { vn: "v7014", lang: "en" }, fields: "brief" });
    expect(r.text).toMatch(/No releases found/);
    expect(r.text).toContain(`v7014's own languages, which the sample does hold: ${langs.join(", ")}; English (en) is among them.`);
    // A language the VN does not list is said not to be among them.
    const absent = ["ko", "vi", "th", "id", "uk"].find((l) => !langs.includes(l))!;
    const n = await offline.call("vndb_search_release", { filters: { vn: "v7014", lang: absent }, fields: "brief" });
    expect(n.text).toMatch(new RegExp(`\\(${absent}\\) is not among them`));
  });

  it("a tag or trait on no entry of the sample names its best description matches", async () => {
    for (const [tool, kind, filter, described] of [
      ["vndb_search_vn", "tag", "Fantasy", "vn"],
      ["vndb_search_character", "trait", "Blond", "character"],
    ] as const) {
      const r = await offline.call(tool, { filters: { [kind]: filter }, fields: "brief" });
      expect(r.isError, r.text).toBe(false);
      expect(r.text).toMatch(/is on no (VN|character) here/);
      const { hits } = await local.describe(described, filter, 100);
      expect(hits.length).toBeGreaterThan(0);
      const line = r.text.split("\n").find((l) => l.startsWith("Its name in"))!;
      expect(line, r.text).toContain(`${hits.length} match`);
      expect([...line.matchAll(/\b[vc]\d+/g)].map((m) => m[0])).toEqual(hits.slice(0, 5).map((h) => h.id));
    }
  });

  it("a nested-list window that leaves spoilers out names them", async () => {
    const [vn] = await query("vn", { filters: ["id", "=", "v6540"], fields: "tags{name,rating,spoiler,lie}" });
    const tags = (vn!.tags as Row[]).filter((t) => t.lie !== true).sort((a, b) => Number(b.rating) - Number(a.rating));
    if (tags.length <= 100) throw new Error("v6540 no longer has over 100 tags in the sample");
    const r = await offline.call("vndb_search_vn", { filters: { id: "v6540" }, fields: "title,tags[limit=100]", spoilers: 2 });
    const line = r.text.split("\n").find((l) => l.startsWith("v6540 tags:"))!;
    const past = tags.slice(100).filter((t) => Number(t.spoiler) > 0);
    expect(past.length).toBeGreaterThan(0);
    expect(line).toContain(`the ${past.length} spoilers past this window: ${String(past[0]!.name)} (${String(past[0]!.spoiler)})`);
    // At the default spoiler level nothing past the window is a spoiler shown.
    const r0 = await offline.call("vndb_search_vn", { filters: { id: "v6540" }, fields: "title,tags[limit=20]" });
    expect(r0.text).not.toMatch(/past this window/);
  });

  it("a long release page counts its releases' platforms, shown or cut for size", async () => {
    const rows = await query("release", { filters: ["vn", "=", ["id", "=", "v34"]], fields: "platforms", results: 100 });
    if (rows.length < 40) throw new Error("v34 no longer has a long release list in the sample");
    const counts = new Map<string, number>();
    for (const r of rows) for (const p of r.platforms as string[]) counts.set(p, (counts.get(p) ?? 0) + 1);
    const r = await offline.call("vndb_search_release", { filters: { vn: "v34" }, fields: "platforms,released,vns{rtype}", results: 100 });
    expect(r.isError, r.text).toBe(false);
    expect(r.structured!.platform_counts).toEqual(Object.fromEntries(counts));
    const line = r.text.split("\n").find((l) => l.startsWith("Platforms of"))!;
    expect(line).toContain(`these ${rows.length} releases`);
    for (const [p, n] of counts) expect(line).toContain(`(${p}) ${n}`);
    // A page with more after it says the count is of this page.
    const paged = await offline.call("vndb_search_release", { filters: { vn: "v34" }, fields: "platforms", results: 20 });
    expect(paged.text).toMatch(/^Platforms of the 20 releases of this page: /m);
    // One VN's releases are counted by type, the rarer types' releases named, even when
    // the call did not ask for the type (it is fetched for the count, and not shown).
    const typed = await query("release", { filters: ["vn", "=", ["id", "=", "v21905"]], fields: "vns{rtype}", results: 100 });
    const typeOf = (x: Row) => (x.vns as { id: string; rtype: string }[]).find((v) => v.id === "v21905")!.rtype;
    const trials = typed.filter((x) => typeOf(x) === "trial").map((x) => String(x.id));
    expect(trials.length).toBeGreaterThan(0);
    expect(trials.length).toBeLessThan(typed.length);
    const t = await offline.call("vndb_search_release", { filters: { vn: "v21905" }, fields: "title,platforms", results: 100 });
    expect(t.text).toContain(`trial ${trials.length} (${trials.join(", ")})`);
    expect(t.text).toMatch(new RegExp(`^Types \\(of v21905\\) of these ${typed.length} releases: complete \\d+`, "m"));
    expect(t.structured!.rtype_counts).toMatchObject({ trial: trials.length });
    expect((t.structured!.results as Row[])[0]).not.toHaveProperty("vns");
    // A short page needs no tally.
    const short = await offline.call("vndb_search_release", { filters: { vn: "v34" }, fields: "platforms", results: 5 });
    expect(short.text).not.toMatch(/^Platforms of/m);
  });
});
