// npm run bench:server — what the MCP server costs a host, measured the way
// research/perf-anchors.md measured the peers:
//
//  1. tools/list size: bytes and tokens (o200k from gpt-tokenizer, and @anthropic-ai/tokenizer),
//     whole and per tool, plus the server instructions;
//  2. start-up: spawn → first tools/list response over stdio, bundled server (dist/bundle, built
//     by `npm run bundle`) against a minimal SDK server bundled the same way (esbuild, one
//     file + chunks), alternating runs, medians; the warm-up runs end as a host's session does,
//     so that on Node 22.1+ the timed runs load the compile cache the server keeps, and there
//     the minimal server is also run with one, for a like-for-like second ratio;
//  3. peak RSS (VmHWM) of the server process after initialize + tools/list, without and with
//     --embedded;
//  4. per-call latency of a tool call over stdio against the emulator (--embedded), versus the
//     same query made directly with the Kana client against an emulator; through the SDK's
//     client (what a host pays) and through a bare JSON-lines client (what the server and the
//     pipes cost without the SDK client's own work per message), with a ping each way.
//
// Results print as a table on stdout and are written to bench/out/server.json.
//
//   npm run bench:server                 (RUNS=20 CALLS=1000 by default)
//   RUNS=10 CALLS=100 npm run bench:server

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { countTokens } from "@anthropic-ai/tokenizer";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { build } from "esbuild";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { startEmulator } from "../src/emulator/index.js";
import { KanaClient } from "../src/client/kana-client.js";
import { serverInstructions } from "../src/server/instructions.js";
import { HAS_COMPILE_CACHE } from "../src/cli/compile-cache.js";
import { connect, testConfig, unreachableApi } from "../test/helpers/mcp-client.js";
import { startRawServer } from "../test/helpers/raw-stdio.js";
import { MODEL_FACING_BUDGET, MODEL_FACING_BUDGET_WRITER, modelFacingCost } from "../test/helpers/model-facing.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = join(root, "bench", "out");
const bundledEntry = join(root, "dist", "bundle", "server", "vndb-mcp.mjs");
const minimalEntry = join(root, "dist", "bench-minimal", "minimal.mjs");

/** Cold starts per server; the perf anchors used 20 counted rounds after 2 warm-ups. */
const RUNS = Number(process.env.RUNS ?? 20);
const WARMUP_RUNS = 2;
/** Timed tool calls per session (the anchors used 200 after 20 warm-ups; more here: medians of sub-millisecond times settle slowly). */
const CALLS = Number(process.env.CALLS ?? 1000);
const WARMUP_CALLS = 100;
/** Targets from issue 5. */
const TARGET_LIST_TOKENS = 5_000;
const TARGET_TOOL_TOKENS = 1_000;
const TARGET_STARTUP_RATIO = 1.2;
const TARGET_RSS_MIB = 60;
/** The emulator's read-write test token for u2 (catalogue tokens.json); registers the write tools. */
const TEST_TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const say = (s: string) => process.stdout.write(`${s}\n`);

// ---------------------------------------------------------------------------------------
// 1. tools/list size

async function toolListSize() {
  const config = testConfig({ token: TEST_TOKEN });
  const c = await connect(config, unreachableApi);
  const { tools } = await c.client.listTools();
  await c.close();
  const whole = JSON.stringify({ tools });
  const perTool = tools.map((t) => {
    const s = JSON.stringify(t);
    return { name: t.name, bytes: Buffer.byteLength(s), anthropic: countTokens(s), o200k: encode(s).length };
  });
  const instructions = serverInstructions(config);
  // What a host hands the model (name, title, description, input schema), issue 21's budget.
  const facingNone = await modelFacingCost({});
  const facingWriter = await modelFacingCost({ token: TEST_TOKEN });
  return {
    modelFacing: { none: facingNone.tokens, writer: facingWriter.tokens },
    tools: tools.length,
    bytes: Buffer.byteLength(whole),
    anthropic: countTokens(whole),
    o200k: encode(whole).length,
    outputSchemas: countTokens(JSON.stringify(tools.map((t) => t.outputSchema ?? null))),
    perTool,
    instructions: { bytes: Buffer.byteLength(instructions), anthropic: countTokens(instructions), o200k: encode(instructions).length },
  };
}

