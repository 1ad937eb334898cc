// Drives the real stdio server (src/cli/main.ts --embedded, with a list-write token so every
// tool is registered) with generated calls at some concurrency, and records what a user
// would suffer: a crash, a call that takes too long, an error text that leaks internals
// ("Unexpected error", a stack trace, a file path), and the latencies and peak memory.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CallGenerator, rng, type FuzzCall, type ListedTool } from "./generate.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** The catalogue's u2 token with listread + listwrite (test fixture, not a real VNDB token). */
const WRITE_TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

export interface FuzzOptions {
  count: number;
  seed: number;
  concurrency: number;
  /** Largest "huge text" argument, in characters. */
  maxHugeChars: number;
  /** A call slower than this is reported. */
  slowMs: number;
  /** Also send protocol abuse between calls: cancels, malformed lines, unknown methods. */
  protocolAbuse: boolean;
  onProgress?: (done: number) => void;
}

export interface Finding {
  index: number;
  tool: string;
  kind: string;
  problem: string;
  /** The start of the arguments, to read; the seed and index regenerate them exactly. */
  args: string;
}

export interface FuzzReport {
  calls: number;
  answered: number;
  crashed: string | null;
  slow: Finding[];
  leaks: Finding[];
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  peakRssMiB: number | null;
  kinds: Record<string, number>;
  /** The five slowest calls. */
  slowest: Finding[];
  /** Malformed messages (a bad _meta, progressToken or id, a broken line) not answered with the spec's error. */
  protocol: string[];
}

/** Values of the wrong type for `_meta`, `progressToken` and ids ({} is a fine `_meta`). */
const HOSTILE_VALUES = ["1.5", "[]", "{}", "null", "true", "-0.5", "1e400"];

