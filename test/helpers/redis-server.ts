// A throwaway redis-server on a free loopback port, for the tests of the shared stores.
// Nothing is persisted (no RDB, no AOF). `.ci/run` installs the Debian package when it is
// missing; on a machine without it the tests that need it are skipped, and say so.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port.js";

export const REDIS_SERVER_BINARY = "redis-server";

export function redisServerAvailable(): boolean {
  return spawnSync(REDIS_SERVER_BINARY, ["--version"], { stdio: "ignore" }).status === 0;
}

export interface RedisServer {
  url: string;
  port: number;
  /** Ends the server; SIGKILL is a crash (no goodbye to the clients). */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open, nothing answers (a slow Redis). */
  freeze(): void;
  thaw(): void;
}

/** Starts a redis-server; `port` restarts one on the port a stopped one had. */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  port ??= await freePort();
  const child: ChildProcess = spawn(
    REDIS_SERVER_BINARY,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    freeze: () => void child.kill("SIGSTOP"),
    thaw: () => void child.kill("SIGCONT"),
    stop: (signal = "SIGTERM") =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGCONT"); // a frozen server would not act on SIGTERM
        child.kill(signal);
      }),
  };
}
