// npm run bench:proxy-load — the hosted topology of compose.yaml under load, built from local
// processes on 127.0.0.1 (no containers): a Kana emulator as VNDB (with VNDB's limit of 200
// requests per 5 minutes per address on), a redis-server, two replicas of the server in
// `--http --stateless` mode sharing that Redis, and nginx balancing them round-robin with the
// settings of deploy/nginx.conf (no sticky sessions). A second nginx server sits in front of
// the emulator only to count what reaches "VNDB" (its access log).
//
// CONCURRENCY virtual users, each a different client (its own source address 127.0.x.y, which
// nginx names in X-Forwarded-For), call tools for DURATION seconds without pause, each call a
// question drawn at random from ~100 public ones (VNs by title and by id, characters,
// producers, releases), so the shared cache sees misses and hits. The generator is plain
// HTTP (undici), not the SDK client, so that it stays cheap next to the servers.
//
// Each run starts every process afresh (a new emulator window, an empty Redis) and measures:
// calls per second, latency p50/p99 of the calls answered without error, errors by kind
// (HTTP status, JSON-RPC error, a tool result with isError by the class of its text: budget,
// 429, session, ...), the resident memory of each replica sampled every RSS_EVERY_MS (max and
// at the end), how often a replica fell back from Redis to local state (its log), and the
// requests that reached the emulator.
//
// Runs (RUNS, comma-separated; default all that apply):
//   before       BASE's build, 2025-era stateless calls (one POST per call, no initialize)
//   before-wide  the same with its per-client limit raised to CONCURRENCY: that build cannot
//                believe X-Forwarded-For, so behind the proxy every user is one client (429
//                past 8 in flight); this run shows what it does without that limit
//   after        this checkout, 2025-era stateless calls; the replicas trust nginx's address
//   after-2026   this checkout, 2026-07-28 calls (the per-request envelope, no session)
//   mirror       this checkout, 2025-era stateless calls, each replica answering the catalogue
//                from a mirror (--mirror MIRROR; by default one made from the bundled catalogue
//                in the layout `mirror sync` makes), so that no catalogue question reaches VNDB
//   mirror-2026  the same in the 2026-07-28 era
//
//   npm run bench:proxy-load                                  (after, after-2026)
//   BASE=../before npm run bench:proxy-load                   (before, after, after-2026, before-wide)
//   DURATION=20 CONCURRENCY=8 RUNS=after npm run bench:proxy-load
//   DISTINCT=500 RUNS=mirror,mirror-2026 npm run bench:proxy-load   (issue 28: 0 upstream)
//
// DISTINCT (default: the ~100 hand-picked questions) adds questions by VN id from the bundled
// catalogue (the VN, its releases, its characters in turn) until there are that many.
//
// BASE is a checkout of an earlier commit (with node_modules). Each build runs compiled:
// `dist/cli/main.js`, built first with `npm run build` where it is missing or older than the
// sources. Needs nginx and redis-server on PATH (or in /usr/sbin); without them it says so
// and skips. Results: a table on stdout, bench/out/proxy-load.json, logs in bench/out/proxy-load/.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, createWriteStream } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Agent, request } from "undici";
import { freePort } from "../test/helpers/free-port.js";
import { makeMirrorFolder } from "../test/helpers/mirror-folder.js";
import { loadCatalogue } from "../src/emulator/catalogue/load.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const DURATION_S = Number(process.env.DURATION ?? 300);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const BASE = process.env.BASE ? resolve(process.env.BASE) : undefined;
/** VNDB's documented limit (reference §3.2), on in the emulator as the real service has it. */
const UPSTREAM_REQUESTS_PER_5_MIN = 200;
/** How often each replica's resident memory is read. */
const RSS_EVERY_MS = 2_000;
/** A call that takes longer is counted as a timeout (nginx's own read timeout is 120 s). */
const CALL_TIMEOUT_MS = 60_000;
/** How long a started process may take to say it is ready. */
const START_TIMEOUT_MS = 60_000;
const PROTOCOL_2025 = "2025-06-18";
const PROTOCOL_2026 = "2026-07-28";
const out = join(root, "bench", "out");
const logDir = join(out, "proxy-load");

