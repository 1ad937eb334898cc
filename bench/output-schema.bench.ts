// npm run bench:output-schema — what a tool's outputSchema costs the client (issue 29, defect
// 5): an SDK v2 client compiles a tool's outputSchema with its default validator
// (AjvJsonSchemaValidator in Node, allErrors on) on the tool's first call, so a large schema
// delays that first answer. Measured per tool: the schema's bytes, and its compile time with
// a fresh validator of the SDK's own kind, cold (the validator's engine built for this schema,
// as a client's first call pays) and warm (engine already built). Medians of ROUNDS rounds
// whose tool order alternates, quoted with their ranges. Also the whole tools/list JSON, by
// part (summed over the tools) and per tool entry.

import { DefaultJsonSchemaValidator } from "@modelcontextprotocol/client/_shims";
import type { Tool } from "@modelcontextprotocol/client";
import { APP_MIME_TYPE, UI_EXTENSION } from "../src/ui/resources.js";
import { connect, testConfig, unreachableApi } from "../test/helpers/mcp-client.js";
import { WRITER_TOKEN } from "../test/helpers/model-facing.js";

/** Rounds per tool; odd, so the median is a measured value. */
const ROUNDS = 9;
/** Issue 29, defect 5: each schema compiles within this many ms with the SDK's validator. */
export const COMPILE_BUDGET_MS = 100;
/** Issue 29, "Done when": the whole tools/list JSON (every tool, writer token, Apps host). */
export const TOOLS_LIST_BUDGET_BYTES = 40 * 1024;

const say = (s: string) => process.stdout.write(`${s}\n`);

/** Every tool as the fullest client sees it: writer token, a host that renders Apps. */
export async function allListedTools(): Promise<Tool[]> {
  const c = await connect(testConfig({ token: WRITER_TOKEN }), unreachableApi, { capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } });
  try {
    return (await c.client.listTools()).tools;
  } finally {
    await c.close();
  }
}

/** ms to compile `schema` with a fresh SDK validator; warm: after building its engine on `{}`. */
export function compileMs(schema: Record<string, unknown>, warm: boolean): number {
  const validator = new DefaultJsonSchemaValidator();
  if (warm) validator.getValidator({ type: "object" });
  const begun = performance.now();
  validator.getValidator(schema as never);
  return performance.now() - begun;
}

/** Bytes of each member of the entries (outputSchema, inputSchema, description, icons …), summed over the tools. */
export function partBytes(tools: readonly Tool[]): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const t of tools) for (const [k, v] of Object.entries(t)) parts[k] = (parts[k] ?? 0) + Buffer.byteLength(JSON.stringify(v));
  return parts;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const tools = await allListedTools();
  const whole = Buffer.byteLength(JSON.stringify({ tools }));
  const outputs = tools.filter((t) => t.outputSchema);
  const outputBytes = outputs.reduce((n, t) => n + Buffer.byteLength(JSON.stringify(t.outputSchema)), 0);
  say(`tools/list JSON ${(whole / 1024).toFixed(1)} KB (budget ≤ ${TOOLS_LIST_BUDGET_BYTES / 1024} KB), ${tools.length} tools; output schemas ${(outputBytes / 1024).toFixed(1)} KB of it`);
  const parts = partBytes(tools);
  say(`  by part: ${Object.entries(parts).sort(([, a], [, b]) => b - a).map(([k, n]) => `${k} ${(n / 1024).toFixed(1)} KB`).join(", ")}`);
  const cold = new Map<string, number[]>();
  const warm = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? outputs : [...outputs].reverse();
    for (const t of order) {
      (cold.get(t.name) ?? cold.set(t.name, []).get(t.name)!).push(compileMs(t.outputSchema!, false));
      (warm.get(t.name) ?? warm.set(t.name, []).get(t.name)!).push(compileMs(t.outputSchema!, true));
    }
  }
  say(`compile with the SDK client's default validator, median [min–max] of ${ROUNDS} rounds (budget ≤ ${COMPILE_BUDGET_MS} ms each):`);
  say(`  ${"tool".padEnd(28)} ${"entry".padStart(6)} ${"schema".padStart(6)}  ${"cold ms".padStart(22)}  ${"warm ms".padStart(22)}`);
  for (const t of outputs) {
    const c = cold.get(t.name)!;
    const w = warm.get(t.name)!;
    const range = (xs: number[]) => `${median(xs).toFixed(1)} [${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}]`;
    say(`  ${t.name.padEnd(28)} ${String(Buffer.byteLength(JSON.stringify(t))).padStart(6)} ${String(Buffer.byteLength(JSON.stringify(t.outputSchema))).padStart(6)}  ${range(c).padStart(22)}  ${range(w).padStart(22)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
