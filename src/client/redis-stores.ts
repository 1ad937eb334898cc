// The shared stores on Redis (`VNDB_REDIS_URL`): the request window as a sorted set of
// request start times trimmed and counted inside one Lua script, so that replicas racing
// for the last slot cannot both win; the pause after a 429 as a key that expires by itself;
// cached answers as plain keys with a TTL. Times come from the Redis server's clock (TIME),
// so replicas whose clocks disagree still agree on the window.
//
// Redis is a help, never a dependency of a tool call: every command has a deadline, the
// client refuses commands while disconnected instead of queueing them, and after a failure
// the replica goes on with its own budget and cache at once (one warning in the log) until a
// probe finds Redis answering again (one line saying so). See redis-link.ts.
//
// The `redis` package is loaded only when a Redis URL is configured: single-user installs
// (Claude Desktop, npx) never load it.

import { randomUUID } from "node:crypto";
import { sha256 } from "../kana/digest.js";
import type { SharedRequestWindow, SharedResponseCache, SharedStores, WindowTake } from "./shared-stores.js";
import { RedisLink, type RedisConnection, type RedisLinkEvents } from "./redis-link.js";

/** How long start-up waits for Redis before it reports the URL as unreachable. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
/** Reconnect back-off cap: a replica whose Redis blinks retries at least every 2 s. */
const RECONNECT_MAX_DELAY_MS = 2_000;
/**
 * Every key starts with this (then a hash of the upstream URL): the package's name, so that
 * an operator looking at a shared Redis sees whose keys these are (docs/deployment.md).
 */
export const REDIS_KEY_PREFIX = "vndb-mcp-server:";

/** Stores ARGV[1] under KEYS[1] for ARGV[2] ms unless something is there; answers what is there. */
const CLAIM_SCRIPT = `redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2]) return redis.call("GET", KEYS[1])`;

/**
 * KEYS[1] the window (sorted set of start times, ms), KEYS[2] the pause key, KEYS[3..] one
 * sorted set per share key of the caller (rate-budget.ts's rule: a key may start a request
 * while it holds fewer slots, times the weight, than the window has free).
 * ARGV[1] max requests, ARGV[2] window ms, ARGV[3] a unique member for this request,
 * ARGV[4] the weight.
 * Returns {1, 0} when granted, {0, wait ms, 0} when full, {0, wait ms, 1} when paused,
 * {0, wait ms, 2} when a share is used up (the wait: until the window's oldest slot frees).
 */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local weight = tonumber(ARGV[4] or '1')
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return {0, paused, 1} end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local total = redis.call('ZCARD', KEYS[1])
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if total >= max then return {0, tonumber(oldest[2]) + window - now, 0} end
for i = 3, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  if redis.call('ZCARD', KEYS[i]) * weight >= max - total then
    return {0, math.max(1, tonumber(oldest[2]) + window - now), 2}
  end
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
for i = 3, #KEYS do
  redis.call('ZADD', KEYS[i], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[i], window)
