// What the client sends its requests through: one exchange with the API, whatever carries it.
// transport.ts carries it over HTTP (VNDB, or any URL); in-process-exchange.ts hands it to the
// emulator's worker in this process (--embedded, --mirror). Budget, retries, caching and
// errors stay the client's, the same whichever exchange answers.

import type { RawResponse, RequestSpec } from "./transport.js";

export interface Exchange {
  /**
   * One request, aborted by `signal`, by close() or at `deadlineAt` (epoch ms). Throws
   * AttemptFailureError for an answer that cannot be read, anything else for a failure to
   * get one (named by attempt-failure.ts networkCode).
   */
  send(spec: RequestSpec, signal: AbortSignal | undefined, deadlineAt: number): Promise<RawResponse>;
  /**
   * Whether this request is answered in this process (the emulator's worker): it then spends
   * none of VNDB's request budget and says nothing about VNDB's health (circuit-breaker.ts).
   * Absent: every request goes to the API.
   */
  isLocal?(spec: RequestSpec): boolean;
  /** Lets requests in flight finish for a short grace, then ends them with `reason`. */
  close(reason: Error): Promise<void>;
}
