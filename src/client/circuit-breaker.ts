// When VNDB is down, every call used to retry into the outage: under a persistent 502 or
// connection reset the retries spent the whole 200-request window in under a second, and
// for five minutes after, every error blamed the client budget instead of the outage. After
// a few consecutive upstream failures the breaker opens: calls fail at once saying VNDB is
// unavailable since when, and one call per interval is let through to probe. The first
// success closes it.

export interface CircuitBreakerOptions {
  /** Consecutive upstream failures that open the breaker. */
  threshold?: number;
  /** Time between probes while open. */
  probeIntervalMs?: number;
  now?: () => number;
}

/** 5: one failed call retries 3 times; two calls in a row failing is an outage, not a blip. */
export const DEFAULT_BREAKER_THRESHOLD = 5;
/** 30 s: VNDB restarts take about that; at most 10 of the 200 requests per 5 minutes on probes. */
export const DEFAULT_PROBE_INTERVAL_MS = 30_000;

export type BreakerGate = { open: false } | { open: true; since: number; cause: string; retryInMs: number };

export class CircuitBreaker {
  readonly #threshold: number;
  readonly #intervalMs: number;
  readonly #now: () => number;
  #failures = 0;
  #openedAt: number | undefined;
  #nextProbeAt = 0;
  #lastCause: { cause: string; at: number } | undefined;

  constructor(options: CircuitBreakerOptions = {}) {
    this.#threshold = options.threshold ?? DEFAULT_BREAKER_THRESHOLD;
    this.#intervalMs = options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS;
    this.#now = options.now ?? Date.now;
  }

  /** Before an attempt: may it go out? While open, one attempt per interval does (the probe). */
  gate(): BreakerGate {
    if (this.#openedAt === undefined) return { open: false };
    const now = this.#now();
    if (now >= this.#nextProbeAt) {
      this.#nextProbeAt = now + this.#intervalMs;
      return { open: false };
    }
    return { open: true, since: this.#openedAt, cause: this.#lastCause?.cause ?? "unreachable", retryInMs: this.#nextProbeAt - now };
  }

  /** An answer came back (any status that is not an outage): VNDB is up. */
  succeeded(): void {
    this.#failures = 0;
    this.#openedAt = undefined;
  }

  /** An outage-like failure (502/503/504, no connection): `cause` is said in messages ("502", "ECONNRESET"). */
  failed(cause: string): void {
    const now = this.#now();
    this.#lastCause = { cause, at: now };
    if (++this.#failures >= this.#threshold && this.#openedAt === undefined) {
      this.#openedAt = now;
      this.#nextProbeAt = now + this.#intervalMs;
    }
  }

  /** The last upstream failure, if recent: said when the budget, not VNDB, refuses a call. */
  recentCause(withinMs: number): { cause: string; at: number } | undefined {
    return this.#lastCause && this.#now() - this.#lastCause.at <= withinMs ? this.#lastCause : undefined;
  }

  get isOpen(): boolean {
    return this.#openedAt !== undefined;
  }
}

/** "14:03:07 UTC": when an outage began, as a user can match it with a status page. */
export function utcTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(11, 19)} UTC`;
}
