// The 2026-07-28 era on Node's http server: which requests belong to it, and its web-standard
// handler (the SDK's createMcpHandler) served from a Node request and answer. The SDK's own
// pair (isLegacyRequest over toWebRequest to decide, then toNodeHandler to serve) built two
// web Requests per call, re-serialised the body each time, and wrote every answer through a
// web stream in chunks; the 2026 era then answered fewer calls per second than 2025-era
// stateless requests served by the SDK's Node transport (issue 30 item 4). Here the era is
// decided from the headers and the body already parsed (the SDK's own classifier, so the
// routing cannot disagree with the handler's), the handler is given the request as the few
// things it reads of one (no undici Request: see handlerRequest), and a whole JSON answer is
// written at once; event streams are streamed as before, chunk by chunk, waiting for the
// socket to drain.

import type { IncomingMessage, ServerResponse } from "node:http";
import { classifyInboundRequest, type AuthInfo, type McpHttpHandler } from "@modelcontextprotocol/server";

/** JSON-RPC "internal error" (the specification's code), answered when the handler throws. */
const INTERNAL_ERROR = -32603;

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

/**
 * Whether a request without a session is served by the 2026-07-28 handler: the SDK's
 * classifier (the one isLegacyRequest runs) on its standard headers and parsed body. A POST
 * whose body is not JSON, a GET or DELETE, and anything with a 2025 session stay legacy.
 */
export function isModernRequest(req: IncomingMessage, body: unknown): boolean {
  if (req.method !== "POST" || typeof req.headers["mcp-session-id"] === "string" || body === undefined) return false;
  const protocolVersionHeader = header(req, "mcp-protocol-version");
  const mcpMethodHeader = header(req, "mcp-method");
  const mcpNameHeader = header(req, "mcp-name");
  const outcome = classifyInboundRequest({
    httpMethod: "POST",
    ...(protocolVersionHeader !== undefined ? { protocolVersionHeader } : {}),
    ...(mcpMethodHeader !== undefined ? { mcpMethodHeader } : {}),
    ...(mcpNameHeader !== undefined ? { mcpNameHeader } : {}),
    body,
  });
  return outcome.kind !== "legacy";
}

/**
 * The request as the handler reads it: its method, URL, headers (`get`) and abort signal; the
 * body it is given parsed, so it never reads one (createMcpHandler with `parsedBody`; the
 * request also reaches tool handlers as ctx.http.req, which no tool here reads). Not an
 * undici Request: one made with a signal to follow makes its own AbortController, a WeakRef
 * and a FinalizationRegistry entry and listens on the signal, per call, and that work and its
 * collection made the 2026 era's calls cost more than 2025 stateless ones (bench:http,
 * server CPU per call).
 */
function handlerRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const url = `http://${header(req, "host") ?? "localhost"}${req.url ?? "/"}`;
  return { method: "POST", url, headers, signal, body: null, bodyUsed: false } as Partial<Request> as Request;
}

const isJson = (response: Response) => (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";

/**
 * One Node handler for every 2026-07-28 POST. `req.auth` is handed to the handler as its
 * authInfo (the server of this request travels there: nothing here closes over it, so no
 * listener left on a request's abort signal can keep a server alive). `body` is the message
 * already read and parsed.
 */
export function nodeModernHandler(handler: McpHttpHandler, onerror: (error: Error) => void) {
  return async (req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse, body: unknown): Promise<void> => {
    const abort = new AbortController();
    let finished = false;
    // A client that goes away aborts the exchange (the SDK closes its transport).
    res.on("close", () => {
      if (!finished) abort.abort();
    });
    if (res.destroyed) abort.abort();
    let response: Response;
    try {
      response = await handler.fetch(handlerRequest(req, abort.signal), { ...(req.auth ? { authInfo: req.auth } : {}), parsedBody: body });
    } catch (error) {
      onerror(error instanceof Error ? error : new Error(String(error)));
      // The request's id when the body is one request (a batch or a notification has none to echo).
      const { id, method } = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as { id?: unknown; method?: unknown };
      const echo = typeof method === "string" && (typeof id === "string" || typeof id === "number") ? id : null;
      response = Response.json({ jsonrpc: "2.0", error: { code: INTERNAL_ERROR, message: "Internal server error" }, id: echo }, { status: 500 });
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) headers[name] = value;
    if (response.body === null) {
      finished = true;
      res.writeHead(response.status, headers);
      return void res.end();
    }
    if (isJson(response)) {
      // A JSON answer is complete: written with its length in one go, not as a chunked stream.
      const bytes = Buffer.from(await response.arrayBuffer());
      finished = true;
      res.writeHead(response.status, { ...headers, "content-length": String(bytes.length) });
      return void res.end(bytes);
    }
    // An event stream: each chunk as it comes, waiting for the socket when it is full.
    res.writeHead(response.status, headers);
    const closed = new Promise<void>((resolve) => abort.signal.addEventListener("abort", () => resolve(), { once: true }));
    let drained: (() => void) | undefined;
    res.on("drain", () => {
      drained?.();
      drained = undefined;
    });
    try {
      for await (const chunk of response.body) {
        if (abort.signal.aborted) break;
        if (!res.write(chunk)) await Promise.race([new Promise<void>((resolve) => (drained = resolve)), closed]);
      }
    } catch {
      // The stream failed or the client left: end what was sent.
    }
    finished = true;
    res.end();
  };
}
