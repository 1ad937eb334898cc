// npm run bench:identify — how often vndb_search_vn {"identify"} names the right VN from a
// noisy folder or file name (issue 31 item 3): top-1 and top-3 over names written from the
// offline catalogue (bench/identify-names.ts), through the real Kana client on the emulator.
// An accuracy count, not a timing; test/tools/identify-accuracy.test.ts asserts the bars.

import { startEmulator } from "../src/emulator/index.js";
import { KanaClient } from "../src/client/kana-client.js";
import { identify } from "../src/tools/query/identify/identify.js";
import { generateNames } from "./identify-names.js";

const say = (s: string) => process.stdout.write(`${s}\n`);
const count = Number(process.env.COUNT ?? 240);
const seed = Number(process.env.SEED ?? 31);
const emulator = await startEmulator({ port: 0, preset: "catalogue" });
const api = new KanaClient({ baseUrl: emulator.url, rateLimit: { maxRequests: 100_000 }, logger: () => {} });
try {
  const { cases, ambiguous } = await generateNames(api, count, seed);
  let top1 = 0;
  let top3 = 0;
  let requests = 0;
  const misses: string[] = [];
  for (const c of cases) {
    const { ranked, requests: n } = await identify(api, c.name);
    requests += n;
    const at = ranked.findIndex((x) => x.id === c.vn);
    if (at === 0) top1++;
    if (at >= 0 && at < 3) top3++;
    if (at !== 0) misses.push(`  ${c.vn} "${c.name}" (from "${c.source}") → ${at < 0 ? "not found" : `rank ${at + 1}`}; top: ${ranked.slice(0, 2).map((x) => `${x.id} ${x.title} ${x.score}`).join(" | ")}`);
  }
  const pct = (n: number) => `${((100 * n) / cases.length).toFixed(1)} %`;
  say(`identify: ${cases.length} names, seed ${seed} (${ambiguous} VNs left out: their name is another VN's too)`);
  say(`top-1 ${top1}/${cases.length} = ${pct(top1)}; top-3 ${top3}/${cases.length} = ${pct(top3)}; ${(requests / cases.length).toFixed(2)} requests per name`);
  if (process.env.VERBOSE) for (const m of misses) say(m);
} finally {
  await api.close();
  await emulator.close();
}
