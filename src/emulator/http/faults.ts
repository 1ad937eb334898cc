// Fault injection: make the next N API requests fail the way a real deployment sometimes
// does, so a client's retry, deadline and error handling can be tested against real HTTP.
//
// Off by default and never reachable by accident: faults exist only when something calls
// `emulator.faults.inject(...)` in-process, or — over HTTP — when the emulator was started
// with the explicit `--enable-faults` flag, which serves a control path outside the API base
// (see docs/emulator.md). A fault is consumed by the request it answers.

import type { KanaFailure } from "../../kana/types.js";

export const FAULT_KINDS = [
  /** 429 with VNDB's throttle message; with `retryAfter`, also a Retry-After header. */
  "rate-limit",
  /** 500 `Processing timeout` (reference §3.3). */
  "processing-timeout",
  /** 500 with VNDB's internal-error message (reference §1.3). */
  "internal-error",
  /** 502 with an nginx-like HTML page (upstream down). */
  "bad-gateway",
  /** No answer for `delayMs` (default: until the client gives up or the emulator closes). */
  "hang",
  /** The TCP connection is destroyed without an answer. */
  "reset",
  /** 200 application/json whose body is cut off mid-way. */
  "malformed-json",
  /**
   * The request is carried out (a write lands) and then the connection is destroyed
   * before the answer: the client cannot tell whether its request took effect.
   */
  "lost-answer",
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  kind: FaultKind;
  /** How many requests to answer this way (default 1). */
  count?: number;
  /** Seconds for the Retry-After header (rate-limit only). */
  retryAfter?: number;
  /** hang only: after this many ms the request is answered normally. */
  delayMs?: number;
  /** Only requests with this method (e.g. "POST"); any when absent. */
  method?: string;
  /** Only requests whose path below the API base starts with this (e.g. "/vn"); any when absent. */
  path?: string;
  /**
   * Let this many matching requests through untouched first (default 0): e.g. fail the
   * read that follows a write, not the read before it.
   */
  skip?: number;
}

interface PendingFault extends Required<Pick<FaultSpec, "kind">> {
  remaining: number;
  retryAfter?: number;
  delayMs?: number;
  method?: string;
  path?: string;
  skip: number;
}

export const PROCESSING_TIMEOUT: KanaFailure = { status: 500, message: "Processing timeout" };

/** What nginx answers when the application behind it is down. */
export const BAD_GATEWAY_HTML =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

/** A JSON body cut off in the middle, as a broken proxy or a dropped connection would leave it. */
export const MALFORMED_JSON_BODY = '{"more":false,"results":[{"id":"v17","title":"Ever17 -the out';

export function isFaultKind(value: unknown): value is FaultKind {
  return typeof value === "string" && (FAULT_KINDS as readonly string[]).includes(value);
}

/** The queue of injected faults; first matching fault wins. */
export class Faults {
  private readonly queue: PendingFault[] = [];

  inject(spec: FaultSpec): void {
    if (!isFaultKind(spec.kind)) throw new Error(`unknown fault kind: ${String(spec.kind)}`);
    const count = spec.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new Error("fault count must be a positive integer");
    const skip = spec.skip ?? 0;
    if (!Number.isInteger(skip) || skip < 0) throw new Error("fault skip must be a non-negative integer");
    this.queue.push({
      kind: spec.kind,
      remaining: count,
      retryAfter: spec.retryAfter,
      delayMs: spec.delayMs,
      method: spec.method?.toUpperCase(),
      path: spec.path,
      skip,
    });
  }

  /** Removes every pending fault. */
  clear(): void {
    this.queue.length = 0;
  }

  /** Pending faults (for the control endpoint and tests). */
  pending(): FaultSpec[] {
    return this.queue.map((f) => ({
      kind: f.kind,
      count: f.remaining,
      ...(f.retryAfter !== undefined ? { retryAfter: f.retryAfter } : {}),
      ...(f.delayMs !== undefined ? { delayMs: f.delayMs } : {}),
      ...(f.method !== undefined ? { method: f.method } : {}),
      ...(f.path !== undefined ? { path: f.path } : {}),
      ...(f.skip > 0 ? { skip: f.skip } : {}),
    }));
  }

  /** Consumes and returns the fault for this request, if any. */
  take(method: string, path: string): FaultSpec | null {
    const index = this.queue.findIndex(
      (f) => (f.method === undefined || f.method === method) && (f.path === undefined || path.startsWith(f.path)),
    );
    if (index < 0) return null;
    const fault = this.queue[index];
    if (fault.skip > 0) {
      // A skipped request is not answered by a later fault either: it passes untouched.
      fault.skip -= 1;
      return null;
    }
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.queue.splice(index, 1);
    return { kind: fault.kind, retryAfter: fault.retryAfter, delayMs: fault.delayMs };
  }
}
