// The emulator's HTTP front: a node:http server that reads each request the way VNDB's web
// framework (FU 1.2) does, hands API requests to routes.ts and writes the answer with FU's
// finishing rules (reference §1.2): bodies over 256 bytes of a compressible type are
// brotli- or gzip-compressed when the client accepts it and get `Vary: accept-encoding`;
// 204 answers carry neither body nor Content-Type; HEAD gets the headers only.
//
// In front of the API sit the two things a real deployment adds: injected faults (tests
// only, see faults.ts) and the request-count limit (nginx's job in production, §3.2).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { uriUnescape } from "../../kana/get-params.js";
import { INVALID_QUERY_BODY } from "../../kana/validate-query.js";
import type { HeaderMap } from "./auth.js";
import {
  BAD_GATEWAY_HTML,
  isFaultKind,
  MALFORMED_JSON_BODY,
  PROCESSING_TIMEOUT,
  type FaultSpec,
  type Faults,
} from "./faults.js";
import { REQUEST_LIMIT_MESSAGE, THROTTLE_MESSAGE } from "./limits.js";
import { errorResponse, INTERNAL_ERROR, NOT_FOUND, type ApiResponse } from "./responses.js";
import { applyCors, handleApi, type RouteContext } from "./routes.js";

/** FU compresses bodies longer than this many bytes (`_finalize` in FU.pm). */
export const COMPRESS_MIN_BYTES = 256;
/** FU's compression level for both gzip and brotli. */
const COMPRESSION_LEVEL = 6;
/** Types FU compresses (FU::compress_mimes, the ones the emulator can produce). `text` is not one. */
const COMPRESSIBLE_TYPES = new Set(["application/json", "text/html", "text/plain"]);
/** Where the fault-control endpoint lives when enabled: deliberately outside the API base. */
export const FAULTS_CONTROL_PATH = "/_emulator/faults";
/** Largest request body read (VNDB's real limit is nginx's; 1 MiB is far above any valid body). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface HttpOptions {
  /** Where the API lives, e.g. "/kana" (the public base is https://api.vndb.org/kana). */
  basePath: string;
  /** The route context; read on every request, so a reset can swap its database. */
  context: RouteContext;
  faults: Faults;
  /** Serve FAULTS_CONTROL_PATH (only with the CLI's explicit --enable-faults). */
  faultsEndpoint: boolean;
}

export interface EmulatorServer {
  server: Server;
  /** Destroys hung requests and open connections, then stops listening. */
  close(): Promise<void>;
}

/** Request headers as FU keeps them: lower-case names, repeated headers joined by ", ". */
export function headerMap(req: IncomingMessage): HeaderMap {
  const out: Record<string, string> = {};
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    const value = raw[i + 1];
    out[name] = out[name] === undefined ? value : `${out[name]}${name === "cookie" ? "; " : ", "}${value}`;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const UTF8 = new TextEncoder();

/** Compression, Vary and Content-Length as FU's `_finalize` does them; returns the bytes to send. */
export function finalize(response: ApiResponse, acceptEncoding: string | undefined): Uint8Array {
  if (response.status === 204 || response.status === 304) {
    delete response.headers["content-type"];
    return new Uint8Array(0);
  }
  // TextEncoder encodes a large page about a third faster than Buffer.from.
  let body: Uint8Array = UTF8.encode(response.body);
  const type = response.headers["content-type"];
  if (body.length > COMPRESS_MIN_BYTES && type !== undefined && COMPRESSIBLE_TYPES.has(type.split(";")[0])) {
    response.headers.vary = response.headers.vary ? `${response.headers.vary}, accept-encoding` : "accept-encoding";
    const accept = acceptEncoding ?? "";
    if (/\bbr\b/.test(accept)) {
      body = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: COMPRESSION_LEVEL } });
      response.headers["content-encoding"] = "br";
    } else if (/\bgzip\b/.test(accept)) {
      body = gzipSync(body, { level: COMPRESSION_LEVEL });
      response.headers["content-encoding"] = "gzip";
    }
  }
  response.headers["content-length"] = String(body.length);
  return body;
}

function send(res: ServerResponse, method: string, response: ApiResponse, acceptEncoding: string | undefined): void {
  const body = finalize(response, acceptEncoding);
  res.writeHead(response.status, response.headers);
  res.end(method === "HEAD" ? undefined : body);
}

/** The answer an injected fault gives (hang and reset are handled by the caller). */
function faultResponse(fault: FaultSpec): ApiResponse {
  switch (fault.kind) {
    case "rate-limit": {
      const r = errorResponse({ status: 429, message: THROTTLE_MESSAGE });
      if (fault.retryAfter !== undefined) r.headers["retry-after"] = String(fault.retryAfter);
      return r;
    }
    case "processing-timeout":
      return errorResponse(PROCESSING_TIMEOUT);
    case "internal-error":
      return errorResponse(INTERNAL_ERROR);
    case "bad-gateway":
      return { status: 502, headers: { "content-type": "text/html" }, body: BAD_GATEWAY_HTML };
    default:
      return { status: 200, headers: { "content-type": "application/json" }, body: MALFORMED_JSON_BODY };
  }
}

