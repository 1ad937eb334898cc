// The client-side rate budget: a sliding window of request starts, a concurrency limit and
// a global pause, shared by every call of one client. VNDB allows 200 requests per
// 5 minutes per client (nginx, reference §3.2) and throttles on server time (§3.1);
// a client that exceeds either gets a 429 whose body it cannot act on, so we stay under
// the count limit ourselves and pause everyone when a 429 arrives anyway.
//
// Each HTTP attempt (retries included) takes one permit: the server counts every request.
//
// Fairness (issues 22 and 30): a budget shared by many users (the HTTP server's sessions) is
// split by caller. A call names one or more keys: who asks (an OAuth grant, a proven token,
// an address) and where from (its address, unless it is a host pool's, server/transports/
// http-caller.ts). A key may start a request only while it holds fewer of the window's slots
// than are still free (water-filling): a caller alone gets half the window, and each caller
// arriving later still finds slots, because whoever holds many must wait for more to be free
// than it holds. So no small set of callers can take the window from the rest (issue 30: two
// addresses under the old "share plus reserve" rule took it all). Waiting calls are granted
// in arrival order, skipping callers at their share (they do not hold up anyone else), and a
// free concurrency slot goes to the caller with the fewest in flight.

import { SharedStoreUnavailable, type SharedRequestWindow, type WindowTake } from "./shared-stores.js";
import { tokenFingerprint } from "../kana/digest.js";

/** Whose share of a shared budget a call takes: its token's (by fingerprint, never the token), or an anonymous client's address. */
export function budgetCaller(token: string | undefined, address?: string): string {
  return token ? `token:${tokenFingerprint(token)}` : address === undefined ? "anonymous" : `anonymous:${address}`;
}

/** The keys of a call: none (one user), one, or several (who and from where). */
export type BudgetCallers = string | readonly string[] | undefined;

const keysOf = (callers: BudgetCallers): readonly string[] => (callers === undefined ? [] : typeof callers === "string" ? [callers] : callers);

/** VNDB's documented limit: 200 requests ... */
export const DEFAULT_MAX_REQUESTS = 200;
/** ... per 5 minutes. */
export const DEFAULT_WINDOW_MS = 300_000;
/**
 * Requests in flight at once. VNDB publishes no concurrency limit, but its throttle
 * charges server time (§3.1), so a handful of parallel queries is all that pays off.
 */
export const DEFAULT_CONCURRENCY = 4;
/**
 * Extra spacing added to the window: our clock reading at dispatch and the server's at
 * arrival differ by transit jitter, and a request that lands a few ms early at the window
 * edge would be the 201st.
 */
export const DEFAULT_WINDOW_MARGIN_MS = 1_000;
/**
 * How many free slots a caller needs per slot it holds before it may start another: 1 means
 * "while you hold fewer than are free". A caller alone then gets half of VNDB's 200 per 5
 * minutes (100, ten conversations' worth: answers are cached and shared), two flooding
 * callers leave a third a quarter of the window, and the holders wait as their slots slide
 * out while newcomers go first. Larger weights keep more free for newcomers but cap a lone
 * caller lower (200 / (1 + weight)).
 */
export const FAIR_SHARE_WEIGHT = 1;

export interface RateBudgetOptions {
  maxRequests?: number;
  windowMs?: number;
  concurrency?: number;
  windowMarginMs?: number;
  /** Free slots a named caller needs per slot it holds (> 0); see FAIR_SHARE_WEIGHT. */
  fairWeight?: number;
  /**
   * The window shared with other replicas behind the same address (Redis): a permit then
   * needs a slot there too. When the store fails, the local window alone decides (and
   * `onSharedError` hears why), so an outage of Redis does not stop the server.
   */
  shared?: SharedRequestWindow;
  onSharedError?: (error: unknown) => void;
}

/** Why a permit could not be granted in time. */
export type BudgetLimit = "window" | "paused" | "concurrency" | "share";

/** Raised when a permit would take longer than the caller may wait. */
export class RateBudgetExceeded extends Error {
  override readonly name = "RateBudgetExceeded";
  constructor(
    readonly retryAfterMs: number,
    readonly limit: BudgetLimit,
  ) {
    super(`rate budget exhausted (${limit}); a slot frees up in ${Math.ceil(retryAfterMs / 1000)} s`);
  }
}

export interface Permit {
  /** Frees the concurrency slot (the window slot stays used until it slides out). */
  release(): void;
}

