// npm run fuzz -- [--count N] [--seed S] [--concurrency C] [--huge CHARS] [--no-protocol]
// A long fuzzing run against the real stdio server (--embedded): prints crashes, slow calls
// (> 5 s), error texts that leak internals, latency p50/p99 and the server's peak RSS.
// Exit status 1 when anything was found. The seed and call index replay a finding.

import { parseArgs } from "node:util";
import { runFuzz } from "./fuzz/run.js";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "25000" },
    seed: { type: "string", default: String(Date.now() % 1_000_000) },
    concurrency: { type: "string", default: "8" },
    huge: { type: "string", default: "1048576" },
    "no-protocol": { type: "boolean", default: false },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
process.stderr.write(`fuzz: ${count} calls, seed ${seed}, concurrency ${values.concurrency}\n`);
const started = performance.now();
const report = await runFuzz({
  count,
  seed,
  concurrency: Number(values.concurrency),
  maxHugeChars: Number(values.huge),
  slowMs: 5_000,
  protocolAbuse: !values["no-protocol"],
  onProgress: (done) => {
    if (done % (count >= 5000 ? 1000 : 100) === 0) process.stderr.write(`  ${done} answered (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
  },
});
const list = (title: string, xs: { index: number; tool: string; kind: string; problem: string; args: string }[]) => {
  console.log(`${title}: ${xs.length}`);
  for (const f of xs.slice(0, 20)) console.log(`  #${f.index} ${f.tool} (${f.kind}): ${f.problem}\n    args: ${f.args}`);
};
console.log(`calls ${report.calls}, answered ${report.answered} in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${seed})`);
console.log(`crash: ${report.crashed ?? "none"}`);
list("slow (> 5 s)", report.slow);
list("leaking error texts", report.leaks);
list("slowest", report.slowest);
console.log(`latency p50 ${report.p50Ms.toFixed(1)} ms, p99 ${report.p99Ms.toFixed(1)} ms, max ${report.maxMs.toFixed(0)} ms; server peak RSS ${report.peakRssMiB ?? "?"} MiB`);
console.log(`inputs: ${Object.entries(report.kinds).map(([k, n]) => `${k} ${n}`).join(", ")}`);
process.exitCode = report.crashed || report.slow.length || report.leaks.length ? 1 : 0;
