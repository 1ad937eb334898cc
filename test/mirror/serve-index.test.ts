// A mirror build's serve index (emulator/catalogue/serve-index.ts): written by `mirror build`
// so that the --mirror worker starts without parsing the heavy columns or computing the VN
// caches and labels. It must be exactly what the engine computes from the catalogue, be used
// only while the catalogue's files are the ones it was computed from, read a heavy column
// only when something reads it, and answer every query as the catalogue read whole does.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { QUERIES } from "../../bench/emulator-queries.js";
import { CATALOGUE_FILES, defaultCatalogueDir, lazyCatalogue } from "../../src/emulator/catalogue/load.js";
import { readServeIndex, SERVE_INDEX_DIR, SPLIT_COLUMNS, writeServeIndex } from "../../src/emulator/catalogue/serve-index.js";
import { createDatabase, rdateOf } from "../../src/emulator/database.js";
import { computeLabels } from "../../src/emulator/engine/search.js";
import { answerInProcess } from "../../src/emulator/http/in-process.js";
import { createEmulatorApi } from "../../src/emulator/index.js";

const TODAY = rdateOf(new Date());
/** Reading and computing the sample several times over takes a while on a busy machine (no timing is asserted). */
const SLOW = 300_000;
const dir = mkdtempSync(join(tmpdir(), "vndb-serve-index-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
cpSync(defaultCatalogueDir(), dir, { recursive: true });
writeServeIndex(dir, TODAY);

/** Is the catalogue's table still unread (its getter not yet replaced by the rows)? */
const unread = (c: object, table: string) => Object.getOwnPropertyDescriptor(c, table)?.get !== undefined;
/** Is a row's column still unread (no own value yet: the prototype's getter would read it)? */
const columnUnread = (row: object, column: string) => !Object.hasOwn(row, column);

/** Every token-free query of the emulator bench's mix, and a few that read each heavy column. */
const MIX = [
  // (The random quote is drawn at random: it cannot answer the same twice.)
  ...QUERIES.filter((q) => !q.token && q.endpoint !== "ulist" && q.name !== "quote random").map((q) => ({ path: `/${q.endpoint}`, body: q.body })),
  { path: "/vn", body: { filters: ["id", "=", "v17"], fields: "description, tags.rating, tags.spoiler, tags.name, staff.name, staff.role, va.character.name, va.staff.name" } },
  { path: "/vn", body: { filters: ["dtag", "=", "g147"], fields: "title, tags.rating", sort: "rating", reverse: true, results: 50 } },
  { path: "/character", body: { filters: ["dtrait", "=", "i197"], fields: "name, description, traits.name, traits.spoiler", results: 50 } },
  { path: "/character", body: { filters: ["search", "=", "ai"], fields: "name, description, vns.title", sort: "searchrank", results: 20 } },
  { path: "/vn", body: { filters: ["search", "=", "love"], fields: "title, released, languages, platforms, developers.name", sort: "searchrank", results: 30 } },
];

function answers(api: ReturnType<typeof createEmulatorApi>): string[] {
  return MIX.map(({ path, body }) => {
    const r = answerInProcess({ method: "POST", path, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }, api.context);
    return `${r.status} ${r.text}`;
  });
}

describe("a mirror build's serve index", () => {
  it("is written beside the catalogue, and read while it holds", () => {
    expect(existsSync(join(dir, SERVE_INDEX_DIR, "index.json"))).toBe(true);
    expect(readServeIndex(dir)).not.toBeNull();
  }, SLOW);

  it("gives the VN caches and labels the engine computes from the same data, entry for entry", () => {
    const index = readServeIndex(dir)!;
    const given = index.prebuilt(TODAY);
    expect(given).not.toBeNull();
    const db = createDatabase(lazyCatalogue(dir), { today: TODAY });
    expect([...given!.vnCache.entries()]).toEqual([...db.vnCache.entries()]);
    expect([...given!.vnLabels.entries()]).toEqual([...computeLabels(db, "vn").entries()]);
    // Not vacuous: releases fill the caches, aliases and release titles are labels.
    expect([...given!.vnCache.values()].filter((c) => c.releases.length > 0 && c.developers.length > 0).length).toBeGreaterThan(500);
    expect(new Set([...given!.vnLabels.values()].flat().map((l) => l.prio))).toEqual(new Set([1, 2, 3]));
  }, SLOW);

  it("keeps the heavy columns unread until something reads one, then the rows equal the catalogue's", () => {
    const index = readServeIndex(dir)!;
    const whole = lazyCatalogue(dir);
    const rows = index.catalogue.vn;
    expect(rows.length).toBe(whole.vn.length);
    for (const column of SPLIT_COLUMNS.vn) expect(columnUnread(rows[0]!, column)).toBe(true);
    // A read of one column on one row reads that column for every row, and only it.
    expect(rows[5]!.tags).toEqual(whole.vn[5]!.tags);
    expect(rows.every((r) => !columnUnread(r, "tags"))).toBe(true);
    expect(columnUnread(rows[0]!, "description")).toBe(true);
    expect(unread(index.catalogue, "character")).toBe(true);
    while (index.loadNextColumn());
    expect(rows.map((r) => ({ ...r }))).toEqual(whole.vn.map((r) => ({ ...r })));
    expect(index.catalogue.character.map((r) => ({ ...r }))).toEqual(whole.character.map((r) => ({ ...r })));
    expect(index.catalogue.character.some((c) => c.traits.length > 0 && c.description)).toBe(true);
  }, SLOW);

  it("answers the query mix exactly as the catalogue read whole does", () => {
    const index = readServeIndex(dir)!;
    const withIndex = createEmulatorApi({ preset: "catalogue", catalogue: index.catalogue, prebuilt: index.prebuilt, lazy: true });
    const without = createEmulatorApi({ preset: "catalogue", catalogue: lazyCatalogue(dir), lazy: true });
    const a = answers(withIndex);
    const b = answers(without);
    expect(a).toEqual(b);
    // Not vacuous: the queries found rows, and the heavy columns were projected.
    expect(a.filter((x) => x.startsWith("200 ") && !x.includes('"results":[]')).length).toBeGreaterThan(MIX.length - 4);
    expect(a.some((x) => x.includes('"description":"') && x.includes('"va":[{'))).toBe(true);
  }, SLOW);

  it("is ignored once a file it was computed from changes, or when it is incomplete or of another format", () => {
    const stale = mkdtempSync(join(tmpdir(), "vndb-serve-index-stale-"));
    try {
      cpSync(dir, stale, { recursive: true, preserveTimestamps: true });
      expect(readServeIndex(stale)).not.toBeNull();
      // The same bytes written again: another modification time.
      const vn = join(stale, CATALOGUE_FILES.vn);
      writeFileSync(vn, readFileSync(vn));
      utimesSync(vn, new Date(), new Date(Date.now() + 5_000));
      expect(readServeIndex(stale)).toBeNull();
      writeServeIndex(stale, TODAY);
      expect(readServeIndex(stale)).not.toBeNull();
      // Other bytes of the same size, at the same time (a row edited in place).
      const release = join(stale, CATALOGUE_FILES.release);
      const { mtime } = statSync(release);
      const text = readFileSync(release, "utf8");
      const edited = text.replace(/"id":"r(\d)/, (_, d: string) => `"id":"r${d === "9" ? "8" : "9"}`);
      expect(edited).not.toBe(text);
      writeFileSync(release, edited);
      utimesSync(release, mtime, mtime);
      expect(readServeIndex(stale)).toBeNull();
      writeServeIndex(stale, TODAY);
      expect(readServeIndex(stale)).not.toBeNull();
      // An unreadable caches file: the database computes them instead (no failure).
      writeFileSync(join(stale, SERVE_INDEX_DIR, "vn-prebuilt.json"), "{");
      expect(readServeIndex(stale)!.prebuilt(TODAY)).toBeNull();
      writeServeIndex(stale, TODAY);
      expect(readServeIndex(stale)!.prebuilt(TODAY)).not.toBeNull();
      // A column file missing.
      rmSync(join(stale, SERVE_INDEX_DIR, "vn-tags.json"));
      expect(readServeIndex(stale)).toBeNull();
      writeServeIndex(stale, TODAY);
      // Another format.
      const manifest = join(stale, SERVE_INDEX_DIR, "index.json");
      writeFileSync(manifest, readFileSync(manifest, "utf8").replace('"format": 1', '"format": 99'));
      expect(readServeIndex(stale)).toBeNull();
      // No manifest at all (a build cut short while writing it).
      rmSync(manifest);
      expect(readServeIndex(stale)).toBeNull();
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  }, SLOW);
});
