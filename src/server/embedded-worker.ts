// The --embedded worker thread (started by server/embedded.ts): the emulator listens on an
// ephemeral 127.0.0.1 port and says where, then loads what a first VN search needs while the
// main thread is still answering the host's handshake.

import { request } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort } from "node:worker_threads";
import { startEmulator } from "../emulator/index.js";
import type { EmbeddedMessage } from "./embedded.js";

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
const WARM_UP = { path: "/vn", body: JSON.stringify({ filters: ["search", "=", "summer"], fields: "title", results: 1 }) };

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

/** POSTs the warm-up query to the emulator over node:http (undici stays unloaded here); resolves with the status. */
function warmUp(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${WARM_UP.path}`, { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(WARM_UP.body);
  });
}

const tell = (message: EmbeddedMessage) => parentPort!.postMessage(message);

setFlagsFromString(KEEP_YOUNG_GENERATION_SMALL);
const emulator = await startEmulator({ port: 0, preset: "catalogue", lazy: true, onLoaded: () => setImmediate(collectGarbageOnce) });
tell({ kind: "listening", url: emulator.url });
try {
  const status = await warmUp(emulator.url);
  tell(status === 200 ? { kind: "warm" } : { kind: "warm-failed", message: `the emulator answered ${status}` });
} catch (error) {
  tell({ kind: "warm-failed", message: error instanceof Error ? error.message : String(error) });
}
