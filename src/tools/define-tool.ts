// A tool is a value: name, model-facing text, a zod input shape, annotations and a run
// function. `registerTools` is the one loop that turns those values into SDK registrations,
// so this file and src/server/ are the only places that import the MCP SDK (DESIGN.md).

import type { LocalData } from "../local/local-data.js";
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  inputResponse,
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type InputRequiredResult,
  type ListToolsResult,
  type McpServer,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { z } from "zod";
import type { ServerConfig } from "../server/config.js";
import { clientRendersApps, uiToolMeta } from "../ui/resources.js";
import { redact, type Logger } from "../server/log.js";
import type { VndbApi } from "./api.js";
import { describeError, ToolError } from "./errors.js";
import { isKanaError } from "../kana/errors.js";
import { capErrorText, checkInputLimits } from "./input-limits.js";
import { ageText, collectStaleNotices, type StaleNotice } from "../client/stale-answers.js";
import type { SessionState } from "./session.js";
import type { ClientLog } from "../server/client-log.js";
import type { EntryLink } from "./query/entry-links.js";
import type { WriteGate } from "./lists/permissions.js";
import type { ToolCard } from "./shelf.js";
import { sha256 } from "../kana/digest.js";
import { ENDPOINTS } from "../kana/endpoints.js";

/** What a model must tell the user when VNDB was down and kept answers were used. */
function staleNote(stale: readonly StaleNotice[]): string {
  const oldest = Math.max(...stale.map((s) => s.ageMs));
  return `VNDB is unavailable right now (${stale[0]!.cause}); this answer is a copy kept from ${ageText(oldest)} and may be out of date.`;
}

/** An error answer's longest text: enough for VNDB's message, a hint and candidates. */
const MAX_ERROR_CHARS = 2_000;

const isExpectedFailure = (error: unknown) => error instanceof ToolError || isKanaError(error);

/**
 * MCP tool annotations (spec 2025-11-25, ToolAnnotations). Every tool sets all four on purpose:
 * a host or a directory review reads a missing one as the spec's cautious default
 * (destructive, not idempotent), which for a read tool is wrong (issue 30, item 6).
 */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** A tool that only reads VNDB: the same call twice changes nothing. */
export const READ_ANNOTATIONS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };

/** What the human said when asked to confirm through MCP elicitation. */
export type Confirmation = "accepted" | "declined" | "unsupported";

export interface ToolContext {
  api: VndbApi;
  /** Data held in this process that VNDB's API cannot query (local/local-data.ts); absent against the live API. */
  local?: LocalData;
  config: ServerConfig;
  log: Logger;
  signal: AbortSignal | undefined;
  session: SessionState;
  /** Ask the user (not the model) to confirm; "unsupported" when the client cannot ask. */
  confirm(message: string): Promise<Confirmation>;
  /** Progress of a call that takes several requests; sent only when the client asked for it. */
  progress(done: number, total?: number, message?: string): void;
}

export interface ToolResult {
  /** Compact text for the model. */
  text: string;
  /** The same answer as data, for clients that read structuredContent. */
  structured?: Record<string, unknown>;
  /** Entries the answer shows, sent as resource_link content items (entry-links.ts). */
  links?: readonly EntryLink[];
  isError?: boolean;
}

/** Who may see a tool: list writes exist only with a token outside read-only mode. */
export type ToolAccess = "read" | "write";

export interface ToolDefinition<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  /** The API endpoint this tool exposes: a row name of ENDPOINTS (kana/endpoints.ts). */
  endpoint: string;
  /** True for a tool that combines requests (insight, recommendations) rather than exposing `endpoint` alone. */
  composite?: boolean;
  /** Further endpoints (ENDPOINTS names) a composite tool queries beside `endpoint`, named in its description. */
  alsoQueries?: readonly string[];
  /**
   * "app" for a tool only an MCP App view calls (src/ui/): listed with visibility ["app"], and
   * only to clients that declared the UI extension, so no model ever sees it.
   */
  audience?: "app";
  title: string;
  description: string;
  input: Shape;
  /** The frame of `structured` (output-shapes.ts): checked on every answer, listed as outputSchema unless `listedOutput` is given. */
  output?: z.ZodRawShape;
  /** A shorter, still true description of `structured` for tools/list, where `output` is too large to send (issue 29, defect 5). */
  listedOutput?: z.ZodRawShape;
  annotations: ToolAnnotations;
  access: ToolAccess;
  run(args: z.output<z.ZodObject<Shape>>, ctx: ToolContext): Promise<ToolResult>;
}