/** What an error text must never show a model. */
const LEAK = [/Unexpected error/, /\n\s+at \S/, /\/src\/|\/dist\/|node:internal|file:\/\//];

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--embedded", "--log-level", "error"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", VNDB_TOKEN: WRITE_TOKEN },
    stdio: ["pipe", "pipe", "ignore"],
  });
  let crashed: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      crashed ??= `server exited (${code ?? signal})`;
      resolve();
    }),
  );
  const waiting = new Map<string, (msg: Record<string, unknown>) => void>();
  /** Answers without an id: to a broken line or an unusable id, in order. */
  const unaddressed: Record<string, unknown>[] = [];
  let unaddressedExpected = 0;
  const protocol: string[] = [];
  const protocolChecks: Promise<void>[] = [];
  let buffer = "";
  child.stdout.on("data", (d: Buffer) => {
    buffer += d.toString("utf8");
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const msg = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
      buffer = buffer.slice(nl + 1);
      if (msg.id !== undefined) waiting.get(String(msg.id))?.(msg);
      else if (msg.method === undefined) unaddressed.push(msg);
    }
  });
  const send = (line: string) => child.stdin.write(`${line}\n`);
  const request = (id: string, method: string, paramsJson: string) =>
    new Promise<Record<string, unknown> | null>((resolve) => {
      waiting.set(id, (m) => {
        waiting.delete(id);
        resolve(m);
      });
      void exited.then(() => resolve(null));
      send(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":${JSON.stringify(method)},"params":${paramsJson}}`);
    });

  await request("init", "initialize", JSON.stringify({ protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "fuzz", version: "0" } }));
  send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`);
  const listed = await request("list", "tools/list", "{}");
  const tools = ((listed?.result as { tools: ListedTool[] } | undefined)?.tools ?? []) as ListedTool[];
  const generator = new CallGenerator(tools, options.seed, options.maxHugeChars);
  const abuse = rng(options.seed + 1);

  const latencies: number[] = [];
  const timed: { took: number; call: FuzzCall }[] = [];
  const slow: Finding[] = [];
  const leaks: Finding[] = [];
  const kinds: Record<string, number> = {};
  let answered = 0;
  let issued = 0;

  const finding = (call: FuzzCall, problem: string): Finding => ({
    index: call.index,
    tool: call.name,
    kind: call.kind,
    problem,
    args: (call.rawArgs ?? JSON.stringify(call.args)).slice(0, 160),
  });

  const one = async (call: FuzzCall) => {
    kinds[call.kind] = (kinds[call.kind] ?? 0) + 1;
    const id = `c${call.index}`;
    const params = `{"name":${JSON.stringify(call.name)},"arguments":${call.rawArgs ?? JSON.stringify(call.args)}}`;
    const started = performance.now();
    const pending = request(id, "tools/call", params);
    if (options.protocolAbuse) {
      const r = abuse();
      if (r < 0.05) {
        // A cancelled request gets no answer (MCP): the server must just stay well.
        send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"${id}"}}`);
        kinds.cancelled = (kinds.cancelled ?? 0) + 1;
        await Promise.race([pending, new Promise((r) => setTimeout(r, 200))]);
        waiting.delete(id);
        return;
      }
      else if (r < 0.07) {
        send(`{"jsonrpc":"2.0","id":"junk${call.index}","method":"tools/ca`);
        unaddressedExpected++;
      } else if (r < 0.08) send(`{"jsonrpc":"2.0","id":"m${call.index}","method":"no/such/method","params":{}}`);
      else if (r < 0.09) {
        send(`not json at all ${call.index}`);
        unaddressedExpected++;
      } else if (r < 0.11) {
        // A _meta or progressToken of the wrong type: -32602 under the request's id.
        const value = HOSTILE_VALUES[Math.floor(abuse() * HOSTILE_VALUES.length)]!;
        const onMeta = r < 0.10;
        const id = `${onMeta ? "meta" : "progress"}${call.index}`;
        const params = onMeta ? `{"_meta":${value}}` : `{"name":"vndb_get_stats","arguments":{},"_meta":{"progressToken":${value}}}`;
        kinds[onMeta ? "meta" : "progressToken"] = (kinds[onMeta ? "meta" : "progressToken"] ?? 0) + 1;
        const fine = onMeta && value === "{}";
        protocolChecks.push(
          request(id, onMeta ? "tools/list" : "tools/call", params).then((m) => {
            const code = (m?.error as { code?: number } | undefined)?.code;
            if (fine ? m?.result === undefined : code !== -32602) protocol.push(`${id} ${params}: answered ${JSON.stringify(m).slice(0, 200)}`);
          }),
        );
      } else if (r < 0.12) {
        // An id that is no string or integer: -32600, answered without an id.
        const value = HOSTILE_VALUES[Math.floor(abuse() * HOSTILE_VALUES.length)]!;
        send(`{"jsonrpc":"2.0","id":${value},"method":"ping"}`);
        kinds.oddId = (kinds.oddId ?? 0) + 1;
        unaddressedExpected++;
      }
    }
    const timer = setTimeout(() => slow.push(finding(call, `no answer after ${options.slowMs * 6} ms`)), options.slowMs * 6);
    const msg = await pending;
    clearTimeout(timer);
    const took = performance.now() - started;
    if (!msg) return;
    answered++;
    latencies.push(took);
    timed.push({ took, call });
    if (took > options.slowMs) slow.push(finding(call, `answered in ${took.toFixed(0)} ms`));
    const error = msg.error as { message?: string } | undefined;
    const result = msg.result as { isError?: boolean; content?: { text?: string }[] } | undefined;
    const text = error?.message ?? (result?.isError ? (result.content ?? []).map((c) => c.text ?? "").join("\n") : "");
    for (const re of LEAK) if (text && re.test(text)) leaks.push(finding(call, `error text matches ${re}: ${text.slice(0, 200)}`));
  };

  const workers = Array.from({ length: options.concurrency }, async () => {
    while (issued < options.count && !crashed) {
      issued++;
      await one(generator.next());
      options.onProgress?.(answered);
    }
  });
  await Promise.all(workers);

  await Promise.all(protocolChecks);
  // Still alive? One ping must be answered.
  const ping = crashed ? null : await Promise.race([request("final-ping", "ping", "{}"), new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
  if (!crashed && !ping) crashed = "server did not answer the final ping";
  let peakRssMiB: number | null = null;
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    if (kb) peakRssMiB = Math.round(Number(kb) / 1024);
  } catch {
    // Not Linux, or already gone: no figure.
  }
  // The final ping was answered after every earlier line was read: their answers are in.
  const unusable = unaddressed.filter((m) => ![-32700, -32600].includes((m.error as { code?: number } | undefined)?.code ?? 0));
  if (!crashed && unaddressed.length !== unaddressedExpected) protocol.push(`${unaddressedExpected} broken lines or odd ids, ${unaddressed.length} answers without an id`);
  for (const m of unusable) protocol.push(`answer without an id that is no -32700/-32600: ${JSON.stringify(m).slice(0, 200)}`);
  const stillRunning = !crashed;
  child.stdin.end();
  child.kill();
  await exited;
  if (stillRunning) crashed = null;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    calls: issued,
    answered,
    crashed,
    slow,
    leaks,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    maxMs: sorted.at(-1) ?? 0,
    peakRssMiB,
    kinds,
    slowest: timed
      .sort((a, b) => b.took - a.took)
      .slice(0, 5)
      .map((t) => finding(t.call, `${t.took.toFixed(0)} ms`)),
    protocol,
  };
}
