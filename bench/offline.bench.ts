// npm run bench:offline — what the offline mode (--embedded) costs at start-up, with the
// bundled real-data sample (issue 11, item 6). Spawns the packed server the way Claude
// Desktop does (dist/bundle/server/vndb-mcp.mjs, built by `npm run bundle`) and measures,
// per cold start (medians over RUNS):
//
//  - spawn → initialize answer, spawn → tools/list answer;
//  - the first query (a tools/call of vndb_search_vn, which loads the catalogue), from
//    sending it to its answer;
//  - RSS (VmRSS) right after that answer, and the peak (VmHWM);
//
// plus the floor the first query is held to: a fresh `node` that reads and parses the same
// catalogue files (every JSON file in the bundle's server/data, JSON.parse of each whole
// file, timed inside that process), alternating with the cold starts; the report gives the
// first query as a multiple of it (issue 20: ≤ 1.5×), and the sizes of dist/vndb-mcp.mcpb
// and of the npm tarball (`npm pack --dry-run`).
// Targets: tools/list ≤ 400 ms, first query ≤ 1.5 s and ≤ 1.5× the floor, RSS ≤ 150 MiB,
// each package ≤ 8 MB. The machine may be noisy: medians and [min–max] ranges are printed.
// Talks only to the child over pipes (the child's emulator listens on 127.0.0.1).
//
//   npm run bench:offline              (RUNS=7 by default)
//   ENTRY=/other/dist/bundle/server/vndb-mcp.mjs npm run bench:offline   (e.g. a build of main)
//   BASE=/main/dist/bundle/server/vndb-mcp.mjs npm run bench:offline     (before/after: the
//       two builds' cold starts and floors alternate in one run)

import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const entry = process.env.ENTRY ?? join(root, "dist", "bundle", "server", "vndb-mcp.mjs");
const base = process.env.BASE;
const RUNS = Number(process.env.RUNS ?? 7);
const TARGETS = { listMs: 400, firstQueryMs: 1500, floorRatio: 1.5, rssMiB: 150, packageMB: 8 };
const FIRST_QUERY = { name: "vndb_search_vn", arguments: { query: "ever17", fields: "brief" } };

interface Run {
  initMs: number;
  listMs: number;
  firstQueryMs: number;
  rssMiB: number;
  hwmMiB: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function memory(pid: number): { rssMiB: number; hwmMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMiB: kib("VmRSS") / 1024, hwmMiB: kib("VmHWM") / 1024 };
}

/** The read-and-parse floor: ms a fresh node takes to JSON.parse every data file of `entry`'s bundle. */
function floorRun(entry: string): number {
  const dataDir = join(dirname(entry), "data");
  const files = readdirSync(dataDir).filter((f) => f.endsWith(".json")).map((f) => join(dataDir, f));
  const script =
    'const{readFileSync}=require("node:fs");const t=performance.now();' +
    `for(const f of ${JSON.stringify(files)})JSON.parse(readFileSync(f,"utf8"));` +
    "process.stdout.write(String(performance.now()-t));";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
}

/** The total size of `entry`'s data files, MB. */
function dataMB(entry: string): number {
  const dataDir = join(dirname(entry), "data");
  return readdirSync(dataDir).reduce((sum, f) => sum + statSync(join(dataDir, f)).size, 0) / 1e6;
}