// ---------------------------------------------------------------------------------------------
// The workload: 100 public questions a person might ask, spread over the kinds of lookup.

interface Question {
  name: string;
  arguments: Record<string, unknown>;
}

const TITLES = [
  "saya no uta", "fate/stay night", "katawa shoujo", "doki doki literature club", "steins;gate",
  "dangan ronpa", "grisaia no kajitsu", "umineko", "g-senjou no maou", "muv-luv alternative",
  "clannad", "tsukihime", "higurashi", "subarashiki hibi", "little busters", "gyakuten saiban",
  "ever17", "planetarian", "rewrite", "kara no shoujo", "sharin no kuni", "narcissu",
  "chaos;head", "fata morgana", "white album 2", "summer pockets", "senren banka", "va-11 hall-a",
  "dies irae", "swan song",
];
const VN_IDS = [
  "v97", "v11", "v945", "v21905", "v2002", "v7014", "v5154", "v24", "v211", "v93", "v92", "v4",
  "v7", "v67", "v3144", "v5", "v711", "v17", "v34", "v751", "v810", "v57", "v17102", "v382", "v12402",
];
const CHARACTERS = [
  "saber", "toosaka rin", "emiya shirou", "matou sakura", "illyasviel", "gilgamesh", "kotomine kirei",
  "kuranari takeshi", "yagami koko", "matsunaga sara", "akanegasaki sora", "fujimura taiga",
];
const CHARACTERS_OF = ["v17", "v11", "v2002"];
const PRODUCERS = ["key", "type-moon", "leaf", "navel", "minori", "liar-soft", "age", "kid", "palette", "princess soft", "studio e.go!", "mirror moon"];
const RELEASES_OF = [
  "v17", "v11", "v97", "v945", "v2002", "v4", "v7", "v24", "v67", "v5", "v34", "v751", "v93", "v92",
  "v711", "v211", "v810", "v57",
];

const HAND_PICKED: Question[] = [
  ...TITLES.map((query) => ({ name: "vndb_search_vn", arguments: { query } })),
  ...VN_IDS.map((id) => ({ name: "vndb_search_vn", arguments: { filters: { id } } })),
  ...CHARACTERS.map((query) => ({ name: "vndb_search_character", arguments: { query } })),
  ...CHARACTERS_OF.map((id) => ({ name: "vndb_search_character", arguments: { filters: { vn: { id } } } })),
  ...PRODUCERS.map((query) => ({ name: "vndb_search_producer", arguments: { query } })),
  ...RELEASES_OF.map((id) => ({ name: "vndb_search_release", arguments: { filters: { vn: { id } } } })),
];

/** The hand-picked questions, then questions by VN id from the bundled catalogue up to `count`. */
function questions(count: number): Question[] {
  const out = [...HAND_PICKED];
  const seen = new Set(out.map((q) => JSON.stringify(q)));
  const kinds = [
    (id: string): Question => ({ name: "vndb_search_vn", arguments: { filters: { id } } }),
    (id: string): Question => ({ name: "vndb_search_release", arguments: { filters: { vn: { id } } } }),
    (id: string): Question => ({ name: "vndb_search_character", arguments: { filters: { vn: { id } } } }),
  ];
  let n = 0;
  for (const vn of count > out.length ? loadCatalogue().vn : []) {
    if (out.length >= count) break;
    const q = kinds[n++ % kinds.length]!(vn.id);
    if (seen.has(JSON.stringify(q))) continue;
    seen.add(JSON.stringify(q));
    out.push(q);
  }
  return out;
}

const QUESTIONS = questions(Number(process.env.DISTINCT ?? 0));

// ---------------------------------------------------------------------------------------------
// The runs.

type Wire = "2025-stateless" | "2026";

