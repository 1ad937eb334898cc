// --embedded and --mirror: the Kana emulator's request handler in a worker thread of this
// process, over the bundled catalogue (--embedded) or a mirror's build (--mirror DIR). The
// client hands requests to it by message (client/in-process-exchange.ts) through the
// LocalApi made here. Imported only with --embedded or --mirror, so the ordinary start-up
// never loads the emulator or the catalogue.
//
// Why a worker: the catalogue (18 MB of JSON; a mirror's is far larger) takes a while to read
// and index. On the main thread that work either delays the host's initialize and
// tools/list, or (loaded on the first request) the first answer. In a worker it runs on
// another core while the main thread loads the SDK and answers the handshake, so the first
// question finds the data ready or nearly so (bench:offline), and a long emulator query never
// blocks the stdio loop or the HTTP server.
//
// Why messages and not loopback HTTP (issue 28): undici writing HTTP to the worker's loopback
// socket was 60 % of an offline call; a message costs a structured clone of the request and
// of the answer's text (bench/offline-exchange.bench.ts).
//
// A mirror's refresh (server/mirror-refresh.ts) swaps in a new worker over the new build once
// it has loaded; calls in flight finish on the old one, which then ends.

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { LocalApi, LocalRequest, LocalResponse } from "../client/in-process-exchange.js";
import type { Logger } from "./log.js";
import type { DescribedKind } from "../local/description-search.js";
import type { LocalData } from "../local/local-data.js";

/** What a worker serves: the bundled catalogue, or one build folder of a mirror. */
export type WorkerSource = { kind: "bundled" } | { kind: "mirror"; dir: string; eager: boolean };

/** What the main thread sends a worker: a request of the API, or a question of local/ (words in descriptions, vote neighbours). */
export type WorkerRequest = { id: number; request: LocalRequest } | { id: number; local: LocalCall };

/** A question of the tools' LocalData port, asked of the data the worker holds. */
export type LocalCall = { op: "describe"; kind: DescribedKind; words: string; limit: number } | { op: "neighbours"; vids: string[] };

/** What a worker tells the main thread (embedded-worker.ts). */
export type EmbeddedMessage =
  | { kind: "ready" }
  | { kind: "warm" }
  | { kind: "warm-failed"; message: string }
  | { kind: "answer"; id: number; response: LocalResponse }
  | { kind: "local"; id: number; value?: unknown; error?: string };

export type WarmOutcome = { ms: number } | { failed: string };

export interface EmbeddedApi {
  /** Requests by message; settles once the worker runs (rejects when it could not start). */
  api: Promise<LocalApi>;
  /** What VNDB's API cannot answer, asked of the same data (the tools' port, local/local-data.ts). */
  local: LocalData;
  /** Settles once the data a first VN search needs is loaded (ms since the start), or its load failed. */
  warm: Promise<WarmOutcome>;
  close(): Promise<void>;
}

/** The error code of a request the worker can no longer answer (attempt-failure.ts names it). */
export const WORKER_STOPPED = "ERR_EMULATOR_WORKER_STOPPED";

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

