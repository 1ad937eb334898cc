// npm run bench:http — the Streamable HTTP transport as a shared connector, in one run:
//
// 1. Per-call time: the same server (`src/cli/main.ts --embedded` through tsx) started as
//    stdio, --http (sessions) and --http --stateless; CALLS sequential calls of a tool whose
//    answer is cached after the first (vndb_get_stats), so what is measured is the MCP round
//    trip itself. Each HTTP mode twice: with the SDK client (which speaks the 2026-07-28
//    protocol when the server offers it) and with a raw client (plain fetch, 2025-era JSON-RPC:
//    initialize and Mcp-Session-Id, or one stateless POST per call). Medians and p95 in ms;
//    the note's target: stateless within 1.3x of sessions.
// 2. Shared answers: SESSIONS sessions, anonymous, each asking the same two public questions,
//    against the emulator behind a counting proxy: how many requests reach the upstream
//    (target: at most 12 for 40 sessions).
// 3. Memory: MANY anonymous sessions opened (initialize + initialized) on one server; its
//    resident memory before and after (target: at most 150 MiB growth for 3,000), per
//    session, and how long /healthz then takes.
//
// 4. Throughput by era (only when asked: PARTS=throughput): one `--http --stateless` server,
//    USERS concurrent raw clients (each its own address, named in X-Forwarded-For, so each is
//    its own caller), calling vndb_get_stats (cached: what is measured is the MCP work per
//    call) for SECONDS, in 2025-era stateless calls and in 2026-07-28 calls, alternating,
//    ROUNDS times; calls per second as the median and range of the rounds, and the ratio of
//    the eras in each round, pair by pair (issue 30: 2026 at least 0.9x 2025). Beside it the
//    server's CPU time per answered call (/proc/<pid>/stat, all its threads): on cores shared
//    with other work the calls per second swing with that work, the CPU spent per call much
//    less. With BASE=<checkout of an earlier commit> the same rounds also run against that
//    build's server, alternating with this one's, so before and after are measured in the
//    same run.
//
//   npm run bench:http            (CALLS=300 SESSIONS=40 MANY=3000 by default)
//   PARTS=memory npm run bench:http   (only the parts named: calls, shared, memory, throughput)
//   PARTS=throughput BASE=../before USERS=16 SECONDS=10 ROUNDS=5 npm run bench:http
//
// Only loopback: the server, the emulator and the proxy all listen on 127.0.0.1.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Transport } from "@modelcontextprotocol/client";
import { Agent, request } from "undici";
import { startEmulator } from "../src/emulator/index.js";
import { startCountingProxy } from "../test/helpers/counting-proxy.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const CALLS = Number(process.env.CALLS ?? 300);
const SESSIONS = Number(process.env.SESSIONS ?? 40);
const MANY = Number(process.env.MANY ?? 3000);
const PARTS = new Set((process.env.PARTS ?? "calls,shared,memory").split(",").map((p) => p.trim()));
const WARMUP = 20;
const USERS = Number(process.env.USERS ?? 16);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** Seconds of calls per server and era before the rounds (JIT, caches, each caller's client), at least. */
const WARMUP_S = 5;
/** An earlier checkout (with node_modules) whose server the throughput part also measures. */
const BASE = process.env.BASE ? resolve(process.env.BASE) : undefined;
const PROTOCOL_2026 = "2026-07-28";
/** Sessions opened at once in the memory run (under the per-client limit of 8 in flight). */
const OPEN_AT_ONCE = 6;
const PROTOCOL_2025 = "2025-06-18";
const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": PROTOCOL_2025 };

interface Started {
  url: URL;
  child: ChildProcess;
  stop: () => Promise<void>;
}

async function startHttp(args: string[], extraEnv: Record<string, string> = {}, checkout = root): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--http", "--port", "0", ...args], {
    cwd: checkout,
    env: { ...env, ...extraEnv },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr!.on("data", (d: Buffer) => {
      log += d.toString("utf8");
      const m = /serving MCP on (http:\/\/\S+)/.exec(log);
      if (m) resolve(new URL(m[1]!));
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${log}`)));
  });
  return { url, child, stop: () => new Promise((resolve) => (child.once("exit", () => resolve()), child.kill("SIGTERM"))) };
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (Linux's USER_HZ, 100 on every common build). */
const CLOCK_TICKS_PER_S = 100;

/** CPU time a process (all its threads) has used so far, in ms (Linux): user + system. */
function cpuMsOf(pid: number): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop()!.trim().split(/\s+/);
  // utime and stime are fields 14 and 15 of the whole line, so 12 and 13 after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

/** Resident memory of a process in bytes (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
  return Number(/(\d+)/.exec(line ?? "")?.[1] ?? 0) * 1024;
}

const stats = (times: number[]) => {
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
};

/** The JSON-RPC message of an answer that may come as JSON or as an event stream. */
async function rpcAnswer(response: Response): Promise<{ result?: { isError?: boolean }; error?: unknown }> {
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text}`);
  if (!(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) return JSON.parse(text);
  const data = text.split("\n").filter((l) => l.startsWith("data: ")).pop();
  return JSON.parse(data!.slice(6));
}

/** A 2025-era session opened by hand: initialize, then initialized. Returns its id. */
async function rawSession(url: URL): Promise<string> {
  const init = await fetch(url, {
    method: "POST",
    headers: MCP_HEADERS,
    body: JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: PROTOCOL_2025, capabilities: {}, clientInfo: { name: "bench-raw", version: "0" } } }),
  });
  const id = init.headers.get("mcp-session-id");
  await rpcAnswer(init);
  if (!id) throw new Error("no session id");
  const done = await fetch(url, { method: "POST", headers: { ...MCP_HEADERS, "mcp-session-id": id }, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) });
  await done.text();
  return id;
}

