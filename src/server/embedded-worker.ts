// The worker thread of --embedded and --mirror (started by server/embedded.ts): the emulator's
// request handler over a catalogue, answering requests that arrive as messages on the
// request channel it is given ({id, request} → {kind: "answer", id, response};
// emulator/http/in-process.ts). No socket and
// no HTTP: the main thread's client hands requests over with postMessage
// (client/in-process-exchange.ts). It loads what a first VN search needs while the main
// thread is still answering the host's handshake.

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import { createEmulatorApi } from "../emulator/index.js";
import { lazyCatalogue, loadCatalogue } from "../emulator/catalogue/load.js";
import { readServeIndex } from "../emulator/catalogue/serve-index.js";
import { localDataOver } from "../local/local-data.js";
import { readNeighbours, type NeighbourTable } from "../local/vote-neighbours.js";
import { LAZY_PARTS } from "../emulator/database.js";
import { answerInProcess, type InProcessRequest } from "../emulator/http/in-process.js";
import { MIRROR_LOAD_STEPS } from "./embedded-load-steps.js";
import { StayAwake } from "./embedded-stay-awake.js";
import type { EmbeddedMessage, LocalCall, WorkerAnswer, WorkerData, WorkerRequest } from "./embedded.js";

/**
 * The young generation stays at its initial size instead of growing to V8's maximum while
 * the catalogue is parsed: parsing allocates a burst of short-lived objects, and the grown
 * semi-spaces stay resident afterwards (about 30 MiB of the offline mode's resident size,
 * for a few more scavenges during the load). A flag V8 reads at each resize, so setting it
 * now still applies; V8's flags are per process, so it holds for the main thread too (its
 * start-up allocates far less). Letting it grow, or capping the worker's young generation
 * instead, loaded no faster and stayed 10-25 MiB larger (bench:offline).
 */
const KEEP_YOUNG_GENERATION_SMALL = "--semi-space-growth-factor=1";

/**
 * The warm-up: a VN search, the most common first question. It reads the VN table and what
 * the package computed for VN searches (emulator/catalogue/prebuilt.ts; from source, the
 * releases instead) and builds the search index; the other tables still load on their first
 * use, which keeps the resident size down (bench:offline).
 */
const WARM_UP: InProcessRequest = {
  method: "POST",
  path: "/vn",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ filters: ["search", "=", "summer"], fields: "title", results: 1 }),
};

/**
 * One full garbage collection right after the catalogue is loaded: parsing it leaves some
 * 20 MiB of dead strings and buffers that V8 would otherwise keep resident until memory is
 * short (bench:offline: 163 -> 141 MiB after the first query). V8 exposes the collector only
 * with --expose-gc; the flag is set for this one call and the function taken from a fresh
 * context, where V8 installs it.
 */
function collectGarbageOnce(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as (() => void) | undefined;
  gc?.();
}

const tell = (message: EmbeddedMessage) => parentPort!.postMessage(message);
/** How long the worker looks for the next request after an answer (server/embedded.ts WaitSettings.workerMs). */
const { source, port, workerSpinMs: WORKER_SPIN_MS } = workerData as WorkerData;
const answer = (message: WorkerAnswer) => port.postMessage(message);

setFlagsFromString(KEEP_YOUNG_GENERATION_SMALL);
// A mirror build's serve index (emulator/catalogue/serve-index.ts), while it holds for the
// build's files: the VN labels and caches computed by the build, the heavy columns read on
// first use. Without one (a build of an older version) everything is computed here.
const index = source.kind === "mirror" ? readServeIndex(source.dir) : null;
const mirrored = source.kind === "mirror" ? (index?.catalogue ?? lazyCatalogue(source.dir)) : undefined;
const api = mirrored
  ? // A mirror: VNDB's data has no test tokens and no lists of its own to serve (a user's list
    // goes to VNDB: client/local-route.ts), on the wall clock as VNDB is.
    createEmulatorApi({ preset: "catalogue", catalogue: mirrored, lazy: true, ...(index ? { prebuilt: index.prebuilt } : {}) })
  : createEmulatorApi({ preset: "catalogue", lazy: true, onLoaded: () => setImmediate(collectGarbageOnce) });
const context = api.context;

/**
 * What VNDB's API cannot answer, over the same data (local/): words in descriptions, and a
 * mirror's public-vote neighbours. The bundled sample's rows are the catalogue the emulator
 * reads (loadCatalogue is one object per process, its tables read once).
 */
let neighbours: NeighbourTable | null | undefined;
const local = localDataOver(
  mirrored ? "mirror" : "sample",
  () => {
    const c = mirrored ?? loadCatalogue();
    return { vn: c.vn, character: c.character };
  },
  () => (source.kind === "mirror" ? (neighbours ??= readNeighbours(source.dir)) : null),
);

