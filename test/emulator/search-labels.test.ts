// The VN search labels a package ships (catalogue/search-labels.ts): written by the package
// build beside its copy of the data, they must be exactly what the engine computes from that
// data, be used only for the data they were computed from, and spare the first search the work.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shipSearchLabels } from "../../scripts/catalogue/write-search-labels.js";
import { defaultCatalogueDir, loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { readSearchLabels, SEARCH_LABELS_FILE } from "../../src/emulator/catalogue/search-labels.js";
import { createDatabase } from "../../src/emulator/database.js";
import { executeQuery } from "../../src/emulator/engine/execute.js";
import { computeLabels, useLabels } from "../../src/emulator/engine/search.js";
import { clock, request } from "./engine/fixture.js";

const copy = mkdtempSync(join(tmpdir(), "vndb-labels-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));
cpSync(defaultCatalogueDir(), copy, { recursive: true });

const searchIds = (db: ReturnType<typeof createDatabase>, text: string) => {
  const out = executeQuery(db, request("vn", { filters: ["search", "=", text], fields: { title: true }, results: 100 }), null, clock);
  if (!out.ok) throw new Error(`search ${text} failed`);
  return (out.body.results as { id: string }[]).map((r) => r.id);
};

describe("prebuilt VN search labels", () => {
  it("are what the engine computes from the same data, entry for entry", () => {
    shipSearchLabels(copy);
    const shipped = readSearchLabels(copy);
    const computed = computeLabels(createDatabase(loadCatalogue()), "vn");
    expect(shipped).not.toBeNull();
    expect([...shipped!.entries()]).toEqual([...computed.entries()]);
    // Not vacuous: release titles and aliases are in there, not only main titles.
    expect(computed.size).toBe(loadCatalogue().vn.length);
    expect([...computed.values()].flat().some((l) => l.prio === 1)).toBe(true);
    expect([...computed.values()].flat().some((l) => l.prio === 2)).toBe(true);
  });

  it("are not used for data other than that they were computed from", () => {
    shipSearchLabels(copy);
    const path = join(copy, SEARCH_LABELS_FILE);
    const file = JSON.parse(readFileSync(path, "utf8")) as { from: Record<string, string> };
    writeFileSync(path, JSON.stringify({ ...file, from: { ...file.from, "release.json": "0".repeat(64) } }));
    expect(readSearchLabels(copy)).toBeNull();
    rmSync(path);
    expect(readSearchLabels(copy)).toBeNull();
  });

  it("given to a database, its searches use them instead of computing labels", () => {
    const db = createDatabase(loadCatalogue(), { today: 20261125 });
    expect(searchIds(db, "ever17")).toContain("v17");
    const given = createDatabase(loadCatalogue(), { today: 20261125 });
    useLabels(given, "vn", new Map([["v17", [{ label: "labelgivenbythebuild", prio: 3 }]]]));
    expect(searchIds(given, "labelgivenbythebuild")).toEqual(["v17"]);
    expect(searchIds(given, "ever17")).toEqual([]);
  });
});
