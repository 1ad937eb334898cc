// The stdio server of bench:exchange's tool-call arms (bench/offline-exchange.bench.ts), a
// child process: the real server (serveStdio: createServer, the SDK's stdio transport, the
// tools) with --embedded's configuration and a KanaClient made as cli/server.ts makes it for
// --embedded, over the bundled catalogue answered by
//
//   ENGINE=worker  the worker thread of --embedded (server/embedded.ts), by message: the product;
//   ENGINE=awake   the same with both threads staying awake briefly for the other (AWAKE_SETTINGS);
//   ENGINE=main    the same engine on this process's main thread (emulator/http/in-process.ts).
//
// Only where the engine runs differs; the product has no main-thread mode, so this entry
// exists for the comparison. stdout is the protocol; nothing else is written to it.

import { KanaClient } from "../src/client/kana-client.js";
import type { LocalApi } from "../src/client/in-process-exchange.js";
import { createEmulatorApi } from "../src/emulator/index.js";
import { buildAll } from "../src/emulator/database.js";
import { answerInProcess } from "../src/emulator/http/in-process.js";
import { loadConfig } from "../src/server/config.js";
import { AWAKE_SETTINGS, startWorker, WAIT_SETTINGS } from "../src/server/embedded.js";
import { silentLogger } from "../src/server/log.js";
import { serveStdio } from "../src/server/transports/stdio.js";

const engine = process.env.ENGINE;
if (engine !== "main" && engine !== "worker" && engine !== "awake") throw new Error("ENGINE=main, worker or awake");
const loaded = loadConfig(["--embedded"], { VNDB_LOG_LEVEL: "error" });
if (loaded.kind !== "run") throw new Error("the --embedded configuration did not load");
let api: LocalApi;
let close = async () => {};
if (engine === "main") {
  const emulator = createEmulatorApi({ preset: "catalogue" });
  buildAll(emulator.context.db);
  api = { request: async (r) => answerInProcess(r, emulator.context) };
} else {
  const embedded = startWorker({ kind: "bundled" }, engine === "awake" ? AWAKE_SETTINGS : WAIT_SETTINGS).api;
  api = await embedded.api;
  close = embedded.close;
}
// As cli/server.ts for --embedded: no budget to speak of, no compression in-process.
const client = new KanaClient({ baseUrl: "http://embedded.invalid/kana", local: { api, serves: "all" }, compression: false, rateLimit: { maxRequests: 1_000_000 }, logger: () => {} });
await serveStdio(loaded.config, { api: client, log: silentLogger, onClose: close });
