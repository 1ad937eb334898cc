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
// plus the sizes of dist/vndb-mcp.mcpb and of the npm tarball (`npm pack --dry-run`).
// Targets: tools/list ≤ 400 ms, first query ≤ 1.5 s, RSS ≤ 150 MiB, each package ≤ 8 MB.
// Talks only to the child over pipes (the child's emulator listens on 127.0.0.1).
//
//   npm run bench:offline              (RUNS=7 by default)
//   ENTRY=/other/dist/bundle/server/vndb-mcp.mjs npm run bench:offline   (e.g. a build of main)

import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const entry = process.env.ENTRY ?? join(root, "dist", "bundle", "server", "vndb-mcp.mjs");
const RUNS = Number(process.env.RUNS ?? 7);
const TARGETS = { listMs: 400, firstQueryMs: 1500, rssMiB: 150, packageMB: 8 };
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

function coldRun(): Promise<Run> {
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

async function main(): Promise<void> {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run bundle first`);
  await coldRun(); // warm the file cache
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await coldRun());
  const result = {
    entry,
    runs: RUNS,
    initMs: median(runs.map((r) => r.initMs)),
    listMs: median(runs.map((r) => r.listMs)),
    firstQueryMs: median(runs.map((r) => r.firstQueryMs)),
    rssMiB: median(runs.map((r) => r.rssMiB)),
    hwmMiB: median(runs.map((r) => r.hwmMiB)),
    ...packageSizes(),
  };
  const mark = (ok: boolean) => (ok ? "ok" : "OVER");
  const lines = [
    `offline mode (--embedded), ${RUNS} cold starts, medians — ${entry}`,
    `  spawn → initialize      ${result.initMs.toFixed(0)} ms`,
    `  spawn → tools/list      ${result.listMs.toFixed(0)} ms   (target ≤ ${TARGETS.listMs}: ${mark(result.listMs <= TARGETS.listMs)})`,
    `  first query             ${result.firstQueryMs.toFixed(0)} ms   (target ≤ ${TARGETS.firstQueryMs}: ${mark(result.firstQueryMs <= TARGETS.firstQueryMs)})`,
    `  RSS after it            ${result.rssMiB.toFixed(0)} MiB  (target ≤ ${TARGETS.rssMiB}: ${mark(result.rssMiB <= TARGETS.rssMiB)}); peak ${result.hwmMiB.toFixed(0)} MiB`,
    `  .mcpb                   ${result.mcpbMB === null ? "not built" : `${result.mcpbMB.toFixed(2)} MB (target ≤ ${TARGETS.packageMB}: ${mark(result.mcpbMB <= TARGETS.packageMB)})`}`,
    `  npm tarball             ${result.tarballMB === null ? "unknown" : `${result.tarballMB.toFixed(2)} MB (target ≤ ${TARGETS.packageMB}: ${mark(result.tarballMB <= TARGETS.packageMB)})`}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  const outDir = join(root, "bench", "out");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "offline.json"), `${JSON.stringify(result, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:offline failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
