// Turning what went wrong into a KanaError: VNDB's words kept verbatim (reference §1.3),
// a hint added, the token scrubbed from every text, and a log line for failures the caller
// did not cause locally.

import { KanaError } from "../kana/errors.js";
import { hintFor, type HintTables } from "../kana/hints.js";
import type { KanaLogger } from "./logger.js";
import { redactSecrets } from "../kana/redaction.js";
import type { AttemptFailure } from "./retry.js";
import type { RequestSpec } from "./transport.js";

type Target = Pick<RequestSpec, "method" | "path">;

export class KanaErrorBuilder {
  readonly #secrets: readonly string[];
  readonly #hints: HintTables;
  readonly #log: KanaLogger;

  /** `secrets`: the token in every spelling that must never appear in a message. */
  constructor(secrets: readonly string[], hints: HintTables, log: KanaLogger) {
    this.#secrets = secrets;
    this.#hints = hints;
    this.#log = log;
  }

  /** Builds a KanaError with its hint; scrubs the token from every text it carries. */
  build(init: ConstructorParameters<typeof KanaError>[0]): KanaError {
    const message = this.#redact(init.message);
    const hint = init.hint ?? hintFor({ kind: init.kind, status: init.status, message, endpoint: init.endpoint, retryAfterMs: init.retryAfterMs }, this.#hints);
    const error = new KanaError({ ...init, message, hint: hint === undefined ? undefined : this.#redact(hint) });
    if (init.kind !== "validation") {
      this.#log(init.kind === "http" && (init.status ?? 0) < 500 ? "debug" : "warn", `${init.method} ${init.endpoint} failed: ${message}`, {
        kind: init.kind,
        status: init.status,
        attempts: init.attempts,
      });
    }
    return error;
  }

  /** The error for the last failed attempt of a call. */
  failure(failure: AttemptFailure, spec: Target, attempts: number, retryAfterMs: number | undefined): KanaError {
    switch (failure.type) {
      case "status":
        return this.build({
          kind: "http",
          status: failure.status,
          message: errorMessage(failure.status, failure.body),
          method: spec.method,
          endpoint: spec.path,
          attempts,
          retryAfterMs,
        });
      case "network":
        return this.build({
          kind: "network",
          status: null,
          message: `Could not reach the VNDB API (${failure.code}).`,
          method: spec.method,
          endpoint: spec.path,
          attempts,
          code: failure.code,
        });
      case "malformed":
        return this.build({
          kind: "protocol",
          status: null,
          message: "The VNDB API answered with a body that is not valid JSON.",
          method: spec.method,
          endpoint: spec.path,
          attempts,
        });
    }
  }

  /** The call's deadline ran out after `attempts` requests. */
  deadline(spec: Target, attempts: number): KanaError {
    return this.build({
      kind: "deadline",
      status: null,
      message: `The VNDB request did not complete within its deadline${attempts > 0 ? ` (${attempts} attempt${attempts > 1 ? "s" : ""})` : ""}.`,
      method: spec.method,
      endpoint: spec.path,
      attempts,
    });
  }

  /** The caller cancelled the call, or (`closed`) the client was closed under it. */
  aborted(method: string, endpoint: string, attempts: number, closed = false): KanaError {
    return this.build({
      kind: "aborted",
      status: null,
      message: closed ? "The VNDB client was closed." : "The VNDB request was cancelled.",
      method,
      endpoint,
      attempts,
    });
  }

  #redact(text: string): string {
    return redactSecrets(text, this.#secrets);
  }
}

/** VNDB's error text without its trailing newline; an HTML error page becomes its status line. */
function errorMessage(status: number, body: string): string {
  const text = body.replace(/\n$/, "");
  // Refused by the web server in front of the API, whose own page says only the status.
  if (status === 414 || status === 431) return `The request was too large for VNDB (HTTP ${status}: its address or headers are too long). Ask for fewer or shorter names at once.`;
  if (status === 413) return "The request body was too large for VNDB (HTTP 413). Send fewer values at once.";
  if (/^\s*</.test(text)) {
    // nginx pages (429, 502, 503; reference §1.3) are HTML, not a message anyone can use.
    const title = /<title>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    return title || `HTTP ${status}`;
  }
  return text === "" ? `HTTP ${status}` : text;
}