end
return {1, 0, 0}
`;

/** KEYS[1] the pause key; ARGV[1] ms. Extends the pause, never shortens it. */
const PAUSE_SCRIPT = `
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then redis.call('SET', KEYS[1], '1', 'PX', ms) end
return 1
`;

/** The URL without its password, for logs and errors. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an unparsable Redis URL)";
  }
}

/**
 * Connects to Redis and returns the shared stores. `namespace` separates deployments that
 * share one Redis (it is hashed with the upstream URL, so an emulator and the real API never
 * share a window or answers).
 */
export async function connectRedisStores(
  url: string,
  options: { upstream: string } & RedisLinkEvents,
): Promise<SharedStores> {
  const { createClient } = await import("redis").catch(() => {
    throw new Error("VNDB_REDIS_URL is set but the redis package is not installed here (the Claude Desktop bundle leaves it out); install the npm package to use Redis");
  });
  let connected = false;
  const client = createClient({
    url,
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      // Before the first connection a failure is final (start-up reports it); after it, the
      // client keeps reconnecting and the budget and cache go on locally meanwhile.
      reconnectStrategy: (retries: number, cause: Error) =>
        connected ? Math.min(100 * 2 ** Math.min(retries, 5), RECONNECT_MAX_DELAY_MS) : cause,
    },
    // While disconnected, a command fails at once instead of waiting in the client's queue
    // for the reconnection (which made every tool call wait out a Redis outage).
    disableOfflineQueue: true,
  }) as unknown as RedisConnection;
  // Before the first connection an error is reported by the failed start; after it, the link
  // hears it (falls back to local state, warns once).
  let link: RedisLink | undefined;
  client.on("error", (error: unknown) => link?.lost(error));
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`could not connect to Redis at ${redactRedisUrl(url)} within ${REDIS_CONNECT_TIMEOUT_MS / 1000} s`)), REDIS_CONNECT_TIMEOUT_MS);
      }),
    ]);
    connected = true;
  } catch (error) {
    try {
      client.destroy();
    } catch {
      // already closed by the failed connect
    }
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(why.includes("Redis at") ? why : `could not connect to Redis at ${redactRedisUrl(url)}: ${why}`);
  } finally {
    clearTimeout(timer);
  }
  const prefix = `${REDIS_KEY_PREFIX}${sha256(options.upstream).slice(0, 12)}:`;
  const describe = redactRedisUrl(url);
  link = new RedisLink(client, describe, options);
  return redisStores(link, prefix, describe);
}

/** The stores over an already connected client (exported for tests). */
export function redisStores(link: RedisLink, prefix: string, describe: string): SharedStores {
  const windowKey = `${prefix}window`;
  const pauseKey = `${prefix}pause`;
  // Hashed: a share key names an address or a grant, which a MONITOR need not read.
  const shareKey = (key: string) => `${prefix}share:${sha256(key).slice(0, 32)}`;
  // Hashed: a query body can be long, and the key then says nothing a MONITOR could read.
  const cacheKey = (key: string) => `${prefix}cache:${sha256(key)}`;
  const window: SharedRequestWindow = {
    async take(maxRequests, windowMs, shares): Promise<WindowTake> {
      const keys = [windowKey, pauseKey, ...(shares?.keys ?? []).map(shareKey)];
      const reply = (await link.send(["EVAL", TAKE_SCRIPT, String(keys.length), ...keys, String(maxRequests), String(windowMs), randomUUID(), String(shares?.weight ?? 1)])) as number[];
      if (Number(reply[0]) === 1) return { granted: true };
      const reason = Number(reply[2]);
      return { granted: false, retryInMs: Math.max(1, Number(reply[1])), reason: reason === 1 ? "paused" : reason === 2 ? "share" : "window" };
    },
    async pause(ms) {
      if (ms <= 0) return;
      await link.send(["EVAL", PAUSE_SCRIPT, "1", pauseKey, String(Math.ceil(ms))]);
    },
  };
  const cache: SharedResponseCache = {
    async get(key) {
      const value = await link.send(["GET", cacheKey(key)]);
      return typeof value === "string" ? value : undefined;
    },
    async set(key, json, ttlMs) {
      if (ttlMs <= 0) return;
      await link.send(["SET", cacheKey(key), json, "PX", String(Math.ceil(ttlMs))]);
    },
  };
  const claim = async (name: string, value: string, ttlMs: number): Promise<string> => {
    const reply = await link.send(["EVAL", CLAIM_SCRIPT, "1", `${prefix}claim:${name}`, value, String(Math.ceil(ttlMs))]);
    if (typeof reply !== "string") throw new Error(`Redis answered no value for claim ${name}`);
    return reply;
  };
  return { window, cache, claim, describe, health: () => link.health(), close: () => link.close() };
}
