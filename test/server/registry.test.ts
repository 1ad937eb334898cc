// The registry is the one list the README table, manifest.json and these snapshots are
// checked against. These tests go through a real SDK Client, so they see what a host sees.

import { countTokens } from "@anthropic-ai/tokenizer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tool } from "@modelcontextprotocol/client";
import { ENDPOINTS } from "../../src/kana/endpoints.js";
import { TOOL_NAME_PATTERN } from "../../src/tools/define-tool.js";
import { ALL_TOOLS, MODEL_TOOLS } from "../../src/tools/index.js";
import { connect, testConfig, unreachableApi, type Connected } from "../helpers/mcp-client.js";

const TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
/** Issue 5 targets: the whole tools/list within 5,000 tokens, no tool above 1,000. */
const LIST_TOKEN_BUDGET = 5_000;
const TOOL_TOKEN_BUDGET = 1_000;
/**
 * One outputSchema's bytes as tools/list sends it. A query tool's whole entry shape reaches
 * every endpoint (~11 KB); tools/list describes entries by id and title instead, and the
 * largest schema, the VN sheet's, is ~2.5 KB (issue 29: the whole list ≤ 40 KB,
 * test/tools/schema-portability.test.ts). The bound catches one schema growing back.
 */
const OUTPUT_SCHEMA_MAX_BYTES = 4_000;
/** Issue 5: one tool per endpoint (5 GETs, 9 queries, 4 list writes); issue 12: insight, recommend. */
const EXPECTED_TOOL_COUNT = 20;
const WRITE_TOOLS = ["vndb_update_list_entry", "vndb_update_release_entry", "vndb_remove_list_entry", "vndb_remove_release_entry"];

let full: Connected;
let tools: Tool[];

beforeAll(async () => {
  full = await connect(testConfig({ token: TOKEN }), unreachableApi);
  tools = (await full.client.listTools()).tools;
});
afterAll(() => full.close());

async function listedNames(overrides: Parameters<typeof testConfig>[0]): Promise<string[]> {
  const c = await connect(testConfig(overrides), unreachableApi);
  try {
    return (await c.client.listTools()).tools.map((t) => t.name);
  } finally {
    await c.close();
  }
}

describe("tool registry", () => {
  it("lists every registry tool once, in registry order, when writes are enabled", () => {
    expect(tools).toHaveLength(EXPECTED_TOOL_COUNT);
    expect(tools.map((t) => t.name)).toEqual(MODEL_TOOLS.map((t) => t.name));
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
  });

  it("exposes every API endpoint through exactly one tool", () => {
    // Composite tools (list insight, recommendations) combine endpoints; they do not count.
    const covered = ALL_TOOLS.filter((t) => !t.composite).map((t) => t.endpoint);
    expect(new Set(covered).size, "two tools claim one endpoint").toBe(covered.length);
    expect([...covered].sort()).toEqual(ENDPOINTS.map((e) => e.name).sort());
  });

  it.each(ALL_TOOLS.map((t) => [t.name]))("%s follows the naming rule", (name) => {
    expect(name).toMatch(TOOL_NAME_PATTERN);
  });

  it("annotates every tool; writes are not read-only and all are destructive (updates overwrite, removes delete)", () => {
    for (const t of tools) {
      const a = t.annotations!;
      expect(a, t.name).toBeDefined();
      expect(typeof a.readOnlyHint, t.name).toBe("boolean");
      expect(a.openWorldHint, t.name).toBe(true);
      const isWrite = WRITE_TOOLS.includes(t.name);
      expect(a.readOnlyHint, t.name).toBe(!isWrite);
      if (isWrite) {
        expect(typeof a.idempotentHint, t.name).toBe("boolean");
        expect(a.destructiveHint, t.name).toBe(true);
      }
    }
  });

  it("gives every tool a plain-object top-level input schema that rejects unknown keys", () => {
    for (const t of tools) {
      const s = t.inputSchema as Record<string, unknown>;
      expect(s.type, t.name).toBe("object");
      for (const key of ["anyOf", "oneOf", "allOf", "not", "$ref"]) expect(s[key], `${t.name} ${key}`).toBeUndefined();
      expect(s.additionalProperties, t.name).toBe(false);
      expect(t.description!.length, t.name).toBeGreaterThan(20);
      expect(t.title, t.name).toBeTruthy();
    }
  });

  it("keeps the model-facing part of tools/list within the token budget", () => {
    // What a host puts in the model's context: names, titles, descriptions, input schemas.
    // Icons and annotations are for the host's display and decisions, not the model.
    const modelFacing = tools.map(({ name, title, description, inputSchema }) => ({ name, title, description, inputSchema }));
    const whole = countTokens(JSON.stringify({ tools: modelFacing }));
    expect(whole).toBeLessThanOrEqual(LIST_TOKEN_BUDGET);
    for (const t of modelFacing) expect(countTokens(JSON.stringify(t)), t.name).toBeLessThanOrEqual(TOOL_TOKEN_BUDGET);
    for (const t of tools) expect(JSON.stringify(t.outputSchema ?? {}).length, `${t.name} outputSchema`).toBeLessThanOrEqual(OUTPUT_SCHEMA_MAX_BYTES);
    console.log(`tools/list: ${whole} model-facing tokens; ${countTokens(JSON.stringify({ tools }))} for the whole list`);
  });

  it("gives the server a small SVG icon, a data URI with its type and size declared, which no tool repeats", () => {
    // Beside it a PNG of the same drawing (test/server/icon.test.ts).
    const icons = full.client.getServerVersion()?.icons;
    const icon = icons!.find((i) => i.mimeType === "image/svg+xml")!;
    expect(icon.src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(icon.mimeType).toBe("image/svg+xml");
    expect(icon.sizes).toEqual(["any"]);
    // Under ~2 kB (issue 19), decoded and as sent.
    expect(Buffer.from(icon.src.split(",")[1]!, "base64").length).toBeLessThan(2048);
    expect(icon.src.length).toBeLessThan(2048);
    expect(Buffer.from(icon.src.split(",")[1]!, "base64").toString("utf8")).toMatch(/^<svg [^>]*viewBox="0 0 512 512"/);
    // The server's icon is the implementation's; a copy on each tool was a fifth of tools/list (issue 29).
    for (const t of tools) expect(t.icons, t.name).toBeUndefined();
  });

  it.each([
    ["no token", {}],
    ["read-only", { token: TOKEN, readOnly: true }],
  ] as const)("registers no write tool with %s", async (_label, overrides) => {
    const names = await listedNames(overrides);
    expect(names).toHaveLength(EXPECTED_TOOL_COUNT - WRITE_TOOLS.length);
    for (const w of WRITE_TOOLS) expect(names).not.toContain(w);
  });

  it("rejects a call to a write tool that is not registered", async () => {
    const c = await connect(testConfig({}), unreachableApi);
    try {
      // The spec's answer to an unknown tool is a JSON-RPC error (-32602), not a tool result.
      await expect(c.client.callTool({ name: "vndb_update_list_entry", arguments: { vn: "v17" } })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/vndb_update_list_entry not found/),
      });
    } finally {
      await c.close();
    }
  });

  it.each(MODEL_TOOLS.map((t) => [t.name]))("tools/list entry of %s matches its snapshot", (name) => {
    expect(tools.find((t) => t.name === name)).toMatchSnapshot();
  });
});