async function measureSdk(name: string, transport: Transport) {
  const client = new Client({ name: "bench", version: "0" });
  client.onerror = () => {};
  await client.connect(transport);
  const times: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const t0 = performance.now();
    const r = await client.callTool({ name: "vndb_get_stats", arguments: {} });
    if (r.isError) throw new Error(JSON.stringify(r.content));
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  await client.close();
  return { name, ...stats(times) };
}

async function measureRaw(name: string, url: URL, stateless: boolean) {
  const session = stateless ? undefined : await rawSession(url);
  const headers = session ? { ...MCP_HEADERS, "mcp-session-id": session } : MCP_HEADERS;
  const times: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const t0 = performance.now();
    const answer = await rpcAnswer(
      await fetch(url, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params: { name: "vndb_get_stats", arguments: {} } }) }),
    );
    if (answer.error || answer.result?.isError) throw new Error(JSON.stringify(answer));
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  return { name, ...stats(times) };
}

async function perCall() {
  const rows = [];
  rows.push(await measureSdk("stdio (SDK)", new StdioClientTransport({ command: process.execPath, args: ["--import", "tsx", "src/cli/main.ts", "--embedded"], cwd: root, env, stderr: "ignore" })));
  for (const [label, flags, stateless] of [["http sessions", [], false], ["http stateless", ["--stateless"], true]] as const) {
    const server = await startHttp(["--embedded", ...flags]);
    try {
      rows.push(await measureSdk(`${label} (SDK)`, new StreamableHTTPClientTransport(server.url)));
      rows.push(await measureRaw(`${label} (raw)`, server.url, stateless));
    } finally {
      await server.stop();
    }
  }
  return rows;
}

