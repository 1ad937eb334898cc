// --mirror-refresh: while the server serves a mirror, the next build is made in the
// background and swapped in (issue 28, item 3). The build runs `vndb-mcp-server mirror sync`
// (src/mirror/build.ts) in a child process at the lowest CPU priority, so the serving process
// keeps its cores; its own worker then loads the new build beside the old one and takes its
// place (server/embedded.ts WorkerLink.swap): calls in flight finish on the old one, and no
// call waits for the load. A failed build leaves `current` untouched (build.ts's promise)
// and the server on the data it has: logged, and /healthz says how old the data is.

import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import type { Logger } from "./log.js";

/** Default refresh of an HTTP server with --mirror: VNDB rebuilds its dumps daily (around 08:00 UTC). */
export const DEFAULT_MIRROR_REFRESH_MS = 24 * 3_600_000;
/**
 * Default age past which /healthz reports "degraded": three daily dumps missed in a row is
 * more than a passing failure of the download host or of one build.
 */
export const DEFAULT_MIRROR_MAX_AGE_MS = 3 * 24 * 3_600_000;
/** nice 19, the lowest priority: a build must never slow the answers of the server it feeds. */
export const BUILD_PRIORITY = 19;
/** A build that runs longer than this is stopped (issue 28: a full build takes ≤ 5 min on 2 cores). */
export const BUILD_TIMEOUT_MS = 60 * 60_000;

/** Makes the next build in the mirror's root; resolves when `current` is what should be served, rejects when the build failed. */
export type BuildRunner = (root: string, signal: AbortSignal) => Promise<void>;

/** Variables that never go to the build's child: a token is never sent to the download host. */
const SECRET_ENV = /^(VNDB_TOKEN|VNDB_OAUTH_SECRET|VNDB_REDIS_URL)$/;

/**
 * The default runner: this same program's `mirror sync --dir ROOT` in a child process, at
 * nice BUILD_PRIORITY, without the server's secrets in its environment. Its output goes to
 * the server's stderr (the log), never to stdout (the stdio protocol).
 */
export function childBuildRunner(entry = process.argv[1]!, log?: Logger): BuildRunner {
  return (root, signal) =>
    new Promise<void>((resolve, reject) => {
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !SECRET_ENV.test(k)));
      const child = spawn(process.execPath, [...process.execArgv, entry, "mirror", "sync", "--dir", root], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
        signal,
        timeout: BUILD_TIMEOUT_MS,
      });
      try {
        if (child.pid !== undefined) setPriority(child.pid, BUILD_PRIORITY);
      } catch (error) {
        log?.debug(`mirror refresh: could not lower the build's priority (${error instanceof Error ? error.message : String(error)})`);
      }
      let tail = "";
      const keep = (chunk: Buffer) => {
        process.stderr.write(chunk);
        tail = (tail + chunk.toString("utf8")).slice(-500);
      };
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      child.on("error", reject);
      child.on("close", (code, sig) => {
        if (code === 0) resolve();
        else reject(new Error(`mirror sync ${sig ? `was stopped (${sig})` : `exited with ${code}`}${tail.trim() ? `: ${tail.trim().split("\n").at(-1)}` : ""}`));
      });
    });
}

export interface RefreshTarget {
  /** Swaps to whatever `current` now points to, if that is another build; resolves once served. */
  reload(): Promise<"swapped" | "unchanged">;
}

export interface RefreshLoop {
  /** One refresh now (also what the timer runs); never rejects. */
  runOnce(): Promise<{ ok: true; swapped: boolean } | { ok: false; error: string }>;
  readonly lastRun: { at: number; ok: boolean; error?: string } | undefined;
  stop(): void;
}

/** Runs `build` every `everyMs` (the first one after `everyMs`), then reloads the target. One run at a time. */
export function startRefreshLoop(options: { root: string; everyMs: number; build: BuildRunner; target: RefreshTarget; log: Logger }): RefreshLoop {
  const { root, build, target, log } = options;
  const stopping = new AbortController();
  let running: Promise<{ ok: true; swapped: boolean } | { ok: false; error: string }> | undefined;
  let lastRun: RefreshLoop["lastRun"];
  const runOnce = () =>
    (running ??= (async () => {
      const started = Date.now();
      try {
        log.info("mirror refresh: building the next mirror in the background");
        await build(root, stopping.signal);
        const swapped = (await target.reload()) === "swapped";
        lastRun = { at: Date.now(), ok: true };
        log.info(`mirror refresh: ${swapped ? "now serving the new build" : "no newer data; serving the same build"} (${Math.round((Date.now() - started) / 1000)} s)`);
        return { ok: true as const, swapped };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        lastRun = { at: Date.now(), ok: false, error: message };
        if (!stopping.signal.aborted) log.warn(`mirror refresh failed; still serving the current data: ${message}`);
        return { ok: false as const, error: message };
      } finally {
        running = undefined;
      }
    })());
  const timer = setInterval(() => void runOnce(), options.everyMs);
  timer.unref();
  return {
    runOnce,
    get lastRun() {
      return lastRun;
    },
    stop() {
      clearInterval(timer);
      stopping.abort();
    },
  };
}
