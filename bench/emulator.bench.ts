// npm run bench:emulator — how fast the Kana emulator answers a realistic mix of POST
// queries over HTTP on 127.0.0.1, side by side on: the bundled catalogue; the full real
// set when it is built (FULL_CATALOGUE, default .catalogue-full/, made by
// `npm run catalogue -- --full --out .catalogue-full`,
// built first when absent and ../shared has the real data, else skipped with the reason);
// and, with FACTOR=N, a synthetic catalogue N times the bundled one
// (bench/synthetic-catalogue.ts, generated in memory at run time).
//
// Each catalogue is served by its own child process (this file, forked with `--serve`), so
// its load time and memory are its own and the load generator does not share its event
// loop. The parent drives it through an undici keep-alive pool with CONCURRENCY sockets:
// WARMUP_ROUNDS untimed rounds of the whole mix, SOLO_REPS sequential requests per query
// (its cost alone), then ROUNDS timed rounds, each round every query once in a seeded
// shuffled order, stopping early when a phase passes PHASE_SECONDS. Reported per
// catalogue: load time (read + generate + startEmulator), RSS and JS heap after load, peak
// RSS, throughput, p50/p99 latency overall and per query, rows returned. A query a
// catalogue cannot answer (an id or user it lacks answers 4xx) is counted and shown.
// The table goes to stdout, the figures to bench/out/emulator.json.
//
//   npm run bench:emulator
//   CONCURRENCY=8 ROUNDS=40 FACTOR=10 FULL_CATALOGUE=/path/to/dir npm run bench:emulator

import { fork, spawnSync, type ChildProcess } from "node:child_process";
import { cpus } from "node:os";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Pool } from "undici";
import { loadCatalogue } from "../src/emulator/catalogue/load.js";
import { loadCheckedCatalogue } from "../src/emulator/catalogue/validate.js";
import type { Catalogue } from "../src/emulator/catalogue/types.js";
import { startEmulator } from "../src/emulator/index.js";
import { DEFAULT_SEED, syntheticCatalogue } from "./synthetic-catalogue.js";
import { QUERIES, type BenchQuery } from "./emulator-queries.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = join(root, "bench", "out");
const say = (s: string) => process.stdout.write(`${s}\n`);
/** The full real set, built by `npm run catalogue -- --full --out .catalogue-full` (git-ignored). */
const FULL_CATALOGUE = process.env.FULL_CATALOGUE ?? join(root, ".catalogue-full");

/** What one child serves. */
type Source = { kind: "bundled" } | { kind: "dir"; dir: string } | { kind: "synthetic"; factor: number; seed: number };

