// Both protocol eras from one server (issue 19 item 2): an official v2 client pinned to
// 2026-07-28 and a default (2025, initialize) client each list the tools and call every read
// tool, over stdio --embedded and over --http with sessions and --stateless.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODEL_TOOLS } from "../../src/tools/index.js";
import { ERAS, WRITER, eraClient, resultText, startHttpChild, stdioTransport, type Era, type HttpChild } from "../helpers/era-clients.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Each tool's first documented example (its description's `Example: {...}`), or no arguments. */
function exampleArgs(description: string): Record<string, unknown> {
  // The example ends at a `;`, a `.`, a space or the end: descriptions go on with their API line.
  const m = /Example: (\{.*?\})(?=[;.]?(?:\s|$))/.exec(description);
  return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : {};
}

/**
 * Calls that must be refused, by tool. None today: even from the owner's tagless favourites
 * the recommender answers (by developers, staff and relations; test/tools/insight-recommend.test.ts).
 */
const EXPECTED_REFUSALS: Record<string, RegExp> = {};

// The tools a model sees (the app-only ones behind the MCP App views: test/ui/).
const READ_TOOLS = MODEL_TOOLS.filter((t) => t.access === "read");
const ALL_NAMES = MODEL_TOOLS.map((t) => t.name);

async function listAndCallEveryReadTool(era: Era, connect: (client: ReturnType<typeof eraClient>) => Promise<void>) {
  const client = eraClient(era);
  await connect(client);
  try {
    expect(client.getProtocolEra()).toBe(era === "2026" ? "modern" : "legacy");
    const listed = await client.listTools();
    // With a token that may write, every tool; in the registry's order, the same each time.
    expect(listed.tools.map((t) => t.name)).toEqual(ALL_NAMES);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(ALL_NAMES);
    const failures: string[] = [];
    for (const tool of READ_TOOLS) {
      const r = await client.callTool({ name: tool.name, arguments: exampleArgs(tool.description) });
      const refusal = EXPECTED_REFUSALS[tool.name];
      const fine = refusal ? r.isError && refusal.test(resultText(r)) : !r.isError && resultText(r).trim() !== "";
      if (!fine) failures.push(`${tool.name}: ${resultText(r).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  } finally {
    await client.close();
  }
}

describe.each(ERAS)("a %s client", (era) => {
  it("over stdio --embedded lists the tools and calls every read tool", async () => {
    await listAndCallEveryReadTool(era, (c) => c.connect(stdioTransport(WRITER)));
  }, 90_000);

  describe.each([false, true])("over --http (stateless: %s)", (stateless) => {
    let http: HttpChild;
    beforeAll(async () => {
      http = await startHttpChild(stateless);
    }, 60_000);
    afterAll(() => http?.close());

    it("lists the tools and calls every read tool", async () => {
      await listAndCallEveryReadTool(era, (c) => c.connect(http.transport(WRITER)));
      // The token never reaches the log.
      expect(http.stderr.join("")).not.toContain(WRITER);
    }, 90_000);
  });
});

describe("2026-07-28 on the wire (raw stdio)", () => {
  const ENVELOPE = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };

  async function exchange(lines: object[]): Promise<Map<unknown, Record<string, any>>> {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--embedded"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      stdio: ["pipe", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
    child.stdin.end(lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    await new Promise((resolve) => child.once("exit", resolve));
    return new Map(out.trim().split("\n").map((l) => JSON.parse(l) as Record<string, any>).map((m) => [m.id, m]));
  }

  it("answers server/discover, and lists with cache hints that say the lists depend on the token", async () => {
    const answers = await exchange([
      { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: ENVELOPE } },
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: ENVELOPE } },
      { jsonrpc: "2.0", id: 3, method: "resources/templates/list", params: { _meta: ENVELOPE } },
      { jsonrpc: "2.0", id: 4, method: "prompts/list", params: { _meta: ENVELOPE } },
    ]);
    expect(answers.get(1)?.result?.supportedVersions).toContain("2026-07-28");
    for (const id of [2, 3, 4]) {
      expect(answers.get(id)?.result).toMatchObject({ ttlMs: 600_000, cacheScope: "private" });
    }
    expect(answers.get(2)?.result?.tools.map((t: { name: string }) => t.name)).toEqual(MODEL_TOOLS.filter((t) => t.access === "read").map((t) => t.name));
  }, 30_000);

  it("gives a 2025 client the same lists without cache fields", async () => {
    const answers = await exchange([
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
    ]);
    expect(answers.get(1)?.result?.protocolVersion).toBe("2025-11-25");
    expect(answers.get(2)?.result?.tools.length).toBeGreaterThan(0);
    expect(answers.get(2)?.result).not.toHaveProperty("ttlMs");
    expect(answers.get(2)?.result).not.toHaveProperty("cacheScope");
  }, 30_000);
});
