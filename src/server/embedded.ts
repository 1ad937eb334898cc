// --embedded: start the Kana emulator with its bundled catalogue inside this process, on an
// ephemeral 127.0.0.1 port, and point the client at it. Imported only with --embedded, so
// the ordinary start-up never loads the emulator or the catalogue.

import type { Logger } from "./log.js";

export interface EmbeddedApi {
  /** The emulator's API base URL, e.g. http://127.0.0.1:41234/kana. */
  url: string;
  close(): Promise<void>;
}

export async function startEmbedded(log: Logger): Promise<EmbeddedApi> {
  const started = performance.now();
  const { startEmulator } = await import("../emulator/index.js");
  // The catalogue loads on the first request, so the host's tools/list does not wait for it.
  const emulator = await startEmulator({ port: 0, preset: "catalogue", lazy: true });
  log.info(`embedded emulator at ${emulator.url} (${(performance.now() - started).toFixed(0)} ms)`);
  return { url: emulator.url, close: () => emulator.close() };
}
