// Fair shares across replicas (issue 30 item 11): two `--http` server processes sharing a
// real redis-server, VNDB (the emulator, with VNDB's own 200 per 5 minutes on) behind a
// counting proxy. Two attacker addresses flood, each through both replicas; a third address
// then asks 20 questions, alternating replicas. On today's main each replica granted each
// attacker a full share of its own, so together they took the whole shared window (0/20).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { startCountingProxy, type CountingProxy } from "../helpers/counting-proxy.js";
import { askVn, clientFrom, type Outcome } from "../helpers/fair-stack.js";
import { startHttpProcess, type HttpProcess } from "../helpers/http-process.js";
import { redisServerAvailable, startRedisServer, type RedisServer } from "../helpers/redis-server.js";

const available = redisServerAvailable();

describe.skipIf(!available && !process.env.CI)("two replicas on Redis share the budget fairly per identity and address", () => {
  let redis: RedisServer;
  let emulator: Emulator;
  let proxy: CountingProxy;
  const replicas: HttpProcess[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    emulator = await startEmulator({ port: 0, limits: true });
    proxy = await startCountingProxy(emulator.url);
    for (let i = 0; i < 2; i++) replicas.push(await startHttpProcess(["--stateless"], { VNDB_API_URL: proxy.url, VNDB_REDIS_URL: redis.url }));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await proxy?.close();
    await emulator?.close();
    await redis?.stop();
  });

  it("two attacker addresses on both replicas leave a victim its answers", async () => {
    const attackers = await Promise.all(["127.0.0.3", "127.0.0.5"].flatMap((a) => replicas.map((r) => clientFrom(r.url, a))));
    let next = 1;
    const flooded: Outcome[] = [];
    // Each attacker client runs 4 calls at a time until 500 questions are asked in all.
    await Promise.all(attackers.flatMap((c) => Array.from({ length: 4 }, async () => {
      while (next <= 500) flooded.push(await askVn(c, next++));
    })));
    expect(flooded.filter((o) => o === "budget").length).toBeGreaterThan(0);
    const victims = await Promise.all(replicas.map((r) => clientFrom(r.url, "127.0.0.4")));
    const answers: Outcome[] = [];
    for (let i = 0; i < 20; i++) answers.push(await askVn(victims[i % 2]!, 20_000 + i));
    expect(answers.filter((o) => o === "ok").length).toBeGreaterThanOrEqual(19);
    // Everything stayed within VNDB's limit.
    expect(proxy.total()).toBeLessThanOrEqual(200);
    for (const c of [...attackers, ...victims]) await c.close();
  }, 240_000);
});
