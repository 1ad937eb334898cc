// The image (Dockerfile) built and run as an operator would: it starts as a non-root user,
// reports healthy, answers a tool call from the SDK client through a published port, and
// stops cleanly on SIGTERM. Needs a Docker engine; without one (a client alone, or none) the
// test is skipped and says why.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/free-port.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const IMAGE = "vndb-mcp-server:e2e-test";
const CONTAINER = `vndb-mcp-e2e-${process.pid}`;

function docker(args: string[], timeoutMs = 60_000) {
  const r = spawnSync("docker", args, { cwd: root, encoding: "utf8", timeout: timeoutMs });
  return { ok: r.status === 0, out: (r.stdout ?? "").trim(), err: (r.stderr ?? "").trim() || (r.error?.message ?? "") };
}

/** Why the test cannot run here, or undefined when a Docker engine answers. */
function whyNoEngine(): string | undefined {
  const r = docker(["version", "--format", "{{.Server.Version}}"], 15_000);
  if (r.ok && r.out !== "") return undefined;
  if (/ENOENT/.test(r.err)) return "no docker client is installed";
  return `the docker client finds no engine (${r.err.split("\n").pop()})`;
}

const missing = whyNoEngine();
if (missing) console.warn(`docker image test skipped: ${missing}; it builds and runs the image where a Docker engine is available`);

describe.skipIf(missing !== undefined)("the Docker image", () => {
  afterAll(() => {
    docker(["rm", "-f", CONTAINER]);
  });

  it("builds, runs as non-root, turns healthy, answers a tool call, and stops on SIGTERM", async () => {
    const build = docker(["build", "-t", IMAGE, "."], 15 * 60_000);
    expect(build.ok, build.err).toBe(true);
    const port = await freePort();
    const run = docker([
      "run", "-d", "--name", CONTAINER, "-p", `127.0.0.1:${port}:3939`,
      "-e", `VNDB_HTTP_ALLOWED_HOSTS=127.0.0.1:${port}`, "--read-only", "--cap-drop", "ALL",
      IMAGE, "--http", "--embedded",
    ]);
    expect(run.ok, run.err).toBe(true);
    expect(docker(["exec", CONTAINER, "id", "-u"]).out).not.toBe("0");
    expect(docker(["inspect", "--format", "{{json .Config.Healthcheck.Test}}", IMAGE]).out).toMatch(/healthz\/live/);

    const giveUpAt = Date.now() + 60_000;
    while (docker(["inspect", "--format", "{{.State.Health.Status}}", CONTAINER]).out !== "healthy") {
      if (Date.now() > giveUpAt) throw new Error(`never healthy:\n${docker(["logs", CONTAINER]).err}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const client = new Client({ name: "docker-e2e", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    const stats = await client.callTool({ name: "vndb_get_stats", arguments: {} });
    expect(stats.isError).toBeFalsy();
    await client.close();

    const stop = docker(["stop", "--time", "20", CONTAINER], 60_000);
    expect(stop.ok, stop.err).toBe(true);
    expect(docker(["inspect", "--format", "{{.State.ExitCode}}", CONTAINER]).out).toBe("0");
  }, 20 * 60_000);
});
