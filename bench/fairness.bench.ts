// npm run bench:fairness — issue 30's attacks on a hosted instance, each while a victim asks
// 20 questions; the figure is the victim's share of answers (target: at least 95 %).
// Everything on 127.0.0.1 (callers on their own 127.0.0.x addresses), in this process: the
// Kana emulator as VNDB behind a counting proxy, the HTTP server with VNDB's own budget of
// 200 requests per 5 minutes (test/helpers/fair-stack.ts builds it as cli/server.ts does),
// a redis-server for the two-replica run. Bounded in count (the numbers below) and in time
// (each attack stops at its count; one run takes a few minutes on two cores).
//
//   npm run bench:fairness                  all scenarios
//   SCENARIOS=pool,tokens npm run bench:fairness
//
// Scenarios (issue 30 item):
//   pool      (1)  21 grants behind one host-pool address; one floods 400 questions, 6 at a time
//   sybils    (1)  one address outside the pools mints 10 anonymous grants and floods through them
//   tokens    (9)  250 made-up VNDB tokens of the right shape from one address, 6 at a time
//   checks    (9)  the page's "Check token" 250 times with made-up tokens from one address
//   sessions  (10) one address opens 2,100 sessions (the cap is 2,000) and pings them
//   replicas  (11) two replicas on Redis; two attacker addresses flood 500 questions through both
//   register  (12) one address registers 25,000 clients; the victim signed in before

import { randomBytes } from "node:crypto";
import { encodeToken } from "../src/kana/token.js";
import { anonymousGrant, askVn, CALLBACK, clientFrom, fetchFrom, startStack, startUpstream, type Outcome } from "../test/helpers/fair-stack.js";
import { redisServerAvailable, startRedisServer } from "../test/helpers/redis-server.js";

const VICTIM_CALLS = 20;
const wanted = process.env.SCENARIOS?.split(",").map((s) => s.trim());

/** Runs `n` tasks, at most `parallel` at once. */
async function pool<T>(n: number, parallel: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < n) {
      const i = next++;
      out.push(await task(i));
    }
  }));
  return out;
}

/** The victim's 20 questions, asked one after another while `attack` runs (started first). */
async function underAttack(attack: Promise<unknown>, victim: (i: number) => Promise<Outcome>, warmupMs = 500): Promise<Outcome[]> {
  await new Promise((r) => setTimeout(r, warmupMs));
  const answers: Outcome[] = [];
  for (let i = 0; i < VICTIM_CALLS; i++) answers.push(await victim(i));
  await attack;
  return answers;
}

interface Row {
  scenario: string;
  attack: string;
  victim: string;
  share: number;
  upstream: number;
  seconds: number;
}

