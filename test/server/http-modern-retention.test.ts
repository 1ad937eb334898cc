// A 2026-07-28 request is answered by one of its caller's servers (kept between requests,
// at most one per request in flight, closed with the caller's VNDB client); once the
// server handle is closed, nothing may keep any of them alive. The load run (bench/proxy-load.bench.ts) found every replica
// growing by ~90 KiB per call in this era: the Node adapter, made per request around a
// closure that knew the server, left a listener on the request's abort signal, and undici
// holds that signal until the web Request's finalizer has run, i.e. for one more full
// collection. Here the servers are watched through weak references: after the calls, one
// full collection (no turn of the event loop, so no finalizer has run yet) must leave none.
// Before servers were kept, each call built one and this held after each answer.

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpServerHandle } from "../../src/server/transports/http.js";
import { defaultConfig, httpOptions, modernEnvelope, modernStatsCall, statsOnlyApi } from "../helpers/stats-only-http.js";

/** Every server the HTTP transport builds, weakly, and how many of them were closed. */
const built = vi.hoisted(() => ({ servers: [] as WeakRef<object>[], closed: 0 }));

vi.mock("../../src/server/create-server.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/server/create-server.js")>();
  return {
    ...original,
    createServer: async (...args: Parameters<typeof original.createServer>) => {
      const created = await original.createServer(...args);
      built.servers.push(new WeakRef(created.server));
      const close = created.close;
      return { ...created, close: () => close().finally(() => built.closed++) };
    },
  };
});

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const CALLS = 64;
/** Calls in flight at once, under the per-client limit of 8. */
const AT_ONCE = 8;
const STATS = { chars: 1, producers: 2, releases: 3, staff: 4, tags: 5, traits: 6, vn: 7 };
const ENVELOPE = modernEnvelope("retention");
const apiFor = () => statsOnlyApi(STATS);
const options = () => httpOptions("--stateless");
const config = defaultConfig;

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe("2026-07-28 requests over HTTP", () => {
  it("reuse their caller's servers, and leave none alive once closed", async () => {
    handle = await startHttpServer(config(), options(), { log: silentLogger, apiFor });
    const call = async (id: number) => {
      const response = await fetch(handle!.url, modernStatsCall(id, ENVELOPE));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("VNDB holds");
    };
    let next = 0;
    await Promise.all(Array.from({ length: AT_ONCE }, async () => {
      while (next < CALLS) await call(++next);
    }));
    // At most one server per call in flight: the rest reused them.
    expect(built.servers.length).toBeGreaterThan(0);
    expect(built.servers.length).toBeLessThanOrEqual(AT_ONCE);
    // Closing the handle closes the kept servers; then one full collection, read at once.
    await handle!.close();
    handle = undefined;
    expect(built.closed).toBeGreaterThanOrEqual(built.servers.length);
    gc();
    const alive = built.servers.filter((ref) => ref.deref() !== undefined).length;
    expect(alive).toBe(0);
  });
});