interface RunSpec {
  name: string;
  what: string;
  root: string;
  wire: Wire;
  env: Record<string, string>;
  /** Serve the catalogue from this mirror root (--mirror), not from VNDB. */
  mirror?: () => string;
}

/** The mirror the mirror runs serve: MIRROR, or one made once from the bundled catalogue. */
let mirrorRoot: string | undefined;
const mirrorDir = () => (mirrorRoot ??= process.env.MIRROR ? resolve(process.env.MIRROR) : makeMirrorFolder(new Date().toISOString().slice(0, 10)).root);

/** nginx reaches the replicas from 127.0.0.1, the users come from 127.0.1.x: only nginx is believed. */
const afterEnv = { VNDB_HTTP_TRUSTED_PROXIES: "127.0.0.1" };
const allRuns: RunSpec[] = [
  ...(BASE ? [{ name: "before", what: "before, 2025 stateless", root: BASE, wire: "2025-stateless" as const, env: {} }] : []),
  { name: "after", what: "after, 2025 stateless", root, wire: "2025-stateless", env: afterEnv },
  { name: "after-2026", what: "after, 2026-07-28", root, wire: "2026", env: afterEnv },
  { name: "mirror", what: "after, 2025 stateless, --mirror", root, wire: "2025-stateless", env: afterEnv, mirror: mirrorDir },
  { name: "mirror-2026", what: "after, 2026-07-28, --mirror", root, wire: "2026", env: afterEnv, mirror: mirrorDir },
  ...(BASE
    ? [{ name: "before-wide", what: `before, 2025 stateless, per-client limit ${CONCURRENCY}`, root: BASE, wire: "2025-stateless" as const, env: { VNDB_HTTP_MAX_CONCURRENT: String(CONCURRENCY) } }]
    : []),
];

// ---------------------------------------------------------------------------------------------
// Processes: every child is remembered and stopped on exit, error or Ctrl-C.

const children = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\nbench:proxy-load: ${signal}, stopping every process it started`);
    void Promise.all([...children].map((c) => stop(c))).finally(() => process.exit(130));
  });
}

/** A program on PATH, or in the sbin folders that PATH may leave out for a normal user. */
function findProgram(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin", "/sbin"];
  return dirs.map((d) => join(d, name)).find((p) => p && existsSync(p));
}

/** Starts a process, its stderr copied to a log file; resolves once `ready` matches its output. */
async function startProcess(name: string, command: string, args: string[], options: { cwd?: string; env?: Record<string, string>; ready: RegExp; log: string }) {
  const child = track(
    spawn(command, args, {
      cwd: options.cwd ?? root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  const log = createWriteStream(options.log);
  let seen = "";
  const match = await new Promise<RegExpExecArray>((resolveMatch, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000} s:\n${seen}`)), START_TIMEOUT_MS);
    const onData = (d: Buffer) => {
      log.write(d);
      if (seen.length < 100_000) seen += d.toString("utf8");
      const m = options.ready.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolveMatch(m);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${seen}`));
    });
  });
  // Keep draining after start (a full pipe would block the child); the file keeps the log.
  child.once("exit", () => log.end());
  return { child, match };
}

/** The newest modification time of any file under a folder. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The compiled entry point of a checkout, built first if missing or older than its sources. */
function compiledEntry(checkout: string): string {
  const entry = join(checkout, "dist", "cli", "main.js");
  if (!existsSync(entry) || statSync(entry).mtimeMs < newestUnder(join(checkout, "src"))) {
    console.error(`building ${checkout} (npm run build) ...`);
    const built = spawnSync("npm", ["run", "build"], { cwd: checkout, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) throw new Error(`npm run build failed in ${checkout}`);
  }
  return entry;
}

function rssOf(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
    return Number(/(\d+)/.exec(line ?? "")?.[1] ?? 0) * 1024;
  } catch {
    return 0; // gone
  }
}

function nginxConfig(dir: string, listen: number, replicas: number[], countingPort: number, emulatorPort: number): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${join(dir, `${t}_temp`)};`).join("\n");
  return `# Generated by bench/proxy-load.bench.ts; the proxy part follows deploy/nginx.conf.
worker_processes 1;
daemon off;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "error.log")} warn;
events { worker_connections 4096; }

http {
${temp}
  access_log off;

  upstream vndb_mcp {
${replicas.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join("\n")}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${listen};
    client_max_body_size 2m;
    location / {
      proxy_pass http://vndb_mcp;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 120s;
      proxy_next_upstream error timeout http_503 non_idempotent;
    }
  }

  # Not part of the deployment: counts the requests that reach "VNDB" (the emulator).
  log_format counted '$status $request_method $uri';
  server {
    listen 127.0.0.1:${countingPort};
    access_log ${join(dir, "upstream.log")} counted;
    location / {
      proxy_pass http://127.0.0.1:${emulatorPort};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
    }
  }
}
`;
}

