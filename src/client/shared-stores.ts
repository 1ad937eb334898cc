// What several server replicas share when they stand behind one client address. VNDB counts
// requests per address (200 per 5 minutes, reference §3.2), so replicas that each kept their
// own budget would together send N × 200 and meet 429s; and an answer one replica fetched
// (the schema, a tag lookup) is as good for the others. These two interfaces are all the
// client needs from a shared store; the in-memory default needs neither (redis-stores.ts
// implements both).

/** One slot of the shared request window, or when the next one frees. */
export type WindowTake = { granted: true } | { granted: false; retryInMs: number; reason: "window" | "paused" | "share" };

/** Whose shares a take counts against (rate-budget.ts: each key holds fewer slots, times `weight`, than are free). */
export interface WindowShares {
  keys: readonly string[];
  weight: number;
}

export interface SharedRequestWindow {
  /**
   * Takes one request slot of a sliding window of `windowMs` shared by every replica,
   * atomically: of any number of concurrent takers, at most `maxRequests` are granted per
   * window; with `shares`, each key's share is checked and counted across replicas too
   * (issue 30: a caller spreading its calls over replicas had a full share on each).
   */
  take(maxRequests: number, windowMs: number, shares?: WindowShares): Promise<WindowTake>;
  /** Holds every replica back for `ms` (one of them met a 429). */
  pause(ms: number): Promise<void>;
}

export interface SharedResponseCache {
  /** The JSON text stored under `key`, or undefined when absent or expired. */
  get(key: string): Promise<string | undefined>;
  set(key: string, json: string, ttlMs: number): Promise<void>;
}

/**
 * Whether the stores are in use ("shared") or the replica is going on alone ("local") since
 * `since` (epoch ms) because of `reason` (for /healthz and the log).
 */
export interface SharedStoresHealth {
  state: "shared" | "local";
  since: number;
  reason?: string;
}

export interface SharedStores {
  window: SharedRequestWindow;
  cache: SharedResponseCache;
  /**
   * The value stored under `name`, storing `value` there first (for `ttlMs`) when there is
   * none: every replica that claims one name gets the same value (the first one stored).
   */
  claim?(name: string, value: string, ttlMs: number): Promise<string>;
  /** For the log: where the stores live, without credentials. */
  describe: string;
  health(): SharedStoresHealth;
  close(): Promise<void>;
}

/**
 * A store operation refused at once because the store is known to be down or slow: the
 * caller goes on with local state. The store has already logged the outage, once.
 */
export class SharedStoreUnavailable extends Error {
  override readonly name = "SharedStoreUnavailable";
}
