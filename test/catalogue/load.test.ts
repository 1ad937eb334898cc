// The loader: finds the committed data, caches it, rejects malformed rows; and the
// dump-derived columns the build computes (trait `sexual`, tag/trait mapping).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultCatalogueDir, loadCatalogue, readCatalogueFiles, validateCatalogue } from "../../src/emulator/catalogue/load.js";

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function copyOfData(): string {
  const dir = mkdtempSync(join(tmpdir(), "catalogue-load-"));
  temps.push(dir);
  cpSync(defaultCatalogueDir(), dir, { recursive: true });
  return dir;
}

describe("loadCatalogue", () => {
  it("returns the same object on the second call (parsed once)", () => {
    expect(loadCatalogue()).toBe(loadCatalogue());
  });

  it("checks a folder it is given but trusts the committed data, which passes the same check", () => {
    const dir = defaultCatalogueDir();
    expect(() => validateCatalogue(readCatalogueFiles(dir), dir)).not.toThrow();
    // Read without the check, the committed data equals its checked form (zod strips nothing).
    expect(validateCatalogue(readCatalogueFiles(dir), dir)).toEqual(loadCatalogue());
  });

  it("carries the ODbL attribution in meta", () => {
    expect(loadCatalogue().meta.attribution).toBe("Data from VNDB.org, under the Open Database License.");
  });

  it.each([
    ["vn.json", (rows: Record<string, unknown>[]) => (rows[0].devstatus = 7), /vn\.0\.devstatus/],
    ["release.json", (rows: Record<string, unknown>[]) => (rows[0].id = "v1"), /release\.0\.id/],
    ["labels.json", (rows: Record<string, unknown>[]) => delete rows[0].private, /labels\.0\.private/],
  ])("names the bad value when %s is malformed", (file, spoil, where) => {
    const dir = copyOfData();
    const rows = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>[];
    spoil(rows);
    writeFileSync(join(dir, file), JSON.stringify(rows));
    expect(() => loadCatalogue(dir)).toThrow(where);
  });
});

describe("dump-derived columns", () => {
  const cat = loadCatalogue();
  const trait = (id: string) => cat.trait.find((t) => t.id === id)!;

  it.each([
    ["i43", true, "the group Engages in (Sexual)"],
    ["i1625", true, "the group Subject of (Sexual)"],
    ["i592", true, "Masturbation, under Engages in (Sexual)"],
    ["i8", false, "Pink, under Hair"],
    ["i1", false, "the group Hair"],
  ])("trait %s sexual = %s (%s)", (id, sexual) => {
    expect(trait(id).sexual).toBe(sexual);
  });

  it("keeps the whole tags and traits dumps", () => {
    // Counts from SOURCES.md §1.
    expect(cat.tag).toHaveLength(2945);
    expect(cat.trait).toHaveLength(3115);
  });

  it("prefixes tag ids and parents and keeps the category", () => {
    const adv = cat.tag.find((t) => t.id === "g32")!;
    expect(adv).toMatchObject({ name: "ADV", category: "tech", parents: ["g479"] });
  });
});
