// The authorization server's records on Redis, so that every replica knows every grant:
// plain keys with PX lifetimes, GETDEL for one-use records. Keys carry the kind and the
// record id, and every id is already a fingerprint or a random value (never a secret in
// clear). Each call has a deadline: a Redis that does not answer makes the OAuth endpoints
// answer 503 instead of hanging. Offline queueing is off, so a call while Redis is away
// fails at once rather than waiting for it.

import { createHash } from "node:crypto";
import type { AuthStore } from "./store.js";
import type { RecordKind } from "./records.js";
import { MAX_STORED_CLIENTS, STORE_TIMEOUT_MS } from "./limits.js";

/**
 * KEYS[1] the client's key, KEYS[2] the index of clients (sorted set: id by last use).
 * ARGV[1] the record, ARGV[2] its lifetime (ms), ARGV[3] the id, ARGV[4] now (ms), ARGV[5] the
 * most clients kept, ARGV[6] the key prefix of clients. Stores the client, then deletes the
 * least recently used beyond the bound: client records have their own bound, so they can
 * never take the memory grants need (issue 30: at volatile-lru they evicted a grant).
 */
const PUT_CLIENT_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[3])
local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[5])
if over > 0 then
  for i, id in ipairs(redis.call('ZPOPMIN', KEYS[2], over)) do
    if i % 2 == 1 then redis.call('DEL', ARGV[6] .. id) end
  end
end
return 1
`;
import { redactRedisUrl, REDIS_CONNECT_TIMEOUT_MS } from "../client/redis-stores.js";

/** The few commands used here (the package's own types are large). */
export interface RedisCommands {
  sendCommand(args: string[]): Promise<unknown>;
}

export class StoreUnavailable extends Error {}

function withDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreUnavailable(`the grant store (Redis) did not answer ${what} within ${STORE_TIMEOUT_MS / 1000} s`)), STORE_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The store over a connected client; `prefix` separates deployments sharing one Redis. */
export function redisAuthStore(client: RedisCommands, prefix: string, describe: string, close: () => Promise<void>, maxClients = MAX_STORED_CLIENTS): AuthStore {
  const key = (kind: RecordKind, id: string) => `${prefix}${kind}:${id}`;
  const clientIndex = `${prefix}clients`;
  const call = async (args: string[]) => {
    try {
      return await withDeadline(client.sendCommand(args), args[0]!);
    } catch (error) {
      if (error instanceof StoreUnavailable) throw error;
      throw new StoreUnavailable(`the grant store (Redis) failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const parse = <T>(value: unknown): T | undefined => (typeof value === "string" ? (JSON.parse(value) as T) : undefined);
  return {
    describe,
    async put(kind, id, value, ttlMs) {
      const px = String(Math.max(1, Math.ceil(ttlMs)));
      if (kind === "client") {
        await call(["EVAL", PUT_CLIENT_SCRIPT, "2", key(kind, id), clientIndex, JSON.stringify(value), px, id, String(Date.now()), String(maxClients), key("client", "")]);
      } else await call(["SET", key(kind, id), JSON.stringify(value), "PX", px]);
    },
    async get<T>(kind: RecordKind, id: string) {
      const value = parse<T>(await call(["GET", key(kind, id)]));
      // A client in use is the last to go (its index entry is its last use).
      if (kind === "client" && value !== undefined) await call(["ZADD", clientIndex, "XX", String(Date.now()), id]);
      return value;
    },
    async take<T>(kind: RecordKind, id: string) {
      return parse<T>(await call(["GETDEL", key(kind, id)]));
    },
    async delete(kind, id) {
      await call(["DEL", key(kind, id)]);
    },
    async renew(kind, id, ttlMs) {
      await call(["PEXPIRE", key(kind, id), String(Math.max(1, Math.ceil(ttlMs)))]); // no-op on a missing key
    },
    close,
  };
}

/** Connects to VNDB_REDIS_URL for the grant store (its own connection; the budget's is apart). */
export async function connectRedisAuthStore(url: string, issuer: string): Promise<AuthStore> {
  const { createClient } = await import("redis");
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number, cause: Error) => (connected ? Math.min(100 * 2 ** Math.min(retries, 5), 2_000) : cause),
    },
  });
  client.on("error", () => {}); // failures surface per call as StoreUnavailable
  try {
    await client.connect();
  } catch (error) {
    client.destroy();
    throw new Error(`could not connect to Redis at ${redactRedisUrl(url)} for the OAuth grants: ${error instanceof Error ? error.message : String(error)}`);
  }
  connected = true;
  const prefix = `vndb-mcp-server:oauth:${createHash("sha256").update(issuer).digest("hex").slice(0, 12)}:`;
  return redisAuthStore(client as unknown as RedisCommands, prefix, redactRedisUrl(url), async () => {
    await client.close().catch(() => client.destroy());
  });
}