async function answerLocal(id: number, call: LocalCall): Promise<void> {
  try {
    const value = call.op === "describe" ? await local.describe(call.kind, call.words, call.limit) : await local.neighbours(call.vids);
    answer({ kind: "local", id, value });
  } catch (error) {
    answer({ kind: "local", id, error: error instanceof Error ? error.message : String(error) });
  }
}

function serve(message: WorkerRequest): void {
  if ("local" in message) return void answerLocal(message.id, message.local);
  let response;
  try {
    response = answerInProcess(message.request, context);
  } catch (error) {
    // handleApi turns a handler's exception into VNDB's 500; this is only the path's own failure.
    response = { status: 500, headers: { "content-type": "text" }, text: `${error instanceof Error ? error.message : String(error)}\n` };
  }
  answer({ kind: "answer", id: message.id, response });
}

/** When the last answer went out (performance.now()). */
let answeredAt = -Infinity;
const awake = new StayAwake();

port.on("message", (message: WorkerRequest) => {
  // Only a caller that asked again within the window is waited for: one whose next request
  // comes later (a tool call's whole round trip over stdio) would only cost the spin.
  const asksAtOnce = performance.now() - answeredAt < WORKER_SPIN_MS;
  serve(message);
  answeredAt = performance.now();
  if (!asksAtOnce || !awake.begin(answeredAt)) return;
  // The next request, taken without the loop going to sleep first (embedded-stay-awake.ts: not once this thread loses its core).
  for (let now = answeredAt; now - answeredAt < WORKER_SPIN_MS && awake.look(now); now = performance.now()) {
    const next = receiveMessageOnPort(port);
    if (next === undefined) continue;
    serve(next.message as WorkerRequest);
    answeredAt = performance.now();
    awake.begin(answeredAt);
  }
});
tell({ kind: "ready" });

/** What loadRest does, step by step: MIRROR_LOAD_STEPS, then whatever they leave, then one collection. */
function* restSteps(): Generator<[string, () => unknown]> {
  const db = context.db;
  const catalogue = mirrored as unknown as Record<string, Record<string, unknown>[]>;
  for (const step of MIRROR_LOAD_STEPS) {
    if ("part" in step) yield [step.part, () => db[step.part]];
    // A row's first read of a split column reads the column for every row (serve-index.ts).
    else if ("column" in step) yield [`${step.column.table}.${step.column.name}`, () => catalogue[step.column.table]![0]?.[step.column.name]];
    else if ("ask" in step) yield [step.ask, () => answerInProcess(step.request, context)];
    else yield ["a garbage collection", collectGarbageOnce];
  }
  for (const part of LAZY_PARTS) yield [part, () => db[part]];
  let more = index !== null;
  while (more) yield ["a heavy column", () => (more = index!.loadNextColumn())];
  yield ["a garbage collection", collectGarbageOnce];
}

/**
 * Loads the rest of a mirror after ready, one step at a time, yielding to queued requests
 * between steps (a request waits for the step being taken at most).
 */
async function loadRest(): Promise<void> {
  for (const [what, load] of restSteps()) {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      const answer = load() as { status?: number } | undefined;
      if (answer && typeof answer.status === "number" && answer.status !== 200) process.stderr.write(`mirror: loading for "${what}" answered ${answer.status}\n`);
    } catch (error) {
      // The request that needs the part will meet the same failure and answer VNDB's 500.
      process.stderr.write(`mirror: loading ${what} failed: ${error instanceof Error ? error.message : String(error)}\n`);
      return;
    }
  }
  tell({ kind: "loaded" });
}

try {
  const warm = answerInProcess(WARM_UP, context);
  if (warm.status !== 200) tell({ kind: "warm-failed", message: `the emulator answered ${warm.status}` });
  else {
    // A mirror that takes the place of another (a refresh) is built in full first, the
    // engine's indexes included (the load steps' questions): the calls after the swap must
    // not wait for a table's load.
    if (source.kind === "mirror" && source.eager) {
      for (const [, load] of restSteps()) load();
      tell({ kind: "loaded" });
    }
    tell({ kind: "warm" });
    // A mirror's first start is ready once VN searches are (the warm-up above); the other
    // tables and indexes then load one at a time, each between requests (a request waits for
    // at most the part being built), so a shared server's later first questions do not each
    // pay for a table's load.
    if (source.kind === "mirror" && !source.eager) setImmediate(() => void loadRest());
  }
} catch (error) {
  tell({ kind: "warm-failed", message: error instanceof Error ? error.message : String(error) });
}