function newWorker(source: WorkerSource): Worker {
  const file = workerFile();
  // Only the main thread is in stdout's protocol: the worker's stdout is taken here
  // (stdout: true) and sent to stderr, never to the host.
  const options = { stdout: true, env: process.env, workerData: { source } } as const;
  let worker: Worker;
  if (!file.pathname.endsWith(".ts")) worker = new Worker(file, options);
  else {
    // From source, TypeScript is compiled by tsx, whose loader (registered on the main thread
    // by `--import tsx`) Node 20 does not carry into workers: register it there first.
    const tsx = import.meta.resolve("tsx/esm/api");
    const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(file.href)}); });`;
    worker = new Worker(boot, { ...options, eval: true });
  }
  worker.stdout.pipe(process.stderr);
  // The worker never keeps the process alive: the stdio server ends when the host goes.
  worker.unref();
  return worker;
}

interface Pending {
  resolve(value: never): void;
  reject(error: Error): void;
}

/** One worker and the requests it has yet to answer. */
class WorkerSlot {
  readonly worker: Worker;
  readonly started: Promise<void>;
  readonly warm: Promise<WarmOutcome>;
  readonly pending = new Map<number, Pending>();
  #stopped: Error | undefined;
  #retired = false;
  #closing = false;

  constructor(source: WorkerSource) {
    const begun = performance.now();
    this.worker = newWorker(source);
    let started!: () => void;
    let failed!: (error: Error) => void;
    let warmed!: (outcome: WarmOutcome) => void;
    this.started = new Promise<void>((resolve, reject) => ((started = resolve), (failed = reject)));
    // Callers await `started` when they first need it; a failure is reported to them then.
    this.started.catch(() => {});
    this.warm = new Promise<WarmOutcome>((resolve) => (warmed = resolve));
    this.worker.on("message", (message: EmbeddedMessage) => {
      if (message.kind === "answer" || message.kind === "local") {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.kind === "answer") waiting?.resolve(message.response as never);
        else if (message.error !== undefined) waiting?.reject(new Error(message.error));
        else waiting?.resolve(message.value as never);
        if (this.#retired && this.pending.size === 0) void this.close();
      } else if (message.kind === "ready") started();
      else if (message.kind === "warm") warmed({ ms: performance.now() - begun });
      else warmed({ failed: message.message });
    });
    const stopped = (why: string) => {
      if (this.#closing) return;
      const error = Object.assign(new Error(`the offline catalogue could not start: ${why}`), { code: WORKER_STOPPED });
      this.#stopped ??= error;
      failed(error);
      warmed({ failed: why });
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on("error", (error) => stopped(error.message));
    this.worker.on("exit", (code) => stopped(`its worker exited (code ${code})`));
  }

  request(id: number, request: LocalRequest): Promise<LocalResponse> {
    return this.#post<LocalResponse>({ id, request });
  }

  /** A question of local/ about the data this worker holds. */
  ask<T>(id: number, local: LocalCall): Promise<T> {
    return this.#post<T>({ id, local });
  }

  #post<T>(message: WorkerRequest): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(message.id, { resolve: resolve as (value: never) => void, reject });
      this.worker.postMessage(message);
    });
  }

  /** No new requests come; it ends once it has answered those it has. */
  retire(): void {
    this.#retired = true;
    if (this.pending.size === 0) void this.close();
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.worker.terminate();
  }
}

/** The LocalApi over the current worker; a mirror's refresh replaces the worker (swap). */
export class WorkerLink implements LocalApi {
  #current: WorkerSlot;
  #nextId = 0;

  constructor(first: WorkerSlot) {
    this.#current = first;
  }

  get current(): WorkerSlot {
    return this.#current;
  }

  request(request: LocalRequest): Promise<LocalResponse> {
    return this.#current.request(++this.#nextId, request);
  }

  /** The tools' LocalData, answered by whichever worker is current (a refresh's swap included). */
  localData(source: LocalData["source"]): LocalData {
    return {
      source,
      describe: async (kind, words, limit) => {
        await this.#current.started;
        return this.#current.ask(++this.#nextId, { op: "describe", kind, words, limit });
      },
      neighbours: async (vids) => {
        await this.#current.started;
        return this.#current.ask(++this.#nextId, { op: "neighbours", vids: [...vids] });
      },
    };
  }

  /**
   * Serves `source` from now on, once a worker over it has loaded everything: until then the
   * current worker answers, and it ends after its last answer. Rejects (and keeps the
   * current worker) when the new one fails to load.
   */
  async swap(source: WorkerSource): Promise<void> {
    const next = new WorkerSlot(source);
    const outcome = await next.warm;
    if ("failed" in outcome) {
      await next.close().catch(() => {});
      throw new Error(outcome.failed);
    }
    const old = this.#current;
    this.#current = next;
    old.retire();
  }

  close(): Promise<void> {
    return this.#current.close();
  }
}

let started: EmbeddedApi | undefined;

/**
 * Starts the --embedded worker, once per process: the CLI calls this as early as it sees
 * --embedded (cli/main.ts), before it loads the server, and again when the server starts,
 * which then gets the same one. `log`, when given, hears when the data is in.
 */
export function startEmbedded(log?: Logger): EmbeddedApi {
  if (started) {
    if (log) report(started, log, "offline catalogue");
    return started;
  }
  started = startWorker({ kind: "bundled" }).api;
  if (log) report(started, log, "offline catalogue");
  return started;
}

/** A worker over `source` and the link to it (a mirror keeps the link to swap builds). */
export function startWorker(source: WorkerSource): { api: EmbeddedApi; link: WorkerLink } {
  const slot = new WorkerSlot(source);
  const link = new WorkerLink(slot);
  const api: EmbeddedApi = {
    api: slot.started.then(() => link),
    local: link.localData(source.kind === "bundled" ? "sample" : "mirror"),
    warm: slot.warm,
    close: () => link.close(),
  };
  return { api, link };
}

export function report(api: EmbeddedApi, log: Logger, what: string): void {
  api.api.then(
    () => log.debug(`${what}: worker started`),
    (error: Error) => log.error(error.message),
  );
  void api.warm.then((outcome) => {
    if ("ms" in outcome) log.debug(`${what} ready for searches (${outcome.ms.toFixed(0)} ms after start)`);
    else log.warn(`${what}: loading it failed (${outcome.failed}); queries will say so`);
  });
}
