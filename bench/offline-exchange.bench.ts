// npm run bench:exchange — what serving off the main thread costs a call (issue 28: "a call
// answered by the mirror or --embedded is within 1.15× of the engine on the main thread, same
// run"). Three arms, each a real KanaClient (budget, cache, retries, errors all in the path)
// over the bundled catalogue, the whole emulator query mix (bench/emulator-queries.ts, the
// token-free queries) per pass:
//
//   main    the engine on the main thread: the client's exchange calls the handler directly
//           (emulator/http/in-process.ts) — the floor;
//   worker  --embedded and --mirror today: the handler in a worker thread, requests and
//           answers by postMessage (client/in-process-exchange.ts, server/embedded.ts), as the
//           product runs it (WAIT_SETTINGS: neither thread stays awake for the other);
//   awake   the same worker with both threads staying awake briefly for the other
//           (AWAKE_SETTINGS); awake-main, awake-worker: only one of them;
//   http    before issue 28: the emulator in a worker thread on a loopback port, the client
//           over undici (kept for comparison only).
//
// and, at the level the issue's anchor measured ("an offline call over stdio"), two tool-call
// arms: the real stdio server as a child process (bench/exchange-stdio-server.ts: serveStdio,
// the tools, an --embedded KanaClient) with a real SDK client over its pipes, the engine on
// the child's main thread (tool-main) or in its worker (tool-worker, as the product runs it;
// tool-awake: both threads staying awake), a few tool calls per pass
// (TOOL_CALLS). TOOLS=0 skips them.
//
// Rounds alternate the arms' order (ABC, CBA, ...); each round times PASSES passes of the mix
// per arm after one untimed pass. Reported: per-call mean of each round, the median over
// rounds with the [min–max] range, and the worker/main and http/main ratios (median of the
// per-round ratios, with ranges). Only 127.0.0.1 and worker threads; nothing leaves the host.
//
//   npm run bench:exchange            (ROUNDS=9, PASSES=5 by default)
//   MIX=light npm run bench:exchange  (one light id lookup, repeated: the exchange's own cost)

import { Worker } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { KanaClient } from "../src/client/kana-client.js";
import type { LocalApi } from "../src/client/in-process-exchange.js";
import { createEmulatorApi } from "../src/emulator/index.js";
import { buildAll } from "../src/emulator/database.js";
import { answerInProcess } from "../src/emulator/http/in-process.js";
import { AWAKE_SETTINGS, startWorker } from "../src/server/embedded.js";
import { QUERIES } from "./emulator-queries.js";

const ROUNDS = Number(process.env.ROUNDS ?? 9);
const PASSES = Number(process.env.PASSES ?? 5);
/** The issue's target for the worker arm against the main-thread arm. */
const TARGET_RATIO = 1.15;

/** MIX=light: the lightest query of the mix ("vn id") 32 times, where the exchange's own cost weighs most. */
const LIGHT = process.env.MIX === "light";
const MIX = LIGHT ? Array.from({ length: 32 }, () => QUERIES.find((q) => q.name === "vn id")!) : QUERIES.filter((q) => !q.token);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** The tool calls of a tool-arm pass: bench:server's anchor call first (the issue's 2.65 vs 1.55 ms), then one of each common kind. */
const TOOL_CALLS: { name: string; arguments: Record<string, unknown> }[] = [
  { name: "vndb_search_vn", arguments: { query: "fate", fields: "brief" } },
  { name: "vndb_search_vn", arguments: { query: "ever17", fields: "brief" } },
  { name: "vndb_search_release", arguments: { query: "little busters" } },
  { name: "vndb_search_character", arguments: { query: "Saber", fields: "name" } },
  { name: "vndb_search_tag", arguments: { query: "romance" } },
  { name: "vndb_get_stats", arguments: {} },
];
const TOOLS = process.env.TOOLS !== "0";
const range = (xs: number[], digits = 3) => `[${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}]`;

/** A client as the server makes one for --embedded: no budget to speak of, no lookup cache (every call reaches the exchange). */
function client(options: ConstructorParameters<typeof KanaClient>[0]): KanaClient {
  return new KanaClient({ ...options, rateLimit: { maxRequests: 10_000_000 }, concurrency: 64, cacheTtl: { lookupMs: 0, schemaMs: 0, statsMs: 0 }, compression: false, logger: () => {} });
}

