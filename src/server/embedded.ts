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
// of the answer's text (bench/offline-exchange.bench.ts). Requests and answers have a
// MessageChannel of their own (the worker's own port says only when it is ready); what is left
// of a call's cost is mostly the wake-up of a thread gone idle, which WaitSettings may avoid.
//
// A mirror's refresh (server/mirror-refresh.ts) swaps in a new worker over the new build once
// it has loaded; calls in flight finish on the old one, which then ends.

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { LocalApi, LocalRequest, LocalResponse } from "../client/in-process-exchange.js";
import type { Logger } from "./log.js";
import { StayAwake } from "./embedded-stay-awake.js";
import type { DescribedKind } from "../local/description-search.js";
import type { LocalData } from "../local/local-data.js";

/** What a worker serves: the bundled catalogue, or one build folder of a mirror. */
export type WorkerSource = { kind: "bundled" } | { kind: "mirror"; dir: string; eager: boolean };

/** What the main thread sends a worker: a request of the API, or a question of local/ (words in descriptions, vote neighbours). */
export type WorkerRequest = { id: number; request: LocalRequest } | { id: number; local: LocalCall };

/** A question of the tools' LocalData port, asked of the data the worker holds. */
export type LocalCall = { op: "describe"; kind: DescribedKind; words: string; limit: number } | { op: "neighbours"; vids: string[] };

/** What a worker tells the main thread about its start (embedded-worker.ts), on the worker's own port. */
export type EmbeddedMessage = { kind: "ready" } | { kind: "warm" } | { kind: "warm-failed"; message: string } | { kind: "loaded" };

/** What a worker answers on the request channel (WorkerData.port). */
export type WorkerAnswer = { kind: "answer"; id: number; response: LocalResponse } | { kind: "local"; id: number; value?: unknown; error?: string };

/** What a worker is started with. */
export interface WorkerData {
  source: WorkerSource;
  /** The worker's end of the request channel: requests come in on it, answers go out on it. */
  port: MessagePort;
  /** WaitSettings.workerMs. */
  workerSpinMs: number;
}

/**
 * How long each thread stays awake for the other (bench:exchange measures with and without).
 * On this VM a thread that has gone idle takes 100–150 µs to wake when a message arrives
 * (bench:exchange's bare ping-pong: 46 µs overhead when the worker answers at once, 157 µs
 * when it works 0.3 ms first, 183 µs at 1 ms): a thread that has not slept takes it at once.
 */
export interface WaitSettings {
  /**
   * The main thread, while exactly one request is in flight, keeps its event loop from
   * sleeping (setImmediate turns; the loop's other work runs between them) for up to this
   * long (ms) and takes the answer from the channel itself. Never with two or more in flight:
   * the worker is busy then, and the loop has other work. Not on a machine with no core to
   * spare (embedded-stay-awake.ts).
   */
  mainMs: number;
  /**
   * The worker, after an answer, looks for the next request for up to this long (ms) before
   * its loop sleeps, and only for a caller that asked again within this time last time (and
   * not on a machine with no core to spare).
   */
  workerMs: number;
}

/**
 * What the product runs with: neither thread stays awake. Measured (bench:exchange, 3 runs
 * at load 4–7.5 on these 2 cores, per-round ratios to the engine on the main thread, medians):
 * both awake 1.41–1.48×, only the main thread 1.27–1.34×, only the worker 1.41–1.68×, neither
 * 1.19–1.41×; at the tool-call level both awake 1.15–1.20×, neither 1.00–1.17×. On idle
 * cores (2 runs at load about 2) it did not pay either: both awake 1.61–1.68×, neither
 * 1.54–1.78×; tool calls both awake 1.18–1.19×, neither 1.09–1.12×. The arms stay in
 * bench:exchange ({ mainMs: 1, workerMs: 1 } is what they try) for other machines.
 */
export const WAIT_SETTINGS: WaitSettings = { mainMs: 0, workerMs: 0 };

/** Staying awake as bench:exchange's awake arms try it (the ms each thread stays awake at most). */
export const AWAKE_SETTINGS: WaitSettings = { mainMs: 1, workerMs: 1 };

export type WarmOutcome = { ms: number } | { failed: string };

