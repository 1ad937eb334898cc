// createServer(config, deps): the McpServer with its instructions and tools, ready to be
// connected to a transport (transports/). With tools/define-tool.ts, src/server/ is where the
// MCP SDK is imported (DESIGN.md). Nothing here loads the emulator.

import type { LocalData } from "../local/local-data.js";
import { McpServer, ProtocolError, ProtocolErrorCode, type CacheHint, type RequestStateCodec, type Transport } from "@modelcontextprotocol/server";
import type { ServerConfig } from "./config.js";
import { serverInstructions } from "./instructions.js";
import { SERVER_ICONS } from "./icon.js";
import { silentLogger, type Logger } from "./log.js";
import type { VndbApi } from "../tools/api.js";
import { PendingRequests, type WrappableTransport } from "./pending-requests.js";
import { registerTools } from "../tools/define-tool.js";
import { cardsFor, toolShelf } from "../tools/shelf.js";
import { SessionState } from "../tools/session.js";
import type { WriteGate } from "../tools/lists/permissions.js";
import { ClientLog } from "./client-log.js";
import { completeResourceArgument, registerResources } from "../resources/index.js";
import { completePromptArgument, registerPrompts } from "../prompts/index.js";

export const SERVER_NAME = "vndb-mcp-server";
export const SERVER_TITLE = "VNDB";
/** Kept in step with package.json by test/manifest.test.ts. */
export const SERVER_VERSION = "0.1.0";

/**
 * How long a 2026-era client may keep the lists (tools, prompts, templates, resources):
 * they change only when the token's permissions do, which the HTTP server re-checks every
 * ten minutes (PERMISSIONS_TTL_MS in transports/http.ts); over stdio never while it runs.
 */
export const LIST_TTL_MS = 10 * 60_000;
/**
 * "private": the lists depend on the token (list tools and the own-list resource exist only
 * with one that may write or read a list), so a cache must not share them across tokens.
 */
const LIST_CACHE: CacheHint = { ttlMs: LIST_TTL_MS, cacheScope: "private" };

/**
 * Seals the state of a confirmation round trip (tools/define-tool.ts) so that a client cannot
 * forge "the user said yes". Without a shared key (confirmation-keys.ts) the keys live in
 * this process only: a retry that lands on another replica is refused (-32602) and nothing is
 * removed; the model asks again. Made on the first confirmation: a start that never confirms
 * anything loads no crypto (bench:server's start-up).
 */
let localCodec: Promise<RequestStateCodec> | undefined;
const local = () => (localCodec ??= import("./confirmation-keys.js").then((k) => k.confirmationCodec(k.localKeys())));
const processLocal: RequestStateCodec = {
  mint: async (payload, ctx) => (await local()).mint(payload, ctx),
  verify: async (state, ctx) => (await local()).verify(state, ctx),
};

export interface ServerDeps {
  api: VndbApi;
  /** Data held in this process (--embedded, --mirror) for what VNDB's API cannot answer (local/local-data.ts). */
  local?: LocalData;
  log?: Logger;
  /** A line to put before every answer while it returns one (a refused token). */
  answerNote?: () => string | undefined;
  /** Withdraws the write tools once the token proves unable to write (tools/lists/permissions.ts). */
  writeGate?: WriteGate;
  /** Seals and opens removal confirmations; shared by replicas (confirmation-keys.ts). Default: this process only. */
  confirmations?: RequestStateCodec;
}

export interface CreatedServer {
  server: McpServer;
  /** The tool names registered, in tools/list order. */
  tools: string[];
  connect(transport: Transport): Promise<void>;
  /** `transport`, reporting requests and answers to `settle` (for an entry that owns the transport). */
  track<T extends WrappableTransport>(transport: T): WrappableTransport;
  close(): Promise<void>;
  /** Resolves once every request received has been answered, or after `timeoutMs`. */
  settle(timeoutMs: number): Promise<void>;
}

export async function createServer(config: ServerConfig, deps: ServerDeps): Promise<CreatedServer> {
  const log = deps.log ?? silentLogger;
  const confirmations = deps.confirmations ?? processLocal;
  const shelf = await toolShelf();
  const server = new McpServer(
    { name: SERVER_NAME, title: SERVER_TITLE, version: SERVER_VERSION, icons: [...SERVER_ICONS] },
    {
      // Declared here, as the SDK would on registering them: resources and prompts (whose list
      // may change), completions (template ids, prompt arguments). Their handlers are ours.
      capabilities: { tools: {}, logging: {}, completions: {}, resources: {}, prompts: {} },
      instructions: serverInstructions(config),
      cacheHints: { "server/discover": LIST_CACHE, "tools/list": LIST_CACHE, "prompts/list": LIST_CACHE, "resources/list": LIST_CACHE, "resources/templates/list": LIST_CACHE },
      requestState: { verify: (state, ctx) => confirmations.verify(state, ctx) },
    },
  );
  const registered = {
    api: deps.api,
    ...(deps.local ? { local: deps.local } : {}),
    config,
    log,
    session: new SessionState(),
    clientLog: new ClientLog(server),
    confirmations,
    ...(deps.answerNote ? { answerNote: deps.answerNote } : {}),
    ...(deps.writeGate ? { writeGate: deps.writeGate } : {}),
  };
  const tools = registerTools(server, { cards: cardsFor(config, shelf.cards), tool: shelf.tool }, registered);
  registerResources(server, registered, shelf);
  const hasToken = config.token !== undefined;
  registerPrompts(server, hasToken);
  server.server.setRequestHandler("completion/complete", (request) => {
    const { ref, argument } = request.params;
    if (ref.type === "ref/prompt") return completePromptArgument(deps.api, hasToken, ref.name, argument.name, argument.value);
    if (ref.type === "ref/resource") return completeResourceArgument(registered, shelf, ref.uri, argument.name, argument.value);
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid completion reference: ${String(ref)}`);
  });
  const pending = new PendingRequests();
  return {
    server,
    tools,
    connect: async (transport) => {
      await server.connect(transport);
      pending.watch(transport);
    },
    track: (transport) => pending.wrap(transport),
    close: () => server.close(),
    settle: (timeoutMs) => pending.settled(timeoutMs),
  };
}
