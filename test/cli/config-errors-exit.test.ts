// Issue 29, defect 2: a setting the server cannot start with ends the process with exit
// status 2 and the reason on stderr, in every mode. With --embedded the CLI starts the
// offline catalogue's worker before the configuration is read (cli/main.ts), and that
// worker used to keep the process alive after the error: the host saw a server that neither
// answered nor exited. The safety timeout below only turns a hang into a failure; nothing
// is asserted about how long an exit takes.

import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Long enough for a loaded machine to start tsx; a process still running then hangs. */
const HANG_AFTER_MS = 60_000;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  hung: boolean;
}

function run(args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill("SIGKILL");
    }, HANG_AFTER_MS);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, hung });
    });
  });
}

/** Modes: how the server is asked to run. */
const MODES: [string, string[], Record<string, string>][] = [
  ["stdio", [], {}],
  ["--embedded", ["--embedded"], {}],
  ["VNDB_EMBEDDED=1", [], { VNDB_EMBEDDED: "1" }],
  ["--http", ["--http", "--port", "0"], {}],
  ["--http --embedded", ["--http", "--port", "0", "--embedded"], {}],
];

/** Bad settings, each with the words its error must carry. */
const BAD: [string, string[], Record<string, string>, RegExp][] = [
  ["spoiler level 5", [], { VNDB_SPOILER_LEVEL: "5" }, /VNDB_SPOILER_LEVEL/],
  ["an unknown log level", [], { VNDB_LOG_LEVEL: "loud" }, /VNDB_LOG_LEVEL/],
  ["an unknown flag", ["--spoilers-level", "1"], {}, /unknown option/],
];

describe("a configuration error exits at once with status 2", () => {
  // Every bad setting in the mode that used to hang; the first one in every mode.
  const cases = MODES.flatMap((m) => (m[0] === "--embedded" ? BAD : BAD.slice(0, 1)).map((b) => [m, b] as const));
  for (const [[mode, modeArgs, modeEnv], [what, args, env, says]] of cases) {
    it(`${mode}: ${what}`, async () => {
      const r = await run([...modeArgs, ...args], { ...modeEnv, ...env });
      expect(r.hung, `still running after ${HANG_AFTER_MS} ms; stderr: ${r.stderr}`).toBe(false);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(says);
      expect(r.stdout).toBe("");
    }, HANG_AFTER_MS + 10_000);
  }

  it("a port in use with --http --embedded ends the process with an error", async () => {
    const { createServer } = await import("node:net");
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = String((holder.address() as { port: number }).port);
    try {
      const r = await run(["--http", "--port", port, "--embedded"], {});
      expect(r.hung, `still running; stderr: ${r.stderr}`).toBe(false);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/EADDRINUSE|in use/i);
    } finally {
      holder.close();
    }
  }, HANG_AFTER_MS + 10_000);

  it("an unreachable Redis with --embedded ends the process too", async () => {
    const r = await run(["--embedded"], { VNDB_REDIS_URL: "redis://127.0.0.1:1" });
    expect(r.hung, `still running; stderr: ${r.stderr}`).toBe(false);
    expect(r.code, r.stderr).toBe(2);
  }, HANG_AFTER_MS + 10_000);

  it("an SDK client starting the offline server with a bad setting gets a closed connection, not a hang", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", "src/cli/main.ts", "--embedded"],
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", VNDB_SPOILER_LEVEL: "5" },
      stderr: "pipe",
    });
    const client = new Client({ name: "config-exit", version: "0" });
    const closed = new Promise<void>((resolve) => (client.onclose = () => resolve()));
    const connecting = client.connect(transport, { timeout: HANG_AFTER_MS }).then(
      () => "connected",
      (e: Error) => `refused: ${e.message}`,
    );
    const outcome = await connecting;
    // The server went away (the SDK says "Connection closed"), rather than the wait running out.
    expect(outcome).toMatch(/^refused: .*closed/i);
    await closed;
  }, HANG_AFTER_MS + 10_000);
});
