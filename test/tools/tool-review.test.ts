// Issue 30, item 6: what a directory reviewer checks on every tool, through a real SDK client
// that sees every tool (a writer token, and a host that renders MCP Apps): a title, the four
// annotations set on purpose (none left to the spec's defaults), and a description that names
// the VNDB API the tool queries, as the endpoint table (kana/endpoints.ts) spells it.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tool } from "@modelcontextprotocol/client";
import { ENDPOINTS } from "../../src/kana/endpoints.js";
import { ALL_TOOLS } from "../../src/tools/index.js";
import { APP_MIME_TYPE, UI_EXTENSION } from "../../src/ui/resources.js";
import { connect, testConfig, unreachableApi, type Connected } from "../helpers/mcp-client.js";
import { WRITER_TOKEN } from "../helpers/model-facing.js";

let c: Connected;
let tools: Tool[];
beforeAll(async () => {
  c = await connect(testConfig({ token: WRITER_TOKEN }), unreachableApi, { capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } });
  tools = (await c.client.listTools()).tools;
});
afterAll(async () => c.close());

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/** "POST /vn", "PATCH /ulist/<vid>": an endpoint row as a reader of VNDB's docs knows it. */
const apiName = (endpoint: string) => {
  const row = ENDPOINTS.find((e) => e.name === endpoint);
  if (!row) throw new Error(`no endpoint ${endpoint}`);
  return `${row.method} ${row.path.replace(/:(\w+)/g, "<$1>")}`;
};

describe("every tool passes review", () => {
  it("the client sees every registry tool", () => {
    expect(tools.map((t) => t.name).sort()).toEqual(ALL_TOOLS.map((t) => t.name).sort());
  });

  it("has a title", () => {
    for (const t of tools) expect(typeof t.title === "string" && t.title.trim().length > 3, t.name).toBe(true);
  });

  it("sets all four annotations, as booleans", () => {
    for (const t of tools) {
      for (const h of HINTS) expect(typeof t.annotations?.[h], `${t.name} ${h}`).toBe("boolean");
    }
  });

  it("marks reads read-only and not destructive, writes destructive", () => {
    for (const t of tools) {
      const write = ALL_TOOLS.find((x) => x.name === t.name)!.access === "write";
      expect(t.annotations!.readOnlyHint, t.name).toBe(!write);
      expect(t.annotations!.destructiveHint, t.name).toBe(write);
      // Each talks to VNDB (or its offline stand-in), a world outside the server.
      expect(t.annotations!.openWorldHint, t.name).toBe(true);
    }
  });

  it("names the VNDB API it queries in its description", () => {
    for (const t of tools) {
      const tool = ALL_TOOLS.find((x) => x.name === t.name)!;
      expect(t.description, t.name).toMatch(/VNDB API: [A-Z]+ \//);
      expect(t.description, t.name).toContain(apiName(tool.endpoint));
    }
  });
});
