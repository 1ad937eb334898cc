// A client that writes its requests and closes stdin at once (a script, `printf … |
// vndb-mcp`) still gets every answer: the server drains before it shuts down.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

const requests = [
  { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "pipe", version: "0" } } },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "vndb_get_stats", arguments: {} } },
  { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "vndb_search_vn", arguments: { query: "ever17", fields: "brief" } } },
];

describe("stdio server on end of input", () => {
  it("answers the requests written before stdin closed, then exits", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--embedded"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      stdio: ["pipe", "pipe", "ignore"],
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stdin.end(requests.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));

    const answers = stdout.trim().split("\n").map((line) => JSON.parse(line) as { id: number; result?: { content: { text: string }[] } });
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3]);
    // --embedded answers from the offline sample and says so.
    expect(answers.find((a) => a.id === 2)?.result?.content[0].text).toMatch(/^The offline sample \(VNDB data of 2024–2026, not the live database\) holds/);
    expect(answers.find((a) => a.id === 3)?.result?.content[0].text).toMatch(/v17/);
    expect(code).toBe(0);
  }, 60_000);
});
