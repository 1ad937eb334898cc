// The shapes every emulator answer takes, built the way VNDB's `err` and FU's `send_json`
// build them (reference §1.2, §1.3). Handlers return these; server.ts adds CORS,
// compression and writes them out.

import type { KanaFailure } from "../../kana/types.js";
import { canonicalJson } from "../engine/json.js";

export interface ApiResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

/**
 * An API error: `Content-Type: text` (literally — FU appends no charset to it), the message
 * plus one "\n", and `WWW-Authenticate: Token` on 401.
 */
export function errorResponse(failure: KanaFailure): ApiResponse {
  const headers: Record<string, string> = { "content-type": "text" };
  if (failure.status === 401) headers["www-authenticate"] = "Token";
  return { status: failure.status, headers, body: `${failure.message}\n` };
}

/**
 * A 200 JSON answer with sorted keys and no insignificant whitespace; `built`: parts already
 * in key order (canonicalJson).
 */
export function jsonResponse(value: unknown, built?: ReadonlySet<unknown>): ApiResponse {
  return { status: 200, headers: { "content-type": "application/json" }, body: canonicalJson(value, built) };
}

/** PATCH/DELETE success: 204 with neither body nor Content-Type. */
export function noContent(): ApiResponse {
  return { status: 204, headers: {}, body: "" };
}

export const NOT_FOUND: KanaFailure = { status: 404, message: "Not found." };
export const UNAUTHORIZED: KanaFailure = { status: 401, message: "Unauthorized" };

/** VNDB's generic answer to an uncaught server exception (reference §1.3). */
export const INTERNAL_ERROR: KanaFailure = {
  status: 500,
  message: "Internal server error. Can be temporary, but usually points to a server bug.",
};
