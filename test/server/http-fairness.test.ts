// Fair to people, not to addresses (issue 30, items 1, 9, 10): the HTTP server with one
// budget shared by all, callers on distinct loopback addresses through the SDK v2 client.
// The budget is scaled to 40 requests per window so that a flood ends it within seconds; the
// rules do not depend on its size (bench/fairness.bench.ts runs VNDB's 200).

import { randomBytes } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { encodeToken, parseAuthorization } from "../../src/kana/token.js";
import { anonymousGrant, askVn, clientFrom, fetchFrom, startStack, type Outcome, type Stack } from "../helpers/fair-stack.js";

const BUDGET = 40;
let stack: Stack | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  await stack?.close();
  stack = undefined;
});

/** Runs `calls` with at most `parallel` at once. */
async function flood(calls: Array<() => Promise<Outcome>>, parallel: number): Promise<Outcome[]> {
  const out: Outcome[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < calls.length) out.push(await calls[next++]!());
  }));
  return out;
}

describe("the budget is shared by person (issue 30)", () => {
  it("20 grants behind one host-pool address each get their share; the flooding grant is throttled alone", async () => {
    stack = await startStack({ oauth: true, maxRequests: BUDGET, pools: ["127.0.0.2/32"] });
    const pool = "127.0.0.2";
    const grants = [];
    for (let i = 0; i < 21; i++) grants.push(await anonymousGrant(stack.base, pool));
    const [flooder, ...people] = await Promise.all(grants.map((g) => clientFrom(stack!.url, pool, g)));
    clients.push(flooder!, ...people);
    const attack = flood(Array.from({ length: 3 * BUDGET }, (_, i) => () => askVn(flooder!, 1 + i)), 6);
    const victims = await Promise.all(people.map((c, i) => askVn(c, 5_000 + i)));
    const flooded = await attack;
    expect(victims.filter((o) => o === "ok")).toHaveLength(20);
    expect(flooded.filter((o) => o === "budget").length).toBeGreaterThan(0);
    expect(flooded.filter((o) => o === "ok").length).toBeLessThanOrEqual(BUDGET / 2);
  }, 120_000);

  it("anonymous grants outside a pool are the address: minting many gives no more than one share", async () => {
    stack = await startStack({ oauth: true, maxRequests: BUDGET, pools: ["127.0.0.2/32"] });
    const attacker = "127.0.0.3";
    const grants = [];
    for (let i = 0; i < 5; i++) grants.push(await anonymousGrant(stack.base, attacker));
    const sybils = await Promise.all(grants.map((g) => clientFrom(stack!.url, attacker, g)));
    clients.push(...sybils);
    const flooded = await flood(Array.from({ length: 2 * BUDGET }, (_, i) => () => askVn(sybils[i % sybils.length]!, 1 + i)), 5);
    expect(flooded.filter((o) => o === "ok").length).toBeLessThanOrEqual(BUDGET / 2);
    const victim = await clientFrom(stack.url, "127.0.0.4", await anonymousGrant(stack.base, "127.0.0.4"));
    clients.push(victim);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await askVn(victim, 9_000 + i));
    expect(answers).toEqual(["ok", "ok", "ok", "ok", "ok"]);
  }, 120_000);
});

describe("made-up tokens mint no share (issue 30 item 9)", () => {
  it("their checks are paid by the address that sends them, remembered, and others keep their answers", async () => {
    stack = await startStack({ maxRequests: BUDGET });
    const made = Array.from({ length: 60 }, (_, i) => encodeToken(1_000 + i, randomBytes(16)));
    expect(made.every((t) => parseAuthorization(`Token ${t}`).ok)).toBe(true);
    const attacker = fetchFrom("127.0.0.3");
    const initialize = (token: string) =>
      attacker(stack!.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "a", version: "0" } } }),
      }).then((r) => r.status);
    const statuses = await flood(made.map((t) => () => initialize(t) as unknown as Promise<Outcome>), 6);
    // VNDB was asked about at most the address's share of them; the rest were refused without asking.
    const asked = stack.proxy.counts.get("GET /kana/authinfo") ?? 0;
    expect(asked).toBeLessThanOrEqual(BUDGET / 2);
    // Those asked about were refused; past the address's share the rest go unchecked (VNDB
    // would refuse their calls) and stay unproven: their sessions run on the address's share.
    expect(statuses.filter((s) => (s as unknown as number) === 401).length).toBe(asked);
    // The same made-up token again costs VNDB nothing.
    const before = stack.proxy.counts.get("GET /kana/authinfo") ?? 0;
    expect(await initialize(made[0]!)).toBe(401);
    expect(stack.proxy.counts.get("GET /kana/authinfo") ?? 0).toBe(before);
    const victim = await clientFrom(stack.url, "127.0.0.4");
    clients.push(victim);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await askVn(victim, 9_000 + i));
    expect(answers).toEqual(["ok", "ok", "ok", "ok", "ok"]);
  }, 120_000);
});

describe("live sessions are sliced per address (issue 30 item 10)", () => {
  it("one address holding every session by pinging cannot keep a newcomer out", async () => {
    stack = await startStack({ maxSessions: 12, maxSessionsPerClient: 4 });
    const held: Client[] = [];
    for (let i = 0; i < 12; i++) held.push(await clientFrom(stack.url, "127.0.0.3").catch(() => undefined as unknown as Client));
    clients.push(...held.filter(Boolean));
    // It keeps them busy (a ping each), then a newcomer from elsewhere opens a session and calls.
    await Promise.all(held.filter(Boolean).map((c) => c.ping().catch(() => {})));
    expect(stack.handle.sessionCount()).toBeLessThanOrEqual(4);
    const victim = await clientFrom(stack.url, "127.0.0.4");
    clients.push(victim);
    expect(await askVn(victim, 17)).toBe("ok");
    // Many newcomers, each its own address, fill the cap; then the biggest holder gives way, never a single-session owner.
    const others: Client[] = [];
    for (let i = 0; i < 8; i++) others.push(await clientFrom(stack.url, `127.0.1.${i + 1}`));
    clients.push(...others);
    expect(stack.handle.sessionCount()).toBeLessThanOrEqual(12);
    expect(await askVn(victim, 18)).toBe("ok");
    for (const o of others) expect(await askVn(o, 19)).toBe("ok");
  }, 120_000);
});
