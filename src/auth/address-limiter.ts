// Per-address limits of the authorization server's open doors (issue 30: 25,000
// registrations in 10 s from one address pushed out earlier clients, and the page's
// "Check token" sent 199 requests to VNDB in 6 s). A fixed window per address, in this
// process's memory: behind N replicas an address may reach N times the limit, which still
// bounds it. Addresses of a host pool (claude.ai's egress, http-caller.ts) carry many people,
// so they get POOL_LIMIT_FACTOR times the limit.

import { OAuthFailure } from "./http-io.js";

/** A pool address serves many people: this many times a single address's limit. */
export const POOL_LIMIT_FACTOR = 100;
/** Addresses tracked at once per limiter (the oldest window is forgotten first); ~100 bytes each. */
export const TRACKED_ADDRESSES_MAX = 50_000;

export class AddressLimiter {
  readonly #windows = new Map<string, { start: number; count: number }>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** What is limited, for the refusal ("registrations", "sign-in page requests"). */
    readonly what: string,
    readonly now: () => number = Date.now,
  ) {}

  /** Counts one more for `address`; throws 429 with Retry-After past the limit. */
  take(address: string, pooled: boolean, headers: Record<string, string> = {}): void {
    const now = this.now();
    let window = this.#windows.get(address);
    if (!window || now - window.start >= this.windowMs) {
      this.#windows.delete(address);
      window = { start: now, count: 0 };
      this.#windows.set(address, window);
      for (const oldest of this.#windows.keys()) {
        if (this.#windows.size <= TRACKED_ADDRESSES_MAX) break;
        this.#windows.delete(oldest);
      }
    }
    const limit = pooled ? this.limit * POOL_LIMIT_FACTOR : this.limit;
    if (window.count >= limit) {
      const retryS = Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
      throw new OAuthFailure(429, "slow_down", `too many ${this.what} from this address (at most ${limit} per ${Math.round(this.windowMs / 1000)} s); retry in ${retryS} s`, { "retry-after": String(retryS), ...headers });
    }
    window.count++;
  }
}
