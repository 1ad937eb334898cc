// When and how long to wait before sending a failed request again.
//
// Every Kana request is safe to repeat:
// - the nine POST query endpoints only read (POST is used to carry a JSON body, reference
//   §1.1), so a repeat returns the same kind of answer and changes nothing;
// - PATCH /ulist and /rlist are set operations: the body states the wanted values (vote,
//   notes, dates, label set/unset, status), so applying it twice leaves the same state as
//   once (reference §12.2: the vote date is kept when a vote already exists, `added` is set
//   only on creation; only `lastmod` moves, which any PATCH does anyway);
// - DELETE never fails for an entry that is already gone (reference §12.4: no existence
//   check), so a repeat after a lost response is harmless.
// The GET endpoints are reads. So the retry decision depends only on the failure.

/** Retry policy knobs; every default is documented where it is defined. */
export interface RetryPolicy {
  /** Total attempts including the first. */
  maxAttempts: number;
  /** First backoff step. */
  baseDelayMs: number;
  /** Upper bound of one backoff step (Retry-After may ask for more; see below). */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the call fails with the hint. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  // 3 attempts: enough to ride out a dropped keep-alive connection or a short 502 blip,
  // few enough that a persistent outage costs at most 3 requests per call (VNDB allows
  // 200 per 5 minutes, so a storm of retries would eat the budget).
  maxAttempts: 3,
  // 500 ms, doubling: VNDB's throttle (reference §3.1) frees about 1 s of server time per
  // minute, so sub-second retries would only be refused again.
  baseDelayMs: 500,
  // 8 s: beyond that a tool call feels hung; the per-call deadline caps it anyway.
  maxDelayMs: 8_000,
  // 60 s: a Retry-After longer than that does not fit any interactive call's deadline.
  maxRetryAfterMs: 60_000,
};

/** What went wrong with one attempt, as far as the retry decision cares. */
export type AttemptFailure =
  | { type: "status"; status: number; body: string }
  | { type: "network"; code: string }
  | { type: "malformed" };

/** The exact body of VNDB's query timeout (reference §3.3). */
export const PROCESSING_TIMEOUT_MESSAGE = "Processing timeout";

/** Network error codes that mean "the connection went away or stalled", worth one more try. */
const RETRYABLE_NETWORK_CODES = new Set([
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_ATTEMPT_TIMEOUT",
]);

/**
 * Whether a failure may succeed if sent again: 429 (throttled), 500 `Processing timeout`
 * (the 3 s query alarm may not fire on a warmer cache), 502/503/504 (nginx/upstream), resets
 * and timeouts, and a garbled body. Every other 4xx says what is wrong with the request and
 * repeats identically; a 500 other than the timeout "usually points to a server bug"
 * (reference §1.3), e.g. an impossible date in a PATCH (§12.2).
 */
export function isRetryable(failure: AttemptFailure): boolean {
  switch (failure.type) {
    case "status":
      if (failure.status === 429 || failure.status === 502 || failure.status === 503 || failure.status === 504) {
        return true;
      }
      return failure.status === 500 && failure.body.trim() === PROCESSING_TIMEOUT_MESSAGE;
    case "network":
      return RETRYABLE_NETWORK_CODES.has(failure.code);
    case "malformed":
      return true;
  }
}

/**
 * Backoff before attempt `attempt + 1` (attempt counts from 1): exponential, capped, with
 * "equal jitter" — half fixed, half random — so concurrent callers spread out (no
 * synchronised retry wave) yet never retry instantly.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * Parses a Retry-After header (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) into
 * milliseconds from `now`; undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP-date always names a weekday and month; Date.parse would read "-5" as a year.
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
