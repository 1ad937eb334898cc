// startEmulator: a local, faithful VNDB API v2 ("Kana") on 127.0.0.1, for tests, the MCP
// server's --embedded mode and anyone developing a VNDB client. See docs/emulator.md.

import type { AddressInfo } from "node:net";
import { DEFAULT_SITE_ORIGIN } from "./http/auth.js";
import { blankCatalogue } from "./catalogue/blank-rows.js";
import type { Catalogue } from "./catalogue/types.js";
import type { Clock } from "./clock.js";
import { buildAll, createDatabase, rdateOf, type Database } from "./database.js";
import { useLabels } from "./engine/search.js";
import { Faults } from "./http/faults.js";
import { createEmulatorServer } from "./http/server.js";
import { Limits, type LimitsOptions } from "./http/limits.js";
import { loadPreset, type PresetData, type PresetName } from "./presets/index.js";
import type { RouteContext } from "./http/routes.js";
import { restoreState, writeStateFile } from "./lists/state-file.js";

export { Faults, FAULT_KINDS, type FaultKind, type FaultSpec } from "./http/faults.js";
export { frozenClock, manualClock, systemClock, type Clock, type ManualClock } from "./clock.js";
export type { LimitsOptions } from "./http/limits.js";
export type { PresetName } from "./presets/index.js";

/** The API base path, as in https://api.vndb.org/kana. */
export const DEFAULT_BASE_PATH = "/kana";
export const DEFAULT_HOST = "127.0.0.1";

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  basePath?: string;
  /** Starting state: "catalogue" (bundled real data, the default) or "vectors" (the recorded vectors' stub). */
  preset?: PresetName;
  /** Use this catalogue instead of the preset's data (the preset still decides clock and quirks). */
  catalogue?: Catalogue;
  /** What was computed before for `catalogue` (a mirror's serve index); the preset's own is never used for a caller's catalogue. */
  prebuilt?: PresetData["prebuilt"];
  /**
   * Load the catalogue and build the database on the first request instead of before
   * listening (--embedded: the MCP host gets tools/list without waiting for the data).
   */
  lazy?: boolean;
  /** Called once the lazily loaded database is built (--embedded compacts the heap then). */
  onLoaded?: () => void;
  /** Load list state from this JSON file at start and save it there after every write. */
  stateFile?: string;
  /**
   * The request-count limit and the execution-time throttle. Off unless given: `true` means
   * VNDB's figures (200 requests per 5 minutes, 1 s of execution per minute), an object tunes them.
   */
  limits?: boolean | LimitsOptions;
  /** Overrides the preset's clock (list timestamps, `today`, `time`). */
  clock?: Clock;
  /** Test-only: honour the X-Emulator-Session header on requests without Authorization. */
  allowSessionHeader?: boolean;
  /** Serve the fault-control endpoint (/_emulator/faults). The programmatic `faults` handle always works. */
  faultsEndpoint?: boolean;
  /** The Origin that means "cookie session on the site itself". */
  siteOrigin?: string;
}

export interface Emulator {
  /** The API base URL, e.g. http://127.0.0.1:41234/kana. */
  url: string;
  host: string;
  port: number;
  preset: PresetName;
  /** The live database (a reset replaces it, so read it through this getter each time). */
  readonly database: Database;
  /** Inject faults into the next requests: `emulator.faults.inject({ kind: "rate-limit", count: 2 })`. */
  faults: Faults;
  limits: Limits;
  clock: Clock;
  /** Back to the preset's starting state (lists, limits and pending faults cleared; the state file is not touched). */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A database whose indexes are built now, or (`lazy`) each on first use; `prebuilt` gives
 * what was computed before for this catalogue (the preset's, never a caller's catalogue).
 */
function newDatabase(catalogue: Catalogue, clock: Clock, lazy = false, prebuilt?: PresetData["prebuilt"]): Database {
  const today = rdateOf(clock.now());
  const given = prebuilt?.(today);
  const db = createDatabase(catalogue, { today, ...(given ? { vnCache: given.vnCache } : {}) });
  if (given) useLabels(db, "vn", given.vnLabels);
  return lazy ? db : buildAll(db);
}

/** What the API answers from, without the HTTP front: the route context and how to reset it. */
export interface EmulatorApi {
  context: RouteContext;
  limits: Limits;
  clock: Clock;
  /** Back to the preset's starting state (lists and limits; the state file is not touched). */
  reset(): void;
}

/**
 * The emulator's route context (emulator/http/routes.ts handleApi answers from it), built the
 * way startEmulator builds it but with no server: the --embedded and --mirror worker answers
 * messages from it instead of HTTP requests (emulator/http/in-process.ts).
 */
export function createEmulatorApi(options: Omit<EmulatorOptions, "port" | "host" | "basePath" | "faultsEndpoint"> = {}): EmulatorApi {
  const presetName = options.preset ?? "catalogue";
  const data = loadPreset(presetName);
  let loaded = options.catalogue;
  const catalogue = () => (loaded ??= data.catalogue());
  const clock = options.clock ?? data.clock;
  const limits = new Limits(options.limits === undefined || options.limits === false ? false : options.limits === true ? {} : options.limits);
  const stateFile = options.stateFile;

  // What the preset's build computed fits its own data only.
  const prebuilt = options.catalogue ? options.prebuilt : data.prebuilt;
  let db = options.lazy ? undefined : newDatabase(catalogue(), clock, false, prebuilt);
  const context: RouteContext = {
    get db() {
      if (db === undefined) {
        // Built on first use, index by index: the first query pays only for what it reads.
        db = newDatabase(catalogue(), clock, true, prebuilt);
        options.onLoaded?.();
      }
      return db;
    },
    set db(next) {
      db = next;
    },
    clock,
    limits,
    ...(data.emptyQueries ? { queryDb: newDatabase(blankCatalogue(), clock) } : {}),
    statsOverride: data.statsOverride,
    checkCalendarDates: data.checkCalendarDates,
    siteOrigin: options.siteOrigin ?? DEFAULT_SITE_ORIGIN,
    allowSessionHeader: options.allowSessionHeader ?? false,
  };
  if (stateFile !== undefined) {
    restoreState(stateFile, presetName, context.db);
    context.afterWrite = () => writeStateFile(stateFile, presetName, context.db);
  }
  return {
    context,
    limits,
    clock,
    reset() {
      context.db = newDatabase(catalogue(), clock, options.lazy, prebuilt);
      limits.reset();
    },
  };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const presetName = options.preset ?? "catalogue";
  const api = createEmulatorApi(options);
  const { context, limits, clock } = api;
  const faults = new Faults();

  const basePath = options.basePath ?? DEFAULT_BASE_PATH;
  const { server, close } = createEmulatorServer({
    basePath,
    context,
    faults,
    faultsEndpoint: options.faultsEndpoint ?? false,
  });
  const host = options.host ?? DEFAULT_HOST;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}${basePath.replace(/\/+$/, "")}`,
    host,
    port,
    preset: presetName,
    get database() {
      return context.db;
    },
    faults,
    limits,
    clock,
    reset() {
      api.reset();
      faults.clear();
    },
    close,
  };
}
