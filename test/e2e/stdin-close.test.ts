// A client that writes its requests and closes stdin at once (a script, `printf … |
// vndb-mcp`) still gets every answer: the server drains before it shuts down, waiting for
// running calls as long as a call may run, not a fixed grace a slow call could outlast.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_DEADLINE_MS } from "../../src/client/options.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { STDIN_DRAIN_LIMIT_MS } from "../../src/server/transports/stdin-drain.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * How long the emulator holds the slow answer: past the fixed 5 s the server used to wait
 * (an answer this slow was dropped), well inside the client's headers timeout (15 s), so the
 * call succeeds and only the drain decides whether its answer is written.
 */
const SLOW_ANSWER_MS = 7_000;

const initialize = [
  { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "pipe", version: "0" } } },
  { jsonrpc: "2.0", method: "notifications/initialized" },
];
const search = { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "vndb_search_vn", arguments: { query: "ever17", fields: "brief" } } };

interface Answer {
  id: number;
  result?: { isError?: boolean; content: { text: string }[] };
}

/** Runs the stdio server with `args`/`env`, writes `requests` and closes stdin; its answers and exit code. */
async function pipeThrough(args: string[], env: Record<string, string>, requests: object[]): Promise<{ answers: Answer[]; code: number | null }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["pipe", "pipe", "ignore"],
  });
  let stdout = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
  child.stdin.end(requests.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const answers = stdout.trim().split("\n").filter(Boolean).map((line) => JSON.parse(line) as Answer);
  return { answers, code };
}

describe("stdio server on end of input", () => {
  it("answers the requests written before stdin closed, then exits", async () => {
    const stats = { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "vndb_get_stats", arguments: {} } };
    const { answers, code } = await pipeThrough(["--embedded"], {}, [...initialize, stats, search]);
    expect(answers.map((a) => a.id).sort()).toEqual([1, 2, 3]);
    // --embedded answers from the offline sample and says so.
    expect(answers.find((a) => a.id === 2)?.result?.content[0].text).toMatch(/^The offline sample \(VNDB data of 2020–2026, not the live database\) holds/);
    expect(answers.find((a) => a.id === 3)?.result?.content[0].text).toMatch(/v17/);
    expect(code).toBe(0);
  }, 60_000);

  describe("with a call slower than the old fixed grace", () => {
    let kana: Emulator;
    beforeAll(async () => {
      kana = await startEmulator({ port: 0 });
    });
    afterAll(async () => kana?.close());

    it("still writes that call's answer before exiting", async () => {
      kana.faults.inject({ kind: "hang", method: "POST", path: "/vn", delayMs: SLOW_ANSWER_MS });
      const { answers, code } = await pipeThrough([], { VNDB_API_URL: kana.url }, [...initialize, search]);
      expect(kana.faults.pending(), "the slow answer was served").toEqual([]);
      expect(answers.map((a) => a.id).sort()).toEqual([1, 3]);
      const answer = answers.find((a) => a.id === 3)?.result;
      expect(answer?.isError, answer?.content[0].text).not.toBe(true);
      expect(answer?.content[0].text).toMatch(/\bv17\b/);
      expect(code).toBe(0);
    }, 60_000);

    it("waits as long as a call may run: past the client's own deadline for a call", () => {
      expect(STDIN_DRAIN_LIMIT_MS).toBeGreaterThan(DEFAULT_DEADLINE_MS);
      expect(STDIN_DRAIN_LIMIT_MS).toBeGreaterThan(SLOW_ANSWER_MS);
    });
  });
});
