// npm run bench:http — the per-call cost of the Streamable HTTP transport against stdio.
// The same server (`src/cli/main.ts --embedded` through tsx) is started three ways: stdio,
// --http (sessions) and --http --stateless; an SDK client makes CALLS sequential calls of a
// tool whose answer is cached after the first (vndb_get_stats), so what is measured is the
// MCP round trip itself: transport, JSON-RPC, tool dispatch. Medians and p95 in ms.
//
//   npm run bench:http            (CALLS=300 by default)

import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Transport } from "@modelcontextprotocol/client";

const root = fileURLToPath(new URL("..", import.meta.url));
const CALLS = Number(process.env.CALLS ?? 300);
const WARMUP = 20;
const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };

async function startHttp(extra: string[]): Promise<{ url: URL; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--http", "--port", "0", "--embedded", ...extra], { cwd: root, env, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr.on("data", (d: Buffer) => {
      log += d.toString("utf8");
      const m = /serving MCP on (http:\/\/\S+)/.exec(log);
      if (m) resolve(new URL(m[1]!));
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${log}`)));
  });
  return { url, stop: () => new Promise((resolve) => (child.once("exit", () => resolve()), child.kill("SIGTERM"))) };
}

async function measure(name: string, transport: Transport): Promise<{ name: string; median: number; p95: number }> {
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
  times.sort((a, b) => a - b);
  return { name, median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

async function main() {
  const rows = [];
  rows.push(await measure("stdio", new StdioClientTransport({ command: process.execPath, args: ["--import", "tsx", "src/cli/main.ts", "--embedded"], cwd: root, env, stderr: "ignore" })));
  for (const [label, flags] of [["http (session)", []], ["http (stateless)", ["--stateless"]]] as const) {
    const server = await startHttp([...flags]);
    try {
      rows.push(await measure(label, new StreamableHTTPClientTransport(server.url)));
    } finally {
      await server.stop();
    }
  }
  const base = rows[0]!.median;
  console.log(`per-call latency, ${CALLS} sequential vndb_get_stats calls (cached answer), ms:`);
  for (const r of rows) console.log(`  ${r.name.padEnd(18)} median ${r.median.toFixed(2)}  p95 ${r.p95.toFixed(2)}  overhead vs stdio ${(r.median - base).toFixed(2)}`);
  mkdirSync(join(root, "bench", "out"), { recursive: true });
  writeFileSync(join(root, "bench", "out", "http.json"), JSON.stringify({ calls: CALLS, rows }, null, 2));
}

main().catch((error) => {
  console.error("bench:http failed:", error);
  process.exitCode = 1;
});
