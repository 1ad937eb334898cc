// --mirror DIR on the main thread: the worker over DIR/current's build (embedded.ts), the data
// date answers carry (mirror-data.ts), refreshes (mirror-refresh.ts) and what /healthz says.
// Imported only with --mirror.

import type { LocalApi } from "../client/in-process-exchange.js";
import type { LocalData } from "../local/local-data.js";
import { startWorker, type WarmOutcome, type WorkerLink } from "./embedded.js";
import type { Logger } from "./log.js";
import type { MirrorData } from "./mirror-data.js";
import { dataAgeMs, readMirror, type MirrorBuild } from "./mirror-source.js";
import { DEFAULT_MIRROR_MAX_AGE_MS, startRefreshLoop, type BuildRunner, type RefreshLoop } from "./mirror-refresh.js";

/**
 * How often the server looks whether DIR/current points to another build: a `mirror sync` of
 * another process (one sync job filling a volume that replicas read, docs/deployment.md)
 * switches it, and the server follows within this time. A readlink and a small JSON read.
 */
export const MIRROR_WATCH_MS = 60_000;

/** What /healthz says about the mirror. */
export interface MirrorHealth {
  state: "ok" | "stale" | "loading" | "failed";
  dataDate: string;
  ageHours: number;
  maxAgeHours: number;
  lastRefresh?: { at: string; ok: boolean; error?: string };
}

export interface ServedMirror extends MirrorData {
  /** The worker's requests; settles once it runs. */
  api: Promise<LocalApi>;
  /** Words in descriptions and vote neighbours, from the build being served (local/local-data.ts). */
  local: LocalData;
  /** The build is loaded (or failed to load). */
  warm: Promise<WarmOutcome>;
  /** The first build has loaded everything, the engine's indexes included (ms since the start): every kind of question is answered without waiting from then on. */
  loaded: Promise<number>;
  health(now?: number): MirrorHealth;
  /** Serves what DIR/current points to now, if that changed (a `mirror sync` of another process, or ours). */
  reload(): Promise<"swapped" | "unchanged">;
  /** One refresh now (build, then reload); only with refreshing on. */
  refresh?: RefreshLoop["runOnce"];
  close(): Promise<void>;
}

export interface MirrorOptions {
  log: Logger;
  /** null: no refresh (the folder may still be switched by another process's sync: reload()). */
  refreshMs: number | null;
  maxAgeMs?: number;
  /** How a refresh builds (default: a `mirror sync` child, mirror-refresh.ts). */
  build?: BuildRunner;
  /** How often DIR/current is looked at (default MIRROR_WATCH_MS). */
  watchMs?: number;
}

/** Starts serving the mirror at `root`; throws MirrorUnusable (mirror-source.ts) for a folder without a complete build. */
export async function serveMirror(root: string, options: MirrorOptions): Promise<ServedMirror> {
  const { log } = options;
  let build: MirrorBuild = readMirror(root);
  // Ready once VN searches are; the rest loads in the worker between requests (embedded-worker.ts).
  const { api, link } = startWorker({ kind: "mirror", dir: build.dir, eager: false });
  let loaded = false;
  let failed: string | undefined;
  void api.warm.then((outcome) => {
    if ("ms" in outcome) {
      loaded = true;
      log.info(`mirror: serving VNDB data of ${build.dataDate} from ${build.dir} (loaded in ${(outcome.ms / 1000).toFixed(1)} s)`);
    } else {
      failed = outcome.failed;
      log.error(`mirror: loading ${build.dir} failed (${outcome.failed})`);
    }
  });
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MIRROR_MAX_AGE_MS;
  // One swap at a time: the refresh and the watch below may both see the new build; the
  // second caller gets the first one's outcome instead of a second new worker.
  let reloading: Promise<"swapped" | "unchanged"> | undefined;
  let refused: string | undefined;
  const reload = (): Promise<"swapped" | "unchanged"> =>
    (reloading ??= (async () => {
      const next = readMirror(root);
      // A build that failed to load is not loaded again at every look (a new one has a new folder).
      if (next.dir === build.dir || next.dir === refused) return "unchanged" as const;
      try {
        await (link as WorkerLink).swap({ kind: "mirror", dir: next.dir, eager: true });
      } catch (error) {
        refused = next.dir;
        throw new Error(`loading ${next.dir} failed (${error instanceof Error ? error.message : String(error)})`);
      }
      build = next;
      loaded = true;
      failed = undefined;
      return "swapped" as const;
    })().finally(() => (reloading = undefined)));
  let loop: RefreshLoop | undefined;
  if (options.refreshMs !== null) {
    const { childBuildRunner } = await import("./mirror-refresh.js");
    loop = startRefreshLoop({ root, everyMs: options.refreshMs, build: options.build ?? childBuildRunner(undefined, log), target: { reload }, log });
  }
  // Another process's sync: followed at the next look. One swap at a time; a folder caught
  // mid-switch or a build that fails to load is logged once per build and looked at again.
  let watching: Promise<unknown> | undefined;
  let lastWatchError: string | undefined;
  const watch = setInterval(() => {
    if (watching || !loaded) return;
    watching = reload()
      .then((outcome) => {
        lastWatchError = undefined;
        if (outcome === "swapped") log.info(`mirror: now serving VNDB data of ${build.dataDate} (${build.dir}), switched by another sync`);
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        if (message !== lastWatchError) log.warn(`mirror: the folder's current build cannot be served; still serving ${build.dir}: ${message}`);
        lastWatchError = message;
      })
      .finally(() => (watching = undefined));
  }, options.watchMs ?? MIRROR_WATCH_MS);
  watch.unref();
  return {
    get dataDate() {
      return build.dataDate;
    },
    api: api.api,
    local: api.local,
    warm: api.warm,
    loaded: api.loaded,
    health(now = Date.now()) {
      const age = dataAgeMs(build.dataDate, now);
      const last = loop?.lastRun;
      return {
        state: failed ? "failed" : !loaded ? "loading" : age > maxAgeMs ? "stale" : "ok",
        dataDate: build.dataDate,
        ageHours: Math.round(age / 360_000) / 10,
        maxAgeHours: Math.round(maxAgeMs / 360_000) / 10,
        ...(last ? { lastRefresh: { at: new Date(last.at).toISOString(), ok: last.ok, ...(last.error ? { error: last.error } : {}) } } : {}),
      };
    },
    reload,
    ...(loop ? { refresh: loop.runOnce } : {}),
    close: async () => {
      clearInterval(watch);
      loop?.stop();
      await api.close();
    },
  };
}