/** The element type of the registry list: any tool, whatever its input shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = ToolDefinition<any>;

/** Name rule of the house (DESIGN.md): `vndb_` + snake_case. */
export const TOOL_NAME_PATTERN = /^vndb_[a-z]+(?:_[a-z]+)*$/;

export function defineTool<Shape extends z.ZodRawShape>(def: ToolDefinition<Shape>): ToolDefinition<Shape> {
  if (!TOOL_NAME_PATTERN.test(def.name)) throw new Error(`tool name ${def.name} breaks the vndb_snake_case rule`);
  // Set here, not spread: query tools build their schemas in getters, on first use.
  def.description = `${def.description} ${apiLine([def.endpoint, ...(def.alsoQueries ?? [])])}`;
  return def;
}

/**
 * "VNDB API: POST /vn, POST /ulist": which of VNDB's endpoints a tool queries, as VNDB's
 * docs name them, so that a reviewer (and a model) knows what it reaches (issue 30, item 6).
 */
function apiLine(endpoints: readonly string[]): string {
  const names = endpoints.map((name) => {
    const row = ENDPOINTS.find((e) => e.name === name);
    if (!row) throw new Error(`no VNDB endpoint ${name} (kana/endpoints.ts)`);
    return `${row.method} ${row.path.replace(/:(\w+)/g, "<$1>")}`;
  });
  return `VNDB API: ${names.join(", ")}`;
}

/**
 * The zod object a tool's arguments are checked against. Strict, so that a misspelt
 * argument (`filter` for `filters`) is an error the model sees instead of being dropped.
 */
/** Built once per tool: a server per HTTP session or request would otherwise rebuild every schema (issue 22). */
const inputObjects = new WeakMap<AnyTool, z.ZodObject>();
const outputObjects = new WeakMap<AnyTool, z.ZodObject>();

export function inputObject(tool: AnyTool): z.ZodObject {
  let made = inputObjects.get(tool);
  if (!made) inputObjects.set(tool, (made = z.object(tool.input).strict()));
  return made;
}

/** The tools a session serves: their cards, and each tool's code on its first call (shelf.ts). */
export interface ServedTools {
  cards: readonly ToolCard[];
  tool(name: string): Promise<AnyTool>;
}

export interface RegisterOptions {
  api: VndbApi;
  local?: LocalData;
  config: ServerConfig;
  log: Logger;
  session: SessionState;
  /** Messages for the client at the level it set (logging capability). */
  clientLog?: ClientLog;
  /** A line to put before every answer while it returns one (a refused token: refused-token.ts). */
  answerNote?: () => string | undefined;
  /** Seals the state of a 2026-era confirmation round trip (server/create-server.ts). */
  confirmations?: RequestStateCodec;
  /** Withdraws the write tools from tools/list once the token proves unable to write (permissions.ts). */
  writeGate?: WriteGate;
}

/** A tools/list entry exactly as this server sends it. */
export interface ListedTool {
  name: string;
  /** MCP Apps: the view that draws the answers, and "app" visibility (src/ui/resources.ts). */
  _meta?: { ui: Record<string, unknown> };
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations: ToolAnnotations;
  // No `icons`: the server's icon (server/icon.ts) is its implementation's, sent once in
  // initialize and server/discover. The spec gives a tool's icons to show that tool's
  // function; the one shared image on every tool said nothing more and was a fifth of the
  // whole tools/list (13.6 KB of 62, issue 29).
}

/** A tool's output frame as the SDK checks it: extra keys allowed. */
export function outputObject(tool: AnyTool): z.ZodObject | undefined {
  if (!tool.output) return undefined;
  let made = outputObjects.get(tool);
  if (!made) outputObjects.set(tool, (made = z.looseObject(tool.output)));
  return made;
}

/**
 * JSON Schema without what goes without saying: `$schema`, `additionalProperties: {}` or
 * `items: {}` (anything), zod's safe-integer bounds on every integer,
 * `propertyNames: {type: "string"}` on records (JSON keys are strings), and the `allOf` of one
 * member around a named part's `$ref`.
 */
function leanSchema(node: unknown, top = true): unknown {
  if (Array.isArray(node)) return node.map((n) => leanSchema(n, false));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema") continue;
    const empty = value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
    if ((key === "additionalProperties" || key === "items") && empty) continue;
    // An object's members not spelled out: `type: "object"` says the same (the root keeps them).
    if (key === "properties" && empty && !top) continue;
    if ((key === "minimum" && value === Number.MIN_SAFE_INTEGER) || (key === "maximum" && value === Number.MAX_SAFE_INTEGER)) continue;
    if (key === "propertyNames" && JSON.stringify(value) === '{"type":"string"}') continue;
    // Under `properties` (and definitions) the keys are names, each value a schema.
    out[key] = (key === "properties" || key === "definitions" || key === "$defs") && !empty && typeof value === "object" && value !== null
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, leanSchema(v, false)]))
      : leanSchema(value, false);
  }
  // `{allOf: [X]}` alone is X: zod wraps a named (`$ref`) schema so when it is made optional.
  if (Object.keys(out).length === 1 && Array.isArray(out.allOf) && out.allOf.length === 1) return out.allOf[0];
  return singleTypes(out);
}

