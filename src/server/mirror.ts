// --mirror DIR on the main thread: the worker over DIR/current's build (embedded.ts), the data
// date answers carry (mirror-data.ts), refreshes (mirror-refresh.ts) and what /healthz says.
// Imported only with --mirror.

import type { LocalApi } from "../client/in-process-exchange.js";
import { startWorker, type WarmOutcome, type WorkerLink } from "./embedded.js";
import type { Logger } from "./log.js";
import type { MirrorData } from "./mirror-data.js";
import { dataAgeMs, readMirror, type MirrorBuild } from "./mirror-source.js";
import { DEFAULT_MIRROR_MAX_AGE_MS, startRefreshLoop, type BuildRunner, type RefreshLoop } from "./mirror-refresh.js";

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
  /** The build is loaded (or failed to load). */
  warm: Promise<WarmOutcome>;
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
}

/** Starts serving the mirror at `root`; throws MirrorUnusable (mirror-source.ts) for a folder without a complete build. */
export async function serveMirror(root: string, options: MirrorOptions): Promise<ServedMirror> {
  const { log } = options;
  let build: MirrorBuild = readMirror(root);
  const { api, link } = startWorker({ kind: "mirror", dir: build.dir, eager: true });
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
  const reload = async (): Promise<"swapped" | "unchanged"> => {
    const next = readMirror(root);
    if (next.dir === build.dir) return "unchanged";
    await (link as WorkerLink).swap({ kind: "mirror", dir: next.dir, eager: true });
    build = next;
    loaded = true;
    failed = undefined;
    return "swapped";
  };
  let loop: RefreshLoop | undefined;
  if (options.refreshMs !== null) {
    const { childBuildRunner } = await import("./mirror-refresh.js");
    loop = startRefreshLoop({ root, everyMs: options.refreshMs, build: options.build ?? childBuildRunner(undefined, log), target: { reload }, log });
  }
  return {
    get dataDate() {
      return build.dataDate;
    },
    api: api.api,
    warm: api.warm,
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
      loop?.stop();
      await api.close();
    },
  };
}