// ---------------------------------------------------------------------------------------------
// The load generator.

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": PROTOCOL_2026,
  "io.modelcontextprotocol/clientInfo": { name: "bench-proxy-load", version: "0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

function callRequest(wire: Wire, id: number, method: string, params: Record<string, unknown>) {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  if (wire === "2026") {
    headers["mcp-protocol-version"] = PROTOCOL_2026;
    headers["mcp-method"] = method;
    if (typeof params.name === "string") headers["mcp-name"] = params.name;
    params = { ...params, _meta: ENVELOPE };
  } else headers["mcp-protocol-version"] = PROTOCOL_2025;
  return { headers, body: JSON.stringify({ jsonrpc: "2.0", id, method, params }) };
}

/** The JSON-RPC message of an answer that came as JSON or as an event stream. */
function rpcMessage(contentType: string, text: string): { result?: { isError?: boolean; content?: { text?: string }[] }; error?: { code: number; message: string } } {
  if (!contentType.startsWith("text/event-stream")) return JSON.parse(text);
  const data = text.split("\n").filter((l) => l.startsWith("data: ")).pop();
  if (!data) throw new Error("an event stream without a message");
  return JSON.parse(data.slice(6));
}

/** A short class for an error text: numbers taken out, so that one kind is counted once. */
function textClass(text: string): string {
  const t = text.toLowerCase();
  if (/budget/.test(t)) return "budget";
  if (/\b429\b|too many requests|throttled|rate limit/.test(t)) return "429";
  if (/session/.test(t)) return "session";
  if (/timed out|timeout/.test(t)) return "timeout";
  if (/in flight/.test(t)) return "in-flight limit";
  return text.replace(/\d+(\.\d+)?/g, "N").replace(/\s+/g, " ").slice(0, 70);
}

interface CallOutcome {
  ok: boolean;
  ms: number;
  kind?: string;
  /** The error's own text (kept once per kind, for the JSON). */
  text?: string;
}

async function call(url: string, dispatcher: Agent, wire: Wire, id: number, q: Question): Promise<CallOutcome> {
  const { headers, body } = callRequest(wire, id, "tools/call", { name: q.name, arguments: q.arguments });
  const t0 = performance.now();
  try {
    const answer = await request(url, { method: "POST", headers, body, dispatcher, headersTimeout: CALL_TIMEOUT_MS, bodyTimeout: CALL_TIMEOUT_MS });
    const text = await answer.body.text();
    const ms = performance.now() - t0;
    const contentType = String(answer.headers["content-type"] ?? "");
    if (answer.statusCode !== 200) {
      let detail = "";
      try {
        detail = textClass(rpcMessage(contentType, text).error?.message ?? "");
      } catch {
        detail = textClass(text.slice(0, 200));
      }
      return { ok: false, ms, kind: `HTTP ${answer.statusCode}${detail ? `: ${detail}` : ""}`, text };
    }
    const message = rpcMessage(contentType, text);
    if (message.error) return { ok: false, ms, kind: `JSON-RPC ${message.error.code}: ${textClass(message.error.message)}`, text: message.error.message };
    if (message.result?.isError) {
      const said = (message.result.content ?? []).map((c) => c.text ?? "").join(" ");
      return { ok: false, ms, kind: `isError: ${textClass(said)}`, text: said };
    }
    return { ok: true, ms };
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error instanceof Error ? error.name : "error");
    return { ok: false, ms: performance.now() - t0, kind: `network: ${code}`, text: String(error) };
  }
}

