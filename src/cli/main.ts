#!/usr/bin/env node
// The package's command-line entry (`vndb-mcp-server`). Subcommands are dispatched from one table;
// with no subcommand (or only server flags such as --embedded) it will start the MCP
// server. Tools print their results to stdout; the server must never write to stdout.

import type { CliIo } from "./filters.js";
import { TRUE_WORDS } from "../server/bool-words.js";
import { keepCompiledCode } from "./compile-cache.js";

const TOP_USAGE = `Usage: vndb-mcp-server [--embedded]          start the MCP server (stdio)
       vndb-mcp-server filters --help         convert and check VNDB filters
       vndb-mcp-server emulator --help        run the Kana emulator on loopback
       vndb-mcp-server mirror --help          a local mirror of VNDB's daily dumps
       vndb-mcp-server --help                 every option and environment variable
`;

type Subcommand = (args: readonly string[], io: CliIo) => Promise<number>;

/** Subcommands by name, each loaded only when named. */
const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  filters: async (args, io) => (await import("./filters.js")).runFilters(args, io),
  emulator: async (args) => (await import("./emulator.js")).runEmulator(args),
  mirror: async (args, io) => (await import("./mirror.js")).runMirror(args, io),
};

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  // Help wins wherever it stands among server flags ("--embedded --help", "--port --help"):
  // a user asking for it should not get a complaint about the other flags first.
  const serverArgs = first === undefined || first.startsWith("-");
  if (first === "help" || (serverArgs && argv.some((a) => a === "--help" || a === "-h"))) {
    const { HELP_TEXT } = await import("../server/config.js");
    io.stdout(`${HELP_TEXT}\n`);
    return 0;
  }
  if (serverArgs) {
    // The offline catalogue loads in a worker thread; started before the server's own modules
    // load, the two proceed side by side (server/embedded.ts). The configuration decides
    // later: a start that then fails (a bad setting, a port in use) ends the worker here,
    // which would otherwise keep the process alive after the error (issue 29, defect 2).
    const early = argv.includes("--embedded") || TRUE_WORDS.has(process.env.VNDB_EMBEDDED?.trim().toLowerCase() ?? "") ? (await import("../server/embedded.js")).startEmbedded() : undefined;
    let code: number;
    try {
      code = await (await import("./server.js")).runServer(argv);
    } catch (error) {
      await early?.close();
      throw error;
    }
    if (code !== 0) await early?.close();
    return code;
  }
  const sub = SUBCOMMANDS[first];
  if (sub === undefined) {
    io.stderr(`vndb-mcp-server: unknown command '${first}'\n${TOP_USAGE}`);
    return 2;
  }
  return sub(rest, io);
}

const io: CliIo = {
  stdin: process.stdin,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

// Before anything else loads: what loads next is compiled from the cache when it can be.
keepCompiledCode();
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`vndb-mcp-server: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
