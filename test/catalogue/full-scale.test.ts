// The full real set (npm run catalogue -- --full) served by the emulator, checked the way a
// third-party VNDB client would use it: plain HTTP requests, a VN by id with its releases,
// characters and staff, and paging through a producer's releases. By default a reduced
// build (the 400 most-voted VNs plus the legacy-named ones) keeps npm test quick; set
// VNDB_FULL_CATALOGUE=1 to build and check every VN (about 61k; ~15 s build, ~1 GB).
// Skipped only when the real data (../shared/kana-data/real) is absent.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue } from "../../scripts/catalogue/assemble.js";
import { DEFAULT_SOURCE_DIR } from "../../scripts/catalogue/sources.js";
import { writeCatalogue } from "../../scripts/catalogue/write.js";
import { loadCheckedCatalogue } from "../../src/emulator/catalogue/validate.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { missingShared, needsShared } from "../helpers/shared-material.js";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
const sourceDir = resolve(repoRoot, DEFAULT_SOURCE_DIR);
const noSource = missingShared("kana-data/real");
const full = process.env.VNDB_FULL_CATALOGUE !== undefined && process.env.VNDB_FULL_CATALOGUE !== "";

let emulator: Emulator;
let dir: string;

async function post(endpoint: string, body: object): Promise<{ results: Record<string, unknown>[]; more: boolean }> {
  const res = await fetch(`${emulator.url}/${endpoint}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { results: Record<string, unknown>[]; more: boolean };
}

describe.skipIf(noSource)(needsShared(`the ${full ? "full" : "reduced (--limit 400)"} real set behind the emulator`, noSource), () => {
  beforeAll(async () => {
    const { catalogue } = buildCatalogue(sourceDir, full ? { scope: "full" } : { scope: "full", limit: 400 });
    dir = mkdtempSync(join(tmpdir(), "catalogue-full-"));
    writeCatalogue(catalogue, dir);
    emulator = await startEmulator({ port: 0, catalogue: loadCheckedCatalogue(dir) });
  }, 300_000);

  afterAll(async () => {
    await emulator?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("holds the expected scale", () => {
    const db = emulator.database;
    if (full) {
      expect(db.vn.size).toBeGreaterThan(60_000);
      expect(db.release.size).toBeGreaterThan(115_000);
      expect(db.staff.size).toBeGreaterThan(36_000);
      expect(db.producer.size).toBeGreaterThan(23_000);
    } else {
      expect(db.vn.size).toBeGreaterThanOrEqual(400);
      expect(db.release.size).toBeGreaterThan(4_000);
    }
  });

  it("answers a VN by id with its real title, rating, releases, characters and staff", async () => {
    const [vn] = (await post("vn", { filters: ["id", "=", "v2002"], fields: "title,alttitle,rating,votecount,staff.name,staff.role,developers.name" })).results;
    expect(vn.title).toBe("STEINS;GATE");
    expect(vn.alttitle).toBeNull(); // its Japanese title is in Latin script
    expect(vn.votecount).toBe(14407);
    expect(vn.rating).toBe(90.1);
    expect((vn.developers as { name: string }[]).map((d) => d.name)).toContain("MAGES.");
    expect((vn.staff as { role: string }[]).some((s) => s.role === "scenario")).toBe(true);

    const releases = await post("release", { filters: ["vn", "=", ["id", "=", "v2002"]], fields: "platforms,producers.name,vns.rtype", results: 100 });
    expect(releases.results.length).toBeGreaterThan(20);
    const platforms = new Set(releases.results.flatMap((r) => r.platforms as string[]));
    expect(platforms).toContain("win");

    const characters = await post("character", { filters: ["vn", "=", ["id", "=", "v2002"]], fields: "name,vns.role", results: 100 });
    expect(characters.results.map((c) => c.name)).toContain("Makise Kurisu");
  });

  it("pages through a producer's releases without gaps or repeats", async () => {
    const seen: string[] = [];
    let page = 1;
    for (;;) {
      const r = await post("release", { filters: ["producer", "=", ["id", "=", "p42"]], fields: "id", sort: "id", results: 25, page });
      seen.push(...r.results.map((x) => x.id as string));
      if (!r.more) break;
      page++;
    }
    expect(page).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    const count = (await post("release", { filters: ["producer", "=", ["id", "=", "p42"]], count: true, results: 0 })) as unknown as { count: number };
    expect(seen.length).toBe(count.count);
  });
});