/** SESSIONS anonymous sessions asking the same public questions: requests reaching VNDB. */
async function sharedAnswers() {
  const emulator = await startEmulator({ port: 0 });
  const proxy = await startCountingProxy(emulator.url);
  // 40 users behind one proxy (this process), each named in X-Forwarded-For.
  const server = await startHttp(["--api-url", proxy.url], { VNDB_HTTP_TRUSTED_PROXIES: "127.0.0.1,::1" });
  const questions = [
    { name: "vndb_search_vn", arguments: { query: "ever17" } },
    { name: "vndb_get_stats", arguments: {} },
  ];
  try {
    const clients = await Promise.all(
      Array.from({ length: SESSIONS }, async (_, i) => {
        const client = new Client({ name: "bench-shared", version: "0" });
        client.onerror = () => {};
        await client.connect(new StreamableHTTPClientTransport(server.url, { requestInit: { headers: { "x-forwarded-for": `198.51.100.${i + 1}` } } }));
        return client;
      }),
    );
    proxy.counts.clear();
    let errors = 0;
    // Every session asks both questions, all sessions at once.
    await Promise.all(
      clients.map(async (client) => {
        for (const q of questions) if ((await client.callTool(q)).isError) errors++;
      }),
    );
    const upstream = proxy.total();
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    return { sessions: SESSIONS, questions: questions.length, calls: SESSIONS * questions.length, upstream, byPath: Object.fromEntries(proxy.counts), errors };
  } finally {
    await server.stop();
    await proxy.close();
    await emulator.close();
  }
}

/** MANY anonymous sessions on one server: its memory growth and /healthz time. */
async function memory() {
  const server = await startHttp(["--embedded"], { VNDB_HTTP_MAX_SESSIONS: String(MANY + 100) });
  try {
    // One session first, so that lazily loaded code is in the baseline.
    await rawSession(server.url);
    await new Promise((r) => setTimeout(r, 500));
    const before = rssOf(server.child.pid!);
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: OPEN_AT_ONCE }, async () => {
        while (next < MANY) {
          next++;
          await rawSession(server.url);
        }
      }),
    );
    const openMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 500));
    const after = rssOf(server.child.pid!);
    const h0 = performance.now();
    const health = (await (await fetch(new URL("/healthz", server.url))).json()) as { sessions: number };
    const healthMs = performance.now() - h0;
    return {
      sessions: MANY,
      live: health.sessions,
      rssBeforeMiB: before / 2 ** 20,
      rssAfterMiB: after / 2 ** 20,
      growthMiB: (after - before) / 2 ** 20,
      perSessionKiB: (after - before) / MANY / 1024,
      openPerSessionMs: openMs / MANY,
      healthzMs: healthMs,
    };
  } finally {
    await server.stop();
  }
}

type Era = "2025 stateless" | "2026-07-28";

/** One tools/call of vndb_get_stats in either era, as user `user` (its own forwarded address). */
async function eraCall(url: URL, dispatcher: Agent, era: Era, user: number, id: number): Promise<boolean> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "x-forwarded-for": `10.9.${user >> 8}.${user & 255}`,
  };
  const params: Record<string, unknown> = { name: "vndb_get_stats", arguments: {} };
  if (era === "2026-07-28") {
    Object.assign(headers, { "mcp-protocol-version": PROTOCOL_2026, "mcp-method": "tools/call", "mcp-name": "vndb_get_stats" });
    params._meta = {
      "io.modelcontextprotocol/protocolVersion": PROTOCOL_2026,
      "io.modelcontextprotocol/clientInfo": { name: "bench-http", version: "0" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
  } else headers["mcp-protocol-version"] = PROTOCOL_2025;
  try {
    const answer = await request(url, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params }), dispatcher });
    const text = await answer.body.text();
    return answer.statusCode === 200 && text.includes("holds chars");
  } catch {
    return false;
  }
}

/**
 * USERS callers calling without pause for SECONDS: answered calls per second, failures, and
 * the server's CPU time per answered call (its own work, which other processes on a loaded
 * machine slow down but do not add to, unlike the calls per second).
 */
