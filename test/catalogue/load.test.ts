// The loader: finds the committed data, caches it, rejects malformed rows; and the
// dump-derived columns the build computes (trait `sexual`, tag/trait mapping).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import {
  CHECKED_FILE,
  defaultCatalogueDir,
  loadCatalogue,
  readCatalogueFiles,
  type CheckedManifest,
} from "../../src/emulator/catalogue/load.js";
import { checkedSchemaHash, loadCheckedCatalogue, validateCatalogue } from "../../src/emulator/catalogue/validate.js";

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
    // Passes the check (validateCatalogue throws otherwise), and read without the check the
    // committed data equals its checked form (zod strips nothing).
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
    expect(() => loadCheckedCatalogue(dir)).toThrow(where);
  });
});

describe("a folder's build manifest (checked.json)", () => {
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  /** A copy whose vn.json has a bad devstatus, and a manifest that says `vnHash` for vn.json. */
  function spoiledCopy(schema: string, vnHash: (text: string) => string): string {
    const dir = copyOfData();
    const rows = JSON.parse(readFileSync(join(dir, "vn.json"), "utf8")) as Record<string, unknown>[];
    rows[0].devstatus = 7;
    const text = JSON.stringify(rows);
    writeFileSync(join(dir, "vn.json"), text);
    const manifest = JSON.parse(readFileSync(join(dir, CHECKED_FILE), "utf8")) as CheckedManifest;
    writeFileSync(join(dir, CHECKED_FILE), JSON.stringify({ schema, files: { ...manifest.files, "vn.json": vnHash(text) } }));
    return dir;
  }

  it("is written with the committed data and names every file by its hash, under the current row types", () => {
    const dir = defaultCatalogueDir();
    const manifest = JSON.parse(readFileSync(join(dir, CHECKED_FILE), "utf8")) as CheckedManifest;
    expect(manifest.schema).toBe(checkedSchemaHash());
    expect(manifest.files["vn.json"]).toBe(sha256(readFileSync(join(dir, "vn.json"), "utf8")));
  });

  it("a file whose bytes hash as the build recorded is not validated again (so even a bad row loads)", () => {
    // The manifest vouches for these exact bytes: the loader takes the build's word.
    const dir = spoiledCopy(checkedSchemaHash(), sha256);
    expect(loadCheckedCatalogue(dir).vn[0]!.devstatus).toBe(7);
  });

  it("a changed file, or a manifest made under other row types, is validated", () => {
    expect(() => loadCheckedCatalogue(spoiledCopy(checkedSchemaHash(), () => "0".repeat(64)))).toThrow(/vn\.0\.devstatus/);
    expect(() => loadCheckedCatalogue(spoiledCopy("other row types", sha256))).toThrow(/vn\.0\.devstatus/);
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
