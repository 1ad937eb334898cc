// An exchange with the emulator running in a worker thread of this process (--embedded, and
// the catalogue requests of --mirror): the request goes over as a message {method, path,
// search, body, headers} and the answer comes back as {status, headers, text}. No socket, no
// HTTP framing, no compression: writing HTTP to a loopback socket was most of an offline
// call's cost (issue 28; bench/offline-exchange.bench.ts). The client's budget, cache,
// retries and errors are untouched: they sit above the exchange.

import { linkSignals } from "./abort.js";
import type { Exchange } from "./exchange.js";
import type { RawResponse, RequestSpec } from "./transport.js";

/** One request as the worker receives it (emulator/http/in-process.ts InProcessRequest). */
export interface LocalRequest {
  method: string;
  /** Below the API base, as in a URL ("/vn", "/ulist/v17"). */
  path: string;
  search?: string;
  body?: string;
  /** Lower-case names. */
  headers: Record<string, string>;
}

export interface LocalResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * Whoever carries a request to the worker and its answer back (server/embedded.ts, over
 * postMessage). Rejects when the worker cannot answer (it stopped, its data failed to load).
 */
export interface LocalApi {
  request(request: LocalRequest): Promise<LocalResponse>;
}

/** The error a request gets when it is given up (the caller, the deadline, close()). */
class LocalAbort extends Error {
  readonly code = "ABORT_ERR";
}

export interface InProcessOptions {
  api: LocalApi;
  userAgent: string;
  /** The full Authorization value, for requests not marked anonymous (the emulator's own test tokens). */
  authorization?: string;
}

export class InProcessExchange implements Exchange {
  readonly #api: LocalApi;
  readonly #userAgent: string;
  readonly #authorization: string | undefined;
  /**
   * The requests in flight, each ended by close(). Not linked to one long-lived signal: a
   * listener per request on it drew Node's MaxListenersExceededWarning once 11 calls ran at
   * once (test/e2e/abuse.test.ts), as it did in kana-client.ts.
   */
  readonly #inFlight = new Set<AbortController>();
  #closed: Error | undefined;

  constructor(options: InProcessOptions) {
    this.#api = options.api;
    this.#userAgent = options.userAgent;
    this.#authorization = options.authorization;
  }

  isLocal(): boolean {
    return true;
  }

  send(spec: RequestSpec, signal: AbortSignal | undefined, deadlineAt: number): Promise<RawResponse> {
    const headers: Record<string, string> = { "user-agent": this.#userAgent, accept: "application/json" };
    if (spec.body !== undefined) headers["content-type"] = "application/json";
    if (this.#authorization && !spec.anonymous) headers.authorization = this.#authorization;
    const request: LocalRequest = { method: spec.method, path: spec.path, headers };
    if (spec.search) request.search = spec.search;
    if (spec.body !== undefined) request.body = spec.body;
    const answer = this.#api.request(request);
    return new Promise<RawResponse>((resolve, reject) => {
      const abort = new AbortController();
      if (this.#closed) abort.abort(this.#closed);
      this.#inFlight.add(abort);
      const linked = linkSignals([signal], abort);
      const timer = setTimeout(() => abort.abort(), Math.max(1, deadlineAt - Date.now()));
      timer.unref?.();
      const done = () => {
        this.#inFlight.delete(abort);
        clearTimeout(timer);
        linked.dispose();
        abort.signal.removeEventListener("abort", onAbort);
      };
      // The worker still answers a request given up on; its answer is then dropped.
      const onAbort = () => {
        done();
        reject(new LocalAbort("The request was aborted."));
      };
      if (abort.signal.aborted) return onAbort();
      abort.signal.addEventListener("abort", onAbort, { once: true });
      answer.then(
        (response) => {
          done();
          resolve(response);
        },
        (error: unknown) => {
          done();
          reject(error);
        },
      );
    });
  }

  /** Nothing to drain: a request in flight is answered by the worker in well under the grace, or given up with the others. */
  async close(reason: Error): Promise<void> {
    this.#closed = reason;
    for (const abort of this.#inFlight) abort.abort(reason);
  }
}
