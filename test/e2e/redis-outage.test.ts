// The HTTP server (`--http`, a real process) with VNDB_REDIS_URL, Redis killed and restarted
// while SDK clients keep calling: every call is answered, /healthz says the replica went
// local and then shared again, and the log says each once.

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { redisServerAvailable, startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { startHttpProcess, type HttpProcess } from "../helpers/http-process.js";

const available = redisServerAvailable();
if (!available) console.warn("redis-server is not installed: the Redis outage test is skipped (.ci/run installs it)");

interface Health {
  status: string;
  redis?: { state: string; reason?: string };
}

async function until(what: string, check: () => Promise<boolean>, limitMs = 20_000): Promise<void> {
  const giveUpAt = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!available && !process.env.CI)("the HTTP server through a Redis outage", () => {
  let redis: RedisServer;
  let emulator: Emulator;
  let server: HttpProcess;
  let url: URL;

  beforeAll(async () => {
    redis = await startRedisServer();
    emulator = await startEmulator({ port: 0 });
    server = await startHttpProcess([], { VNDB_API_URL: emulator.url, VNDB_REDIS_URL: redis.url });
    url = server.url;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await emulator?.close();
    await redis?.stop();
  });

  const health = async (): Promise<Health> => (await (await fetch(new URL("/healthz", url))).json()) as Health;

  it("answers every call while Redis is down and says so in /healthz, then shares again", async () => {
    const client = new Client({ name: "outage", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(url));
    let n = 0;
    // Distinct searches, so that each goes upstream (and through the budget) instead of the cache.
    const call = async () => {
      const r = await client.callTool({ name: "vndb_search_vn", arguments: { filters: { id: `v${++n}` }, fields: "brief" } });
      return r.isError ? (r.content as Array<{ text: string }>)[0]!.text : "ok";
    };
    expect(await health()).toMatchObject({ status: "ok", redis: { state: "shared" } });
    const before = await Promise.all([call(), call(), call()]);

    await redis.stop("SIGKILL");
    const during: string[] = [];
    await until("/healthz to say degraded", async () => {
      during.push(await call());
      return (await health()).status === "degraded";
    });
    expect((await health()).redis).toMatchObject({ state: "local" });
    for (let i = 0; i < 5; i++) during.push(await call());

    redis = await startRedisServer(redis.port);
    const after: string[] = [];
    await until("/healthz to say ok again", async () => {
      after.push(await call());
      return (await health()).status === "ok";
    });
    for (let i = 0; i < 3; i++) after.push(await call());

    expect([...before, ...during, ...after].filter((r) => r !== "ok")).toEqual([]);
    const log = server.stderr.join("");
    expect(log.match(/local to this replica until Redis answers again/g)).toHaveLength(1);
    expect(log.match(/shared again/g)).toHaveLength(1);
    await client.close();
  }, 90_000);
});
