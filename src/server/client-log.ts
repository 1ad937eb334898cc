// The MCP `logging` capability: messages the client (and through it the model or the user)
// can see, at the level the client asked for with logging/setLevel. Separate from the
// stderr logger (log.ts), which is for the operator. Messages go on the stream of the
// request they concern (mcp-tooling.md §1.6: the standalone stream can deliver them late).

import type { LoggingLevel, McpServer } from "@modelcontextprotocol/server";
import { redact } from "./log.js";

/** Until the client chooses, only what needs attention is sent. */
export const DEFAULT_CLIENT_LOG_LEVEL: LoggingLevel = "warning";
/** The spec's levels (RFC 5424 severities), least severe first. */
const LEVELS: readonly LoggingLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];
const SEVERITY = new Map(LEVELS.map((level, index) => [level, index]));

type Send = (notification: { method: "notifications/message"; params: { level: LoggingLevel; logger: string; data: string } }) => Promise<void>;

export class ClientLog {
  #level: LoggingLevel = DEFAULT_CLIENT_LOG_LEVEL;

  constructor(server: McpServer) {
    // Replaces the SDK's handler (same behaviour) so that the level is known here too.
    server.server.setRequestHandler("logging/setLevel", async (request) => {
      this.#level = request.params.level;
      return {};
    });
  }

  get level(): LoggingLevel {
    return this.#level;
  }

  wants(level: LoggingLevel): boolean {
    return SEVERITY.get(level)! >= SEVERITY.get(this.#level)!;
  }

  /** Sends `text` if the client wants this level; a failure to deliver is not the caller's. */
  message(send: Send, level: LoggingLevel, text: string): void {
    if (!this.wants(level)) return;
    send({ method: "notifications/message", params: { level, logger: "vndb-mcp-server", data: redact(text) } }).catch(() => {});
  }
}