/** What one acquisition asks for. */
export interface AcquireOptions {
  maxWaitMs: number;
  signal?: AbortSignal;
  /** Who asks (a grant, a token fingerprint, an address; several keys: each must be within its share). */
  caller?: BudgetCallers;
}

interface Waiter {
  keys: readonly string[];
  grant(): void;
  fail(error: unknown): void;
}

export interface RateBudgetSnapshot {
  inWindow: number;
  active: number;
  queued: number;
  pausedForMs: number;
}

export class RateBudget {
  readonly maxRequests: number;
  readonly windowMs: number;
  readonly concurrency: number;
  /** Most slots of one window a named caller takes when it is alone (weight: FAIR_SHARE_WEIGHT). */
  readonly callerMax: number;
  readonly fairWeight: number;
  private readonly spacingMs: number;
  /** Per named caller: start times inside the window (oldest first) and permits in flight. */
  private readonly callers = new Map<string, { starts: number[]; active: number }>();
  /** Start times of granted requests still inside the window, oldest first. */
  private readonly starts: number[] = [];
  private readonly queue: Waiter[] = [];
  private active = 0;
  private pausedUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private readonly shared: SharedRequestWindow | undefined;
  private readonly onSharedError: (error: unknown) => void;

  constructor(options: RateBudgetOptions = {}) {
    this.maxRequests = positiveInt(options.maxRequests ?? DEFAULT_MAX_REQUESTS, "maxRequests");
    this.windowMs = positiveInt(options.windowMs ?? DEFAULT_WINDOW_MS, "windowMs");
    this.concurrency = positiveInt(options.concurrency ?? DEFAULT_CONCURRENCY, "concurrency");
    this.spacingMs = this.windowMs + Math.max(0, options.windowMarginMs ?? DEFAULT_WINDOW_MARGIN_MS);
    const weight = options.fairWeight ?? FAIR_SHARE_WEIGHT;
    if (!(weight > 0 && Number.isFinite(weight))) throw new RangeError(`fairWeight must be a positive number, got ${weight}`);
    this.fairWeight = weight;
    // used * weight < max - used  <=>  used < max / (1 + weight)
    this.callerMax = Math.max(1, Math.ceil(this.maxRequests / (1 + weight)));
    this.shared = options.shared;
    const onSharedError = options.onSharedError ?? (() => {});
    // A store that refuses because it is known to be down has said so once already.
    this.onSharedError = (error) => {
      if (!(error instanceof SharedStoreUnavailable)) onSharedError(error);
    };
  }

  /**
   * Waits for a permit in FIFO order. Fails at once with RateBudgetExceeded when the
   * window alone says the wait would exceed `maxWaitMs`, or later when it actually does.
   * With a shared window, the local permit is then matched by a slot there.
   */
  acquire(options: AcquireOptions): Promise<Permit> {
    if (this.shared === undefined) return this.acquireLocal(options);
    return this.acquireShared(this.shared, options);
  }

  private async acquireShared(shared: SharedRequestWindow, options: AcquireOptions): Promise<Permit> {
    const giveUpAt = Date.now() + options.maxWaitMs;
    for (;;) {
      const permit = await this.acquireLocal({ ...options, maxWaitMs: Math.max(0, giveUpAt - Date.now()) });
      let take: WindowTake;
      try {
        take = await shared.take(this.maxRequests, this.spacingMs, { keys: keysOf(options.caller), weight: this.fairWeight });
      } catch (error) {
        this.onSharedError(error);
        return permit;
      }
      if (take.granted) return permit;
      permit.release();
      // Another replica holds the slots: wait for the shared window as for our own.
      const limit: BudgetLimit = take.reason === "paused" ? "paused" : take.reason === "share" ? "share" : "window";
      if (Date.now() + take.retryInMs > giveUpAt) throw new RateBudgetExceeded(take.retryInMs, limit);
      await sleep(take.retryInMs, options.signal);
    }
  }

