// createServer(config, deps): the McpServer with its instructions and tools. One of the two
// files that import the MCP SDK (DESIGN.md). The stdio transport is imported lazily so that
// in-process tests do not load it, and nothing here loads the emulator.

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { describeConfig, writesEnabled, type ServerConfig } from "./config.js";
import { FILTER_GUIDE } from "./filters/schema.js";
import { silentLogger, type Logger } from "./log.js";
import type { VndbApi } from "./tools/api.js";
import { PendingRequests } from "./pending-requests.js";
import { registerTools } from "./tools/define-tool.js";
import { toolsFor } from "./tools/index.js";
import { SessionState } from "./tools/session.js";

export const SERVER_NAME = "vndb-mcp";
export const SERVER_TITLE = "VNDB";
/** Kept in step with package.json by test/server/server.test.ts. */
export const SERVER_VERSION = "0.1.0";

/**
 * Shared explanations, said once here instead of in every tool description (the tool list
 * has a token budget; issue 5). Clients pass `instructions` to the model with the tools.
 */
export function serverInstructions(config: ServerConfig): string {
  const lines = [
    "VNDB is the visual novel database. Ids carry a type letter: v visual novel (v17), r release, p producer, c character, s staff, g tag, i trait, q quote, u user; an entry's page is https://vndb.org/<id>.",
    'Searching: vndb_search_* take `query` (text matched against names, titles and aliases; an id such as "v17" works too; results by relevance) and/or `filters`, a structured object; several keys in one object must all match.',
    FILTER_GUIDE,
    'Fields: "brief" for lists, "standard" (default) for details, "full" for everything, or explicit paths ("brief,image{url}"); vndb_get_schema lists field names and the codes of languages, platforms and media.',
    "Paging: 10 results by default (max 100). When an answer has more, it ends with the exact arguments for the next page. Answers are capped in size and say what was left out.",
    `Spoilers: descriptions' [spoiler] text, tags/traits above spoiler level ${config.spoilerLevel} and tags/traits VNDB marks as lies are hidden and counted; tag/trait filters match up to the same level. Pass spoilers 1 or 2 only when the user asks for spoilers.`,
    "Ratings and votes are 10-100 in VNDB data (the site shows 1-10).",
  ];
  if (writesEnabled(config)) {
    lines.push(
      "List tools act on the token owner's list: vndb_update_list_entry (vote on the 1-10 scale, labels by name or id, dates YYYY-MM-DD or today), vndb_update_release_entry, and the removes, which preview until called with confirm: true after the user agreed.",
    );
  } else if (config.token) {
    lines.push("List-write tools are disabled (read-only mode); private list entries of the token owner are readable.");
  } else {
    lines.push("No VNDB token is configured: lists can be read by user (public entries only); list editing is unavailable.");
  }
  return lines.join("\n");
}

export interface ServerDeps {
  api: VndbApi;
  log?: Logger;
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
    { capabilities: { tools: {} }, instructions: serverInstructions(config) },
  );
  const tools = registerTools(server, toolsFor(config), {
    api: deps.api,
    config,
    log,
    session: new SessionState(),
  });
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

/**
 * How long a shutdown on end of stdin waits for running tool calls to answer: longer than a
 * typical call, short enough that a client closing the pipe sees the process go promptly.
 */
export const DRAIN_GRACE_MS = 5_000;

/**
 * Serve over stdio; resolves once the client has gone (stdin closed or transport closed) and
 * everything is released: open keep-alive sockets would otherwise delay exit
 * (mcp-tooling.md §1.10).
 */
export async function serveStdio(config: ServerConfig, deps: ServerDeps & { onClose?: () => Promise<void> }): Promise<void> {
  const log = deps.log ?? silentLogger;
  const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
  const created = createServer(config, deps);
  const transport = new StdioServerTransport();
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  let closing = false;
  const shutdown = async (why: string, drain: boolean) => {
    if (closing) return;
    closing = true;
    log.info(`shutting down (${why})`);
    // A client that closes stdin after its last request (a pipe, a script) still reads
    // stdout: let running calls answer first. Signals and a closed transport do not wait.
    if (drain) await created.settle(DRAIN_GRACE_MS);
    await created.close().catch(() => {});
    await deps.api.close().catch(() => {});
    await deps.onClose?.().catch(() => {});
    finished();
  };
  transport.onclose = () => void shutdown("transport closed", false);
  process.stdin.once("end", () => void shutdown("stdin closed", true));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void shutdown(signal, false));
  await created.connect(transport);
  log.info(`serving ${created.tools.length} tools on stdio (${describeConfig(config)})`);
  await done;
}
