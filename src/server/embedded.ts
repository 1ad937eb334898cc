// --embedded: the Kana emulator with its bundled catalogue, in a worker thread of this
// process, on an ephemeral 127.0.0.1 port; the client is pointed at it. Imported only with
// --embedded, so the ordinary start-up never loads the emulator or the catalogue.
//
// Why a worker: the catalogue (18 MB of JSON) takes a few hundred milliseconds to read and
// index. On the main thread that work either delays the host's initialize and tools/list, or
// (loaded on the first request, as before) the first answer. In a worker it runs on another
// core while the main thread loads the SDK and answers the handshake, so the first question
// finds the data ready or nearly so (bench:offline), and a long emulator query never blocks
// the stdio loop.

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Logger } from "./log.js";

export interface EmbeddedApi {
  /** The emulator's API base URL (http://127.0.0.1:<port>/kana), once it listens. */
  url: Promise<string>;
  /** Settles once the data a first VN search needs is loaded (ms since the start), or its load failed. */
  warm: Promise<{ ms: number } | { failed: string }>;
  close(): Promise<void>;
}

/** What the worker tells the main thread (embedded-worker.ts). */
export type EmbeddedMessage =
  | { kind: "listening"; url: string }
  | { kind: "warm" }
  | { kind: "warm-failed"; message: string };

/**
 * The worker's module beside this one: .js in the tsc build, .mjs in the esbuild bundle,
 * .ts when running from source (tsx).
 */
function workerFile(): URL {
  for (const ext of ["js", "mjs", "ts"]) {
    const url = new URL(`./embedded-worker.${ext}`, import.meta.url);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new Error("the offline mode's worker module (embedded-worker) is missing beside server/embedded");
}

function newWorker(): Worker {
  const file = workerFile();
  // Only the main thread is in stdout's protocol: the worker's stdout is taken here
  // (stdout: true) and sent to stderr below, never to the host.
  const options = { stdout: true, env: process.env } as const;
  if (!file.pathname.endsWith(".ts")) return new Worker(file, options);
  // From source, TypeScript is compiled by tsx, whose loader (registered on the main thread
  // by `--import tsx`) Node 20 does not carry into workers: register it there first.
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

let started: EmbeddedApi | undefined;

/**
 * Starts the worker, once per process: the CLI calls this as early as it sees --embedded
 * (cli/main.ts), before it loads the server, and again when the server starts, which then
 * gets the same one. `log`, when given, hears where the emulator listens and when the data is in.
 */
export function startEmbedded(log?: Logger): EmbeddedApi {
  if (started) {
    if (log) report(started, log);
    return started;
  }
  const begun = performance.now();
  const worker = newWorker();
  worker.stdout.pipe(process.stderr);
  // The worker never keeps the process alive: the stdio server ends when the host goes.
  worker.unref();
  let listening!: (url: string) => void;
  let failed!: (error: Error) => void;
  let warmed!: (outcome: { ms: number } | { failed: string }) => void;
  const url = new Promise<string>((resolve, reject) => ((listening = resolve), (failed = reject)));
  const warm = new Promise<{ ms: number } | { failed: string }>((resolve) => (warmed = resolve));
  // Callers await `url` when they first need it; a failure is reported to them then.
  url.catch(() => {});
  worker.on("message", (message: EmbeddedMessage) => {
    if (message.kind === "listening") listening(message.url);
    else if (message.kind === "warm") warmed({ ms: performance.now() - begun });
    else warmed({ failed: message.message });
  });
  let closing = false;
  const stopped = (why: string) => {
    if (closing) return;
    failed(new Error(`the offline catalogue could not start: ${why}`));
    warmed({ failed: why });
  };
  worker.on("error", (error) => stopped(error.message));
  worker.on("exit", (code) => stopped(`its worker exited (code ${code})`));
  started = {
    url,
    warm,
    close: async () => {
      closing = true;
      await worker.terminate();
    },
  };
  if (log) report(started, log);
  return started;
}

function report(api: EmbeddedApi, log: Logger): void {
  api.url.then(
    (url) => log.info(`embedded emulator at ${url}`),
    (error: Error) => log.error(error.message),
  );
  void api.warm.then((outcome) => {
    if ("ms" in outcome) log.debug(`offline catalogue ready for searches (${outcome.ms.toFixed(0)} ms after start)`);
    else log.warn(`offline catalogue: loading it failed (${outcome.failed}); queries will say so`);
  });
}
