// How a 2026-07-28 request is served on Node's http server (transports/http-modern-node.ts):
// the SDK's own pair (isLegacyRequest over toWebRequest, then toNodeHandler) built two web
// Requests per call and wrote every JSON answer as a chunked stream; with the per-caller
// servers this was the work the 2026 era did per call beyond the 2025 stateless path (issue
// 30 item 4). Here: no undici Request per call, a JSON answer written whole with its length,
// answers unchanged for an official SDK v2 client pinned to the era, and event streams
// (progress before the result) still streamed.

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { request as rawRequest } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { startStack, type Stack } from "../helpers/fair-stack.js";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpServerHandle } from "../../src/server/transports/http.js";
import { defaultConfig, httpOptions, modernEnvelope, modernStatsCall, statsOnlyApi } from "../helpers/stats-only-http.js";

const STATS = { chars: 11, producers: 22, releases: 33, staff: 44, tags: 55, traits: 66, vn: 77 };
const ENVELOPE = modernEnvelope("modern-node");
const apiFor = () => statsOnlyApi(STATS);
const options = httpOptions;
const config = defaultConfig;

let handle: HttpServerHandle | undefined;
let stack: Stack | undefined;
afterEach(async () => {
  await handle?.close();
  await stack?.close();
  handle = stack = undefined;
});

/** What the client saw of each answer: its type, declared length, chunking and size. */
interface Seen {
  method: string;
  type: string | null;
  length: string | null;
  chunked: boolean;
  bytes: number;
}

/** A fetch that records each answer (read from a copy, so the client reads it as usual). */
function recordingFetch(): { fetch: typeof fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const method = init?.body ? ((JSON.parse(String(init.body)) as { method?: string }).method ?? "") : "";
    const copy = response.clone();
    seen.push({
      method,
      type: response.headers.get("content-type"),
      length: response.headers.get("content-length"),
      chunked: (response.headers.get("transfer-encoding") ?? "").includes("chunked"),
      bytes: (await copy.arrayBuffer()).byteLength,
    });
    return response;
  };
  return { fetch: recording, seen };
}

/** An official SDK v2 client pinned to 2026-07-28. */
async function client2026(url: string, fetchWith: typeof fetch): Promise<Client> {
  const client = new Client({ name: "modern-node", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" as const } } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: fetchWith }));
  return client;
}

/** A raw 2026-07-28 tools/call of vndb_get_stats (undici's request API: it builds no web Request itself). */
const rawCall = (url: string, id: number) => rawRequest(url, modernStatsCall(id, ENVELOPE));

describe("2026-07-28 requests on Node's http server", () => {
  for (const mode of ["sessions", "stateless"] as const) {
    it(`build no undici Request (the SDK's adapter built two per call) (${mode})`, async () => {
      handle = await startHttpServer(config(), options(...(mode === "stateless" ? ["--stateless"] : [])), { log: silentLogger, apiFor });
      // Every web Request made while the calls run, counted through the global constructor
      // (the calls themselves go through undici's request API, which makes none).
      const Original = globalThis.Request;
      let made = 0;
      globalThis.Request = class extends Original {
        constructor(...args: ConstructorParameters<typeof Request>) {
          super(...args);
          made++;
        }
      };
      const CALLS = 12;
      try {
        for (let id = 1; id <= CALLS; id++) {
          const answer = await rawCall(handle.url, id);
          expect(answer.statusCode).toBe(200);
          expect(await answer.body.text()).toContain("VNDB holds");
        }
      } finally {
        globalThis.Request = Original;
      }
      expect(made).toBe(0);
    });
  }

  it("write a JSON answer whole, with its length, and answer an SDK v2 client as before", async () => {
    handle = await startHttpServer(config(), options("--stateless"), { log: silentLogger, apiFor });
    const { fetch: recording, seen } = recordingFetch();
    const client = await client2026(handle.url, recording);
    try {
      const result = await client.callTool({ name: "vndb_get_stats", arguments: {} });
      const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
      expect(result.isError).toBeFalsy();
      // The figures of the API, each where the tool puts it.
      for (const n of Object.values(STATS)) expect(text).toContain(String(n));
      expect((await client.listTools()).tools.map((t) => t.name)).toContain("vndb_get_stats");
    } finally {
      await client.close();
    }
    const call = seen.find((s) => s.method === "tools/call");
    expect(call).toBeDefined();
    expect(call!.type).toMatch(/^application\/json/);
    expect(call!.chunked).toBe(false);
    expect(Number(call!.length)).toBe(call!.bytes);
  });

  it("still stream an event-stream answer: progress first, then the result", async () => {
    stack = await startStack({ stateless: true });
    const { fetch: recording, seen } = recordingFetch();
    const client = await client2026(stack.url.href, recording);
    try {
      const progress: number[] = [];
      const result = await client.callTool({ name: "vndb_search_vn", arguments: { query: "ever17" } }, { onprogress: (p: { progress: number }) => void progress.push(p.progress) });
      expect(result.isError ?? false).toBe(false);
      expect((result.content as { text?: string }[]).map((c) => c.text ?? "").join("\n")).toContain("Ever17");
      expect(progress.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    const call = seen.find((s) => s.method === "tools/call");
    expect(call?.type).toMatch(/^text\/event-stream/);
  }, 60_000);
});
