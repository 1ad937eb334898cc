// A replica whose own event loop was busy past a Redis command's deadline must not take
// Redis for gone when the answer is already waiting on the socket. The load run
// (bench/proxy-load.bench.ts, two replicas on two shared cores) saw replicas fall back to
// local state a few times a minute with "no answer within 500 ms" while Redis answered in
// well under a millisecond: the deadline's timer ran before the loop read the reply.
// Here the loop is blocked right after the command is written, for longer than the
// deadline; Redis answers meanwhile, and the command must get that answer.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectRedisStores } from "../../src/client/redis-stores.js";
import { REDIS_COMMAND_TIMEOUT_MS } from "../../src/client/redis-link.js";
import type { SharedStores } from "../../src/client/shared-stores.js";
import { redisServerAvailable, startRedisServer, type RedisServer } from "../helpers/redis-server.js";

const available = redisServerAvailable();
if (!available) console.warn("redis-server is not installed: the busy-replica Redis test is skipped (.ci/run installs it)");

/** Blocks this process's event loop, as a burst of synchronous work in a replica does. */
function blockFor(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy on purpose
  }
}

describe.skipIf(!available && !process.env.CI)("Redis from a busy replica", () => {
  let redis: RedisServer;
  let stores: SharedStores;
  const warnings: string[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    stores = await connectRedisStores(redis.url, { upstream: "http://busy/kana", onError: (m) => warnings.push(m) });
  }, 20_000);
  afterAll(async () => {
    await stores?.close();
    await redis?.stop();
  });

  it("takes the answer that arrived while its own loop was blocked past the deadline", async () => {
    const take = stores.window.take(10, 60_000);
    // The client writes the command in the next check phase; block right after it.
    setImmediate(() => blockFor(REDIS_COMMAND_TIMEOUT_MS + 1_000));
    expect(await take).toEqual({ granted: true });
    expect(stores.health().state).toBe("shared");
    expect(warnings).toEqual([]);
  });
});
