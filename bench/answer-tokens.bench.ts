// npx tsx bench/answer-tokens.bench.ts — what typical answers cost a model, in tokens
// (@anthropic-ai/tokenizer), over the offline sample (the server as --embedded runs it, in
// process). The text is what a host hands the model; structuredContent is for the client.
// Issue 21 asks for one-fact answers of at most ONE_FACT_TARGET tokens.

import { countTokens } from "@anthropic-ai/tokenizer";
import { startEmulator } from "../src/emulator/index.js";
import { KanaClient } from "../src/client/kana-client.js";
import { connect, testConfig } from "../test/helpers/mcp-client.js";

/** Issue 21: "one-fact answers ≤ 300 tokens". */
const ONE_FACT_TARGET = 300;

/** [label, tool, arguments, one fact?] */
const CALLS: [string, string, Record<string, unknown>, boolean][] = [
  ["who voices Saber (names only)", "vndb_search_character", { query: "Saber", fields: "name", results: 1 }, true],
  ["who voices Saber (brief)", "vndb_search_character", { query: "Saber", fields: "brief", results: 1 }, true],
  ["when was Ever17 released (brief)", "vndb_search_vn", { query: "Ever17", fields: "brief", results: 1 }, true],
  ["Saber, standard view", "vndb_search_character", { query: "Saber" }, false],
  ["Ever17, standard view", "vndb_search_vn", { query: "Ever17" }, false],
  ["Ever17's releases, standard view", "vndb_search_release", { filters: { vn: { id: "v17" } } }, false],
  ["what Nasu Kinoko wrote (brief)", "vndb_search_vn", { filters: { staff: "Nasu Kinoko" }, fields: "brief" }, false],
];

const emulator = await startEmulator({ port: 0, preset: "catalogue" });
const api = new KanaClient({ baseUrl: emulator.url, rateLimit: { maxRequests: 1_000_000 }, logger: () => {} });
const connected = await connect(testConfig({ embedded: true }), api);
const rows: string[] = [];
let over = 0;
for (const [label, tool, args, oneFact] of CALLS) {
  const r = await connected.client.callTool({ name: tool, arguments: args });
  const text = (r.content as { text?: string }[]).map((c) => c.text ?? "").join("\n");
  const t = countTokens(text);
  const s = countTokens(JSON.stringify(r.structuredContent ?? {}));
  if (oneFact && t > ONE_FACT_TARGET) over++;
  rows.push(`${label.padEnd(36)} ${String(t).padStart(6)} ${String(s).padStart(11)}${oneFact ? `  (one fact, target ≤ ${ONE_FACT_TARGET})` : ""}`);
}
console.log(`${"answer".padEnd(36)} ${"text".padStart(6)} ${"structured".padStart(11)}`);
for (const row of rows) console.log(row);
console.log(over ? `${over} one-fact answer(s) over ${ONE_FACT_TARGET} tokens` : `every one-fact answer within ${ONE_FACT_TARGET} tokens`);
await connected.close();
await api.close();
await emulator.close();
