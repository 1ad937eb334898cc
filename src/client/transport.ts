// One HTTP exchange with the Kana API over undici: the keep-alive pool, the headers every
// request carries (User-Agent, Authorization, compression), timeouts, and shutting the pool
// down so the process can exit at once. Budget, retries and errors are the client's.

import type { Dispatcher } from "undici";
import { Pool, request } from "./undici-parts.js";
import { linkSignals } from "./abort.js";
import { AttemptFailureError } from "./attempt-failure.js";
import { decodeBody } from "./response-body.js";

/** Keep idle connections this long: tool calls arrive seconds apart, TLS set-up is costly. */
export const KEEP_ALIVE_TIMEOUT_MS = 30_000;
/** close() waits this long for in-flight requests before dropping their sockets. */
export const CLOSE_GRACE_MS = 1_000;

export interface RequestSpec {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path relative to the base, e.g. "/vn", "/ulist/v17". */
  path: string;
  search?: string;
  body?: string;
  /** Sent without Authorization: a public answer shared with other users (public-answers.ts). */
  anonymous?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface TransportOptions {
  /** Scheme, host and port of the API base. */
  origin: string;
  /** The base's path without a trailing slash ("/kana"), prefixed to every request path. */
  basePath: string;
  userAgent: string;
  /** The full `Authorization` header value, when a token is configured. */
  authorization: string | undefined;
  /** Ask for gzip/brotli bodies. */
  compression: boolean;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** Used with the own pool only. */
  connectTimeoutMs: number;
  /** Sockets of the own pool: no more than requests allowed in flight. */
  connections: number;
  /** A dispatcher to use instead of an own pool; not closed by close(). */
  dispatcher?: Dispatcher;
}

export class KanaTransport {
  // The token lives only in this private field and in the header we build from it.
  readonly #authorization: string | undefined;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #origin: string;
  readonly #basePath: string;
  readonly #userAgent: string;
  readonly #compression: boolean;
  readonly #headersTimeoutMs: number;
  readonly #bodyTimeoutMs: number;
  /** Fires CLOSE_GRACE_MS after close(): requests still in flight are dropped. */
  readonly #stopping = new AbortController();

  constructor(options: TransportOptions) {
    this.#authorization = options.authorization;
    this.#origin = options.origin;
    this.#basePath = options.basePath;
    this.#userAgent = options.userAgent;
    this.#compression = options.compression;
    this.#headersTimeoutMs = options.headersTimeoutMs;
    this.#bodyTimeoutMs = options.bodyTimeoutMs;
    if (options.dispatcher) {
      this.#dispatcher = options.dispatcher;
      this.#ownsDispatcher = false;
    } else {
      this.#dispatcher = new Pool(this.#origin, {
        connections: options.connections,
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
        connect: { timeout: options.connectTimeoutMs },
        headersTimeout: this.#headersTimeoutMs,
        bodyTimeout: this.#bodyTimeoutMs,
      });
      this.#ownsDispatcher = true;
    }
  }

  /**
   * One HTTP exchange, aborted by `signal`, by close() after its grace, or at `deadlineAt`
   * (epoch ms). Throws AttemptFailureError for a body that cannot be read.
   */
  async send(spec: RequestSpec, signal: AbortSignal | undefined, deadlineAt: number): Promise<RawResponse> {
    const headers: Record<string, string> = {
      "user-agent": this.#userAgent,
      accept: "application/json",
    };
    if (this.#compression) headers["accept-encoding"] = "gzip, br";
    if (spec.body !== undefined) headers["content-type"] = "application/json";
    if (this.#authorization && !spec.anonymous) headers.authorization = this.#authorization;

    // One controller per attempt: the caller, close() and the deadline all abort it.
    const abort = new AbortController();
    const linked = linkSignals([signal, this.#stopping.signal], abort);
    const timer = setTimeout(() => abort.abort(), Math.max(1, deadlineAt - Date.now()));
    timer.unref?.();
    try {
      const response = await request(this.#dispatcher, {
        origin: this.#origin,
        path: `${this.#basePath}${spec.path}${spec.search ? `?${spec.search}` : ""}`,
        method: spec.method,
        headers,
        body: spec.body,
        signal: abort.signal,
        headersTimeout: this.#headersTimeoutMs,
        bodyTimeout: this.#bodyTimeoutMs,
      });
      const text = await decodeBody(Buffer.from(await response.body.arrayBuffer()), response.headers["content-encoding"]);
      if (text === undefined) throw new AttemptFailureError({ type: "malformed" });
      return { status: response.statusCode, headers: response.headers, text };
    } finally {
      clearTimeout(timer);
      linked.dispose();
    }
  }

  /**
   * Lets in-flight requests finish for up to {@link CLOSE_GRACE_MS}, then aborts them with
   * `reason` and destroys the own pool's sockets so the process can exit at once.
   */
  async close(reason: Error): Promise<void> {
    if (!this.#ownsDispatcher) {
      this.#stopping.abort(reason);
      return;
    }
    const pool = this.#dispatcher;
    let timer: NodeJS.Timeout | undefined;
    const graceful = pool.close().then(() => true, () => false);
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CLOSE_GRACE_MS);
    });
    const closed = await Promise.race([graceful, timedOut]);
    if (timer) clearTimeout(timer);
    this.#stopping.abort(reason);
    if (!closed) await pool.destroy().catch(() => undefined);
  }
}
