// The --embedded / --mirror worker and the main thread's link to it (server/embedded.ts,
// embedded-worker.ts): requests and answers by message on their own channel, the main
// thread's loop kept awake for a single request in flight, the worker looking for the next
// request after an answer. Whatever the timing, every request gets its own answer, the same
// the engine gives on the main thread; and the mirror's load steps ask only questions the
// engine answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUERIES } from "../../bench/emulator-queries.js";
import type { LocalApi, LocalRequest } from "../../src/client/in-process-exchange.js";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { SPLIT_COLUMNS } from "../../src/emulator/catalogue/serve-index.js";
import { LAZY_PARTS } from "../../src/emulator/database.js";
import { answerInProcess } from "../../src/emulator/http/in-process.js";
import { createEmulatorApi } from "../../src/emulator/index.js";
import { localDataOver } from "../../src/local/local-data.js";
import { AWAKE_SETTINGS, startWorker, WAIT_SETTINGS, type EmbeddedApi, type WaitSettings } from "../../src/server/embedded.js";
import { MIRROR_LOAD_STEPS } from "../../src/server/embedded-load-steps.js";
import { silentLogger } from "../../src/server/log.js";
import { serveMirror } from "../../src/server/mirror.js";
import { makeMirrorFolder } from "../helpers/mirror-folder.js";

/** Loading the sample in a worker and on this thread takes a while on a busy machine (no timing is asserted). */
const SLOW = 120_000;

/** The mix's token-free queries but the random quote (drawn at random, never the same twice). */
const requests: LocalRequest[] = QUERIES.filter((q) => !q.token && q.name !== "quote random").map((q) => ({
  method: "POST",
  path: `/${q.endpoint}`,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(q.body),
}));

const main = createEmulatorApi({ preset: "catalogue" });
const onMain = (r: LocalRequest) => answerInProcess(r, main.context);

const settings: [string, WaitSettings][] = [
  ["as the product runs it", WAIT_SETTINGS],
  ["with both threads staying awake for the other", AWAKE_SETTINGS],
];

describe.each(settings)("the worker's link, %s", (_name, waits) => {
  let embedded: EmbeddedApi;
  let api: LocalApi;
  beforeAll(async () => {
    embedded = startWorker({ kind: "bundled" }, waits).api;
    api = await embedded.api;
  }, SLOW);
  afterAll(async () => {
    await embedded?.close();
  });

  it("answers each request, one at a time, as the engine on the main thread does", async () => {
    expect(requests.length).toBeGreaterThan(20);
    for (const r of requests) {
      const answer = await api.request(r);
      expect({ path: r.path, body: r.body, status: answer.status, text: answer.text }).toEqual({ path: r.path, body: r.body, status: onMain(r).status, text: onMain(r).text });
    }
  }, SLOW);

  it("gives each of many requests in flight at once its own answer", async () => {
    // Each query three times, interleaved: an answer given to the wrong request shows.
    const many = [...requests, ...[...requests].reverse(), ...requests];
    const answers = await Promise.all(many.map((r) => api.request(r)));
    answers.forEach((answer, i) => expect(answer.text, `request ${i} (${many[i]!.body})`).toBe(onMain(many[i]!).text));
  }, SLOW);

  it("answers back-to-back requests sent as each answer arrives (the worker looking for the next one)", async () => {
    const id = (n: number): LocalRequest => ({ method: "POST", path: "/vn", headers: { "content-type": "application/json" }, body: JSON.stringify({ filters: ["id", "=", `v${n}`], fields: "title" }) });
    const ids = [17, 2, 4, 5, 7, 11, 50, 1085, 1177, 12369];
    for (let round = 0; round < 5; round++) {
      for (const n of ids) expect((await api.request(id(n))).text).toBe(onMain(id(n)).text);
    }
  }, SLOW);

  it("answers questions of local data over the same channel, amid requests", async () => {
    const here = localDataOver("sample", () => ({ vn: loadCatalogue().vn, character: loadCatalogue().character }), () => null);
    const [asked, alongside, expected] = await Promise.all([embedded.local.describe("vn", "baseball practice", 5), api.request(requests[0]!), here.describe("vn", "baseball practice", 5)]);
    expect(asked).toEqual(expected);
    expect(asked.hits.length).toBeGreaterThan(0);
    expect(alongside.text).toBe(onMain(requests[0]!).text);
  }, SLOW);
});

describe("a mirror's load steps", () => {
  it("ask only questions the engine answers (200, a page of results) and name only real parts and columns", () => {
    const asks = MIRROR_LOAD_STEPS.filter((s) => "ask" in s);
    expect(asks.length).toBeGreaterThan(10);
    for (const step of asks) {
      const answer = answerInProcess(step.request, main.context);
      expect({ ask: step.ask, status: answer.status }).toEqual({ ask: step.ask, status: 200 });
      expect(Array.isArray((JSON.parse(answer.text) as { results?: unknown }).results)).toBe(true);
    }
    for (const step of MIRROR_LOAD_STEPS) {
      if ("part" in step) expect(LAZY_PARTS).toContain(step.part);
      if ("column" in step) expect(SPLIT_COLUMNS[step.column.table] as readonly string[]).toContain(step.column.name);
    }
  }, SLOW);
});

describe("a mirror's worker", () => {
  it("says when it has loaded everything, after ready, and answers as the engine does then", async () => {
    const folder = makeMirrorFolder("2026-11-26");
    const served = await serveMirror(folder.root, { log: silentLogger, refreshMs: null });
    try {
      const warm = await served.warm;
      expect("ms" in warm).toBe(true);
      const loaded = await served.loaded;
      expect(loaded).toBeGreaterThanOrEqual((warm as { ms: number }).ms);
      const api = await served.api;
      const mirrorEngine = createEmulatorApi({ preset: "catalogue" });
      for (const r of requests.slice(0, 8)) expect((await api.request(r)).status).toBe(answerInProcess(r, mirrorEngine.context).status);
    } finally {
      await served.close();
    }
  }, SLOW);
});
