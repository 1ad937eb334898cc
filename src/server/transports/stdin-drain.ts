// When a stdio client closes stdin after its last request (a script, `printf … | vndb-mcp`),
// it still reads stdout: the server lets the calls it is running answer before it exits.

import type { Logger } from "../log.js";

/**
 * The longest the server waits for running calls once stdin has closed: the time an MCP
 * client waits for a tool call (60 s, the SDK's default request timeout). A call's VNDB work
 * ends within the client's deadline (DEFAULT_DEADLINE_MS in client/options.ts: 45 s, waits
 * and retries included), which was chosen to fit inside it, so every call answers or fails
 * clearly before this. Not a fixed grace shorter than a call: a slow answer is not dropped.
 */
export const STDIN_DRAIN_LIMIT_MS = 60_000;

/** A server that can say when every request it received has been answered. */
export interface Settling {
  settle(timeoutMs: number): Promise<void>;
}

/** Waits until every running call has answered, or {@link STDIN_DRAIN_LIMIT_MS}. */
export async function drainRunningCalls(server: Settling, log: Logger): Promise<void> {
  log.debug(`waiting for running calls to answer (at most ${STDIN_DRAIN_LIMIT_MS / 1000} s)`);
  await server.settle(STDIN_DRAIN_LIMIT_MS);
}
