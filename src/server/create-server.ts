// createServer(config, deps): the McpServer with its instructions and tools, ready to be
// connected to a transport (transports/). With tools/define-tool.ts, src/server/ is where the
// MCP SDK is imported (DESIGN.md). Nothing here loads the emulator.

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { ServerConfig } from "./config.js";
import { serverInstructions } from "./instructions.js";
import { silentLogger, type Logger } from "./log.js";
import type { VndbApi } from "../tools/api.js";
import { PendingRequests } from "./pending-requests.js";
import { registerTools } from "../tools/define-tool.js";
import { toolsFor } from "../tools/index.js";
import { SessionState } from "../tools/session.js";
import type { WriteGate } from "../tools/permissions.js";
import { ClientLog } from "./client-log.js";
import { registerResources } from "../resources/index.js";
import { registerPrompts } from "../prompts/index.js";

export const SERVER_NAME = "vndb-mcp-server";
export const SERVER_TITLE = "VNDB";
/** Kept in step with package.json by test/manifest.test.ts. */
export const SERVER_VERSION = "0.1.0";

export interface ServerDeps {
  api: VndbApi;
  log?: Logger;
  /** A line to put before every answer while it returns one (a refused token). */
  answerNote?: () => string | undefined;
  /** Withdraws the write tools once the token proves unable to write (tools/permissions.ts). */
  writeGate?: WriteGate;
}

export interface CreatedServer {
  server: McpServer;
  /** The tool names registered, in tools/list order. */
  tools: string[];
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
  /** Resolves once every request received has been answered, or after `timeoutMs`. */
  settle(timeoutMs: number): Promise<void>;
}

export function createServer(config: ServerConfig, deps: ServerDeps): CreatedServer {
  const log = deps.log ?? silentLogger;
  const server = new McpServer(
    { name: SERVER_NAME, title: SERVER_TITLE, version: SERVER_VERSION },
    { capabilities: { tools: {}, logging: {} }, instructions: serverInstructions(config) },
  );
  const registered = {
    api: deps.api,
    config,
    log,
    session: new SessionState(),
    clientLog: new ClientLog(server),
    ...(deps.answerNote ? { answerNote: deps.answerNote } : {}),
    ...(deps.writeGate ? { writeGate: deps.writeGate } : {}),
  };
  const tools = registerTools(server, toolsFor(config), registered);
  registerResources(server, registered);
  registerPrompts(server, deps.api, config.token !== undefined);
  const pending = new PendingRequests();
  return {
    server,
    tools,
    connect: async (transport) => {
      await server.connect(transport);
      pending.watch(transport);
    },
    close: () => server.close(),
    settle: (timeoutMs) => pending.settled(timeoutMs),
  };
}
