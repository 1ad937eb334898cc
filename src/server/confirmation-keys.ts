// The keys that seal a 2026-era removal confirmation (the requestState a client echoes back
// with the user's answer; tools/define-tool.ts). Behind a load balancer the answer often
// reaches another replica than the question, so every replica must open what any replica
// sealed: the key comes from the configured secret (VNDB_OAUTH_SECRET) or is shared through
// Redis (VNDB_REDIS_URL); only a lone process makes its own.
//
// Keys rotate: each period of KEY_PERIOD_MS has its own key, a state names the period it was
// sealed in, and a state of the period before still opens. A state lives CONFIRM_STATE_TTL_S,
// far less than a period, so a question asked just before a rotation is still answered after
// it, and a key that leaked stops opening anything two periods later.

import { hkdfSync, randomBytes } from "node:crypto";
import { createRequestStateCodec, type RequestStateCodec } from "@modelcontextprotocol/server";

/**
 * How long a user has to answer a confirmation question of a 2026-era client (the client
 * holds the question and echoes this state back): ten minutes, the SDK codec's default and
 * the SDK's limit for one question round of a 2025 client.
 */
export const CONFIRM_STATE_TTL_S = 600;
/** How long one key seals new states: an hour, six times a state's life. */
export const KEY_PERIOD_MS = 60 * 60_000;
/** How long a shared key is kept in Redis: its own period, the next (old states), and a margin. */
const SHARED_KEY_TTL_MS = 2 * KEY_PERIOD_MS + CONFIRM_STATE_TTL_S * 1000;
/** Bytes of a key (HMAC-SHA256; the SDK's codec wants at least 32). */
const KEY_BYTES = 32;
/** Domain of the keys derived from the configured secret (HKDF info), apart from OAuth's. */
const SECRET_INFO = "vndb-mcp-server confirmation key";

/** Where the key of a period comes from. */
export interface KeyRing {
  /** For the log: where the keys come from. */
  describe: string;
  keyFor(period: number): Promise<Uint8Array>;
}

/** Keys derived from the configured secret: every replica with the same secret has the same keys. */
export function keysFromSecret(secret: string): KeyRing {
  return {
    describe: "derived from VNDB_OAUTH_SECRET",
    keyFor: async (period) => new Uint8Array(hkdfSync("sha256", secret, "vndb-mcp-server", `${SECRET_INFO} ${period}`, KEY_BYTES)),
  };
}

/**
 * Keys shared through a store: the first replica to need a period's key stores a random one,
 * every other replica reads that one (`claim`). A store that fails leaves the key unknown:
 * sealing and opening then fail, so the tool says it could not ask and removes nothing (the
 * model asks again), never a removal without an answer.
 */
export function keysFromStore(claim: (name: string, value: string, ttlMs: number) => Promise<string>, describe: string): KeyRing {
  return {
    describe,
    keyFor: async (period) => {
      const stored = await claim(`confirm-key:${period}`, randomBytes(KEY_BYTES).toString("base64url"), SHARED_KEY_TTL_MS);
      const key = Buffer.from(stored, "base64url");
      if (key.length !== KEY_BYTES) throw new Error(`the shared confirmation key of period ${period} is not ${KEY_BYTES} bytes`);
      return new Uint8Array(key);
    },
  };
}

/** Random keys of this process only (a replica behind a balancer should not use these). */
export function localKeys(): KeyRing {
  const keys = new Map<number, Uint8Array>();
  return {
    describe: "this process only",
    keyFor: async (period) => {
      let key = keys.get(period);
      if (!key) {
        key = new Uint8Array(randomBytes(KEY_BYTES));
        keys.set(period, key);
        for (const old of keys.keys()) if (old < period - 1) keys.delete(old);
      }
      return key;
    },
  };
}

/** A state as sent to the client: the period it was sealed in, a dot, the SDK codec's state. */
const STATE = /^(\d{1,12})\.(.+)$/s;

/**
 * The codec every server of this process seals and opens confirmations with. `now` is for
 * tests (the period boundary). A period's codec is made once and dropped two periods later.
 */
export function confirmationCodec(ring: KeyRing, now: () => number = Date.now): RequestStateCodec {
  const codecs = new Map<number, Promise<RequestStateCodec>>();
  const codecFor = (period: number): Promise<RequestStateCodec> => {
    let codec = codecs.get(period);
    if (!codec) {
      codec = ring.keyFor(period).then((key) => createRequestStateCodec({ key, ttlSeconds: CONFIRM_STATE_TTL_S }));
      // A failed look-up is not kept: the next confirmation asks the store again.
      codec.catch(() => codecs.delete(period));
      codecs.set(period, codec);
      for (const old of codecs.keys()) if (old < period - 1) codecs.delete(old);
    }
    return codec;
  };
  const periodNow = () => Math.floor(now() / KEY_PERIOD_MS);
  return {
    async mint(payload, ctx) {
      const period = periodNow();
      return `${period}.${await (await codecFor(period)).mint(payload, ctx)}`;
    },
    async verify(state, ctx) {
      const m = STATE.exec(state);
      if (!m) throw new Error("malformed");
      const period = Number(m[1]);
      const current = periodNow();
      // Only this period's key and the one before: an older state has expired anyway.
      if (period !== current && period !== current - 1) throw new Error("expired");
      return (await codecFor(period)).verify(m[2]!, ctx);
    },
  };
}
