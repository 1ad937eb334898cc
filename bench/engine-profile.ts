// npx tsx bench/engine-profile.ts — the engine alone (no HTTP, one query at a time): how long
// each query of the benchmark mix takes in-process on the bundled catalogue or a synthetic
// one FACTOR times larger (or a catalogue folder given as CATALOGUE=DIR). A quick loop for
// finding the expensive query; the figures that count come from bench:emulator.
//
//   FACTOR=100 npx tsx bench/engine-profile.ts          (SCAN=1: the scan path, for a before/after)
//   CATALOGUE=.catalogue-full ONLY=search npx tsx bench/engine-profile.ts
import { performance } from "node:perf_hooks";
import { loadCatalogue } from "../src/emulator/catalogue/load.js";
import { loadCheckedCatalogue } from "../src/emulator/catalogue/validate.js";
import { frozenClock } from "../src/emulator/clock.js";
import { createDatabase } from "../src/emulator/database.js";
import { executeQuery } from "../src/emulator/engine/execute.js";
import { authenticate } from "../src/emulator/http/auth.js";
import { validateQuery } from "../src/kana/validate-query.js";
import { QUERIES } from "./emulator-queries.js";
import { DEFAULT_SEED, syntheticCatalogue } from "./synthetic-catalogue.js";

const FACTOR = Math.max(1, Number(process.env.FACTOR ?? 1));
const REPS = Math.max(1, Number(process.env.REPS ?? 5));
/** SCAN=1: the full-scan reference path (what every query did before the indexes). */
const SCAN = process.env.SCAN === "1";
/** Only the queries whose name contains this. */
const ONLY = process.env.ONLY ?? "";

const t0 = performance.now();
const base = process.env.CATALOGUE ? loadCheckedCatalogue(process.env.CATALOGUE) : loadCatalogue();
const catalogue = FACTOR > 1 ? syntheticCatalogue(base, { factor: FACTOR, seed: DEFAULT_SEED }) : base;
const t1 = performance.now();
const db = createDatabase(catalogue);
const t2 = performance.now();
process.stdout.write(`${SCAN ? "full scan" : "indexed"}: catalogue ${(t1 - t0).toFixed(0)} ms, database ${(t2 - t1).toFixed(0)} ms, ${catalogue.vn.length} VNs\n`);
const clock = frozenClock(Date.now());
let total = 0;
for (const q of QUERIES.filter((x) => x.name.includes(ONLY))) {
  const headers = q.token ? { authorization: `Token ${q.token}` } : {};
  const auth = authenticate(db, headers, { siteOrigin: "https://vndb.org", allowSessionHeader: false });
  if (!auth.ok) throw new Error(`${q.name}: auth failed`);
  const valid = validateQuery({ endpoint: q.endpoint, contentType: "application/json", body: JSON.stringify(q.body), session: auth.session });
  if (!valid.ok) throw new Error(`${q.name}: ${valid.failure.message}`);
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const s = performance.now();
    const out = executeQuery(db, valid.value, auth.session, clock, { scan: SCAN });
    times.push(performance.now() - s);
    if (!out.ok) throw new Error(`${q.name}: ${out.failure.message}`);
  }
  times.sort((a, b) => a - b);
  const first = times[0]!;
  const med = times[times.length >> 1]!;
  total += med;
  process.stdout.write(`${q.name.padEnd(24)} median ${med.toFixed(2).padStart(8)} ms  best ${first.toFixed(2).padStart(8)} ms\n`);
}
process.stdout.write(`sum of medians ${total.toFixed(1)} ms (≈ ${(1000 / (total / QUERIES.length)).toFixed(0)} q/s on one core)\n`);