/**
 * `type: ["string", "null"]` as `anyOf` branches of one type each: legal either way, but
 * clients that map tool schemas onto a single-`type` dialect (Gemini's OpenAPI subset) drop
 * or refuse the array form, and the MCP Inspector warns about it (its `type-union` rule).
 * Keywords that apply to one type only (minLength, minimum …) stay beside the branches,
 * where they constrain values of that type alone, as before.
 */
function singleTypes(node: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(node.type)) return node;
  const { type, ...rest } = node;
  const branches = (type as string[]).map((t) => ({ type: t }));
  if (Array.isArray(rest.anyOf)) return { allOf: [{ anyOf: branches }, rest] };
  return { anyOf: branches, ...rest };
}

/**
 * An input schema without what an open object says anyway: below the top (which keeps its
 * `properties`, clients expect them there), `properties: {}` and `additionalProperties: {}`
 * (any key, any value) are what `type: "object"` alone means. ~8 model tokens per `filters`.
 */
function leanInput(node: unknown, top = true): unknown {
  if (Array.isArray(node)) return node.map((n) => leanInput(n, false));
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const empty = value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
    if (!top && empty && (key === "properties" || key === "additionalProperties")) continue;
    // Under `properties` the keys are argument names, not keywords: each value is a schema.
    out[key] = key === "properties" && value !== null && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, leanInput(v, false)])) : leanInput(value, false);
  }
  return singleTypes(out);
}

/**
 * The tools/list entry of a tool. The same JSON Schema the SDK would send (draft-07, input
 * view), minus what costs the model tokens and tells it nothing: the `$schema` URI and
 * `execution: {taskSupport: "forbidden"}`, which is the spec's default when absent. The SDK
 * adds those two to every tool (~25 tokens each, research/perf-anchors.md §2.1).
 */
export function listedTool(tool: AnyTool): ListedTool {
  const schema = leanInput(z.toJSONSchema(inputObject(tool), { target: "draft-7", io: "input" }) as Record<string, unknown>) as Record<string, unknown>;
  delete schema.$schema;
  const ui = uiToolMeta(tool);
  return {
    ...(ui ? { _meta: ui } : {}),
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: schema,
    ...(tool.output
      ? { outputSchema: leanSchema(z.toJSONSchema(tool.listedOutput ? z.looseObject(tool.listedOutput) : outputObject(tool)!, { target: "draft-7", io: "output" })) as Record<string, unknown> }
      : {}),
    annotations: tool.annotations,
  };
}

/** Arguments are an object, as the SDK would check them (wire-check.ts refuses anything else first). */
const ANY_ARGUMENTS = z.looseObject({});

/** A validation failure, one `path: message` per problem, joined by `separator`. */
function issuesJoined(error: z.ZodError, separator: string): string {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message)).join(separator);
}

/** Our own wording of a tool's invalid arguments: problems joined by "; ". */
const issuesText = (error: z.ZodError) => issuesJoined(error, "; ");

/** A tool error answer as the SDK words it (McpServer.createToolError). */
const toolError = (text: string): CallToolResult => ({ content: [{ type: "text", text }], isError: true });

/** A Standard Schema failure as the SDK words it (tool and prompt arguments): problems joined by ", ". */
export const sdkIssuesText = (error: z.ZodError) => issuesJoined(error, ", ");

/**
 * The tools of a session, served from values shared by every session: tools/list sends the
 * cards' entries (shelf.ts, computed once per tool), and tools/call finds the tool by name,
 * loads its code on the first call, and runs it.
 * Registering each tool with the SDK (McpServer.registerTool) instead costs every session
 * about 1.5 KiB per tool in registration objects, closures and copies, which with 3,000 HTTP
 * sessions is most of their memory (issue 22); the handlers below do what the SDK's own
 * tools/call does for a registered tool, step for step. Returns the names served, in order.
 */