/** One request outside the measurement: the endpoint answers tools/list the way this wire asks. */
async function preflight(url: string, wire: Wire): Promise<void> {
  const { headers, body } = callRequest(wire, 0, "tools/list", {});
  const answer = await request(url, { method: "POST", headers, body });
  const text = await answer.body.text();
  const message = answer.statusCode === 200 ? rpcMessage(String(answer.headers["content-type"] ?? ""), text) : undefined;
  const tools = (message?.result as { tools?: unknown[] } | undefined)?.tools;
  if (!tools?.length) throw new Error(`preflight tools/list over ${wire} failed: HTTP ${answer.statusCode} ${text.slice(0, 300)}`);
}

/** The address of virtual user i: 127.0.1.1, 127.0.1.2, … (all of 127/8 is loopback on Linux). */
const userAddress = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

async function drive(url: string, wire: Wire, durationMs: number) {
  const outcomes: CallOutcome[] = [];
  const end = Date.now() + durationMs;
  let id = 1;
  let seed = 0x9e3779b9;
  // A small fixed-seed generator: every run asks the same sequence of questions.
  const random = () => ((seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
  const users = Array.from({ length: CONCURRENCY }, (_, i) => new Agent({ localAddress: userAddress(i), connections: 1 }));
  await Promise.all(
    users.map(async (agent) => {
      while (Date.now() < end) outcomes.push(await call(url, agent, wire, id++, QUESTIONS[Math.floor(random() * QUESTIONS.length)]!));
    }),
  );
  await Promise.all(users.map((a) => a.close()));
  return outcomes;
}

// ---------------------------------------------------------------------------------------------
// One run: start everything, load it, sample memory, stop everything, count.

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN);
const MiB = (bytes: number) => bytes / 2 ** 20;

async function runOne(spec: RunSpec, programs: { nginx: string; redis: string }, emulatorEntry: string) {
  const dir = join(logDir, spec.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entry = compiledEntry(spec.root);
  const started: ChildProcess[] = [];
  try {
    const emulator = await startProcess("emulator", process.execPath, [emulatorEntry, "emulator", "--port", "0", "--request-limit", String(UPSTREAM_REQUESTS_PER_5_MIN)], {
      ready: /listening at http:\/\/127\.0\.0\.1:(\d+)\/kana/,
      log: join(dir, "emulator.log"),
    });
    started.push(emulator.child);
    const emulatorPort = Number(emulator.match[1]);

    const redisPort = await freePort();
    const redis = await startProcess("redis-server", programs.redis, ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
      ready: /Ready to accept connections/,
      log: join(dir, "redis.log"),
    });
    started.push(redis.child);

    const proxyPort = await freePort();
    const countingPort = await freePort();
    const replicaEnv = {
      VNDB_API_URL: `http://127.0.0.1:${countingPort}/kana`,
      VNDB_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      VNDB_HTTP_ALLOWED_HOSTS: `127.0.0.1:${proxyPort}`,
      VNDB_LOG_LEVEL: "info",
      ...spec.env,
    };
    // The replicas check the upstream only when called, so they may start before nginx.
    const replicas: { child: ChildProcess; port: number }[] = [];
    for (const n of [1, 2]) {
      const mirrorArgs = spec.mirror ? ["--mirror", spec.mirror()] : [];
      const replica = await startProcess(`replica-${n}`, process.execPath, [entry, "--http", "--stateless", "--host", "127.0.0.1", "--port", "0", ...mirrorArgs], {
        cwd: spec.root,
        env: replicaEnv,
        ready: /serving MCP on http:\/\/127\.0\.0\.1:(\d+)\//,
        log: join(dir, `replica-${n}.log`),
      });
      started.push(replica.child);
      replicas.push({ child: replica.child, port: Number(replica.match[1]) });
    }

    const confPath = join(dir, "nginx.conf");
    writeFileSync(confPath, nginxConfig(dir, proxyPort, replicas.map((r) => r.port), countingPort, emulatorPort));
    const nginx = track(spawn(programs.nginx, ["-p", dir, "-c", confPath, "-e", join(dir, "error.log")], { stdio: ["ignore", "ignore", "pipe"] }));
    started.push(nginx);
    let nginxErr = "";
    nginx.stderr!.on("data", (d: Buffer) => (nginxErr += d.toString("utf8")));
    const url = `http://127.0.0.1:${proxyPort}/mcp`;
    for (let tries = 0; ; tries++) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxErr}${existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : ""}`);
      try {
        await preflight(url, spec.wire);
        break;
      } catch (error) {
        if (tries >= 50 || !/ECONNREFUSED/.test(String((error as { code?: string }).code ?? error))) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    const rss = replicas.map(() => ({ start: 0, max: 0, end: 0 }));
    /** [seconds since start, MiB of replica 1, MiB of replica 2] every RSS_EVERY_MS (in the JSON). */
    const series: number[][] = [];
    const sample = () => {
      const row = [Math.round((performance.now() - t0) / 1000)];
      replicas.forEach((r, i) => {
        const bytes = rssOf(r.child.pid!);
        if (bytes > 0) rss[i]!.end = bytes;
        rss[i]!.max = Math.max(rss[i]!.max, bytes);
        row.push(Math.round(MiB(bytes)));
      });
      series.push(row);
    };
    replicas.forEach((r, i) => (rss[i]!.start = rssOf(r.child.pid!)));
    const t0 = performance.now();
    const sampler = setInterval(sample, RSS_EVERY_MS);
    const outcomes = await drive(url, spec.wire, DURATION_S * 1000);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    sample();
    const alive = replicas.map((r) => r.child.exitCode === null && r.child.signalCode === null);

    const ok = outcomes.filter((o) => o.ok).map((o) => o.ms).sort((a, b) => a - b);
    const errors: Record<string, number> = {};
    const errorSamples: Record<string, string> = {};
    for (const o of outcomes) {
      if (o.ok) continue;
      errors[o.kind!] = (errors[o.kind!] ?? 0) + 1;
      errorSamples[o.kind!] ??= (o.text ?? "").slice(0, 300);
    }
    // Stop nginx last among the servers' clients, so that its upstream log is complete.
    for (const child of started.slice().reverse()) await stop(child);
    const upstream: Record<string, number> = {};
    const upstreamLog = join(dir, "upstream.log");
    for (const line of existsSync(upstreamLog) ? readFileSync(upstreamLog, "utf8").split("\n").filter(Boolean) : []) {
      const status = line.split(" ")[0]!;
      upstream[status] = (upstream[status] ?? 0) + 1;
    }
    const logs = [1, 2].map((n) => readFileSync(join(dir, `replica-${n}.log`), "utf8").split("\n"));
    const warnings = logs.map((lines) => lines.filter((l) => /\[(warn|error)\]/.test(l)).length);
    // The replica's one warning when a Redis command misses its deadline or Redis is gone.
    const wentLocal = logs.map((lines) => lines.filter((l) => /are local to this replica/.test(l)).length);
    return {
      name: spec.name,
      what: spec.what,
      seconds,
      calls: outcomes.length,
      ok: ok.length,
      callsPerS: outcomes.length / seconds,
      okPerS: ok.length / seconds,
      p50Ms: percentile(ok, 0.5),
      p99Ms: percentile(ok, 0.99),
      errors,
      errorSamples,
      replicas: rss.map((r, i) => ({ rssStartMiB: MiB(r.start), rssMaxMiB: MiB(r.max), rssEndMiB: MiB(r.end), alive: alive[i], warnings: warnings[i], wentLocal: wentLocal[i] })),
      upstream,
      upstreamTotal: Object.values(upstream).reduce((a, b) => a + b, 0),
      rssSeriesMiB: series,
    };
  } finally {
    for (const child of started.slice().reverse()) await stop(child);
  }
}

type RunResult = Awaited<ReturnType<typeof runOne>>;

function report(results: RunResult[]): string {
  const lines = [
    `${DURATION_S} s per run, ${CONCURRENCY} clients, ${QUESTIONS.length} distinct public questions; 2 replicas + Redis behind nginx; upstream: the emulator at ${UPSTREAM_REQUESTS_PER_5_MIN} requests / 5 min`,
    "",
    "| run | calls/s | ok calls/s | p50 ms | p99 ms | errors | RSS max / end MiB (replica 1; 2) | Redis → local | upstream requests |",
    "|---|---:|---:|---:|---:|---|---|---:|---|",
  ];
  for (const r of results) {
    const errors = Object.entries(r.errors).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${k}`).join("; ") || "0";
    const rss = r.replicas.map((x) => `${x.rssMaxMiB.toFixed(0)} / ${x.rssEndMiB.toFixed(0)}${x.alive ? "" : " (died)"}`).join("; ");
    const upstream = `${r.upstreamTotal} (${Object.entries(r.upstream).map(([s, n]) => `${n}× ${s}`).join(", ")})`;
    const local = r.replicas.reduce((n, x) => n + x.wentLocal, 0);
    lines.push(`| ${r.what} | ${r.callsPerS.toFixed(1)} | ${r.okPerS.toFixed(1)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${errors} | ${rss} | ${local} | ${upstream} |`);
  }
  return lines.join("\n");
}

