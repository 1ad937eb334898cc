// The build is deterministic and the committed data is what the build produces.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue } from "../../scripts/catalogue/assemble.js";
import { checkSourceDir, DEFAULT_SOURCE_DIR, SourceMissingError } from "../../scripts/catalogue/sources.js";
import { diffCatalogue, renderCatalogue, writeCatalogue } from "../../scripts/catalogue/write.js";
import { CATALOGUE_FILES, CHECKED_FILE } from "../../src/emulator/catalogue/load.js";
import { loadCheckedCatalogue } from "../../src/emulator/catalogue/validate.js";
import { missingShared, needsShared } from "../helpers/shared-material.js";
import { SHARED_LISTS_FILE } from "../../src/emulator/catalogue/compact-rows.js";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
const sourceDir = resolve(repoRoot, DEFAULT_SOURCE_DIR);
const committedDir = join(repoRoot, "src", "emulator", "catalogue", "data");
const noSource = missingShared("kana-data/real");

const temps: string[] = [];
afterAll(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

describe.skipIf(noSource)(needsShared("catalogue build", noSource), () => {
  // Built in beforeAll, not while collecting: a skipped suite is still collected.
  let first: ReturnType<typeof buildCatalogue>;
  beforeAll(() => {
    first = buildCatalogue(sourceDir);
  }, 120_000);

  it("renders byte-identical files when built twice", () => {
    const second = buildCatalogue(sourceDir);
    expect(renderCatalogue(second.catalogue)).toEqual(renderCatalogue(first.catalogue));
    // A whole second build of the 1,200-VN catalogue: seconds alone, far more on a loaded 2-core CI machine.
  }, 120_000);

  it("reproduces the committed data exactly (rebuilding leaves no diff)", () => {
    expect(diffCatalogue(first.catalogue, committedDir)).toEqual([]);
  });

  it("writes one file per catalogue part and nothing else, loadable again", () => {
    const dir = mkdtempSync(join(tmpdir(), "catalogue-"));
    temps.push(dir);
    writeCatalogue(first.catalogue, dir);
    expect(readdirSync(dir).sort()).toEqual([...Object.values(CATALOGUE_FILES), CHECKED_FILE, SHARED_LISTS_FILE].sort());
    const loaded = loadCheckedCatalogue(dir);
    expect(loaded.vn.map((v) => v.id)).toEqual(first.catalogue.vn.map((v) => v.id));
    // No build time or randomness: meta is the same for every build.
    expect(JSON.parse(readFileSync(join(dir, "meta.json"), "utf8"))).toEqual(first.catalogue.meta);
  });

  it("only leaves out ids the newer dumps do not know", () => {
    for (const d of first.dropped) expect(d).toMatch(/not in the 20\d\d (tags|traits) dump/);
  });
});

describe("source folder check", () => {
  it("fails with a clear message when the real data is absent", () => {
    const missing = join(tmpdir(), "no-such-kana-data-folder");
    expect(() => checkSourceDir(missing)).toThrow(SourceMissingError);
    expect(() => checkSourceDir(missing)).toThrow(/Real-data folder not found/);
  });
});
