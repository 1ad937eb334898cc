// --embedded: start the Kana emulator with its bundled catalogue inside this process, on an
// ephemeral 127.0.0.1 port, and point the client at it. Imported only with --embedded, so
// the ordinary start-up never loads the emulator or the catalogue.

import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Logger } from "./log.js";

/**
 * The young generation stays at its initial size instead of growing to V8's maximum while
 * the catalogue is parsed: parsing allocates a burst of short-lived objects, and the grown
 * semi-spaces stay resident afterwards (about 30 MiB of the offline mode's resident size,
 * for a few more scavenges during the load). Only for --embedded; a flag V8 reads at each
 * resize, so setting it now still applies.
 */
const KEEP_YOUNG_GENERATION_SMALL = "--semi-space-growth-factor=1";

export interface EmbeddedApi {
  /** The emulator's API base URL, e.g. http://127.0.0.1:41234/kana. */
  url: string;
  close(): Promise<void>;
}

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

export async function startEmbedded(log: Logger): Promise<EmbeddedApi> {
  const started = performance.now();
  setFlagsFromString(KEEP_YOUNG_GENERATION_SMALL);
  const { startEmulator } = await import("../emulator/index.js");
  // The catalogue loads on the first request, so the host's tools/list does not wait for it.
  const emulator = await startEmulator({ port: 0, preset: "catalogue", lazy: true, onLoaded: () => setImmediate(collectGarbageOnce) });
  log.info(`embedded emulator at ${emulator.url} (${(performance.now() - started).toFixed(0)} ms)`);
  return { url: emulator.url, close: () => emulator.close() };
}
