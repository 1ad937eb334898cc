// The small HTTP vocabulary of the authorization server on node:http: bounded bodies, OAuth
// error answers (RFC 6749 §5.2), JSON with no-store, and CORS for the endpoints a browser-
// based client calls directly (none of them uses cookies, so any origin may).

import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_PARAM_CHARS } from "./limits.js";

/** An OAuth error answer: `error` is the RFC code, `description` says what to do. */
export class OAuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, mcp-protocol-version",
  "access-control-max-age": "600",
};

/** RFC 6749 §5.1: token answers and anything with a secret must not be cached. */
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...NO_STORE, ...headers });
  res.end(JSON.stringify(body));
}

export function sendFailure(res: ServerResponse, failure: OAuthFailure, headers: Record<string, string> = {}): void {
  sendJson(res, failure.status, { error: failure.code, error_description: failure.description }, { ...headers, ...failure.headers });
}

/**
 * Past the limit, up to this many further bytes are read and dropped so that the client gets
 * the 413 instead of a reset connection (issue 30: a chunked body over the limit was reset),
 * then the socket closes. The same bound as the MCP endpoint's (server/transports/http.ts).
 */
const OVERSIZE_DRAIN_BYTES = 4 * 1024 * 1024;

/** A 413 for a body over `limit`; the rest of the body is read and dropped (bounded), and the connection closes after the answer. */
function tooLarge(req: IncomingMessage, limit: number): OAuthFailure {
  let dropped = 0;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > OVERSIZE_DRAIN_BYTES) req.destroy();
  });
  req.resume();
  return new OAuthFailure(413, "invalid_request", `request body over ${limit} bytes`, { connection: "close" });
}

/** The request body as text, refused with 413 past `limit` bytes (declared or streamed). */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  if (Number(req.headers["content-length"] ?? "0") > limit) throw tooLarge(req, limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(req, limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const mediaType = (req: IncomingMessage) => (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

/** An `application/x-www-form-urlencoded` body (RFC 6749 §3.2 requires it for /token). */
export async function readForm(req: IncomingMessage, limit: number): Promise<URLSearchParams> {
  if (mediaType(req) !== "application/x-www-form-urlencoded") {
    throw new OAuthFailure(400, "invalid_request", "the body must be application/x-www-form-urlencoded");
  }
  return new URLSearchParams(await readBody(req, limit));
}

export async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  if (mediaType(req) !== "application/json") throw new OAuthFailure(400, "invalid_request", "the body must be application/json");
  try {
    return JSON.parse(await readBody(req, limit));
  } catch (error) {
    if (error instanceof OAuthFailure) throw error;
    throw new OAuthFailure(400, "invalid_request", "the body is not valid JSON");
  }
}

/**
 * One parameter of a form or query: absent is undefined; repeated or too long is an error
 * (RFC 6749 §3.1: "Request and response parameters MUST NOT be included more than once").
 */
export function param(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new OAuthFailure(400, "invalid_request", `the parameter ${name} is given more than once`);
  const value = values[0];
  if (value === undefined || value === "") return undefined;
  if (value.length > MAX_PARAM_CHARS) throw new OAuthFailure(400, "invalid_request", `the parameter ${name} is longer than ${MAX_PARAM_CHARS} characters`);
  return value;
}

export function requiredParam(params: URLSearchParams, name: string): string {
  const value = param(params, name);
  if (value === undefined) throw new OAuthFailure(400, "invalid_request", `the parameter ${name} is missing`);
  return value;
}

/** The cookies of a request, by name (first value wins). */
export function cookies(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}
