// `vndb-mcp-server --http --port 0 …` as a child process, for end-to-end tests over real HTTP:
// started with a bare environment plus what the test gives, resolved once the server logs the
// address it serves on, stopped with SIGTERM (its graceful drain) when the test is done.

import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface HttpProcess {
  child: ChildProcess;
  /** The MCP endpoint, as the server logged it. */
  url: URL;
  /** Everything the server wrote to stderr so far (its log). */
  stderr: string[];
  /** SIGTERM, then waits for the exit (nothing when it has already exited). */
  stop(): Promise<void>;
}

export async function startHttpProcess(args: readonly string[], env: Record<string, string> = {}): Promise<HttpProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--http", "--port", "0", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  const stderr: string[] = [];
  const url = await new Promise<URL>((resolve, reject) => {
    child.stderr!.on("data", (d: Buffer) => {
      stderr.push(d.toString("utf8"));
      const m = /serving MCP on (http:\/\/\S+)/.exec(stderr.join(""));
      if (m) resolve(new URL(m[1]!));
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${stderr.join("")}`)));
  });
  return {
    child,
    url,
    stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