export function registerTools(server: McpServer, served: ServedTools, options: RegisterOptions): string[] {
  const { cards } = served;
  // Replace the SDK's tools/list (which rebuilds every schema on each call) with the lean
  // entries of the cards (shelf.ts), computed once per process or at build time.
  const listed = cards.map((card) => card.listed);
  // The entries are JSON Schema the SDK itself produced (draft-07); its type is narrower than Record.
  // App-only tools (MCP Apps) are listed only to clients that render the views: elsewhere a
  // model would see them. Write tools go once the token proves unable to write (permissions.ts).
  const gate = options.writeGate;
  const shown = (forApps: boolean) => listed.filter((t, i) => (forApps || t._meta?.ui.visibility === undefined) && (!gate?.closed || cards[i]!.access === "read"));
  server.server.setRequestHandler("tools/list", (_request, ctx) => ({
    tools: shown(clientRendersApps(clientCapabilities(server, ctx))) as unknown as ListToolsResult["tools"],
  }));
  server.server.setRequestHandler("tools/call", async (request, ctx) => {
    const name = request.params.name;
    const index = cards.findIndex((c) => c.name === name);
    // The spec's answer to an unknown tool is a JSON-RPC error (-32602), not a tool result.
    if (index < 0) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
    try {
      // The tool's code loads on the first call that needs it (shelf.ts).
      const tool = await served.tool(name);
      // The SDK's check of a tool registered with ANY_ARGUMENTS, in its words; each tool's own
      // schema is checked in callTool, so that its error reads as ours and is redacted.
      const given = ANY_ARGUMENTS.safeParse(request.params.arguments ?? {});
      if (!given.success) throw new Error(`Input validation error: Invalid arguments for tool ${name}: ${sdkIssuesText(given.error)}`);
      const result = await callTool(server, tool, given.data, ctx, options);
      if (isInputRequiredResult(result)) return result;
      // The SDK checks structuredContent against the tool's output frame.
      const frame = outputObject(tool);
      if (frame && !result.isError) {
        if (result.structuredContent === undefined) throw new Error(`Output validation error: Tool ${name} has an output schema but no structured content was provided`);
        const checked = frame.safeParse(result.structuredContent);
        if (!checked.success) throw new Error(`Output validation error: Invalid structured content for tool ${name}: ${sdkIssuesText(checked.error)}`);
      }
      return server.server.projectCallToolResult(result, listed[index]!.outputSchema);
    } catch (error) {
      if (error instanceof ProtocolError && error.code === ProtocolErrorCode.UrlElicitationRequired) throw error;
      return toolError(error instanceof Error ? error.message : String(error));
    }
  });
  gate?.onClose(() => {
    if (cards.some((c) => c.access === "write") && server.isConnected()) void server.sendToolListChanged();
  });
  return cards.map((c) => c.name);
}