/** A plain-text answer for paths outside the API (the 404 of the site, the control endpoint). */
function plain(status: number, message: string): ApiResponse {
  return { status, headers: { "content-type": "text/plain; charset=UTF-8" }, body: `${message}\n` };
}

export function createEmulatorServer(opts: HttpOptions): EmulatorServer {
  const sockets = new Set<Socket>();
  const hung = new Set<ServerResponse>();
  let closing = false;
  const base = opts.basePath.replace(/\/+$/, "");

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      process.stderr.write(`emulator: ${(err as Error).stack ?? String(err)}\n`);
      if (!res.headersSent) send(res, req.method ?? "GET", errorResponse(INTERNAL_ERROR), undefined);
      else res.destroy();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? "GET").toUpperCase();
    const headers = headerMap(req);
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const rawPath = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? null : url.slice(q + 1);
    const body = await readBody(req);

    if (opts.faultsEndpoint && rawPath === FAULTS_CONTROL_PATH) {
      send(res, method, controlFaults(method, body), undefined);
      return;
    }
    if (rawPath !== base && !rawPath.startsWith(`${base}/`) && !(method === "OPTIONS" && rawPath.startsWith(base))) {
      send(res, method, plain(404, NOT_FOUND.message), headers["accept-encoding"]);
      return;
    }

    const ctx = opts.context;
    const fault = opts.faults.take(method, rawPath.slice(base.length));
    // lost-answer: handled like any request below; only the answer never leaves.
    const loseAnswer = fault?.kind === "lost-answer";
    if (fault && !loseAnswer) {
      if (fault.kind === "reset") {
        req.socket.destroy();
        return;
      }
      if (fault.kind === "hang") {
        hung.add(res);
        res.on("close", () => hung.delete(res));
        if (fault.delayMs === undefined) return;
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        hung.delete(res);
        if (closing || res.destroyed) return;
      } else {
        send(res, method, applyCors(faultResponse(fault), headers), headers["accept-encoding"]);
        return;
      }
    }

    const counter = ctx.limits.requests;
    if (counter) {
      const taken = counter.take(req.socket.remoteAddress ?? "", ctx.limits.nowMs());
      if (!taken.ok) {
        const r = plain(429, REQUEST_LIMIT_MESSAGE);
        r.headers["retry-after"] = String(Math.max(1, Math.ceil(taken.retryAfterMs / 1000)));
        send(res, method, r, undefined);
        return;
      }
    }

    // FU decodes %XX (and "+") in the path before matching; a path that does not decode to
    // clean text is a 400, which the API's error handler words as a body error.
    const path = uriUnescape(rawPath.slice(base.length));
    if (path === null || /[\r\n\t]/.test(path)) {
      send(res, method, applyCors(errorResponse({ status: 400, message: INVALID_QUERY_BODY }), headers), undefined);
      return;
    }
    if (body === null) {
      send(res, method, applyCors(errorResponse({ status: 400, message: INVALID_QUERY_BODY }), headers), undefined);
      return;
    }
    if (path === "" && (method === "GET" || method === "HEAD")) {
      send(res, method, docsPage(), headers["accept-encoding"]);
      return;
    }
    const response = handleApi(
      { method, path, query, headers, body, address: req.socket.remoteAddress ?? "" },
      ctx,
    );
    if (loseAnswer) {
      req.socket.destroy();
      return;
    }
    // The pre-flight sets its own CORS headers; everything else gets VNDB's cors().
    send(res, method, method === "OPTIONS" ? response : applyCors(response, headers), headers["accept-encoding"]);
  }

  function controlFaults(method: string, body: Buffer | null): ApiResponse {
    if (method === "GET") {
      return { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify(opts.faults.pending()) };
    }
    if (method === "DELETE") {
      opts.faults.clear();
      return { status: 204, headers: {}, body: "" };
    }
    if (method !== "POST") return plain(405, "Use GET, POST or DELETE.");
    let spec: FaultSpec;
    try {
      spec = JSON.parse((body ?? Buffer.alloc(0)).toString("utf8")) as FaultSpec;
    } catch {
      return plain(400, "Body must be JSON: {\"kind\": ..., \"count\"?: n, \"retryAfter\"?: s, \"delayMs\"?: ms}.");
    }
    if (!isFaultKind(spec?.kind)) return plain(400, `Unknown fault kind: ${String(spec?.kind)}.`);
    try {
      opts.faults.inject(spec);
    } catch (err) {
      return plain(400, (err as Error).message);
    }
    return { status: 204, headers: {}, body: "" };
  }

  return {
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        for (const res of hung) res.destroy();
        server.close((err) => (err ? reject(err) : resolve()));
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** GET on the bare base: the real service shows its HTML documentation there. */
function docsPage(): ApiResponse {
  return {
    status: 200,
    headers: { "content-type": "text/html; charset=UTF-8" },
    body:
      "<!DOCTYPE html>\n<html><head><title>VNDB API v2 (Kana) emulator</title></head><body>\n" +
      "<h1>VNDB API v2 (Kana) emulator</h1>\n<p>This is a local emulator of https://api.vndb.org/kana. " +
      "The API's documentation is at <a href=\"https://api.vndb.org/kana\">https://api.vndb.org/kana</a>; " +
      "the emulator's own notes are in docs/emulator.md of the vndb-mcp repository.</p>\n</body></html>\n",
  };
}