/** The emulator on a loopback port in a worker thread, as --embedded ran before issue 28. */
async function httpWorker(): Promise<{ url: string; close: () => Promise<number> }> {
  const tsx = import.meta.resolve("tsx/esm/api");
  const emulator = new URL("../src/emulator/index.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then(async (m) => { m.register(); const { startEmulator } = await import(${JSON.stringify(emulator)});
    const e = await startEmulator({ port: 0, preset: "catalogue" }); require("node:worker_threads").parentPort.postMessage(e.url); });`;
  const worker = new Worker(code, { eval: true });
  const url = await new Promise<string>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return { url, close: () => worker.terminate() };
}

/** The stdio server with the engine on its main thread or in its worker (awake: both threads staying awake), and an SDK client on its pipes. */
async function toolServer(engine: "main" | "worker" | "awake"): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", fileURLToPath(new URL("./exchange-stdio-server.ts", import.meta.url))],
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ENGINE: engine },
    stderr: "inherit",
  });
  const client = new Client({ name: "bench-exchange", version: "0" });
  await client.connect(transport);
  return client;
}

async function toolPass(client: Client): Promise<number> {
  const t = performance.now();
  for (const call of TOOL_CALLS) {
    const r = await client.callTool(call);
    if (r.isError) throw new Error(`${call.name} failed: ${JSON.stringify(r.content).slice(0, 300)}`);
  }
  return performance.now() - t;
}

async function pass(api: KanaClient): Promise<number> {
  const t = performance.now();
  for (const q of MIX) await api.query(q.endpoint, q.body as never);
  return performance.now() - t;
}

async function main(): Promise<void> {
  // The main-thread engine, every table and index built (the worker arms warm up by a pass).
  const mainApi = createEmulatorApi({ preset: "catalogue" });
  buildAll(mainApi.context.db);
  const inMain: LocalApi = { request: async (r) => answerInProcess(r, mainApi.context) };
  const workers = {
    worker: startWorker({ kind: "bundled" }).api,
    awake: startWorker({ kind: "bundled" }, AWAKE_SETTINGS).api,
    "awake-main": startWorker({ kind: "bundled" }, { mainMs: AWAKE_SETTINGS.mainMs, workerMs: 0 }).api,
    "awake-worker": startWorker({ kind: "bundled" }, { mainMs: 0, workerMs: AWAKE_SETTINGS.workerMs }).api,
  };
  const loopback = await httpWorker();
  const arms: Record<string, KanaClient> = { main: client({ local: { api: inMain, serves: "all" } }) };
  for (const [name, w] of Object.entries(workers)) arms[name] = client({ local: { api: await w.api, serves: "all" } });
  arms.http = client({ baseUrl: loopback.url });
  const names = Object.keys(arms);
  for (const name of names) await pass(arms[name]!); // loads each side's tables
  const perCall = await alternatingRounds(names, (name) => pass(arms[name]!), PASSES, MIX.length);
  console.log(`bench:exchange — ${LIGHT ? "light mix (vn id), " : ""}${MIX.length} queries per pass, ${PASSES} passes per arm and round, ${ROUNDS} rounds (alternating order); node ${process.version}`);
  for (const name of names) console.log(`  ${name.padEnd(12)} ${median(perCall[name]!).toFixed(3)} ms per call ${range(perCall[name]!)}`);
  const ratio = (a: string) => perCall[a]!.map((v, i) => v / perCall.main![i]!);
  for (const name of names.filter((n) => n !== "main")) {
    const r = ratio(name);
    console.log(`  ${`${name}/main`.padEnd(17)} ${median(r).toFixed(3)}× ${range(r)}${name === "worker" ? ` (target ≤ ${TARGET_RATIO}×: ${median(r) <= TARGET_RATIO ? "met" : "MISSED"})` : ""}`);
  }
  for (const a of Object.values(arms)) await a.close();
  for (const w of Object.values(workers)) await w.close();
  await loopback.close();
  if (TOOLS) await toolArms();
}

/**
 * ROUNDS rounds over the arms, their order reversed every other round (ABC, CBA, ...); in
 * each, an arm's untimed pass, then `passes` timed ones. Per arm, each round's ms per call.
 */
async function alternatingRounds(names: string[], runPass: (name: string) => Promise<number>, passes: number, callsPerPass: number): Promise<Record<string, number[]>> {
  const perCall: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [...names].reverse() : names;
    for (const name of order) {
      await runPass(name);
      let total = 0;
      for (let p = 0; p < passes; p++) total += await runPass(name);
      perCall[name]!.push(total / (passes * callsPerPass));
    }
  }
  return perCall;
}

async function toolArms(): Promise<void> {
  const arms: Record<string, Client> = { "tool-main": await toolServer("main"), "tool-worker": await toolServer("worker"), "tool-awake": await toolServer("awake") };
  const names = Object.keys(arms);
  for (const name of names) for (let k = 0; k < 3; k++) await toolPass(arms[name]!); // loads each side's tables, warms the code
  const perCall = await alternatingRounds(names, (name) => toolPass(arms[name]!), PASSES * 4, TOOL_CALLS.length);
  console.log(`tool calls over stdio (child processes, SDK client): ${TOOL_CALLS.length} calls per pass, ${PASSES * 4} passes per arm and round, ${ROUNDS} rounds (alternating order)`);
  for (const name of names) console.log(`  ${name.padEnd(12)} ${median(perCall[name]!).toFixed(3)} ms per call ${range(perCall[name]!)}`);
  for (const name of ["tool-worker", "tool-awake"]) {
    const ratio = perCall[name]!.map((v, i) => v / perCall["tool-main"]![i]!);
    console.log(`  ${`${name}/tool-main`.padEnd(22)} ${median(ratio).toFixed(3)}× ${range(ratio)}${name === "tool-worker" ? ` (target ≤ ${TARGET_RATIO}×: ${median(ratio) <= TARGET_RATIO ? "met" : "MISSED"})` : ""}`);
  }
  for (const c of Object.values(arms)) await c.close();
}

await main();
