// Every JSON-RPC message is checked here before the SDK sees it, on stdio and over HTTP.
// The SDK drops a message whose shape it does not accept without a word (a `_meta` that is
// not an object, a `progressToken` of 1.5, an id of `true`, a line that is not JSON), and
// answers non-object tool `arguments` with an internal error quoting its schema library; a
// client then waits forever or shows the user a dump. Here each gets the JSON-RPC error the
// specification names, with a sentence saying what was wrong:
//   -32700 Parse error      the text is not JSON
//   -32600 Invalid Request  not a JSON-RPC 2.0 message (not an object, no "2.0", a bad id or method)
//   -32602 Invalid params   params, _meta, progressToken or tool arguments of the wrong type
// A notification has no id to answer under: a bad one is dropped and reported to the log.

import { redact } from "./log.js";

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const INVALID_PARAMS = -32602;

type RequestId = string | number;

/**
 * Deepest nesting of arrays and objects a message may have. VNDB filters nest a dozen levels
 * at most; V8's JSON.stringify, which the SDK runs on every HTTP body, runs out of stack
 * between 2,500 and 5,000 levels (issue 30: ~2,500 nested filters answered HTTP 500).
 */
export const MAX_MESSAGE_DEPTH = 200;

/** Whether a parsed value nests deeper than `max` (iteratively: the check itself must not overflow). */
function deeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ v: unknown; d: number }> = [{ v: value, d: 0 }];
  while (stack.length > 0) {
    const { v, d } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (d + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === "object") stack.push({ v: child, d: d + 1 });
  }
  return false;
}

/** The id is left out when it is unknown (MCP's schema; plain JSON-RPC would say null). */
export interface ErrorReply {
  jsonrpc: "2.0";
  id?: RequestId;
  error: { code: number; message: string };
}

export type Verdict =
  | { ok: true; message: unknown }
  /** `reply` is undefined for a notification on stdio: nothing may be sent back. */
  | { ok: false; reply: ErrorReply | undefined; error: ErrorReply; why: string };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
/** What a value is, without echoing text the client sent (it may hold anything, a token too). */
const kind = (v: unknown) =>
  v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : typeof v === "string" ? "a string" : `${typeof v} ${String(v)}`;
/** A JSON-RPC id as MCP allows it: a string or an integer (never null, a fraction or anything else). */
const isId = (v: unknown): v is RequestId => typeof v === "string" || (typeof v === "number" && Number.isSafeInteger(v));

function refuse(id: RequestId | null | undefined, code: number, why: string): Verdict {
  const message = redact(why);
  const error: ErrorReply = { jsonrpc: "2.0", ...(id === null || id === undefined ? {} : { id }), error: { code, message } };
  return { ok: false, why: message, error, reply: id === undefined ? undefined : error };
}

/** One line of stdio (or one HTTP body), as text. */
export function checkText(text: string): Verdict {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return refuse(null, PARSE_ERROR, "Parse error: the message is not JSON");
  }
  return checkMessage(message);
}

/** One parsed message. */
export function checkMessage(message: unknown): Verdict {
  if (Array.isArray(message)) {
    // MCP 2025-03-26 allowed batches, 2025-06-18 removed them; the SDK would drop one unanswered.
    return refuse(null, INVALID_REQUEST, "Invalid Request: JSON-RPC batches are not part of MCP (since 2025-06-18); send one message at a time");
  }
  if (!isObject(message)) return refuse(null, INVALID_REQUEST, `Invalid Request: a JSON-RPC message is an object, not ${kind(message)}`);
  const hasId = "id" in message;
  if (hasId && !isId(message.id)) return refuse(null, INVALID_REQUEST, `Invalid Request: "id" must be a string or an integer, not ${kind(message.id)}`);
  const id = hasId ? (message.id as RequestId) : undefined;
  if (message.jsonrpc !== "2.0") return refuse(id ?? null, INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"');
  if (!("method" in message)) {
    // A response to one of our requests (an elicitation answer).
    if (id === undefined || !("result" in message || "error" in message)) {
      return refuse(id ?? null, INVALID_REQUEST, 'Invalid Request: a message needs a "method" (request or notification) or an "id" with "result" or "error" (response)');
    }
    return { ok: true, message };
  }
  if (typeof message.method !== "string" || message.method === "") return refuse(id ?? null, INVALID_REQUEST, 'Invalid Request: "method" must be a non-empty string');
  const problem = paramsProblem(message.method, message.params);
  if (problem) return refuse(id, problem.code, `${problem.code === INVALID_REQUEST ? "Invalid Request" : "Invalid params"}: ${problem.why}`);
  if (deeperThan(message.params, MAX_MESSAGE_DEPTH - 1)) return refuse(id, INVALID_PARAMS, `Invalid params: the message nests deeper than ${MAX_MESSAGE_DEPTH} levels of arrays and objects`);
  return { ok: true, message };
}

function paramsProblem(method: string, params: unknown): { code: number; why: string } | undefined {
  if (params === undefined) return undefined;
  if (!isObject(params)) {
    // JSON-RPC allows an array; MCP's params are always named.
    return Array.isArray(params)
      ? { code: INVALID_PARAMS, why: `${method} takes named params (an object), not an array` }
      : { code: INVALID_REQUEST, why: `"params" must be an object, not ${kind(params)}` };
  }
  if ("_meta" in params) {
    const meta = params._meta;
    if (!isObject(meta)) return { code: INVALID_PARAMS, why: `"_meta" must be an object, not ${kind(meta)}` };
    if ("progressToken" in meta && !isId(meta.progressToken)) {
      return { code: INVALID_PARAMS, why: `"_meta.progressToken" must be a string or an integer, not ${kind(meta.progressToken)}` };
    }
  }
  if (method === "tools/call") {
    if (typeof params.name !== "string") return { code: INVALID_PARAMS, why: `tools/call needs the tool's "name" as a string` };
    if ("arguments" in params && !isObject(params.arguments)) {
      return { code: INVALID_PARAMS, why: `the "arguments" of ${params.name.slice(0, 64)} must be an object of named values, not ${kind(params.arguments)}` };
    }
  }
  return undefined;
}
