// The keys of removal confirmations (server/confirmation-keys.ts), as two replicas use them:
// a state sealed by one opens on the other when both derive their keys from one secret or
// share them through a store; keys rotate each period and a state sealed just before a
// rotation still opens after it, but not two periods on; a forged or foreign state never opens.
// (Two real replicas behind a balancer: test/e2e/confirm-across-replicas.test.ts.)

import { describe, expect, it } from "vitest";
import type { ServerContext } from "@modelcontextprotocol/server";
import { confirmationCodec, KEY_PERIOD_MS, keysFromSecret, keysFromStore, localKeys } from "../../src/server/confirmation-keys.js";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const ctx = {} as ServerContext;
const payload = { tool: "vndb_remove_list_entry", args: { vn: "v3" }, question: "Remove v3?" };

/** A clock 30 s before the end of a period. */
const clock = () => {
  const c = { now: 1000 * KEY_PERIOD_MS - 30_000 };
  return { c, now: () => c.now };
};

/** A store with Redis's SET NX semantics, shared by "replicas". */
function sharedStore() {
  const values = new Map<string, string>();
  return async (name: string, value: string) => {
    if (!values.has(name)) values.set(name, value);
    return values.get(name)!;
  };
}

describe("confirmation keys", () => {
  it.each([
    ["the configured secret", () => keysFromSecret(SECRET)],
    ["a shared store", ((store) => () => keysFromStore(store, "shared"))(sharedStore())],
  ])("from %s: sealed by one replica, opened by another", async (_name, ring) => {
    const { now } = clock();
    const a = confirmationCodec(ring(), now);
    const b = confirmationCodec(ring(), now);
    await expect(b.verify(await a.mint(payload, ctx), ctx)).resolves.toEqual(payload);
  });

  it("a replica with its own keys, or another secret, cannot open it", async () => {
    const { now } = clock();
    const state = await confirmationCodec(keysFromSecret(SECRET), now).mint(payload, ctx);
    await expect(confirmationCodec(localKeys(), now).verify(state, ctx)).rejects.toThrow();
    await expect(confirmationCodec(keysFromSecret(`${SECRET}-other`), now).verify(state, ctx)).rejects.toThrow();
  });

  it("rotates: sealed before a rotation, opened after it on another replica; two periods on, refused", async () => {
    const { c, now } = clock();
    const store = sharedStore();
    const a = confirmationCodec(keysFromStore(store, "shared"), now);
    const b = confirmationCodec(keysFromStore(store, "shared"), now);
    const state = await a.mint(payload, ctx);
    c.now += 60_000; // the next period, within the state's ten minutes
    await expect(b.verify(state, ctx)).resolves.toEqual(payload);
    // The new period seals with a new key.
    const later = await b.mint(payload, ctx);
    expect(later.split(".")[0]).not.toBe(state.split(".")[0]);
    c.now += 2 * KEY_PERIOD_MS;
    await expect(a.verify(state, ctx)).rejects.toThrow("expired");
  });

  it("refuses a state whose period or content was changed", async () => {
    const { now } = clock();
    const codec = confirmationCodec(keysFromSecret(SECRET), now);
    const state = await codec.mint(payload, ctx);
    const [period, rest] = [state.slice(0, state.indexOf(".")), state.slice(state.indexOf(".") + 1)];
    await expect(codec.verify(`${Number(period) - 1}.${rest}`, ctx)).rejects.toThrow();
    await expect(codec.verify(`${period}.${rest.slice(0, -2)}xx`, ctx)).rejects.toThrow();
    await expect(codec.verify("not a state", ctx)).rejects.toThrow("malformed");
  });

  it("a store that fails seals nothing (the tool then asks nothing and removes nothing)", async () => {
    const { now } = clock();
    const codec = confirmationCodec(keysFromStore(async () => { throw new Error("Redis is away"); }, "shared"), now);
    await expect(codec.mint(payload, ctx)).rejects.toThrow("Redis is away");
  });
});
