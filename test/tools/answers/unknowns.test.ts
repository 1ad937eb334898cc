// Cause 2 of issue 21 through a real SDK client: an unknown value reads as unknown, never as
// data. Standard views say their key members when empty; in the offline mode, members the
// sample does not hold (docs/catalogue.md) say "not in the offline sample" instead of
// showing a column default (has_ero false, devstatus finished, the VN's language as the
// release's).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

type Row = Record<string, unknown>;

describe("offline mode: the sample's gaps", () => {
  let server: Emulated;
  beforeAll(async () => {
    server = await startEmulated({ preset: "catalogue", config: { embedded: true } });
    // Loading the bundled catalogue takes seconds on a busy machine.
  }, 60_000);
  afterAll(async () => server?.close());

  it("a dump release's age rating, ero flag and languages are not shown as facts", async () => {
    const rows = (await server.api.query("release", { filters: ["released", "=", null], fields: "minage,has_ero,languages{lang}", results: 5 } as never)).results as Row[];
    const row = rows.find((r) => r.minage === null && r.has_ero === false);
    if (!row) throw new Error("no dump release with an unknown age rating in the catalogue");
    const r = await server.call("vndb_search_release", { filters: { id: row.id }, fields: "title,minage,has_ero,languages{lang}" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).not.toMatch(/has_ero: false/);
    expect(r.text).not.toMatch(/languages: ja\b/);
    expect(r.text).toMatch(/not in the offline sample[^\n]*: [^\n]*has_ero/i);
    expect(r.text).toMatch(/not in the offline sample[^\n]*: [^\n]*minage/i);
    expect(r.text).toMatch(/not in the offline sample[^\n]*: [^\n]*languages/i);
    // The answer does not carry members it fetched only to decide (released).
    expect(r.text).not.toMatch(/released/);
  });

  it("a dump release's title is said to be its first VN's; a dated legacy release's own title is not", async () => {
    const dump = (await server.api.query("release", { filters: ["released", "=", null], fields: "title", results: 1 } as never)).results as Row[];
    const legacy = (await server.api.query("release", { filters: ["minage", "=", 18], fields: "title,released", results: 1 } as never)).results as Row[];
    if (!dump.length || !legacy.length || !legacy[0]!.released) throw new Error("the catalogue lacks a dump release or a dated legacy one");
    const note = /a release without a date here carries its first VN's title/;
    const named = await server.call("vndb_search_release", { filters: { id: dump[0]!.id }, fields: "title" });
    expect(named.text).toContain(`${String(dump[0]!.id)} ${String(dump[0]!.title)}`);
    expect(named.text).toMatch(note);
    // Fetched only to decide, the date is not shown.
    expect(named.text).not.toMatch(/released/);
    const own = await server.call("vndb_search_release", { filters: { id: legacy[0]!.id }, fields: "title" });
    expect(own.text).not.toMatch(note);
  });

  it("a legacy release with a recorded age rating keeps its ero flag", async () => {
    const rows = (await server.api.query("release", { filters: ["minage", "=", 18], fields: "minage,has_ero", results: 5 } as never)).results as Row[];
    if (!rows.length) throw new Error("no release with a recorded age rating in the catalogue");
    const r = await server.call("vndb_search_release", { filters: { id: rows[0]!.id }, fields: "title,minage,has_ero" });
    expect(r.text).toMatch(/has_ero: true/);
    expect(r.text).not.toMatch(/not in the offline sample/i);
  });

  it("a VN's development status is not the column default 'finished'", async () => {
    const r = await server.call("vndb_search_vn", { filters: { id: "v17" }, fields: "title,devstatus" });
    expect(r.text).not.toMatch(/devstatus: 0/);
    expect(r.text).toMatch(/not in the offline sample[^\n]*: [^\n]*devstatus/i);
  });

  it("what every row of a page lacks is said once for the page", async () => {
    const r = await server.call("vndb_search_release", { filters: { vn: { id: "v17" } }, results: 10 });
    const rows = (r.structured!.results as Row[]).length;
    expect(rows).toBeGreaterThan(2);
    expect(r.text).toMatch(new RegExp(`^Not in the offline sample \\(for all ${rows} entries\\): [^\\n]*minage`, "m"));
    expect(r.text.match(/not in the offline sample/gi)!.length).toBeLessThan(rows);
  });

  it("sorted by a value the sample lacks, the order note still says where those entries went", async () => {
    const r = await server.call("vndb_search_vn", { sort: "released", results: 5, fields: "title" });
    expect(r.text).toMatch(/have no release date|has a release date/);
  });

  it("an empty answer to a filter on a value the sample lacks says it proves nothing", async () => {
    const r = await server.call("vndb_search_vn", { filters: { devstatus: 1 }, fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/No visual novels found/);
    expect(r.text).toMatch(/offline sample does not hold devstatus[^\n]*does not mean VNDB has none/);
  });

  it("matches of a filter on a value the sample lacks are said to rest on its defaults", async () => {
    const r = await server.call("vndb_search_vn", { filters: { devstatus: 0 }, fields: "brief", results: 2 });
    expect(r.text).toMatch(/offline sample does not hold devstatus[^\n]*rest on its defaults/);
  });

  it("an empty answer to a release language filter says the sample lacks release languages (the VN may still list the language)", async () => {
    // v7014 lists English among its languages; the sample holds no English release of it.
    const vn = await server.call("vndb_search_vn", { filters: { id: "v7014" }, fields: "languages" });
    expect(vn.text).toMatch(/languages: [^\n]*\ben\b/);
    const r = await server.call("vndb_search_release", { filters: { vn: "v7014", lang: "en" }, fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/No releases found/);
    expect(r.text).toMatch(/offline sample does not hold lang \(languages\)[^\n]*does not mean VNDB has none/);
    // ... and what the sample does hold, the VN's own languages, in the same answer (one call, not two).
    expect(r.text).toMatch(/v7014's own languages, which the sample does hold: [^\n]*English \(en\) is among them/);
  });

  it("the standard VN view says the gaps once, in one line", async () => {
    const r = await server.call("vndb_search_vn", { filters: { id: "v17" } });
    expect(r.text.match(/not in the offline sample/gi)?.length).toBe(1);
  });
});

describe("unknown values, online", () => {
  let server: Emulated;
  beforeAll(async () => {
    server = await startEmulated();
  }, 60_000);
  afterAll(async () => server?.close());

  it("the standard VN view says an unknown release date", async () => {
    const rows = (await server.api.query("vn", { filters: ["released", "=", null], fields: "released", results: 1 } as never)).results as Row[];
    const r = await server.call("vndb_search_vn", { filters: { id: rows[0]!.id } });
    expect(r.text).toMatch(/released: unknown/);
  });

  it("a quote without a known speaker says so", async () => {
    const rows = (await server.api.query("quote", { fields: "character{id}", results: 100 } as never)).results as Row[];
    const row = rows.find((q) => q.character === null);
    if (!row) throw new Error("no quote without a character in the catalogue");
    const r = await server.call("vndb_search_quote", { filters: { id: row.id } });
    expect(r.text).toMatch(/character: unknown/);
  });

  it("an unset old length bucket beside known play time is not 'unknown'", async () => {
    const rows = (await server.api.query("vn", { fields: "length,length_minutes", results: 100 } as never)).results as Row[];
    const row = rows.find((v) => v.length === null && typeof v.length_minutes === "number");
    if (!row) throw new Error("no VN with play time but no old length in the catalogue");
    const r = await server.call("vndb_search_vn", { filters: { id: row.id }, fields: "title,length,length_minutes" });
    expect(r.text).not.toMatch(/length: unknown/);
    expect(r.text).toMatch(/length_minutes: \d+ \(about \d+ h\)/);
  });

  it("members nobody asked for stay unsaid", async () => {
    const r = await server.call("vndb_search_vn", { filters: { id: "v17" }, fields: "title" });
    expect(r.text).not.toMatch(/unknown|offline/);
  });
});