const scenarios: Record<string, () => Promise<Omit<Row, "scenario" | "seconds">>> = {
  async pool() {
    const stack = await startStack({ oauth: true, pools: ["127.0.0.2/32"] });
    try {
      const grants = [];
      for (let i = 0; i < 21; i++) grants.push(await anonymousGrant(stack.base, "127.0.0.2"));
      const [flooder, ...people] = await Promise.all(grants.map((g) => clientFrom(stack.url, "127.0.0.2", g)));
      const attack = pool(400, 6, (i) => askVn(flooder!, 1 + i));
      const answers = await underAttack(attack, (i) => askVn(people[i]!, 50_000 + i));
      const flooded = await attack;
      return { attack: `1 grant of 21 on a pool address: ${flooded.filter((o) => o === "ok").length}/400 answered`, victim: "20 other grants on that address, 1 question each", share: share(answers), upstream: stack.proxy.total() };
    } finally {
      await stack.close();
    }
  },
  async sybils() {
    const stack = await startStack({ oauth: true, pools: ["127.0.0.2/32"] });
    try {
      const grants = [];
      for (let i = 0; i < 10; i++) grants.push(await anonymousGrant(stack.base, "127.0.0.3"));
      const sybils = await Promise.all(grants.map((g) => clientFrom(stack.url, "127.0.0.3", g)));
      const victim = await clientFrom(stack.url, "127.0.0.4", await anonymousGrant(stack.base, "127.0.0.4"));
      const attack = pool(400, 8, (i) => askVn(sybils[i % 10]!, 1 + i));
      const answers = await underAttack(attack, (i) => askVn(victim, 50_000 + i));
      const flooded = await attack;
      return { attack: `10 anonymous grants from 1 address: ${flooded.filter((o) => o === "ok").length}/400 answered`, victim: "another address, 1 grant", share: share(answers), upstream: stack.proxy.total() };
    } finally {
      await stack.close();
    }
  },
  async tokens() {
    const stack = await startStack();
    try {
      const attacker = fetchFrom("127.0.0.3");
      const victim = await clientFrom(stack.url, "127.0.0.4");
      const attack = pool(250, 6, (i) =>
        attacker(stack.url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${encodeToken(1_000 + i, randomBytes(16))}` },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "a", version: "0" } } }),
        }).then((r) => r.status),
      );
      const answers = await underAttack(attack, (i) => askVn(victim, 50_000 + i), 200);
      return { attack: `250 made-up tokens from 1 address: ${stack.proxy.counts.get("GET /kana/authinfo") ?? 0} reached VNDB`, victim: "another address, anonymous", share: share(answers), upstream: stack.proxy.total() };
    } finally {
      await stack.close();
    }
  },
  async checks() {
    const stack = await startStack({ oauth: true });
    try {
      const victim = await clientFrom(stack.url, "127.0.0.4", await anonymousGrant(stack.base, "127.0.0.4"));
      const f = fetchFrom("127.0.0.3");
      const reg = await f(`${stack.base}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [CALLBACK], token_endpoint_auth_method: "none" }) });
      const { client_id } = (await reg.json()) as { client_id: string };
      const page = await f(`${stack.base}/authorize?${new URLSearchParams({ response_type: "code", client_id, redirect_uri: CALLBACK, code_challenge: "x".repeat(43), code_challenge_method: "S256" })}`, { redirect: "manual" });
      const html = await page.text();
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? "";
      const cookie = (page.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
      const attack = pool(250, 6, (i) =>
        f(`${stack.base}/authorize`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: stack.base },
          body: new URLSearchParams({ consent: field("consent"), csrf: field("csrf"), action: "check", vndb_token: encodeToken(1_000 + i, randomBytes(16)) }).toString(),
        }).then((r) => r.status),
      );
      const answers = await underAttack(attack, (i) => askVn(victim, 50_000 + i), 200);
      return { attack: `250 "Check token" from 1 address: ${stack.proxy.counts.get("GET /kana/authinfo") ?? 0} reached VNDB`, victim: "another address, anonymous grant", share: share(answers), upstream: stack.proxy.total() };
    } finally {
      await stack.close();
    }
  },
  async sessions() {
    const stack = await startStack();
    try {
      const attacker = fetchFrom("127.0.0.3");
      const open = () =>
        attacker(stack.url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "a", version: "0" } } }),
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.headers.get("mcp-session-id");
        });
      const ids = (await pool(2_100, 16, open)).filter((id): id is string => id !== null);
      const ping = (id: string) =>
        attacker(stack.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" }, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }) }).then((r) => r.arrayBuffer());
      const attack = pool(ids.length, 16, (i) => ping(ids[i]!));
      let victim: Awaited<ReturnType<typeof clientFrom>> | undefined;
      const answers = await underAttack(attack, async (i) => {
        victim ??= await clientFrom(stack.url, "127.0.0.4").catch(() => undefined);
        return victim ? askVn(victim, 50_000 + i) : "other";
      }, 100);
      return { attack: `1 address opened 2,100 sessions and pings them: ${stack.handle.sessionCount()} sessions open in all (its slice: 64, the cap: 2,000)`, victim: "another address opens a session", share: share(answers), upstream: stack.proxy.total() };
    } finally {
      await stack.close();
    }
  },
  async replicas() {
    if (!redisServerAvailable()) throw new Error("redis-server is not installed");
    const redis = await startRedisServer();
    const upstream = await startUpstream();
    const replicas = [await startStack({ redisUrl: redis.url, upstream, stateless: true }), await startStack({ redisUrl: redis.url, upstream, stateless: true })];
    try {
      const attackers = await Promise.all(["127.0.0.3", "127.0.0.5"].flatMap((a) => replicas.map((r) => clientFrom(r.url, a))));
      const victims = await Promise.all(replicas.map((r) => clientFrom(r.url, "127.0.0.4")));
      const attack = pool(500, 16, (i) => askVn(attackers[i % 4]!, 1 + i));
      const answers = await underAttack(attack, (i) => askVn(victims[i % 2]!, 50_000 + i));
      const flooded = await attack;
      return { attack: `2 addresses through 2 replicas: ${flooded.filter((o) => o === "ok").length}/500 answered`, victim: "a third address, alternating replicas", share: share(answers), upstream: upstream.proxy.total() };
    } finally {
      for (const r of replicas) await r.close();
      await upstream.proxy.close();
      await upstream.emulator.close();
      await redis.stop();
    }
  },
  async register() {
    const stack = await startStack({ oauth: true });
    try {
      const victim = await clientFrom(stack.url, "127.0.0.4", await anonymousGrant(stack.base, "127.0.0.4"));
      const f = fetchFrom("127.0.0.3");
      const big = Array.from({ length: 10 }, (_, i) => `${CALLBACK}/${"x".repeat(1_500)}${i}`);
      const attack = pool(25_000, 16, (i) =>
        f(`${stack.base}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: i % 2 ? big : [CALLBACK], token_endpoint_auth_method: "none" }) }).then((r) => r.status),
      );
      const answers = await underAttack(attack, (i) => askVn(victim, 50_000 + i), 200);
      const statuses = await attack;
      return { attack: `25,000 registrations (half of them 15 KiB) from 1 address: ${statuses.filter((s) => s === 201).length} accepted, ${statuses.filter((s) => s === 429).length} refused 429, ${statuses.filter((s) => s === 400).length} refused 400 (over 4 KiB stored)`, victim: "signed in before, another address", share: share(answers), upstream: stack.proxy.total() };
    } finally {
      await stack.close();
    }
  },
};

const share = (answers: readonly Outcome[]) => answers.filter((o) => o === "ok").length / answers.length;

const rows: Row[] = [];
for (const [name, run] of Object.entries(scenarios)) {
  if (wanted && !wanted.includes(name)) continue;
  const started = Date.now();
  try {
    const row = await run();
    rows.push({ scenario: name, ...row, seconds: Math.round((Date.now() - started) / 100) / 10 });
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
console.log(`Victim's share of ${VICTIM_CALLS} answers under each attack (VNDB's budget: 200 requests per 5 minutes; target ≥ 95 %)\n`);
console.log(["scenario", "victim's share", "attack", "victim", "requests to VNDB", "s"].join(" | "));
for (const r of rows) console.log([r.scenario, `${Math.round(r.share * 100)} %`, r.attack, r.victim, r.upstream, r.seconds].join(" | "));
process.exit(0);
