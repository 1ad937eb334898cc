// The real COPY tables of VNDB's 2024-06 dump (../shared/kana-data/real/dump-2024, partial:
// several tables hold only their header) build: an older schema (l_* link columns, `website`,
// names on `chars`, quotes numbered without "q"), read through the dump helper's COPY parser
// into derive. The rows it gives for entries the bundled sample also took from that dump
// (scripts/catalogue/dump-2024.ts) are the sample's. Skipped where the shared data is absent.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import type { Catalogue } from "../../../src/emulator/catalogue/types.js";
import { loadCheckedCatalogue } from "../../../src/emulator/catalogue/validate.js";
import { createDeriver } from "../../../src/mirror/derive/index.js";
import { CopyTextParser } from "../../../src/mirror/dump/copy-text.js";
import { cleanup } from "./harness.js";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";

const DB = "/work/shared/kana-data/real/dump-2024/timacias-vndb-db-2024-06-24/db";
const present = existsSync(join(DB, "producers.header"));

let derived: Catalogue;
let counts: Record<string, number>;

beforeAll(async () => {
  if (!present) return;
  const d = createDeriver({ today: 20240624 });
  for (const f of readdirSync(DB)) {
    if (!f.endsWith(".header")) continue;
    const name = f.slice(0, -".header".length);
    if (!d.tables.has(name)) continue;
    const columns = readFileSync(join(DB, f), "utf8").trimEnd().split("\t");
    const sink = d.table(name, columns);
    if (!existsSync(join(DB, name))) continue; // a header without its rows in this partial copy
    const parser = new CopyTextParser(name, columns.length, (v) => sink.row(v));
    parser.write(readFileSync(join(DB, name)));
    parser.end();
  }
  const out = mkdtempSync(join(tmpdir(), "derive-2024-"));
  ({ counts } = await d.finish(out, {}));
  derived = loadCheckedCatalogue(out);
}, 180_000);
afterAll(cleanup);

describe.skipIf(!present)("VNDB's 2024-06 dump tables", { timeout: 120_000 }, () => {
  it("build into a catalogue the loader accepts, with every producer, staff, tag, trait and quote", () => {
    const rows = (t: string) => readFileSync(join(DB, t), "utf8").split("\n").filter((l) => l !== "").length;
    expect(counts).toMatchObject({ producer: rows("producers"), staff: rows("staff"), tag: rows("tags"), trait: rows("traits"), quote: rows("quotes") });
  });

  it("give the sample's rows for the entries the sample took from this dump", () => {
    const sample = loadCatalogue();
    const pick = <T extends { id: string }>(rows: T[], id: string) => rows.find((r) => r.id === id);
    // Link columns (l_anidb, l_wikidata, l_twitter, website) become the sample's extlinks.
    expect(pick(derived.staff, "s1")).toEqual(pick(sample.staff, "s1"));
    expect(pick(derived.producer, "p1")).toEqual(pick(sample.producer, "p1"));
    // Tags: aliases split per line, parents main first.
    expect(pick(derived.tag, "g3")).toEqual(pick(sample.tag, "g3"));
    // Quotes numbered without "q" in this dump.
    expect(derived.quote[0]).toMatchObject({ id: "q1", vn: "v14879", character: null, score: 5 });
  });
});
