// The authorization server's records on Redis, so that every replica knows every grant:
// plain keys with PX lifetimes, GETDEL for one-use records. Keys carry the kind and the
// record id, and every id is already a fingerprint or a random value (never a secret in
// clear). Each call has a deadline: a Redis that does not answer makes the OAuth endpoints
// answer 503 instead of hanging. Offline queueing is off, so a call while Redis is away
// fails at once rather than waiting for it.

import { createHash } from "node:crypto";
import type { AuthStore } from "./store.js";
import type { RecordKind } from "./records.js";
import { STORE_TIMEOUT_MS } from "./limits.js";
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
export function redisAuthStore(client: RedisCommands, prefix: string, describe: string, close: () => Promise<void>): AuthStore {
  const key = (kind: RecordKind, id: string) => `${prefix}${kind}:${id}`;
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
      await call(["SET", key(kind, id), JSON.stringify(value), "PX", String(Math.max(1, Math.ceil(ttlMs)))]);
    },
    async get<T>(kind: RecordKind, id: string) {
      return parse<T>(await call(["GET", key(kind, id)]));
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
