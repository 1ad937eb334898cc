// npm run bench:client — what the Kana client adds to a request.
//
// The same POST queries go to the emulator on 127.0.0.1 two ways, interleaved call by call
// so that machine noise hits both alike:
//   raw     undici request() on its own keep-alive pool, JSON body in, JSON.parse out;
//   client  KanaClient.query(): local validation, rate budget, coalescing map, retry loop,
//           deadline timer, error mapping — with compression off, so both move the same bytes;
//   client+gzip  the client's defaults (Accept-Encoding: gzip, br), for reference.
// Reports medians and p90 per mode and the client/raw ratio of the medians.
// Results print on stdout and are written to bench/out/client.json.
//
//   npm run bench:client              (CALLS=400 by default, after 40 warm-up calls)
//   CALLS=1000 npm run bench:client

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Pool } from "undici";
import { startEmulator } from "../src/emulator/index.js";
import { KanaClient, type QueryBody } from "../src/client/kana-client.js";
import type { QueryEndpoint } from "../src/kana/types.js";

/** Timed calls per mode and query; enough for a stable median on a noisy 2-core machine. */
const CALLS = Number(process.env.CALLS ?? 400);
/** Untimed calls first: JIT, sockets and the emulator's indexes warm up. */
const WARMUP_CALLS = 40;

/** Representative tool-call queries: one entry by id, and a sorted page of a search. */
const QUERIES: { name: string; endpoint: QueryEndpoint; body: QueryBody }[] = [
  { name: "vn by id", endpoint: "vn", body: { filters: ["id", "=", "v17"], fields: "title, released, rating" } },
  { name: "vn page of 25", endpoint: "vn", body: { filters: ["olang", "=", "ja"], fields: "title, rating, released, image.url", sort: "rating", reverse: true, results: 25 } },
];

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.9 * xs.length))];
const say = (s: string) => process.stdout.write(`${s}\n`);
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

async function main(): Promise<void> {
  const emulator = await startEmulator({ port: 0, preset: "catalogue" });
  const base = emulator.url.replace(/\/+$/, "");
  const origin = new URL(base).origin;
  const basePath = new URL(base).pathname.replace(/\/+$/, "");
  if (new URL(base).hostname !== "127.0.0.1" && new URL(base).hostname !== "localhost") throw new Error(`not local: ${base}`);

  const raw = new Pool(origin, { connections: 4 });
  // The budget is opened wide: this measures overhead, not VNDB's 200 per 5 minutes.
  const common = { baseUrl: base, logger: () => undefined, rateLimit: { maxRequests: 1_000_000, windowMs: 1_000 } };
  const plain = new KanaClient({ ...common, compression: false });
  const gzip = new KanaClient({ ...common });

  const modes = {
    raw: async (endpoint: QueryEndpoint, body: QueryBody) => {
      const res = await raw.request({ path: `${basePath}/${endpoint}`, method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`raw ${res.statusCode}: ${text}`);
      return JSON.parse(text) as unknown;
    },
    client: (endpoint: QueryEndpoint, body: QueryBody) => plain.query(endpoint, body),
    "client+gzip": (endpoint: QueryEndpoint, body: QueryBody) => gzip.query(endpoint, body),
  } as const;
  type Mode = keyof typeof modes;
  const names = Object.keys(modes) as Mode[];

  const report: Record<string, unknown>[] = [];
  say(`Kana client overhead, ${CALLS} calls per mode and query (after ${WARMUP_CALLS} warm-up), emulator at ${base}`);
  say("");
  say(`| query | mode | median | p90 | ratio to raw (median) | added per call |`);
  say(`|---|---|---|---|---|---|`);
  for (const q of QUERIES) {
    const times: Record<Mode, number[]> = { raw: [], client: [], "client+gzip": [] };
    for (let i = 0; i < WARMUP_CALLS + CALLS; i++) {
      // Rotate the order so no mode always runs first after a pause.
      for (let k = 0; k < names.length; k++) {
        const mode = names[(i + k) % names.length];
        const t0 = performance.now();
        await modes[mode](q.endpoint, q.body);
        const dt = performance.now() - t0;
        if (i >= WARMUP_CALLS) times[mode].push(dt);
      }
    }
    const rawMedian = median(times.raw);
    for (const mode of names) {
      const m = median(times[mode]);
      const ratio = m / rawMedian;
      say(`| ${q.name} | ${mode} | ${us(m)} | ${us(p90(times[mode]))} | ${ratio.toFixed(2)} | ${mode === "raw" ? "—" : us(m - rawMedian)} |`);
      report.push({ query: q.name, mode, calls: CALLS, medianMs: m, p90Ms: p90(times[mode]), ratioToRaw: ratio, addedMs: m - rawMedian });
    }
  }
  say("");
  say(`client requests sent: ${plain.metrics.requests + gzip.metrics.requests}, retries: ${plain.metrics.retries + gzip.metrics.retries}`);

  const outDir = join(fileURLToPath(new URL("..", import.meta.url)), "bench", "out");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "client.json"), `${JSON.stringify({ node: process.version, calls: CALLS, results: report }, null, 2)}\n`);

  await Promise.all([plain.close(), gzip.close(), raw.close()]);
  await emulator.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
