// Identical calls share one request: an assistant often asks the same thing in parallel
// tool calls, and each repeat would spend one of VNDB's 200 requests per 5 minutes. Some
// answers (schema, stats, lookups, authinfo) are also kept for a while (cache.ts).

import { raceSignal } from "./abort.js";
import { TtlCache } from "./cache.js";
import { noteStaleAnswer, type LastGoodAnswers } from "./stale-answers.js";
import type { CallContext, CallOptions } from "./options.js";
import { SharedStoreUnavailable, type SharedResponseCache } from "./shared-stores.js";

/** What one caller hears (each client of a process-wide SharedCalls has its own). */
export interface CallerHooks {
  /** Called when a caller is answered from the cache or joins a call in flight. */
  onShared: () => void;
  /** The error a caller gets when its own signal fires while it waits. */
  cancelled: (method: string, endpoint: string) => Error;
}

export interface SharedCallsOptions extends Partial<CallerHooks> {
  /** Deadline of a shared call when its first caller names none (ms from the start). */
  deadlineMs: number;
  /** Entries the cache keeps (cache.ts's default when unset). */
  maxEntries?: number;
  /**
   * A second cache shared with other replicas (Redis): what one replica fetched, the others
   * need not fetch again. Only answers that are cached at all (ttl > 0) go there, and keys
   * of private answers carry a token fingerprint (kana-client.ts). Store failures count as
   * misses: the call then goes upstream.
   */
  sharedCache?: SharedResponseCache;
  onSharedError?: (error: unknown) => void;
  /**
   * While VNDB is unavailable, the last good answer of a request is served instead of the
   * error (and noted, so the tool can say so). `serves(key)` picks the requests it may
   * answer; `outage(error)` the failures that count.
   */
  staleOnError?: { answers: LastGoodAnswers; serves: (key: string) => boolean; outage: (error: unknown) => string | undefined };
}

export class SharedCalls {
  readonly #cache: TtlCache<unknown>;
  /** Callers waiting on each shared in-flight call, and the switch that cancels it. */
  readonly #waiting = new Map<string, { controller: AbortController; callers: number }>();
  readonly #options: SharedCallsOptions;

  constructor(options: SharedCallsOptions) {
    this.#options = options;
    this.#cache = new TtlCache<unknown>(options.maxEntries);
  }

  /**
   * Runs `load` once for identical concurrent calls (and caches its value for `ttlMs`).
   * `key` starts with the method and path ("GET /schema", "POST /vn {...}"). Each caller
   * keeps its own signal: one caller giving up does not cancel the others; the shared
   * request is cancelled only when every caller waiting for it has given up.
   */
  async run<V>(key: string, ttlMs: number, options: CallOptions, load: (ctx: CallContext) => Promise<V>, hooks: Partial<CallerHooks> = {}): Promise<V> {
    const onShared = hooks.onShared ?? this.#options.onShared ?? (() => {});
    const cancelled = hooks.cancelled ?? this.#options.cancelled ?? ((method: string, endpoint: string) => new Error(`${method} ${endpoint} was cancelled`));
    let mine = false;
    const shared = this.#cache.getOrLoad(key, ttlMs, () => {
      mine = true;
      const controller = new AbortController();
      this.#waiting.set(key, { controller, callers: 0 });
      const ctx = { signal: controller.signal, deadlineAt: Date.now() + (options.deadlineMs ?? this.#options.deadlineMs) };
      const loaded = ttlMs > 0 && this.#options.sharedCache ? this.#throughSharedCache(key, ttlMs, () => load(ctx), onShared) : load(ctx);
      return loaded.finally(() => this.#waiting.delete(key));
    }) as Promise<V>;
    if (!mine) onShared();
    const waiting = this.#waiting.get(key);
    if (waiting) waiting.callers++;
    const leave = () => {
      if (waiting && --waiting.callers === 0) waiting.controller.abort();
    };
    const stale = this.#options.staleOnError;
    let value: V;
    try {
      value = await raceSignal(shared, options.signal, () => {
        leave();
        return cancelled(key.split(" ")[0]!, key.split(" ")[1]!);
      });
    } catch (error) {
      const cause = stale?.serves(key) ? stale.outage(error) : undefined;
      const kept = cause !== undefined ? stale!.answers.recall(key) : undefined;
      if (!kept) throw error;
      noteStaleAnswer({ request: key.split(" ").slice(0, 2).join(" "), ageMs: kept.ageMs, cause: cause! });
      return kept.value as V;
    }
    if (mine && stale?.serves(key)) stale.answers.remember(key, value);
    // Cached and shared values are copied so a caller's edits cannot leak into others'.
    return mine && ttlMs === 0 ? value : structuredClone(value);
  }

  async #throughSharedCache<V>(key: string, ttlMs: number, load: () => Promise<V>, onShared: () => void): Promise<V> {
    const cache = this.#options.sharedCache!;
    // A store that refuses because it is known to be down has said so once already.
    const report = (error: unknown) => {
      if (!(error instanceof SharedStoreUnavailable)) this.#options.onSharedError?.(error);
    };
    const stored = await cache.get(key).catch((error: unknown) => void report(error));
    if (stored !== undefined) {
      onShared();
      return JSON.parse(stored) as V;
    }
    const value = await load();
    // Not awaited: the caller has its answer; a slow store must not delay it.
    void cache.set(key, JSON.stringify(value), ttlMs).catch(report);
    return value;
  }
}