  private acquireLocal(options: AcquireOptions): Promise<Permit> {
    const { signal } = options;
    const keys = keysOf(options.caller);
    if (signal?.aborted) return Promise.reject(signal.reason);
    const now = Date.now();
    this.prune(now);
    const estimate = this.estimateWait(now, keys, this.queuedFor(keys, this.queue.length));
    if (estimate.ms > options.maxWaitMs) {
      return Promise.reject(new RateBudgetExceeded(estimate.ms, estimate.limit));
    }
    return new Promise<Permit>((resolve, reject) => {
      let timeout: NodeJS.Timeout | undefined;
      const cleanup = () => {
        if (timeout !== undefined) clearTimeout(timeout);
        signal?.removeEventListener("abort", onAbort);
      };
      const waiter: Waiter = {
        keys,
        grant: () => {
          cleanup();
          resolve(this.makePermit(keys));
        },
        fail: (error) => {
          cleanup();
          reject(error);
        },
      };
      const drop = (error: unknown) => {
        const index = this.queue.indexOf(waiter);
        if (index < 0) return; // already granted
        this.queue.splice(index, 1);
        waiter.fail(error);
        this.pump(); // the waiters behind may now fit
      };
      const onAbort = () => drop(signal?.reason);
      signal?.addEventListener("abort", onAbort, { once: true });
      timeout = setTimeout(() => {
        const at = Date.now();
        this.prune(at);
        const position = Math.max(0, this.queue.indexOf(waiter));
        const left = this.estimateWait(at, keys, this.queuedFor(keys, position));
        const limit: BudgetLimit = left.ms > 0 ? left.limit : "concurrency";
        drop(new RateBudgetExceeded(Math.max(left.ms, 1_000), limit));
      }, Math.max(0, options.maxWaitMs));
      this.queue.push(waiter);
      this.pump();
    });
  }

  /**
   * Holds every request back until `ms` from now (a 429 arrived: the server's view of our
   * budget is worse than ours, so nobody may send until it has recovered).
   */
  pause(ms: number): void {
    const until = Date.now() + Math.max(0, ms);
    if (until > this.pausedUntil) this.pausedUntil = until;
    this.shared?.pause(ms).catch((error: unknown) => this.onSharedError(error));
    this.pump();
  }

  snapshot(): RateBudgetSnapshot {
    const now = Date.now();
    this.prune(now);
    return {
      inWindow: this.starts.length,
      active: this.active,
      queued: this.queue.length,
      pausedForMs: Math.max(0, this.pausedUntil - now),
    };
  }

  /** Rejects every waiter and stops the timer (the client is closing). */
  close(reason: unknown): void {
    for (const waiter of this.queue.splice(0)) waiter.fail(reason);
    this.clearTimer();
  }