function coldRun(entry: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [entry, "--embedded"], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", VNDB_LOG_LEVEL: "error" },
      stdio: ["pipe", "pipe", "ignore"],
    });
    const send = (msg: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...msg })}\n`);
    let initMs = NaN;
    let listMs = NaN;
    let queryAt = NaN;
    let buffer = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the offline server did not answer within 60 s"));
    }, 60_000);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
        const msg = JSON.parse(buffer.slice(0, nl)) as { id?: number; result?: { isError?: boolean } };
        buffer = buffer.slice(nl + 1);
        const now = performance.now();
        if (msg.id === 1) {
          initMs = now - t0;
          send({ method: "notifications/initialized" });
          send({ id: 2, method: "tools/list" });
        } else if (msg.id === 2) {
          listMs = now - t0;
          queryAt = performance.now();
          send({ id: 3, method: "tools/call", params: FIRST_QUERY });
        } else if (msg.id === 3) {
          const firstQueryMs = now - queryAt;
          const mem = memory(child.pid!);
          clearTimeout(timer);
          child.kill("SIGKILL");
          if (msg.result?.isError) reject(new Error("the first query failed"));
          else resolve({ initMs, listMs, firstQueryMs, ...mem });
        }
      }
    });
    child.on("error", reject);
    send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } } });
  });
}

function packageSizes(): { mcpbMB: number | null; tarballMB: number | null } {
  const mcpb = join(dirname(dirname(dirname(entry))), "vndb-mcp.mcpb");
  const mcpbMB = existsSync(mcpb) ? statSync(mcpb).size / 1e6 : null;
  let tarballMB: number | null = null;
  try {
    const out = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: dirname(dirname(dirname(dirname(entry)))),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    tarballMB = (JSON.parse(out) as { size: number }[])[0]!.size / 1e6;
  } catch {
    tarballMB = null;
  }
  return { mcpbMB, tarballMB };
}

const range = (xs: number[], digits = 0) => `[${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}]`;

interface Summary {
  entry: string;
  initMs: number;
  listMs: number;
  firstQueryMs: number;
  firstQueryRange: [number, number];
  floorMs: number;
  floorRange: [number, number];
  /** Median first query / median floor. */
  floorRatio: number;
  rssMiB: number;
  hwmMiB: number;
  dataMB: number;
}

function summarise(entry: string, runs: Run[], floors: number[]): Summary {
  const q = runs.map((r) => r.firstQueryMs);
  return {
    entry,
    initMs: median(runs.map((r) => r.initMs)),
    listMs: median(runs.map((r) => r.listMs)),
    firstQueryMs: median(q),
    firstQueryRange: [Math.min(...q), Math.max(...q)],
    floorMs: median(floors),
    floorRange: [Math.min(...floors), Math.max(...floors)],
    floorRatio: median(q) / median(floors),
    rssMiB: median(runs.map((r) => r.rssMiB)),
    hwmMiB: median(runs.map((r) => r.hwmMiB)),
    dataMB: dataMB(entry),
  };
}

function report(label: string, r: Summary, runs: Run[], floors: number[]): string[] {
  const mark = (ok: boolean) => (ok ? "ok" : "OVER");
  return [
    `${label}offline mode (--embedded), ${RUNS} cold starts, medians [min–max] — ${r.entry}`,
    `  spawn → initialize      ${r.initMs.toFixed(0)} ms ${range(runs.map((x) => x.initMs))}`,
    `  spawn → tools/list      ${r.listMs.toFixed(0)} ms ${range(runs.map((x) => x.listMs))}   (target ≤ ${TARGETS.listMs}: ${mark(r.listMs <= TARGETS.listMs)})`,
    `  first query             ${r.firstQueryMs.toFixed(0)} ms ${range(runs.map((x) => x.firstQueryMs))}   (target ≤ ${TARGETS.firstQueryMs}: ${mark(r.firstQueryMs <= TARGETS.firstQueryMs)})`,
    `  read+parse floor        ${r.floorMs.toFixed(0)} ms ${range(floors)}   (${r.dataMB.toFixed(1)} MB of data files, a fresh node)`,
    `  first query / floor     ${r.floorRatio.toFixed(2)}×   (target ≤ ${TARGETS.floorRatio}: ${mark(r.floorRatio <= TARGETS.floorRatio)})`,
    `  RSS after it            ${r.rssMiB.toFixed(0)} MiB ${range(runs.map((x) => x.rssMiB))}  (target ≤ ${TARGETS.rssMiB}: ${mark(r.rssMiB <= TARGETS.rssMiB)}); peak ${r.hwmMiB.toFixed(0)} MiB`,
  ];
}

async function main(): Promise<void> {
  const entries = base === undefined ? [entry] : [base, entry];
  for (const e of entries) if (!existsSync(e)) throw new Error(`${e} is missing: run npm run bundle first`);
  for (const e of entries) {
    await coldRun(e); // warm the file cache
    floorRun(e);
  }
  const runs = entries.map((): Run[] => []);
  const floors = entries.map((): number[] => []);
  // Alternate: each round runs every build once and its floor once, so a noisy neighbour
  // slows both sides alike.
  for (let i = 0; i < RUNS; i++) {
    for (const [k, e] of entries.entries()) {
      floors[k]!.push(floorRun(e));
      runs[k]!.push(await coldRun(e));
    }
  }
  const summaries = entries.map((e, k) => summarise(e, runs[k]!, floors[k]!));
  const sizes = packageSizes();
  const mark = (ok: boolean) => (ok ? "ok" : "OVER");
  const lines: string[] = [];
  summaries.forEach((s, k) => lines.push(...report(entries.length > 1 ? (k === 0 ? "BEFORE (BASE) " : "AFTER (ENTRY) ") : "", s, runs[k]!, floors[k]!)));
  lines.push(
    `  .mcpb                   ${sizes.mcpbMB === null ? "not built" : `${sizes.mcpbMB.toFixed(2)} MB (target ≤ ${TARGETS.packageMB}: ${mark(sizes.mcpbMB <= TARGETS.packageMB)})`}`,
    `  npm tarball             ${sizes.tarballMB === null ? "unknown" : `${sizes.tarballMB.toFixed(2)} MB (target ≤ ${TARGETS.packageMB}: ${mark(sizes.tarballMB <= TARGETS.packageMB)})`}`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  const outDir = join(root, "bench", "out");
  mkdirSync(outDir, { recursive: true });
  const result = { runs: RUNS, ...summaries[summaries.length - 1]!, ...(base === undefined ? {} : { base: summaries[0] }), ...sizes };
  writeFileSync(join(outDir, "offline.json"), `${JSON.stringify(result, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:offline failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
