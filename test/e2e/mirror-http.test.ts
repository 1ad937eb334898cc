// --mirror DIR over Streamable HTTP, with official SDK clients of both protocol eras: the
// catalogue from the mirror (no upstream request, the data date said), the user's own list
// from "VNDB" (the emulator behind a counting proxy) with the client's bearer token, and
// /healthz saying the data's date and age.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { startCountingProxy, type CountingProxy } from "../helpers/counting-proxy.js";
import { makeMirrorFolder } from "../helpers/mirror-folder.js";
import { startHttpProcess, type HttpProcess } from "../helpers/http-process.js";
import { ERAS, eraClient, resultText, WRITER } from "../helpers/era-clients.js";

const CATALOGUE = /^(POST \/kana\/(vn|release|producer|character|staff|tag|trait|quote)|GET \/kana\/(stats|schema|user))$/;
/** Today's date: data this fresh is within any maximum age. */
const DATA_DATE = new Date().toISOString().slice(0, 10);

let upstream: Emulator;
let proxy: CountingProxy;
let server: HttpProcess;

beforeAll(async () => {
  upstream = await startEmulator({ port: 0, preset: "catalogue" });
  proxy = await startCountingProxy(upstream.url);
  const mirror = makeMirrorFolder(DATA_DATE);
  server = await startHttpProcess(["--mirror", mirror.root, "--mirror-refresh", "off", "--api-url", proxy.url]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await upstream?.close();
});

const catalogueRequests = () => [...proxy.counts.entries()].filter(([key]) => CATALOGUE.test(key));

describe("--mirror over HTTP", () => {
  it("says the mirror's data date and age in /healthz, ready once loaded", async () => {
    let health: { status: string; ready: boolean; mirror?: { state: string; dataDate: string; ageHours: number; maxAgeHours: number } } | undefined;
    // Ready once the worker has loaded the build (it is loaded in full before it serves).
    for (let i = 0; i < 120; i++) {
      health = (await (await fetch(new URL("/healthz", server.url))).json()) as typeof health;
      if (health?.ready) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(health).toMatchObject({ status: "ok", ready: true, mirror: { state: "ok", dataDate: DATA_DATE, maxAgeHours: 72 } });
    expect(health!.mirror!.ageHours).toBeGreaterThanOrEqual(0);
    expect(health!.mirror!.ageHours).toBeLessThan(24);
  }, 90_000);

  for (const era of ERAS) {
    it(`a ${era} client: the catalogue from the mirror, the own labels from VNDB with its token`, async () => {
      const client = eraClient(era);
      await client.connect(new StreamableHTTPClientTransport(server.url, { requestInit: { headers: { Authorization: `Bearer ${WRITER}` } } }));
      try {
        const search = await client.callTool({ name: "vndb_search_vn", arguments: { query: "ever17", fields: "brief" } });
        expect(search.isError).toBeFalsy();
        expect(resultText(search)).toContain(`VNDB data of ${DATA_DATE}`);
        expect(resultText(search)).toMatch(/Ever17/);
        const before = proxy.counts.get("GET /kana/ulist_labels") ?? 0;
        const labels = await client.callTool({ name: "vndb_list_labels", arguments: {} });
        expect(labels.isError, resultText(labels)).toBeFalsy();
        expect(proxy.counts.get("GET /kana/ulist_labels") ?? 0).toBeGreaterThan(before);
        expect(catalogueRequests()).toEqual([]);
      } finally {
        await client.close();
      }
    }, 90_000);
  }
});