async function main() {
  const nginx = findProgram("nginx");
  const redis = findProgram("redis-server");
  if (!nginx || !redis) {
    console.log(`bench:proxy-load skipped: ${[!nginx && "nginx", !redis && "redis-server"].filter(Boolean).join(" and ")} not found on PATH (install them, e.g. the nginx and redis-server packages)`);
    return;
  }
  const wanted = process.env.RUNS?.split(",").map((s) => s.trim()).filter(Boolean);
  // The mirror runs only when asked for (RUNS=mirror,...): they answer another question.
  const runs = wanted ? allRuns.filter((r) => wanted.includes(r.name)) : allRuns.filter((r) => !r.mirror);
  if (wanted) for (const name of wanted) if (!allRuns.some((r) => r.name === name)) throw new Error(`RUNS: unknown run "${name}"${name.startsWith("before") ? " (set BASE)" : ""}; known: ${allRuns.map((r) => r.name).join(", ")}`);
  mkdirSync(logDir, { recursive: true });
  // One emulator build for every run, so that "VNDB" is the same for before and after.
  const emulatorEntry = compiledEntry(root);
  const results: RunResult[] = [];
  for (const spec of runs) {
    console.error(`${new Date().toISOString()} run ${spec.name}: ${spec.what}, ${DURATION_S} s ...`);
    const result = await runOne(spec, { nginx, redis }, emulatorEntry);
    results.push(result);
    writeFileSync(join(logDir, spec.name, "result.json"), JSON.stringify({ durationS: DURATION_S, concurrency: CONCURRENCY, result }, null, 2));
    console.error(report(results.slice(-1)).split("\n").pop());
  }
  const table = report(results);
  console.log(table);
  writeFileSync(join(out, "proxy-load.json"), JSON.stringify({ durationS: DURATION_S, concurrency: CONCURRENCY, questions: QUESTIONS.length, results }, null, 2));
}

main().catch((error) => {
  console.error("bench:proxy-load failed:", error);
  process.exitCode = 1;
});
