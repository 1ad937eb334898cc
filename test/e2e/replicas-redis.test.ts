// Two server processes behind one address, sharing a real redis-server (VNDB_REDIS_URL):
// together they stay within VNDB's 200 requests per 5 minutes, and an answer one replica
// fetched is served to the other from Redis. A counting proxy in front of the emulator says
// how many requests really went upstream.

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { startCountingProxy, type CountingProxy } from "../helpers/counting-proxy.js";
import { redisServerAvailable, startRedisServer, type RedisServer } from "../helpers/redis-server.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** VNDB's limit per address (reference §3.2), which the replicas must share. */
const VNDB_LIMIT = 200;
const CALLS = 300;

const available = redisServerAvailable();

interface Replica {
  client: Client;
  stderr: string[];
}

async function startReplica(apiUrl: string, redisUrl: string): Promise<Replica> {
  const stderr: string[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "src/cli/main.ts"],
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", VNDB_API_URL: apiUrl, VNDB_REDIS_URL: redisUrl },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (d: Buffer) => stderr.push(d.toString("utf8")));
  const client = new Client({ name: "replica-test", version: "0" });
  await client.connect(transport);
  return { client, stderr };
}

const textOf = (result: Awaited<ReturnType<Client["callTool"]>>) => (result.content as Array<{ text: string }>).map((c) => c.text).join("\n");

describe.skipIf(!available && !process.env.CI)("two replicas sharing Redis", () => {
  let redis: RedisServer;
  let emulator: Emulator;
  let proxy: CountingProxy;
  let replicas: Replica[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    // The emulator enforces VNDB's limits too: a replica pair that overspent would meet 429s.
    emulator = await startEmulator({ port: 0, limits: true });
    proxy = await startCountingProxy(emulator.url);
    replicas = await Promise.all([startReplica(proxy.url, redis.url), startReplica(proxy.url, redis.url)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.client.close()));
    await proxy?.close();
    await emulator?.close();
    await redis?.stop();
  });

  it("an answer fetched by one replica is served by the other from Redis", async () => {
    const first = await replicas[0]!.client.callTool({ name: "vndb_get_schema", arguments: {} });
    expect(first.isError).not.toBe(true);
    expect(proxy.counts.get("GET /kana/schema")).toBe(1);
    const second = await replicas[1]!.client.callTool({ name: "vndb_get_schema", arguments: {} });
    expect(second.isError).not.toBe(true);
    expect(textOf(second)).toBe(textOf(first));
    expect(proxy.counts.get("GET /kana/schema")).toBe(1);
  }, 30_000);

  it(`${CALLS} calls across both replicas send at most ${VNDB_LIMIT} requests upstream`, async () => {
    const before = proxy.total();
    const outcomes: Array<{ replica: number; ok: boolean; text: string }> = [];
    // Eight at a time, alternating replicas: each replica alone stays under its own local
    // budget of 200, so only the shared window can stop the pair at 200.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < CALLS) {
          const n = next++;
          const replica = n % 2;
          const result = await replicas[replica]!.client.callTool({ name: "vndb_search_vn", arguments: { query: `v${n + 1}`, fields: "brief" } });
          outcomes.push({ replica, ok: result.isError !== true, text: textOf(result) });
        }
      }),
    );
    const upstream = proxy.total() - before;
    const refused = outcomes.filter((o) => !o.ok);
    // The schema call above took one slot of the shared window.
    expect(upstream).toBeLessThanOrEqual(VNDB_LIMIT - 1);
    expect(upstream).toBeGreaterThan(VNDB_LIMIT - 20);
    expect(refused.length).toBeGreaterThanOrEqual(CALLS - VNDB_LIMIT);
    for (const r of refused) expect(r.text).toMatch(/rate limit/i);
    // Both replicas were refused although neither had spent its own 200.
    expect(new Set(refused.map((r) => r.replica)).size).toBe(2);
    // No 429 ever came back from upstream: the budget was kept, not discovered.
    expect(outcomes.some((o) => o.text.includes("429"))).toBe(false);
    console.error(`replicas: ${CALLS} calls, ${upstream} upstream requests, ${refused.length} refused by the shared budget`);
  }, 120_000);
});