const envNumber = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number`);
  return v;
};

/** Requests in flight at once; a handful, like a few MCP sessions sharing one emulator. */
const CONCURRENCY = Math.max(1, envNumber("CONCURRENCY", 4));
/** Timed rounds of the mix per catalogue. */
const ROUNDS = envNumber("ROUNDS", 300);
/**
 * Sequential requests per query (one in flight, no queueing behind other queries): the
 * query's own cost. In the concurrent rounds a cheap query waits behind expensive ones.
 */
const SOLO_REPS = envNumber("SOLO_REPS", 5);
/** Untimed rounds first: JIT, sockets and the engine's lazily built indexes warm up. */
const WARMUP_ROUNDS = envNumber("WARMUP_ROUNDS", 50);
/**
 * Size of an extra synthetic catalogue, in multiples of the bundled one; 0 (the default)
 * skips it. The issue's "×100" was of the former 345-VN catalogue; ×100 of today's would
 * be twice the real VN count and ten times its releases, so the full real set stands in.
 */
const FACTOR = Math.round(envNumber("FACTOR", 0));
const SEED = envNumber("SEED", DEFAULT_SEED);
/** Wall-time cap on one phase's timed rounds, so a slow engine cannot stretch the run. */
const PHASE_SECONDS = envNumber("PHASE_SECONDS", 60);
/** How long a child may take to load its catalogue and listen. */
const CHILD_START_TIMEOUT_MS = 300_000;

// ---------------------------------------------------------------------------------------
// The child: one catalogue behind one emulator.

interface ChildReady {
  type: "ready";
  url: string;
  counts: Record<string, number>;
  loadMs: { read: number; generate: number; start: number; total: number };
  rssAfterLoadMiB: number;
  /** After a forced GC: what the catalogue and database hold, without allocator slack. */
  heapAfterLoadMiB: number;
}
interface ChildStats {
  type: "stats";
  rssMiB: number;
  peakRssMiB: number;
}

const mib = (bytes: number) => bytes / 2 ** 20;
function peakRssMiB(): number {
  const kib = Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? NaN);
  return kib / 1024;
}

async function serve(source: Source): Promise<void> {
  const t0 = performance.now();
  const base = source.kind === "dir" ? loadCheckedCatalogue(source.dir) : loadCatalogue();
  const t1 = performance.now();
  const catalogue: Catalogue = source.kind === "synthetic" ? syntheticCatalogue(base, { factor: source.factor, seed: source.seed }) : base;
  const t2 = performance.now();
  const emulator = await startEmulator({ host: "127.0.0.1", port: 0, catalogue, limits: false });
  const t3 = performance.now();
  (globalThis as { gc?: () => void }).gc?.();
  const ready: ChildReady = {
    type: "ready",
    url: emulator.url,
    counts: { vn: catalogue.vn.length, release: catalogue.release.length, character: catalogue.character.length, staff: catalogue.staff.length, ulist: catalogue.ulist.length },
    loadMs: { read: t1 - t0, generate: t2 - t1, start: t3 - t2, total: t3 - t0 },
    rssAfterLoadMiB: mib(process.memoryUsage().rss),
    heapAfterLoadMiB: mib(process.memoryUsage().heapUsed),
  };
  process.send!(ready);
  process.on("message", (m: { type: string }) => {
    if (m.type === "stats") {
      const stats: ChildStats = { type: "stats", rssMiB: mib(process.memoryUsage().rss), peakRssMiB: peakRssMiB() };
      process.send!(stats);
    } else if (m.type === "close") {
      void emulator.close().then(() => process.exit(0));
    }
  });
}

// ---------------------------------------------------------------------------------------
// The parent: load generator and report.

function nextMessage<T extends { type: string }>(child: ChildProcess, type: T["type"], timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child sent no ${type} within ${timeoutMs} ms`)), timeoutMs);
    const onMessage = (m: T) => {
      if (m.type !== type) return;
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(m);
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code}) before sending ${type}`));
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** Nearest-rank percentile. */
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

/** Deterministic shuffle (mulberry32-driven Fisher–Yates) so rounds interleave the endpoints. */
function shuffled<T>(xs: T[], seed: number): T[] {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface QueryFigures {
  /** Latencies in the concurrent rounds. */
  samples: number[];
  /** Latencies alone (SOLO_REPS sequential requests). */
  solo: number[];
  /** Results on the page and `count` when asked, from the last answer. */
  rows: number;
  count?: number;
  /** The last non-200 status, when the catalogue cannot answer the query (bundled: fatal). */
  status?: number;
}

interface PhaseResult {
  label: string;
  ready: ChildReady;
  stats: ChildStats;
  requests: number;
  wallMs: number;
  qps: number;
  p50: number;
  p99: number;
  truncated: boolean;
  perQuery: Map<string, QueryFigures>;
}

async function runPhase(label: string, source: Source): Promise<PhaseResult> {
  const self = fileURLToPath(import.meta.url);
  const child = fork(self, ["--serve", JSON.stringify(source)], {
    execArgv: [...process.execArgv, "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const ready = await nextMessage<ChildReady>(child, "ready", CHILD_START_TIMEOUT_MS);
    const base = new URL(ready.url);
    if (base.hostname !== "127.0.0.1") throw new Error(`not local: ${ready.url}`);
    const pool = new Pool(base.origin, { connections: CONCURRENCY, pipelining: 1 });
    const path = base.pathname.replace(/\/+$/, "");
    const perQuery = new Map<string, QueryFigures>(QUERIES.map((q) => [q.name, { samples: [], solo: [], rows: 0 }]));

    const send = async (q: BenchQuery, timed: "solo" | "mixed" | false) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (q.token) headers.authorization = `Token ${q.token}`;
      const t0 = performance.now();
      const ask = async () => {
        const res = await pool.request({ path: `${path}/${q.endpoint}`, method: "POST", headers, body: JSON.stringify(q.body) });
        return { res, text: await res.body.text() };
      };
      // A kept-alive socket the server closed while idle (a long pause on a loaded machine)
      // resets the next request on it: ask once more on a fresh one.
      const { res, text } = await ask().catch((e: { code?: string }) => {
        if (e.code === "ECONNRESET" || e.code === "UND_ERR_SOCKET") return ask();
        throw e;
      });
      const ms = performance.now() - t0;
      const fig = perQuery.get(q.name)!;
      if (timed === "mixed") fig.samples.push(ms);
      else if (timed === "solo") fig.solo.push(ms);
      if (res.statusCode !== 200) {
        if (source.kind === "bundled") throw new Error(`${label}: "${q.name}" answered ${res.statusCode}: ${text.slice(0, 200)}`);
        fig.status = res.statusCode;
        return;
      }
      // The rows are read from the untimed and solo answers: parsing every timed answer
      // (178 kB for the field-heavy page) would load the generator, not the emulator.
      if (timed === "mixed") return;
      const body = JSON.parse(text) as { results: unknown[]; count?: number };
      fig.rows = body.results.length;
      if (body.count !== undefined) fig.count = body.count;
    };

    // CONCURRENCY workers drain one shared queue; `deadline` stops the timed rounds early.
    const drain = async (queue: BenchQuery[], timed: "mixed" | false, deadline: number) => {
      let next = 0;
      let stopped = false;
      const worker = async () => {
        while (next < queue.length) {
          if (performance.now() > deadline) {
            stopped = true;
            return;
          }
          await send(queue[next++]!, timed);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      return stopped;
    };

    const rounds = (n: number, salt: number) => Array.from({ length: n }, (_, r) => shuffled(QUERIES, SEED + salt + r)).flat();
    await drain(rounds(WARMUP_ROUNDS, 1_000), false, Infinity);
    for (const q of QUERIES) for (let i = 0; i < SOLO_REPS; i++) await send(q, "solo");
    const t0 = performance.now();
    const truncated = await drain(rounds(ROUNDS, 0), "mixed", t0 + PHASE_SECONDS * 1000);
    const wallMs = performance.now() - t0;
    await pool.close();

    child.send({ type: "stats" });
    const stats = await nextMessage<ChildStats>(child, "stats", 10_000);
    const all = [...perQuery.values()].flatMap((f) => f.samples);
    return {
      label,
      ready,
      stats,
      requests: all.length,
      wallMs,
      qps: all.length / (wallMs / 1000),
      p50: pct(all, 50),
      p99: pct(all, 99),
      truncated,
      perQuery,
    };
  } finally {
    if (child.connected) child.send({ type: "close" });
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      if (child.exitCode !== null || child.signalCode !== null) resolve();
    });
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ")).join("\n");
}

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));

async function main(): Promise<void> {
  const started = performance.now();
  const phases: PhaseResult[] = [await runPhase("bundled", { kind: "bundled" })];
  let fullNote: string;
  const realData = join(root, "..", "shared", "kana-data", "real");
  if (!existsSync(join(FULL_CATALOGUE, "vn.json")) && process.env.FULL_CATALOGUE === undefined && existsSync(realData)) {
    say(`building the full real set into ${FULL_CATALOGUE} (npm run catalogue -- --full) …`);
    const built = spawnSync("npm", ["run", "--silent", "catalogue", "--", "--full", "--out", FULL_CATALOGUE], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) say(`building the full real set failed (exit ${built.status})`);
  }
  if (existsSync(join(FULL_CATALOGUE, "vn.json"))) {
    phases.push(await runPhase("full real", { kind: "dir", dir: FULL_CATALOGUE }));
    fullNote = `full real: ${FULL_CATALOGUE}`;
  } else {
    fullNote = `full real: skipped, ${FULL_CATALOGUE} is not built and ${existsSync(realData) ? "building it failed" : `${realData} (the real data) is absent`}`;
  }
  if (FACTOR > 1) phases.push(await runPhase(`synthetic ×${FACTOR}`, { kind: "synthetic", factor: FACTOR, seed: SEED }));
  const totalS = (performance.now() - started) / 1000;

  say(`Kana emulator benchmark: ${QUERIES.length} queries × ${ROUNDS} timed rounds (after ${WARMUP_ROUNDS} warm-up), concurrency ${CONCURRENCY}, seed ${SEED}`);
  say(`Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), HTTP on 127.0.0.1, run took ${totalS.toFixed(1)} s`);
  say(fullNote);
  say("");
  const c = (p: PhaseResult) => p.ready.counts;
  const row = (name: string, f: (p: PhaseResult) => string) => [name, ...phases.map(f)];
  say(
    table([
      ["", ...phases.map((p) => p.label)],
      row("VNs / releases", (p) => `${c(p).vn} / ${c(p).release}`),
      row("characters / staff / ulist rows", (p) => `${c(p).character} / ${c(p).staff} / ${c(p).ulist}`),
      row("load time, ms (total)", (p) => ms(p.ready.loadMs.total)),
      row("  read + check catalogue JSON", (p) => ms(p.ready.loadMs.read)),
      row("  generate synthetic", (p) => (p.ready.loadMs.generate > 1 ? ms(p.ready.loadMs.generate) : "-")),
      row("  startEmulator (database)", (p) => ms(p.ready.loadMs.start)),
      row("RSS after load, MiB", (p) => p.ready.rssAfterLoadMiB.toFixed(0)),
      row("JS heap after load, MiB", (p) => p.ready.heapAfterLoadMiB.toFixed(0)),
      row("peak RSS, MiB", (p) => p.stats.peakRssMiB.toFixed(0)),
      row("timed requests", (p) => `${p.requests}${p.truncated ? " (time cap)" : ""}`),
      row("throughput, queries/s", (p) => (p.qps < 100 ? p.qps.toFixed(1) : p.qps.toFixed(0))),
      row("latency p50, ms", (p) => ms(p.p50)),
      row("latency p99, ms", (p) => ms(p.p99)),
    ]),
  );
  say("");
  const rowsOf = (f: QueryFigures) => (f.status !== undefined ? `HTTP ${f.status}` : `${f.rows}${f.count !== undefined ? `/${f.count}` : ""}`);
  say(
    table([
      ["query (ms): alone / p50 / p99", ...phases.map((p) => p.label), ...phases.map((p) => `rows ${p.label}`)],
      ...QUERIES.map((q) => [
        `${q.endpoint}: ${q.name}`,
        ...phases.map((p) => {
          const f = p.perQuery.get(q.name)!;
          return `${ms(pct(f.solo, 50))} / ${ms(pct(f.samples, 50))} / ${ms(pct(f.samples, 99))}`;
        }),
        ...phases.map((p) => rowsOf(p.perQuery.get(q.name)!)),
      ]),
    ]),
  );
  say(`alone: median of ${SOLO_REPS} sequential requests; p50/p99: in the concurrent rounds (concurrency ${CONCURRENCY}), queueing included`);
  say("rows: results on the page, /count when the query asks for it; HTTP n: the catalogue cannot answer it (an id, user or token it lacks)");

  mkdirSync(outDir, { recursive: true });
  const phaseJson = (p: PhaseResult) => ({
    label: p.label,
    counts: p.ready.counts,
    loadMs: p.ready.loadMs,
    rssAfterLoadMiB: p.ready.rssAfterLoadMiB,
    heapAfterLoadMiB: p.ready.heapAfterLoadMiB,
    peakRssMiB: p.stats.peakRssMiB,
    requests: p.requests,
    truncated: p.truncated,
    wallMs: p.wallMs,
    qps: p.qps,
    p50Ms: p.p50,
    p99Ms: p.p99,
    perQuery: Object.fromEntries(
      [...p.perQuery].map(([name, f]) => [name, { n: f.samples.length, p50Ms: pct(f.samples, 50), p99Ms: pct(f.samples, 99), aloneMs: pct(f.solo, 50), rows: f.rows, count: f.count, status: f.status }]),
    ),
  });
  const out = join(outDir, "emulator.json");
  writeFileSync(
    out,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, concurrency: CONCURRENCY, rounds: ROUNDS, warmupRounds: WARMUP_ROUNDS, soloReps: SOLO_REPS, factor: FACTOR, seed: SEED, full: fullNote, phases: phases.map(phaseJson) }, null, 2)}\n`,
  );
  say(`JSON: ${out}`);
}

if (process.argv[2] === "--serve") {
  serve(JSON.parse(process.argv[3]!) as Source).catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
} else {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(1);
  });
}
