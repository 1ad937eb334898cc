// Naming what went wrong with one HTTP attempt, for the retry decision (retry.ts) and for
// log lines. Nothing here keeps undici's error objects: they may carry the request, and
// with it the Authorization header.

import type { AttemptFailure } from "./retry.js";

/** Thrown inside one exchange when the failure is already classified (e.g. a garbled body). */
export class AttemptFailureError extends Error {
  constructor(readonly attempt: AttemptFailure) {
    super(attempt.type);
  }
}

/** A short description of a failed attempt for log lines ("HTTP 502", "ECONNRESET"). */
export function describeFailure(failure: AttemptFailure): string {
  switch (failure.type) {
    case "status":
      return `HTTP ${failure.status}`;
    case "network":
      return failure.code;
    case "malformed":
      return "malformed body";
  }
}

/** A safe error code from whatever undici or node threw (never the error object itself). */
export function networkCode(error: unknown): string {
  if (error && typeof error === "object") {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && /^[A-Z0-9_]+$/.test(code)) return code;
    const cause = (error as { cause?: { code?: unknown } }).cause;
    if (cause && typeof cause.code === "string" && /^[A-Z0-9_]+$/.test(cause.code)) return cause.code;
  }
  return "UND_ERR_SOCKET";
}
