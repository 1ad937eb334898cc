// Typed failures of the Kana client. VNDB answers errors as short plain text that says
// exactly what was wrong (reference §1.3); `message` keeps that text verbatim so the model
// sees VNDB's own words, and `hint` adds what to do about it.
//
// A KanaError never holds the API token: it is built only from statuses, VNDB's bodies and
// sanitised fields of network errors (never the request, its headers or undici's error
// object itself).

/** Where a failure came from. */
export type KanaErrorKind =
  /** VNDB (or the emulator) answered with an error status; `message` is its body. */
  | "http"
  /** Rejected locally with exactly the status and message VNDB would have given. */
  | "validation"
  /** The configured token is malformed (reference §2.3); checked without a request. */
  | "token"
  /** The client-side rate budget is spent; `retryAfterMs` says when a slot frees up. */
  | "budget"
  /** The per-call deadline ran out while waiting, retrying or receiving. */
  | "deadline"
  /** The caller's AbortSignal fired. */
  | "aborted"
  /** Connection refused, reset or timed out, after the allowed retries. */
  | "network"
  /** VNDB has been failing (502/503/504, no connection) for several calls in a row: not tried. */
  | "unavailable"
  /** A response that is not what the API contract says (e.g. malformed JSON). */
  | "protocol";

export interface KanaErrorInit {
  kind: KanaErrorKind;
  /** HTTP status, or the status VNDB would give (validation, token); null when no answer. */
  status: number | null;
  message: string;
  method: string;
  /** API path relative to the base, e.g. "/vn" or "/ulist/v17". */
  endpoint: string;
  /** How many HTTP requests were sent for this call (0 when it failed locally). */
  attempts: number;
  hint?: string;
  retryAfterMs?: number;
  /** Network error code (ECONNRESET, UND_ERR_HEADERS_TIMEOUT, ...), when there was one. */
  code?: string;
}

export class KanaError extends Error {
  override readonly name = "KanaError";
  readonly kind: KanaErrorKind;
  readonly status: number | null;
  readonly method: string;
  readonly endpoint: string;
  readonly attempts: number;
  /** True when more than one request was sent (the failure is the last one's). */
  readonly retried: boolean;
  readonly hint: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly code: string | undefined;

  constructor(init: KanaErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.method = init.method;
    this.endpoint = init.endpoint;
    this.attempts = init.attempts;
    this.retried = init.attempts > 1;
    this.hint = init.hint;
    this.retryAfterMs = init.retryAfterMs;
    this.code = init.code;
  }

  /** A copy with a different hint (hints are computed after the error is classified). */
  withHint(hint: string | undefined): KanaError {
    return new KanaError({ ...this.toJSON(), hint });
  }

  /** Plain data for logs and structured tool results. */
  toJSON(): KanaErrorInit & { name: string; retried: boolean } {
    return {
      name: this.name,
      kind: this.kind,
      status: this.status,
      message: this.message,
      method: this.method,
      endpoint: this.endpoint,
      attempts: this.attempts,
      retried: this.retried,
      hint: this.hint,
      retryAfterMs: this.retryAfterMs,
      code: this.code,
    };
  }
}

export function isKanaError(value: unknown): value is KanaError {
  return value instanceof KanaError;
}