export interface EmbeddedApi {
  /** Requests by message; settles once the worker runs (rejects when it could not start). */
  api: Promise<LocalApi>;
  /** What VNDB's API cannot answer, asked of the same data (the tools' port, local/local-data.ts). */
  local: LocalData;
  /** Settles once the data a first VN search needs is loaded (ms since the start), or its load failed. */
  warm: Promise<WarmOutcome>;
  /** A mirror's worker: settles once it has loaded everything, the engine's indexes included (ms since the start); never for the bundled sample, which loads each part on first use. */
  loaded: Promise<number>;
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

function newWorker(data: WorkerData): Worker {
  const file = workerFile();
  // Only the main thread is in stdout's protocol: the worker's stdout is taken here
  // (stdout: true) and sent to stderr, never to the host.
  const options = { stdout: true, env: process.env, workerData: data, transferList: [data.port] };
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
  readonly loaded: Promise<number>;
  readonly pending = new Map<number, Pending>();
  /** The main thread's end of the request channel. */
  readonly #port: MessagePort;
  #stopped: Error | undefined;
  #retired = false;
  #closing = false;
  /** Until when the loop is kept awake for the one request in flight (performance.now()); 0: not. */
  #spinUntil = 0;
  readonly #mainSpinMs: number;
  readonly #awake = new StayAwake();

  constructor(source: WorkerSource, waits: WaitSettings) {
    const begun = performance.now();
    const channel = new MessageChannel();
    this.#port = channel.port1;
    this.#mainSpinMs = waits.mainMs;
    this.worker = newWorker({ source, port: channel.port2, workerSpinMs: waits.workerMs });
    this.#port.on("message", (answer: WorkerAnswer) => this.#settle(answer));
    // As the worker: the channel never keeps the process alive.
    this.#port.unref();
    let started!: () => void;
    let failed!: (error: Error) => void;
    let warmed!: (outcome: WarmOutcome) => void;
    this.started = new Promise<void>((resolve, reject) => ((started = resolve), (failed = reject)));
    // Callers await `started` when they first need it; a failure is reported to them then.
    this.started.catch(() => {});
    this.warm = new Promise<WarmOutcome>((resolve) => (warmed = resolve));
    let loaded!: (ms: number) => void;
    this.loaded = new Promise<number>((resolve) => (loaded = resolve));
    this.worker.on("message", (message: EmbeddedMessage) => {
      if (message.kind === "ready") started();
      else if (message.kind === "warm") warmed({ ms: performance.now() - begun });
      else if (message.kind === "loaded") loaded(performance.now() - begun);
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

  #settle(answer: WorkerAnswer): void {
    const waiting = this.pending.get(answer.id);
    this.pending.delete(answer.id);
    if (answer.kind === "answer") waiting?.resolve(answer.response as never);
    else if (answer.error !== undefined) waiting?.reject(new Error(answer.error));
    else waiting?.resolve(answer.value as never);
    if (this.#retired && this.pending.size === 0) void this.close();
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
      this.#port.postMessage(message);
      if (this.pending.size === 1 && this.#mainSpinMs > 0) this.#keepAwake();
    });
  }

  /**
   * Keeps the event loop from sleeping until the one request in flight is answered (or
   * WaitSettings.mainMs passed, or another request joined it): each turn of the loop looks at the
   * channel once, and the loop's other work (sockets, timers) runs between turns as usual.
   */
  #keepAwake(): void {
    const spinning = this.#spinUntil !== 0;
    if (!spinning && !this.#awake.allowed()) return;
    this.#spinUntil = performance.now() + this.#mainSpinMs;
    if (spinning) return;
    let first = true;
    const turn = () => {
      for (let got = receiveMessageOnPort(this.#port); got; got = receiveMessageOnPort(this.#port)) this.#settle(got.message as WorkerAnswer);
      // Gaps are counted between turns (the first comes after whatever the caller did after posting). A long one:
      // this thread lost its core, or its loop has other work; either way the answer comes the ordinary way.
      const on = first ? this.#awake.begin() : this.#awake.look();
      first = false;
      if (this.pending.size === 1 && on && performance.now() < this.#spinUntil && !this.#stopped) setImmediate(turn);
      else this.#spinUntil = 0;
    };
    setImmediate(turn);
  }

  /** No new requests come; it ends once it has answered those it has. */
  retire(): void {
    this.#retired = true;
    if (this.pending.size === 0) void this.close();
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.#port.close();
    await this.worker.terminate();
  }
}

/** The LocalApi over the current worker; a mirror's refresh replaces the worker (swap). */
export class WorkerLink implements LocalApi {
  #current: WorkerSlot;
  #nextId = 0;

  readonly #waits: WaitSettings;

  constructor(first: WorkerSlot, waits: WaitSettings) {
    this.#current = first;
    this.#waits = waits;
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
    const next = new WorkerSlot(source, this.#waits);
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

/** A worker over `source` and the link to it (a mirror keeps the link to swap builds); `waits` other than the product's for bench:exchange. */
export function startWorker(source: WorkerSource, waits: WaitSettings = WAIT_SETTINGS): { api: EmbeddedApi; link: WorkerLink } {
  const slot = new WorkerSlot(source, waits);
  const link = new WorkerLink(slot, waits);
  const api: EmbeddedApi = {
    api: slot.started.then(() => link),
    local: link.localData(source.kind === "bundled" ? "sample" : "mirror"),
    warm: slot.warm,
    loaded: slot.loaded,
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
