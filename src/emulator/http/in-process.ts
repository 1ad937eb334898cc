// One API request handed over as a value instead of over a socket (the --embedded and
// --mirror worker, server/embedded-worker.ts): the same path decoding and checks as the
// HTTP front (server.ts), then handleApi and VNDB's CORS rule. What the HTTP front adds on
// the wire (compression, Content-Length) has no meaning here and is left out; a 204 has no
// body, as on the wire.

import { uriUnescape } from "../../kana/get-params.js";
import { INVALID_QUERY_BODY } from "../../kana/validate-query.js";
import type { HeaderMap } from "./auth.js";
import { errorResponse, NOT_FOUND } from "./responses.js";
import { applyCors, handleApi, type RouteContext } from "./routes.js";

/** A request below the API base, as the client's exchange sends it. */
export interface InProcessRequest {
  method: string;
  /** The path below the base as it would appear in the URL ("/vn", "/ulist/v17"), not yet decoded. */
  path: string;
  /** Query string without "?", if any. */
  search?: string;
  body?: string;
  /** Lower-case names. */
  headers: HeaderMap;
}

export interface InProcessResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** The address the throttle sees for in-process requests (there is no socket). */
const IN_PROCESS_ADDRESS = "127.0.0.1";

/** Answers one request the way the emulator's HTTP front would, without the socket. */
export function answerInProcess(req: InProcessRequest, ctx: RouteContext): InProcessResponse {
  const method = req.method.toUpperCase();
  const headers = req.headers;
  const body = Buffer.from(req.body ?? "", "utf8");
  // As server.ts: FU decodes %XX in the path first; an undecodable path is a 400. (The body
  // comes from this process's own client, which never sends more than server.ts's limit.)
  const path = uriUnescape(req.path);
  let response;
  if (path === null || /[\r\n\t]/.test(path)) {
    response = applyCors(errorResponse({ status: 400, message: INVALID_QUERY_BODY }), headers);
  } else if (path === "" || !path.startsWith("/")) {
    response = errorResponse(NOT_FOUND);
  } else {
    response = handleApi({ method, path, query: req.search ?? null, headers, body, address: IN_PROCESS_ADDRESS }, ctx);
    if (method !== "OPTIONS") response = applyCors(response, headers);
  }
  const noBody = response.status === 204 || response.status === 304 || method === "HEAD";
  if (response.status === 204 || response.status === 304) delete response.headers["content-type"];
  return { status: response.status, headers: response.headers, text: noBody ? "" : response.body };
}
