// A tools/call cancelled at once (the cancel notification written right behind the call)
// used to kill the server: the call's signal had already fired when the client joined the
// shared request, so the shared request was aborted with nobody listening to its rejection.
// Over raw stdio, as a host that cancels quickly writes it.

import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

let child: ChildProcessWithoutNullStreams;
let stdout = "";
let stderr = "";
const answers = new Map<number, (msg: Record<string, unknown>) => void>();

function send(msg: object): void {
  child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...msg })}\n`);
}

function request(id: number, method: string, params: object = {}): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    answers.set(id, resolve);
    send({ id, method, params });
  });
}

beforeAll(async () => {
  child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--embedded", "--log-level", "warn"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
  });
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString("utf8");
    let nl: number;
    while ((nl = stdout.indexOf("\n")) >= 0) {
      const line = stdout.slice(0, nl);
      stdout = stdout.slice(nl + 1);
      const msg = JSON.parse(line) as Record<string, unknown>;
      if (typeof msg.id === "number") answers.get(msg.id)?.(msg);
    }
  });
  await request(0, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "cancel-race", version: "0" } });
  send({ method: "notifications/initialized" });
}, 60_000);

afterAll(() => {
  child?.kill();
});

describe("a tool call cancelled at once", () => {
  it("leaves the server alive and answering, every time", async () => {
    const exited = new Promise<string>((resolve) => child.once("exit", (code, signal) => resolve(`exited (${code ?? signal})`)));
    // Same queries over and over, so later calls join a shared or cached request too.
    const queries = [
      { name: "vndb_search_vn", arguments: { query: "ever17" } },
      { name: "vndb_get_stats", arguments: {} },
      { name: "vndb_search_producer", arguments: { query: "key" } },
    ];
    for (let i = 1; i <= 60; i++) {
      const call = JSON.stringify({ jsonrpc: "2.0", id: 1000 + i, method: "tools/call", params: queries[i % queries.length] });
      const cancel = JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1000 + i, reason: "user stopped" } });
      // One write: the cancel arrives in the same chunk as the call.
      child.stdin.write(`${call}\n${cancel}\n`);
      if (i % 10 === 0) await new Promise((r) => setTimeout(r, 20));
    }
    const ping = request(1, "ping");
    const outcome = await Promise.race([ping.then(() => "answered"), exited]);
    expect(outcome, stderr).toBe("answered");
    // Still alive a moment later, when the cancelled requests have settled.
    await new Promise((r) => setTimeout(r, 500));
    const again = await Promise.race([request(2, "ping").then(() => "answered"), exited]);
    expect(again, stderr).toBe("answered");
    expect(stderr).not.toMatch(/Unhandled|KanaError/);
  }, 60_000);
});
