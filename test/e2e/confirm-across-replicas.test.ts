// A 2026-07-28 removal confirmation across replicas (issue 30 item 3): the client's call is
// answered `input_required` with a sealed state by one replica, and its call again with the
// user's answer goes, through a round-robin balancer, to the other. Two `--http --stateless`
// replicas share one Redis (the compose topology, bench/proxy-load.bench.ts) and one Kana
// emulator as VNDB, so the list read back is the one both write to. The other replica must
// open the state and remove the entry; a "no" must still remove nothing.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { startHttpProcess, type HttpProcess } from "../helpers/http-process.js";
import { redisServerAvailable, startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { startRoundRobinProxy, type RoundRobinProxy } from "../helpers/round-robin-proxy.js";
import { WRITER, eraClient, resultText } from "../helpers/era-clients.js";

const withRedis = redisServerAvailable();
if (!withRedis && !process.env.CI) console.warn("skipped: redis-server is not installed (apt-get install redis-server)");

let emulator: Emulator;
let redis: RedisServer;
let replicas: HttpProcess[] = [];
let proxy: RoundRobinProxy;

beforeAll(async () => {
  if (!withRedis) return;
  emulator = await startEmulator({ port: 0 });
  redis = await startRedisServer();
  const env = { VNDB_API_URL: emulator.url, VNDB_REDIS_URL: redis.url };
  replicas = await Promise.all([startHttpProcess(["--stateless"], env), startHttpProcess(["--stateless"], env)]);
  proxy = await startRoundRobinProxy(replicas.map((r) => r.url.href));
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all(replicas.map((r) => r.stop()));
  await redis?.stop();
  await emulator?.close();
});

async function connect(answer: "yes" | "no", asked: string[]): Promise<Client> {
  const client = eraClient("2026", {
    elicit: async (message) => {
      asked.push(message);
      return answer === "yes" ? { action: "accept", content: { confirm: true } } : { action: "decline" };
    },
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(proxy.url), { requestInit: { headers: { authorization: `Bearer ${WRITER}` } } }));
  return client;
}

async function onList(client: Client, vn: string): Promise<boolean> {
  const r = await client.callTool({ name: "vndb_get_user_list", arguments: { filters: { id: vn }, fields: "brief" } });
  expect(r.isError, resultText(r)).toBeFalsy();
  return (r.structuredContent as { results: unknown[] }).results.length > 0;
}

/** The removal call; the question and the answer's call are two requests, so two replicas. */
async function remove(client: Client, vn: string): Promise<{ text: string; replicas: number[] }> {
  const before = [...proxy.sent];
  const r = await client.callTool({ name: "vndb_remove_list_entry", arguments: { vn, confirm: true } });
  return { text: resultText(r), replicas: proxy.sent.map((n, i) => n - before[i]!) };
}

describe.skipIf(!withRedis)("a removal confirmed through a round-robin balancer over two replicas sharing Redis", () => {
  it("is sealed by one replica and opened by the other: yes removes the entry", async () => {
    const asked: string[] = [];
    const client = await connect("yes", asked);
    try {
      expect(await onList(client, "v3")).toBe(true);
      const r = await remove(client, "v3");
      // The question and the answer went to different replicas (one request each, in turn).
      expect(r.replicas).toEqual([1, 1]);
      expect(asked).toHaveLength(1);
      expect(r.text).toMatch(/^Removed v3 /);
      expect(await onList(client, "v3")).toBe(false);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("no still removes nothing, whichever replica hears it", async () => {
    const asked: string[] = [];
    const client = await connect("no", asked);
    try {
      const r = await remove(client, "v5");
      expect(r.replicas).toEqual([1, 1]);
      expect(r.text).toMatch(/did not confirm; nothing was removed/);
      expect(await onList(client, "v5")).toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("says in each replica's log that the keys are shared on Redis", () => {
    for (const replica of replicas) expect(replica.stderr.join("")).toMatch(/removal confirmations sealed with keys shared on redis:\/\//);
  });
});
