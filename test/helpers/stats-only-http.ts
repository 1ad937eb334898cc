// What the tests of the HTTP transport's 2026-07-28 path share: a VNDB API that answers only
// GET /stats (the cheapest tool call, so that a test measures the transport, not a tool),
// the per-request envelope of that era, and the server's options and configuration as the
// CLI would parse them.

import { loadConfig, type ServerConfig } from "../../src/server/config.js";
import { extractHttpArgs, type HttpOptions } from "../../src/server/transports/http-options.js";
import type { VndbApi } from "../../src/tools/api.js";

export type Stats = Awaited<ReturnType<VndbApi["stats"]>>;

/** A VNDB API that answers GET /stats with `stats` (and /authinfo with `authinfo` when given); anything else rejects. */
export function statsOnlyApi(stats: Stats, authinfo?: VndbApi["authinfo"]): VndbApi {
  const unused = () => Promise.reject(new Error("not used in this test"));
  return {
    stats: async () => stats,
    authinfo: authinfo ?? unused,
    query: unused, schema: unused, user: unused, ulistLabels: unused,
    patchUlist: unused, deleteUlist: unused, patchRlist: unused, deleteRlist: unused,
    close: async () => {},
  };
}

/** The 2026-07-28 envelope a client sends in every request's `_meta`. */
export function modernEnvelope(clientName: string): Record<string, unknown> {
  return {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: clientName, version: "0" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
}

/** `--http --port 0` plus `flags`, parsed as the CLI parses them. */
export function httpOptions(...flags: string[]): HttpOptions {
  const parsed = extractHttpArgs(["--http", "--port", "0", ...flags], {});
  if (parsed.kind !== "http") throw new Error("expected http");
  return parsed.http;
}

/** The server's configuration with no flags and no environment. */
export function defaultConfig(): ServerConfig {
  const r = loadConfig([], {});
  if (r.kind !== "run") throw new Error("config");
  return r.config;
}

/** The method, headers and body of a raw 2026-07-28 tools/call of vndb_get_stats, for any HTTP client. */
export function modernStatsCall(id: number, envelope: Record<string, unknown>) {
  return {
    method: "POST" as const,
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": "vndb_get_stats",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "vndb_get_stats", arguments: {}, _meta: envelope } }),
  };
}