// ---------------------------------------------------------------------------------------
// 2 + 3. start-up and memory, with a bare JSON-RPC client over pipes

async function buildMinimal(): Promise<void> {
  const dir = join(root, "dist", "bench-minimal");
  mkdirSync(dir, { recursive: true });
  const src = join(dir, "minimal-src.mjs");
  // The perf anchors' floor: McpServer + one registerTool + StdioServerTransport.
  writeFileSync(
    src,
    `import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";
const server = new McpServer({ name: "minimal", version: "0" });
server.registerTool("echo", { description: "Echo", inputSchema: z.object({ message: z.string() }) }, async ({ message }) => ({ content: [{ type: "text", text: message }] }));
await server.connect(new StdioServerTransport());
`,
  );
  await build({
    entryPoints: { minimal: src },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    minify: true,
    nodePaths: [join(root, "node_modules")],
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    logLevel: "warning",
  });
}

const START_VARIANTS = ["minimal", "minimalCached", "server", "embedded"] as const;
type StartVariant = (typeof START_VARIANTS)[number];

interface ColdRun {
  initMs: number;
  listMs: number;
  hwmKiB: number;
}

function readHwm(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

/**
 * One start, spawn → tools/list. `graceful` ends it as a host ends a session (stdin closed,
 * then the process exits by itself), which is when Node writes its compile cache (Node 22.1+;
 * the server turns it on, cli/compile-cache.ts): the warm-up runs are graceful, so the timed
 * runs start as a host's later sessions do. The timed runs are killed at once.
 */
function coldRun(args: string[], env: Record<string, string>, graceful = false): Promise<ColdRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", "ignore"] });
    let initMs = NaN;
    let buffer = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no tools/list from ${args.join(" ")}`));
    }, 30_000);
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
        const msg = JSON.parse(buffer.slice(0, nl)) as { id?: number };
        buffer = buffer.slice(nl + 1);
        if (msg.id === 1) {
          initMs = performance.now() - t0;
          child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
          child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })}\n`);
        } else if (msg.id === 2) {
          const listMs = performance.now() - t0;
          const hwmKiB = readHwm(child.pid!);
          clearTimeout(timer);
          if (!graceful) {
            child.kill("SIGKILL");
            resolve({ initMs, listMs, hwmKiB });
            return;
          }
          const stuck = setTimeout(() => child.kill("SIGKILL"), 10_000);
          child.once("exit", () => (clearTimeout(stuck), resolve({ initMs, listMs, hwmKiB })));
          child.stdin!.end();
        }
      }
    });
    child.on("error", reject);
    child.stdin!.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } } })}\n`,
    );
  });
}

async function startupAndMemory() {
  if (!existsSync(bundledEntry)) throw new Error(`${bundledEntry} is missing: run npm run bundle first`);
  await buildMinimal();
  const baseEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };
  // The server keeps Node's compile cache where Node has one (22.1+): so may the minimal
  // server, for a like-for-like second ratio (its own folder, through Node's variable).
  const cacheDir = join(outDir, "minimal-compile-cache");
  rmSync(cacheDir, { recursive: true, force: true });
  const variants: Record<StartVariant, { args: string[]; env: Record<string, string> } | null> = {
    minimal: { args: [minimalEntry], env: baseEnv },
    minimalCached: HAS_COMPILE_CACHE ? { args: [minimalEntry], env: { ...baseEnv, NODE_COMPILE_CACHE: cacheDir } } : null,
    server: { args: [bundledEntry], env: { ...baseEnv, VNDB_TOKEN: TEST_TOKEN, VNDB_LOG_LEVEL: "error" } },
    embedded: { args: [bundledEntry, "--embedded"], env: { ...baseEnv, VNDB_TOKEN: TEST_TOKEN, VNDB_LOG_LEVEL: "error" } },
  };
  const runs: Record<StartVariant, ColdRun[]> = { minimal: [], minimalCached: [], server: [], embedded: [] };
  for (let i = 0; i < WARMUP_RUNS + RUNS; i++) {
    // Alternate, so a noisy neighbour slows every variant alike.
    for (const name of START_VARIANTS) {
      const v = variants[name];
      if (!v) continue;
      const r = await coldRun([...v.args], { ...v.env }, i < WARMUP_RUNS);
      if (i >= WARMUP_RUNS) runs[name].push(r);
    }
  }
  const summary = (rs: ColdRun[]) => ({
    initMedianMs: median(rs.map((r) => r.initMs)),
    listMedianMs: median(rs.map((r) => r.listMs)),
    listMinMs: Math.min(...rs.map((r) => r.listMs)),
    listMaxMs: Math.max(...rs.map((r) => r.listMs)),
    hwmMedianMiB: median(rs.map((r) => r.hwmKiB)) / 1024,
    hwmMaxMiB: Math.max(...rs.map((r) => r.hwmKiB)) / 1024,
  });
  return {
    runs: RUNS,
    compileCache: HAS_COMPILE_CACHE,
    minimal: summary(runs.minimal),
    minimalCached: HAS_COMPILE_CACHE ? summary(runs.minimalCached) : null,
    server: summary(runs.server),
    embedded: summary(runs.embedded),
  };
}

// ---------------------------------------------------------------------------------------
// 4. per-call latency: tool over stdio vs direct client call, same query. The server runs
// with --embedded (its own in-process emulator, no request budget: against a plain URL the
// client would keep VNDB's 200 requests per 5 minutes); the direct client talks to an
// emulator of the same catalogue started here, with the budget lifted the same way.

/** The query body a tool sends for `args`: one in-process call through a recording client. */
async function bodySentFor(tool: string, args: Record<string, unknown>, api: KanaClient): Promise<object> {
  let sent: object | undefined;
  const recording = new Proxy(api, {
    get(target, key, receiver) {
      if (key === "query") return (endpoint: never, body: object, options: never) => ((sent = body), target.query(endpoint, body, options));
      const value = Reflect.get(target, key, receiver) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const connected = await connect(testConfig(), recording);
  await connected.client.callTool({ name: tool, arguments: args });
  await connected.close();
  if (!sent) throw new Error(`${tool} sent no query`);
  return sent;
}

async function callLatency() {
  const emulator = await startEmulator({ port: 0, preset: "catalogue" });
  // Configured as the embedded server's own client is (no budget, no compression in-process).
  const direct = new KanaClient({ baseUrl: emulator.url, rateLimit: { maxRequests: 1_000_000 }, compression: false, logger: () => {} });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bundledEntry, "--embedded"],
    env: { PATH: process.env.PATH ?? "", VNDB_LOG_LEVEL: "error" },
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "0" });
  await client.connect(transport);
  // Same request both ways: the body the tool sends for these arguments (its fields, the names
  // it fetches to say why an entry matched), recorded from one in-process call.
  const args = { query: "fate", fields: "brief" };
  const body = await bodySentFor("vndb_search_vn", args, direct);
  const timeTool = async () => {
    const t = performance.now();
    const r = await client.callTool({ name: "vndb_search_vn", arguments: args });
    if (r.isError) throw new Error(JSON.stringify(r.content));
    return performance.now() - t;
  };
  // A bare JSON-RPC client: one JSON object per line each way, no validation, so the SDK
  // client's own cost per message is left out.
  const bare = await startRawServer(["--embedded"], { VNDB_LOG_LEVEL: "error" }, [bundledEntry]);
  let bareId = 0;
  const timeBare = async () => {
    const t = performance.now();
    const r = await bare.request(++bareId, "tools/call", { name: "vndb_search_vn", arguments: args });
    if (r.error || (r.result as { isError?: boolean } | undefined)?.isError) throw new Error(JSON.stringify(r));
    return performance.now() - t;
  };
  const timeDirect = async () => {
    const t = performance.now();
    await direct.query("vn", body);
    return performance.now() - t;
  };
  const tool: number[] = [];
  const plain: number[] = [];
  const ping: number[] = [];
  const bareTool: number[] = [];
  const barePing: number[] = [];
  for (let i = 0; i < WARMUP_CALLS + CALLS; i++) {
    const a = await timeTool();
    const b = await timeDirect();
    let t = performance.now();
    await client.ping();
    const c = performance.now() - t;
    const d = await timeBare();
    t = performance.now();
    await bare.request(++bareId, "ping");
    const e = performance.now() - t;
    if (i >= WARMUP_CALLS) {
      tool.push(a);
      plain.push(b);
      ping.push(c);
      bareTool.push(d);
      barePing.push(e);
    }
  }
  // End of stdin is the server's orderly shutdown.
  bare.child.stdin.end();
  await bare.exited;
  await client.close();
  await direct.close();
  await emulator.close();
  const stats = (xs: number[]) => ({ medianMs: median(xs), p90Ms: pct(xs, 90), p99Ms: pct(xs, 99) });
  return {
    calls: CALLS,
    tool: stats(tool),
    direct: stats(plain),
    ping: stats(ping),
    overheadMedianMs: median(tool) - median(plain),
    bare: { tool: stats(bareTool), ping: stats(barePing), overheadMedianMs: median(bareTool) - median(plain) },
  };
}

// ---------------------------------------------------------------------------------------

async function main() {
  const size = await toolListSize();
  say(`tools/list: ${size.tools} tools, ${size.bytes} bytes, ${size.anthropic} Anthropic tokens, ${size.o200k} o200k tokens`);
  say(`  output schemas: ${size.outputSchemas} Anthropic tokens`);
  say(`instructions: ${size.instructions.bytes} bytes, ${size.instructions.anthropic} Anthropic / ${size.instructions.o200k} o200k tokens`);
  say(`model-facing part (name, title, description, input schema): ${size.modelFacing.none} Anthropic tokens without a token (≤ ${MODEL_FACING_BUDGET}), ${size.modelFacing.writer} with a writer token (≤ ${MODEL_FACING_BUDGET_WRITER})`);
  say("per tool (bytes / Anthropic / o200k):");
  for (const t of size.perTool) say(`  ${t.name.padEnd(28)} ${String(t.bytes).padStart(5)} ${String(t.anthropic).padStart(5)} ${String(t.o200k).padStart(5)}`);
  const largest = size.perTool.reduce((a, b) => (b.anthropic > a.anthropic ? b : a));
  say(`largest: ${largest.name} ${largest.anthropic} tokens (target ≤ ${TARGET_TOOL_TOKENS})`);

  const start = await startupAndMemory();
  const ratio = start.server.listMedianMs / start.minimal.listMedianMs;
  say(`start-up, spawn → tools/list, median of ${start.runs} (min–max), Node ${process.version}, compile cache ${start.compileCache ? "on (the server's own)" : "not in this Node"}:`);
  for (const k of START_VARIANTS) {
    const s = start[k];
    if (!s) continue;
    say(`  ${k.padEnd(13)} init ${s.initMedianMs.toFixed(0)} ms, list ${s.listMedianMs.toFixed(0)} ms (${s.listMinMs.toFixed(0)}–${s.listMaxMs.toFixed(0)}), VmHWM ${s.hwmMedianMiB.toFixed(1)} MiB (max ${s.hwmMaxMiB.toFixed(1)})`);
  }
  say(`server / minimal start-up ratio: ${ratio.toFixed(2)} (target ≤ ${TARGET_STARTUP_RATIO}); peak RSS ${start.server.hwmMaxMiB.toFixed(1)} MiB (target < ${TARGET_RSS_MIB})`);
  if (start.minimalCached) say(`  like for like, the minimal server with a compile cache too: ${(start.server.listMedianMs / start.minimalCached.listMedianMs).toFixed(2)}`);

  const calls = await callLatency();
  say(`per call over stdio (vndb_search_vn, ${calls.calls} calls): median ${calls.tool.medianMs.toFixed(2)} ms, p90 ${calls.tool.p90Ms.toFixed(2)}, p99 ${calls.tool.p99Ms.toFixed(2)}`);
  say(`direct client call (same query):          median ${calls.direct.medianMs.toFixed(2)} ms, p90 ${calls.direct.p90Ms.toFixed(2)}, p99 ${calls.direct.p99Ms.toFixed(2)}`);
  say(`server overhead per call (median difference): ${calls.overheadMedianMs.toFixed(2)} ms (target ≤ 0.3)`);
  say(`  of which the stdio round trip alone (ping):  median ${calls.ping.medianMs.toFixed(2)} ms`);
  say(`bare JSON-lines client, no SDK (same run):   tool median ${calls.bare.tool.medianMs.toFixed(2)} ms, ping ${calls.bare.ping.medianMs.toFixed(2)} ms`);
  say(`  overhead per call without the SDK client:   ${calls.bare.overheadMedianMs.toFixed(2)} ms`);

  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "server.json"), `${JSON.stringify({ size, start, ratio, calls, node: process.version }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:server failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
