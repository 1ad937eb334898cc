// The two limits a Kana client meets (reference §3):
//
// 1. The request-count limit, "200 requests per 5 minutes" in VNDB's docs. The real one is
//    enforced by nginx in front of the application (§3.2), whose status and body the source
//    cannot confirm; the emulator answers 429 with a short plain-text body and a
//    Retry-After header saying when the oldest counted request leaves the window.
// 2. The execution-time throttle inside the application (§3.1): every second of server time
//    costs 60 seconds of debt; a request arriving while the debt is 300 s or more ahead of
//    now is refused with 429 `Throttled on query execution time.`
//
// Both are per client address and can be switched off (tests default them off).

import { isIP } from "node:net";

/** VNDB docs: "200 requests per 5 minutes" (enforced by nginx, reference §3.2). */
export const DEFAULT_REQUEST_LIMIT = 200;
export const DEFAULT_REQUEST_WINDOW_MS = 5 * 60 * 1000;

/** `api_throttle => [60, 5]` in VNDB's config (reference §3.1): cost factor and burst seconds. */
export const THROTTLE_COST_FACTOR = 60;
export const THROTTLE_BURST_SECONDS = 5;

/** Body of the request-count 429 (the real one is nginx's own page; see docs/emulator.md). */
export const REQUEST_LIMIT_MESSAGE = "Too many requests.";
export const THROTTLE_MESSAGE = "Throttled on query execution time.";

export interface LimitsOptions {
  /** Request-count limit; false switches it off. */
  requests?: false | { limit?: number; windowMs?: number };
  /** Execution-time throttle; false switches it off. */
  throttle?: false | { costFactor?: number; burstSeconds?: number };
  /** Monotonic milliseconds; tests inject a fake. */
  nowMs?: () => number;
}

/** Sliding-window request counter per client address. */
export class RequestCounter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts the request, or says how many ms until it would be allowed (nothing counted then). */
  take(key: string, now: number): { ok: true } | { ok: false; retryAfterMs: number } {
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= this.limit) {
      this.hits.set(key, list);
      return { ok: false, retryAfterMs: Math.max(0, list[list.length - this.limit] + this.windowMs - now) };
    }
    list.push(now);
    this.hits.set(key, list);
    return { ok: true };
  }

  reset(): void {
    this.hits.clear();
  }
}

/**
 * VNDB's `check_throttle`/`add_throttle`: one debt timestamp per network. Times are in ms.
 */
export class ExecutionThrottle {
  private readonly debt = new Map<string, number>();
  constructor(
    readonly costFactor: number,
    readonly burstSeconds: number,
  ) {}

  /** True when the request may run. */
  check(key: string, now: number): boolean {
    const t = this.debt.get(key);
    return t === undefined || t < now + this.costFactor * this.burstSeconds * 1000;
  }

  /** Charges a finished request (also a refused one, as VNDB does) that started at `start`. */
  charge(key: string, start: number, end: number): void {
    const t = this.debt.get(key) ?? end;
    this.debt.set(key, Math.max(t, end) + (end - start) * this.costFactor);
  }

  reset(): void {
    this.debt.clear();
  }
}

/** VNDB's `norm_ip`: the /23 network for IPv4, the /48 network for IPv6. */
export function throttleKey(address: string): string {
  const v4 = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b, c] = v4.split(".").map(Number);
    return `${a}.${b}.${c & 0xfe}.0/23`;
  }
  if (isIP(v4) === 6) return `${expandIPv6(v4).slice(0, 3).join(":")}::/48`;
  return address;
}

function expandIPv6(address: string): string[] {
  const [head, tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""));
}

/** Both limits, configured once per emulator. */
export class Limits {
  readonly requests: RequestCounter | null;
  readonly throttle: ExecutionThrottle | null;
  readonly nowMs: () => number;

  constructor(opts: LimitsOptions | false = {}) {
    const o = opts === false ? { requests: false as const, throttle: false as const } : opts;
    this.nowMs = o.nowMs ?? (() => performance.now());
    this.requests =
      o.requests === false
        ? null
        : new RequestCounter(o.requests?.limit ?? DEFAULT_REQUEST_LIMIT, o.requests?.windowMs ?? DEFAULT_REQUEST_WINDOW_MS);
    this.throttle =
      o.throttle === false
        ? null
        : new ExecutionThrottle(o.throttle?.costFactor ?? THROTTLE_COST_FACTOR, o.throttle?.burstSeconds ?? THROTTLE_BURST_SECONDS);
  }

  reset(): void {
    this.requests?.reset();
    this.throttle?.reset();
  }
}
