// The stdio transport: one user, one process, the client on the other end of the pipes.
// stdout carries only the protocol; the logger writes to stderr.

import { StdioServerTransport, serveStdio as serveBothEras } from "@modelcontextprotocol/server/stdio";
import { describeConfig, type ServerConfig } from "../config.js";
import { createServer, type ServerDeps } from "../create-server.js";
import { silentLogger } from "../log.js";
import { BoundedLines, MAX_MESSAGE_BYTES } from "./bounded-lines.js";
import { CheckedLines } from "./checked-lines.js";
import { drainRunningCalls } from "./stdin-drain.js";
import { toolShelf, type ToolCard } from "../../tools/shelf.js";

/** "20 tools", and the app-only ones apart: hosts show those to MCP App views only. */
function toolCount(names: readonly string[], cards: readonly ToolCard[]): string {
  const forApps = names.filter((n) => cards.find((c) => c.name === n)?.audience === "app").length;
  return `${names.length - forApps} tools${forApps ? ` (and ${forApps} for MCP App views)` : ""}`;
}

/**
 * Serve over stdio; resolves once the client has gone (stdin closed or transport closed) and
 * everything is released: open keep-alive sockets would otherwise delay exit
 * (mcp-tooling.md §1.10).
 */
export async function serveStdio(config: ServerConfig, deps: ServerDeps & { onClose?: () => Promise<void> }): Promise<void> {
  const log = deps.log ?? silentLogger;
  const created = await createServer(config, deps);
  const input = new BoundedLines(MAX_MESSAGE_BYTES, ({ bytes, id }) => {
    log.warn(`refused a message of ${bytes} bytes (limit ${MAX_MESSAGE_BYTES})`);
    // A notification (no id) gets no answer; a request does, or its caller would wait forever.
    if (id === undefined) return;
    const message = `Message too large: ${bytes} bytes; this server accepts at most ${MAX_MESSAGE_BYTES} bytes per message. It was ignored.`;
    void transport.send({ jsonrpc: "2.0", id, error: { code: -32600, message } }).catch(() => {});
  });
  // Not ended with stdin: the SDK's transport closes itself at end of input and drops the
  // calls still running; the shutdown below lets them answer first, then closes it.
  process.stdin.pipe(input, { end: false });
  const checked = new CheckedLines(({ reply, why }) => {
    log.warn(`refused a message: ${why}`);
    if (reply) void transport.send(reply).catch(() => {});
  });
  input.pipe(checked);
  const transport = new StdioServerTransport(checked, process.stdout);
  const wire = created.track(transport);
  let finished!: () => void;
  const done = new Promise<void>((resolve) => (finished = resolve));
  let closing = false;
  const shutdown = async (why: string, drain: boolean) => {
    if (closing) return;
    closing = true;
    log.info(`shutting down (${why})`);
    // A client that closes stdin after its last request (a pipe, a script) still reads
    // stdout: let running calls answer first. Signals and a closed transport do not wait.
    if (drain) await drainRunningCalls(created, log);
    await handle.close().catch(() => {});
    await created.close().catch(() => {});
    await deps.api.close().catch(() => {});
    await deps.onClose?.().catch(() => {});
    // A signal leaves stdin open, and an open stdin keeps the process alive: stop reading.
    process.stdin.unpipe(input);
    process.stdin.destroy();
    finished();
  };
  // One process, one connection: its opening decides the era (initialize: 2025, as before;
  // server/discover or a request carrying the 2026-07-28 envelope: the stateless era).
  const handle = serveBothEras(() => created.server, {
    transport: wire as never,
    onerror: (error) => log.debug(`stdio: ${error.message}`),
  });
  const closed = wire.onclose;
  wire.onclose = () => {
    closed?.();
    void shutdown("transport closed", false);
  };
  process.stdin.once("end", () => void shutdown("stdin closed", true));
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void shutdown(signal, false));
  log.info(`serving ${toolCount(created.tools, (await toolShelf()).cards)} on stdio (${describeConfig(config)})`);
  await done;
}
