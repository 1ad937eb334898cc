// The HTTP server as a hosted instance runs it, in process, for the fairness tests and
// bench/fairness.bench.ts (issue 30): the Kana emulator as VNDB behind a counting proxy, one
// RateBudget of VNDB's size shared by every caller (as cli/server.ts builds it, on Redis when
// given), and callers on distinct loopback addresses (127.0.0.x: Linux answers the whole
// /8 on lo), each an SDK v2 client whose requests leave from its own address.

import { createHash, randomBytes } from "node:crypto";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Agent, fetch as undiciFetch } from "undici";
import { KanaClient } from "../../src/client/kana-client.js";
import { PublicAnswers } from "../../src/client/public-answers.js";
import { RateBudget } from "../../src/client/rate-budget.js";
import { connectRedisStores } from "../../src/client/redis-stores.js";
import type { SharedStores } from "../../src/client/shared-stores.js";
import { oauthHttpAuth } from "../../src/auth/connector-auth.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { loadConfig } from "../../src/server/config.js";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpServerHandle } from "../../src/server/transports/http.js";
import { parsePoolRanges } from "../../src/server/transports/http-caller.js";
import { extractHttpArgs, type HttpOptions } from "../../src/server/transports/http-options.js";
import { startCountingProxy, type CountingProxy } from "./counting-proxy.js";

export const CALLBACK = "http://127.0.0.1:8765/callback";

export interface StackOptions {
  /** Requests per window of the shared budget (VNDB: 200 per 5 minutes). */
  maxRequests?: number;
  oauth?: boolean;
  stateless?: boolean;
  /** Host-pool addresses or ranges (VNDB_HTTP_POOL_RANGES); none by default. */
  pools?: string[];
  maxSessions?: number;
  maxSessionsPerClient?: number;
  /** Replicas sharing this Redis (each its own budget on the shared window). */
  redisUrl?: string;
  /** An upstream already running (replicas of one deployment share it). */
  upstream?: { emulator: Emulator; proxy: CountingProxy };
}

export interface Stack {
  url: URL;
  base: string;
  handle: HttpServerHandle;
  emulator: Emulator;
  proxy: CountingProxy;
  close(): Promise<void>;
}

export async function startUpstream(): Promise<{ emulator: Emulator; proxy: CountingProxy }> {
  const emulator = await startEmulator({ port: 0, preset: "test" });
  const proxy = await startCountingProxy(emulator.url);
  return { emulator, proxy };
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const own = options.upstream === undefined;
  const { emulator, proxy } = options.upstream ?? (await startUpstream());
  const parsed = extractHttpArgs(["--http", "--port", "0", ...(options.stateless ? ["--stateless"] : [])], {});
  if (parsed.kind !== "http") throw new Error("bad options");
  const pools = parsePoolRanges(options.pools ?? ["none"]);
  if (typeof pools === "string") throw new Error(pools);
  const http: HttpOptions = {
    ...parsed.http,
    ...(options.maxSessions ? { maxSessions: options.maxSessions } : {}),
    ...(options.maxSessionsPerClient ? { maxSessionsPerClient: options.maxSessionsPerClient } : {}),
  };
  delete http.poolRanges;
  if (pools) http.poolRanges = pools;
  const loaded = loadConfig([], {});
  if (loaded.kind !== "run") throw new Error("config");
  let stores: SharedStores | undefined;
  if (options.redisUrl) stores = await connectRedisStores(options.redisUrl, { upstream: proxy.url });
  const budget = new RateBudget({ maxRequests: options.maxRequests ?? 200, ...(stores ? { shared: stores.window } : {}) });
  const publicAnswers = new PublicAnswers(stores ? { sharedCache: stores.cache } : {});
  const apiFor = (token: string | undefined, caller?: string | readonly string[]) =>
    new KanaClient({ baseUrl: proxy.url, rateBudget: budget, ...(caller ? { budgetCaller: caller } : {}), publicAnswers, ...(token ? { token } : {}), logger: () => {}, ...(stores ? { sharedStores: stores } : {}) });
  const auth = options.oauth ? oauthHttpAuth({}, { log: silentLogger }) : undefined;
  const handle = await startHttpServer(loaded.config, http, { log: silentLogger, apiFor, ...(auth ? { auth } : {}) });
  const url = new URL(handle.url);
  return {
    url,
    base: url.origin,
    handle,
    emulator,
    proxy,
    async close() {
      await handle.close();
      await stores?.close();
      if (own) {
        await proxy.close();
        await emulator.close();
      }
    },
  };
}

/** A fetch whose connections leave from `address` (a 127.0.0.x of its own). */
export function fetchFrom(address: string): typeof fetch {
  const agent = new Agent({ localAddress: address, connections: 16 });
  return ((url: string | URL, init?: RequestInit) => undiciFetch(url, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch;
}

/** An SDK v2 client connected from `address`, with an optional bearer. */
export async function clientFrom(url: URL, address: string, bearer?: string): Promise<Client> {
  const client = new Client({ name: `caller-${address}`, version: "0" });
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      fetch: fetchFrom(address),
      ...(bearer ? { requestInit: { headers: { authorization: `Bearer ${bearer}` } } } : {}),
    }),
  );
  return client;
}

/** What became of one call: answered, refused for the budget, or another failure. */
export type Outcome = "ok" | "budget" | "other";

/** Asks for one VN by id (a distinct id is a request to VNDB: the shared cache cannot answer it). */
export async function askVn(client: Client, n: number): Promise<Outcome> {
  try {
    const r = await client.callTool({ name: "vndb_search_vn", arguments: { filters: { id: `v${n}` }, fields: "brief" } });
    const text = (r.content as Array<{ text?: string }>).map((c) => c.text ?? "").join("\n");
    if (!r.isError) return "ok";
    return /rate limit|fair share|budget/i.test(text) ? "budget" : "other";
  } catch {
    return "other";
  }
}

/** An anonymous grant signed in from `address` (registration, page, "continue without a token", code, token). */
export async function anonymousGrant(base: string, address: string): Promise<string> {
  const f = fetchFrom(address);
  const reg = await f(`${base}/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "fair", redirect_uris: [CALLBACK], token_endpoint_auth_method: "none" }),
  });
  if (reg.status !== 201) throw new Error(`registration: ${reg.status} ${await reg.text()}`);
  const { client_id } = (await reg.json()) as { client_id: string };
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const page = await f(`${base}/authorize?${new URLSearchParams({ response_type: "code", client_id, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256", state: "s" })}`, { redirect: "manual" });
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? "";
  const cookie = (page.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const back = await f(`${base}/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: base },
    body: new URLSearchParams({ consent: field("consent"), csrf: field("csrf"), action: "anonymous" }).toString(),
  });
  const code = new URL(back.headers.get("location") ?? "http://x/").searchParams.get("code");
  if (!code) throw new Error(`no code: ${back.status}`);
  const tokens = await f(`${base}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: CALLBACK, client_id }).toString(),
  });
  return ((await tokens.json()) as { access_token: string }).access_token;
}

/** The share of `outcomes` answered. */
export const answered = (outcomes: readonly Outcome[]) => outcomes.filter((o) => o === "ok").length / Math.max(1, outcomes.length);