async function load(server: Started, era: Era, seconds = SECONDS): Promise<{ perSecond: number; failed: number; cpuMsPerCall: number }> {
  const dispatcher = new Agent({ connections: USERS, keepAliveTimeout: 10_000 });
  let ok = 0;
  let failed = 0;
  let id = 0;
  const end = performance.now() + seconds * 1000;
  const cpu0 = cpuMsOf(server.child.pid!);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      while (performance.now() < end) {
        if (await eraCall(server.url, dispatcher, era, user, ++id)) ok++;
        else failed++;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuMsOf(server.child.pid!) - cpu0;
  await dispatcher.close();
  return { perSecond: ok / elapsed, failed, cpuMsPerCall: cpu / Math.max(1, ok) };
}

/** Median and range of a list of figures. */
const spread = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, min: s[0]!, max: s.at(-1)! };
};

async function throughput() {
  const builds: { name: string; checkout: string }[] = [...(BASE ? [{ name: "before", checkout: BASE }] : []), { name: "after", checkout: root }];
  const trust = { VNDB_HTTP_TRUSTED_PROXIES: "127.0.0.1" };
  const servers = await Promise.all(builds.map((b) => startHttp(["--embedded", "--stateless"], trust, b.checkout)));
  const eras: Era[] = ["2025 stateless", "2026-07-28"];
  const figures = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  const ratios = new Map<string, number[]>();
  const cpuRatios = new Map<string, number[]>();
  const failures = new Map<string, number>();
  const add = (m: Map<string, number[]>, k: string, v: number) => m.set(k, [...(m.get(k) ?? []), v]);
  try {
    // Warm-up: the catalogue, the cached answer and each caller's client, in both eras.
    for (const server of servers) for (const era of eras) await load(server, era, Math.max(SECONDS, WARMUP_S));
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating: builds in turn, and within each round the eras in turn (their order flips
      // each round), so that the two figures of a pair were measured seconds apart.
      for (const [i, build] of builds.entries()) {
        const order = round % 2 === 0 ? eras : [...eras].reverse();
        const got: Record<string, { perSecond: number; cpuMsPerCall: number }> = {};
        for (const era of order) {
          const run = await load(servers[i]!, era);
          const key = `${build.name} ${era}`;
          add(figures, key, run.perSecond);
          add(cpu, key, run.cpuMsPerCall);
          failures.set(key, (failures.get(key) ?? 0) + run.failed);
          got[era] = run;
          console.log(`  round ${round + 1}: ${key.padEnd(24)} ${run.perSecond.toFixed(0).padStart(5)} calls/s, server CPU ${run.cpuMsPerCall.toFixed(3)} ms/call${run.failed ? `, ${run.failed} failed` : ""}`);
        }
        const ratio = got["2026-07-28"]!.perSecond / got["2025 stateless"]!.perSecond;
        const cpuRatio = got["2026-07-28"]!.cpuMsPerCall / got["2025 stateless"]!.cpuMsPerCall;
        add(ratios, build.name, ratio);
        add(cpuRatios, build.name, cpuRatio);
        console.log(`  round ${round + 1}: ${build.name}: 2026 / 2025 stateless ${ratio.toFixed(2)}x calls/s, ${cpuRatio.toFixed(2)}x CPU per call`);
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  return {
    users: USERS,
    seconds: SECONDS,
    rounds: ROUNDS,
    perSecond: Object.fromEntries([...figures].map(([k, v]) => [k, { ...spread(v), rounds: v, failed: failures.get(k) ?? 0 }])),
    cpuMsPerCall: Object.fromEntries([...cpu].map(([k, v]) => [k, { ...spread(v), rounds: v }])),
    ratio2026to2025: Object.fromEntries([...ratios].map(([k, v]) => [k, { ...spread(v), rounds: v }])),
    cpuRatio2026to2025: Object.fromEntries([...cpuRatios].map(([k, v]) => [k, { ...spread(v), rounds: v }])),
  };
}

async function main() {
  const rows = PARTS.has("calls") ? await perCall() : undefined;
  const shared = PARTS.has("shared") ? await sharedAnswers() : undefined;
  const mem = PARTS.has("memory") ? await memory() : undefined;
  const flow = PARTS.has("throughput") ? await throughput() : undefined;
  report(rows, shared, mem, flow);
}

function report(rows?: Awaited<ReturnType<typeof perCall>>, shared?: Awaited<ReturnType<typeof sharedAnswers>>, mem?: Awaited<ReturnType<typeof memory>>, flow?: Awaited<ReturnType<typeof throughput>>) {
  if (rows) {
    const ms = (name: string) => rows.find((r) => r.name === name)!.median;
    console.log(`per-call latency, ${CALLS} sequential vndb_get_stats calls (cached answer), ms:`);
    for (const r of rows) console.log(`  ${r.name.padEnd(24)} median ${r.median.toFixed(2)}  p95 ${r.p95.toFixed(2)}`);
    console.log(`  stateless / sessions: SDK ${(ms("http stateless (SDK)") / ms("http sessions (SDK)")).toFixed(2)}x, raw ${(ms("http stateless (raw)") / ms("http sessions (raw)")).toFixed(2)}x (target <= 1.3x)`);
  }
  if (shared) {
    console.log(`shared answers: ${shared.sessions} sessions x ${shared.questions} public questions = ${shared.calls} calls -> ${shared.upstream} upstream requests (target <= 12), ${shared.errors} errors; ${JSON.stringify(shared.byPath)}`);
  }
  if (mem) {
    console.log(
      `memory: ${mem.sessions} anonymous sessions (${mem.live} live) -> RSS ${mem.rssBeforeMiB.toFixed(1)} -> ${mem.rssAfterMiB.toFixed(1)} MiB, growth ${mem.growthMiB.toFixed(1)} MiB (target <= 150), ${mem.perSessionKiB.toFixed(1)} KiB per session; opening ${mem.openPerSessionMs.toFixed(2)} ms per session; /healthz then ${mem.healthzMs.toFixed(1)} ms`,
    );
  }
  if (flow) {
    console.log(`throughput: ${flow.users} callers, ${flow.seconds} s per run, ${flow.rounds} rounds, calls/s median (range):`);
    for (const [k, v] of Object.entries(flow.perSecond)) console.log(`  ${k.padEnd(24)} ${v.median.toFixed(0)} (${v.min.toFixed(0)}-${v.max.toFixed(0)})${v.failed ? `, ${v.failed} failed` : ""}`);
    console.log(`server CPU time per answered call, ms, median (range):`);
    for (const [k, v] of Object.entries(flow.cpuMsPerCall)) console.log(`  ${k.padEnd(24)} ${v.median.toFixed(3)} (${v.min.toFixed(3)}-${v.max.toFixed(3)})`);
    console.log(`2026 / 2025 stateless, pair by pair (each round's two runs), median (range):`);
    for (const [k, v] of Object.entries(flow.ratio2026to2025)) console.log(`  ${k}: calls/s ${v.median.toFixed(2)}x (${v.min.toFixed(2)}-${v.max.toFixed(2)}) (target >= 0.9x)`);
    for (const [k, v] of Object.entries(flow.cpuRatio2026to2025)) console.log(`  ${k}: CPU per call ${v.median.toFixed(2)}x (${v.min.toFixed(2)}-${v.max.toFixed(2)}) (at most 1/0.9 = 1.11x for the same calls/s on busy cores)`);
  }
  mkdirSync(join(root, "bench", "out"), { recursive: true });
  writeFileSync(join(root, "bench", "out", "http.json"), JSON.stringify({ calls: CALLS, rows, shared, memory: mem, throughput: flow }, null, 2));
}

main().catch((error) => {
  console.error("bench:http failed:", error);
  process.exitCode = 1;
});