  private makePermit(keys: readonly string[]): Permit {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.active--;
        for (const key of keys) {
          const own = this.callers.get(key);
          if (!own) continue;
          own.active--;
          this.forgetIdle(key, own);
        }
        this.pump();
      },
    };
  }

  /** Waiters sharing a key with `keys` among the first `before` of the queue (all of them for an unnamed caller). */
  private queuedFor(keys: readonly string[], before: number): number {
    if (keys.length === 0) return before;
    let n = 0;
    for (let i = 0; i < before; i++) if (this.queue[i]!.keys.some((k) => keys.includes(k))) n++;
    return n;
  }

  /**
   * Whether every key of a call may start a request now (the window itself aside): each
   * holds fewer slots (times the weight) than are still free.
   */
  private withinShare(keys: readonly string[]): boolean {
    const free = this.maxRequests - this.starts.length;
    return keys.every((key) => (this.callers.get(key)?.starts.length ?? 0) * this.fairWeight < free);
  }

  private forgetIdle(caller: string, own: { starts: number[]; active: number }): void {
    if (own.active === 0 && own.starts.length === 0) this.callers.delete(caller);
  }

  /**
   * Grants permits while everything allows it: in queue order, skipping callers at their
   * share; a free slot goes to the eligible caller with the fewest permits in flight.
   */
  private pump(): void {
    while (this.queue.length > 0) {
      if (this.active >= this.concurrency) return; // a release() will pump again
      const now = Date.now();
      this.prune(now);
      const readyAt = this.nextStartAt(now);
      if (readyAt > now) {
        this.wakeAt(readyAt);
        return;
      }
      let chosen = -1;
      let fewest = Infinity;
      for (let i = 0; i < this.queue.length; i++) {
        const keys = this.queue[i]!.keys;
        if (!this.withinShare(keys)) continue;
        let inFlight = 0;
        for (const key of keys) inFlight = Math.max(inFlight, this.callers.get(key)?.active ?? 0);
        if (inFlight < fewest) {
          chosen = i;
          fewest = inFlight;
          if (inFlight === 0) break;
        }
      }
      if (chosen < 0) {
        // Everyone waiting is at their share: wake when the first of their slots slides out.
        this.wakeAt(this.shareFreesAt());
        return;
      }
      const [waiter] = this.queue.splice(chosen, 1) as [Waiter];
      this.starts.push(now);
      this.active++;
      for (const key of waiter.keys) {
        let own = this.callers.get(key);
        if (!own) this.callers.set(key, (own = { starts: [], active: 0 }));
        own.starts.push(now);
        own.active++;
      }
      waiter.grant();
    }
    this.clearTimer();
  }

  /** When the earliest slot of the window frees (any slot sliding out may let a waiting caller in). */
  private shareFreesAt(): number {
    return this.starts.length > 0 ? this.starts[0]! + this.spacingMs : Date.now() + 1_000;
  }

  /** Earliest time the next request may start, ignoring concurrency. */
  private nextStartAt(now: number): number {
    let at = Math.max(now, this.pausedUntil);
    if (this.starts.length >= this.maxRequests) {
      at = Math.max(at, this.starts[this.starts.length - this.maxRequests] + this.spacingMs);
    }
    return at;
  }

  /**
   * Lower bound of the wait for a request of `caller` with `position` requests ahead of it
   * (its caller's own, for a named caller). The window alone: playing it forward, this is
   * request number starts.length + position, and request i may start no earlier than
   * request i - maxRequests plus the window. A named caller also waits for its share (or
   * for the window to have more than the reserve free, whichever comes first). Concurrency
   * can only add to it.
   */
  private estimateWait(now: number, keys: readonly string[], position: number): { ms: number; limit: BudgetLimit } {
    const window = this.playForward(now, this.starts, this.maxRequests, position);
    let shareAt = now;
    for (const key of keys) shareAt = Math.max(shareAt, this.shareOpensAt(now, this.callers.get(key)?.starts ?? [], position));
    const shareMs = shareAt - now;
    return shareMs > window.ms ? { ms: shareMs, limit: "share" } : window;
  }

  /**
   * When a key holding `own` (with `position` more of its requests ahead) may start again:
   * slots slide out oldest first, each freeing one for the window and one of the key's own
   * when it is the key's; the first moment (own + position) * weight < free.
   */
  private shareOpensAt(now: number, own: readonly number[], position: number): number {
    let total = this.starts.length + position;
    let mine = own.length + position;
    const fits = () => mine * this.fairWeight < this.maxRequests - total;
    if (fits()) return Math.max(now, this.pausedUntil);
    let j = 0;
    for (const start of this.starts) {
      total--;
      if (j < own.length && own[j] === start) {
        mine--;
        j++;
      }
      if (fits()) return Math.max(start + this.spacingMs, this.pausedUntil);
    }
    return Math.max(now, this.pausedUntil) + this.spacingMs; // the queued requests alone exceed it
  }

  /** When request number starts.length + position may start under a limit of `max` per window. */
  private playForward(now: number, starts: readonly number[], max: number, position: number): { ms: number; limit: BudgetLimit } {
    const times = starts.slice();
    let at = now;
    let limit: BudgetLimit = "concurrency";
    for (let k = 0; k <= position; k++) {
      const index = times.length;
      at = Math.max(now, this.pausedUntil);
      limit = this.pausedUntil > now ? "paused" : "concurrency";
      if (max <= 0) return { ms: Infinity, limit: "window" };
      if (index >= max) {
        const windowAt = times[index - max]! + this.spacingMs;
        if (windowAt > at) {
          at = windowAt;
          limit = "window";
        }
      }
      times.push(at);
    }
    return { ms: at - now, limit };
  }

  private prune(now: number): void {
    const cutoff = now - this.spacingMs;
    dropUpTo(this.starts, cutoff);
    for (const [caller, own] of this.callers) {
      dropUpTo(own.starts, cutoff);
      this.forgetIdle(caller, own);
    }
  }

  private wakeAt(at: number): void {
    if (this.timer !== undefined && this.timerAt <= at) return;
    this.clearTimer();
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.timerAt = Infinity;
      this.pump();
    }, at - Date.now());
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Infinity;
  }
}

/** Drops the leading times at or before `cutoff` from a sorted list. */
function dropUpTo(times: number[], cutoff: number): void {
  let drop = 0;
  while (drop < times.length && times[drop]! <= cutoff) drop++;
  if (drop > 0) times.splice(0, drop);
}

function positiveInt(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/** Resolves after `ms`, or rejects with the signal's reason when it fires first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
