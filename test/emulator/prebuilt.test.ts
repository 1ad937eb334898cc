// What a package ships computed once for a first VN search (catalogue/prebuilt.ts): written
// by the package build beside its copy of the data, it must be exactly what the engine
// computes from that data, be used only for that data and on the days it holds for, and
// spare the first search the releases.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shipPrebuilt } from "../../scripts/catalogue/write-prebuilt.js";
import { defaultCatalogueDir, lazyCatalogue, loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { PREBUILT_FILE, readPrebuilt } from "../../src/emulator/catalogue/prebuilt.js";
import { createDatabase } from "../../src/emulator/database.js";
import { executeQuery } from "../../src/emulator/engine/execute.js";
import { computeLabels, useLabels } from "../../src/emulator/engine/search.js";
import { clock, request } from "./engine/fixture.js";

const TODAY = 20261125;
const copy = mkdtempSync(join(tmpdir(), "vndb-prebuilt-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));
cpSync(defaultCatalogueDir(), copy, { recursive: true });
const path = join(copy, PREBUILT_FILE);

type Db = ReturnType<typeof createDatabase>;
const vnQuery = (db: Db, filters: readonly unknown[], fields: Record<string, true>) => {
  const out = executeQuery(db, request("vn", { filters: filters as never, fields, results: 100, sort: "searchrank" }), null, clock);
  if (!out.ok) throw new Error(`query ${JSON.stringify(filters)} failed`);
  return out.body.results as Record<string, unknown>[];
};
/** Is the catalogue's table still unread (its getter not yet replaced by the rows)? */
const unread = (c: object, table: string) => Object.getOwnPropertyDescriptor(c, table)?.get !== undefined;

describe("prebuilt data for a first VN search", () => {
  it("is what the engine computes from the same data, entry for entry", () => {
    shipPrebuilt(copy, TODAY);
    const shipped = readPrebuilt(copy, TODAY);
    const db = createDatabase(loadCatalogue(), { today: TODAY });
    expect(shipped).not.toBeNull();
    expect([...shipped!.vnLabels.entries()]).toEqual([...computeLabels(db, "vn").entries()]);
    expect([...shipped!.vnCache.entries()]).toEqual([...db.vnCache.entries()]);
    // Not vacuous: release titles and aliases are labels, releases fill the caches.
    const labels = [...shipped!.vnLabels.values()].flat();
    expect(labels.some((l) => l.prio === 1) && labels.some((l) => l.prio === 2)).toBe(true);
    expect(shipped!.vnCache.size).toBe(loadCatalogue().vn.length);
    expect([...shipped!.vnCache.values()].filter((c) => c.platforms.length > 0 && c.developers.length > 0).length).toBeGreaterThan(500);
  });

  it("holds only between the release dates around the day it was computed", () => {
    shipPrebuilt(copy, TODAY);
    const { validFrom, validBefore } = JSON.parse(readFileSync(path, "utf8")) as { validFrom: number | null; validBefore: number | null };
    const dates = loadCatalogue().release.map((r) => r.released).filter((d) => d !== 0);
    // The catalogue has dated releases on both sides of the day (else the bounds are vacuous).
    expect(validFrom).toBe(Math.max(...dates.filter((d) => d <= TODAY)));
    expect(validBefore).toBe(Math.min(...dates.filter((d) => d > TODAY)));
    expect(readPrebuilt(copy, validFrom!)).not.toBeNull();
    expect(readPrebuilt(copy, validFrom! - 1)).toBeNull();
    expect(readPrebuilt(copy, validBefore! - 1)).not.toBeNull();
    expect(readPrebuilt(copy, validBefore!)).toBeNull();
  });

  it("is not used for data other than that it was computed from", () => {
    shipPrebuilt(copy, TODAY);
    const file = JSON.parse(readFileSync(path, "utf8")) as { from: Record<string, string> };
    for (const source of ["vn.json", "release.json", "release-lists.json"]) {
      writeFileSync(path, JSON.stringify({ ...file, from: { ...file.from, [source]: "0".repeat(64) } }));
      expect(readPrebuilt(copy, TODAY), source).toBeNull();
    }
    rmSync(path);
    expect(readPrebuilt(copy, TODAY)).toBeNull();
  });

  it("given to a database, a first VN search uses it and reads no release", () => {
    shipPrebuilt(copy, TODAY);
    const given = readPrebuilt(copy, TODAY)!;
    const catalogue = lazyCatalogue(copy);
    const db = createDatabase(catalogue, { today: TODAY, vnCache: given.vnCache });
    useLabels(db, "vn", given.vnLabels);
    const fields = { title: true, released: true, languages: true, platforms: true, rating: true, length_minutes: true } as const;
    const found = vnQuery(db, ["search", "=", "ever17"], fields);
    expect(found.map((r) => r.id)).toContain("v17");
    expect(unread(catalogue, "release")).toBe(true);
    // The same answer as computing everything.
    expect(found).toEqual(vnQuery(createDatabase(loadCatalogue(), { today: TODAY }), ["search", "=", "ever17"], fields));
  });

  it("given labels, searches use them instead of computing their own", () => {
    const db = createDatabase(loadCatalogue(), { today: TODAY });
    useLabels(db, "vn", new Map([["v17", [{ label: "labelgivenbythebuild", prio: 3 }]]]));
    expect(vnQuery(db, ["search", "=", "labelgivenbythebuild"], { title: true }).map((r) => r.id)).toEqual(["v17"]);
    expect(vnQuery(db, ["search", "=", "ever17"], { title: true })).toEqual([]);
  });
});