/** One tools/call of `tool`: its own schema, its run, and the answer as the model gets it. */
async function callTool(server: McpServer, tool: AnyTool, given: Record<string, unknown>, extra: ServerContext, options: RegisterOptions): Promise<CallToolResult | InputRequiredResult> {
  const parsed = inputObject(tool).safeParse(given);
  const args = parsed.success ? (parsed.data as Record<string, unknown>) : given;
  const ctx: ToolContext = {
    api: options.api,
    ...(options.local ? { local: options.local } : {}),
    config: options.config,
    log: options.log,
    session: options.session,
    signal: extra.mcpReq.signal,
    confirm: (message) =>
      extra.mcpReq.envelope ? confirmInBand(server, extra, message, expected(tool, args, options)) : confirmWithUser(server, extra, message),
    progress: (done, total, message) => {
      const progressToken = extra.mcpReq._meta?.progressToken;
      if (progressToken === undefined || extra.mcpReq.signal.aborted) return;
      extra.mcpReq
        .notify({ method: "notifications/progress", params: { progressToken, progress: done, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) } })
        .catch(() => {});
    },
  };
  const started = performance.now();
  let result: ToolResult;
  try {
    if (!parsed.success) throw new ToolError(`Input validation error: invalid arguments for ${tool.name}: ${issuesText(parsed.error)}`);
    checkInputLimits(args);
    const { value, stale } = await collectStaleNotices(() => tool.run(args, ctx));
    result = stale.length && !value.isError ? { ...value, text: `${staleNote(stale)}\n${value.text}` } : value;
  } catch (error) {
    // A 2026-era client is asked in the answer itself and calls again with the reply.
    if (error instanceof AskUser && options.confirmations) {
      try {
        return await askInBand(error.question, expected(tool, args, options), options.confirmations);
      } catch (sealing) {
        // The shared key could not be had (Redis away): ask nothing, do nothing, say so.
        options.log.warn(`${tool.name}: could not seal a confirmation: ${sealing instanceof Error ? sealing.message : String(sealing)}`);
        error = new ToolError("Could not ask the user to confirm just now (the server's confirmation keys are unavailable); nothing was changed.", "Try again in a moment.");
      }
    }
    result = { text: describeError(error), isError: true };
    // A ToolError or KanaError is the input's or VNDB's; anything else is our bug: say it loudly.
    if (isExpectedFailure(error)) options.log.debug(`${tool.name} failed`, error);
    else options.log.error(`${tool.name} failed with a bug: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  const took = `${tool.name} ${result.isError ? "error" : "ok"} in ${(performance.now() - started).toFixed(1)} ms`;
  options.log.debug(took);
  options.clientLog?.message(extra.mcpReq.notify, result.isError ? "warning" : "debug", result.isError ? `${took}: ${result.text}` : took);
  const note = options.answerNote?.();
  // Last line of defence: whatever a tool or VNDB said, the token never leaves.
  // An error echoes what the model sent; a long echo helps nobody and fills the context.
  const body = result.isError ? capErrorText(result.text, MAX_ERROR_CHARS) : result.text;
  const text = redact(note && !result.isError ? `${note}\n${body}` : body);
  return {
    content: [
      { type: "text" as const, text },
      ...(result.isError ? [] : (result.links ?? []).map((link) => ({ type: "resource_link" as const, ...link }))),
    ],
    ...(result.structured && !result.isError
      ? { structuredContent: JSON.parse(redact(JSON.stringify(result.structured))) as Record<string, unknown> }
      : {}),
    ...(result.isError ? { isError: true } : {}),
  };
}

/**
 * The capabilities of the client behind a request: from its 2026-era per-request envelope, or
 * from initialize on a 2025-era connection.
 */
export function clientCapabilities(server: McpServer, ctx: ServerContext): { elicitation?: unknown; extensions?: unknown } | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, { elicitation?: unknown } | undefined> | undefined;
  return envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? server.server.getClientCapabilities();
}

/** The one yes/no field of a confirmation form (mcp-tooling.md §1.8). */
const CONFIRM_FORM = {
  type: "object" as const,
  properties: { confirm: { type: "boolean" as const, title: "Confirm", description: "Yes, do it" } },
  required: ["confirm"],
};

/** What a 2026-era confirmation is about: the reply counts only for the same call, question and token. */
interface ConfirmState {
  tool: string;
  /** Digest of the arguments and the token (never the token itself: the client holds this state). */
  call: string;
  question?: string;
}

function expected(tool: AnyTool, args: Record<string, unknown>, options: RegisterOptions): ConfirmState {
  const call = sha256(JSON.stringify([tool.name, args, options.config.token ?? ""]), "base64url");
  return { tool: tool.name, call };
}

/** Thrown by `confirm` of a 2026-era call that has no reply yet: the handler asks in its answer. */
class AskUser extends Error {
  constructor(readonly question: string) {
    super("the user must confirm first");
  }
}

/**
 * 2026-07-28 (multi-round-trip): the first call returns `input_required` with the question;
 * the client asks the user and calls again with the reply and the sealed state, and the tool
 * runs again from the start up to the same question, which now has its answer.
 */
async function confirmInBand(server: McpServer, extra: ServerContext, question: string, call: ConfirmState): Promise<Confirmation> {
  if (!clientCapabilities(server, extra)?.elicitation) return "unsupported";
  const state = extra.mcpReq.requestState<ConfirmState>();
  if (!state || state.tool !== call.tool || state.call !== call.call || state.question !== question) throw new AskUser(question);
  const reply = inputResponse(extra.mcpReq.inputResponses, "confirm");
  return reply.kind === "elicit" && reply.action === "accept" && reply.content?.confirm === true ? "accepted" : "declined";
}

async function askInBand(question: string, call: ConfirmState, codec: RequestStateCodec) {
  return inputRequired({
    inputRequests: { confirm: inputRequired.elicit({ message: question, requestedSchema: CONFIRM_FORM }) },
    requestState: await codec.mint({ ...call, question }),
  });
}

/** 2025 era: form elicitation, a request from server to client while the call waits. */
async function confirmWithUser(server: McpServer, extra: ServerContext, message: string): Promise<Confirmation> {
  if (!clientCapabilities(server, extra)?.elicitation) return "unsupported";
  try {
    const answer = await extra.mcpReq.elicitInput({ message, requestedSchema: CONFIRM_FORM });
    return answer.action === "accept" && answer.content?.confirm === true ? "accepted" : "declined";
  } catch {
    // A client that advertised elicitation but failed to answer has not said yes.
    return "declined";
  }
}
