// Official SDK v2 clients of either protocol era against the server as a child process:
// over stdio (`--embedded`) or Streamable HTTP (`--http --embedded`, with or without
// `--stateless`). A 2026 client is pinned to 2026-07-28 (server/discover, no fallback); a
// 2025 client is the SDK's default (initialize).

import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport, type ElicitResult } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { startHttpProcess } from "./http-process.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

export type Era = "2026" | "2025";
export const ERAS: readonly Era[] = ["2026", "2025"];
export type Wire = "stdio" | "http" | "http-stateless";
export const WIRES: readonly Wire[] = ["stdio", "http", "http-stateless"];

/** Catalogue token of u2 (docs/catalogue.md): may read and write its list. */
export const WRITER = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

export interface EraClientOptions {
  token?: string;
  /** Answers confirmation questions (the client then declares elicitation). */
  elicit?: (message: string) => ElicitResult | Promise<ElicitResult>;
  /** A 2026 client that gets `input_required` and does not answer (autoFulfill off). */
  noAutoFulfill?: boolean;
  /** Further capabilities the client declares (an MCP Apps host declares the UI extension). */
  capabilities?: Record<string, unknown>;
}

export function eraClient(era: Era, options: EraClientOptions = {}): Client {
  const client = new Client(
    { name: `era-${era}`, version: "0" },
    {
      ...(era === "2026" ? { versionNegotiation: { mode: { pin: "2026-07-28" as const } } } : {}),
      capabilities: { ...(options.elicit ? { elicitation: { form: {} } } : {}), ...options.capabilities },
      ...(options.noAutoFulfill ? { inputRequired: { autoFulfill: false } } : {}),
    },
  );
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler("elicitation/create", async (req) => answer(req.params.message));
  }
  client.onerror = () => {};
  return client;
}

export function stdioTransport(token?: string): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "src/cli/main.ts", "--embedded", "--log-level", "warn"],
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...(token ? { VNDB_TOKEN: token } : {}) },
    stderr: "ignore",
  });
}

export interface HttpChild {
  url: URL;
  stderr: string[];
  transport(token?: string): StreamableHTTPClientTransport;
  close(): Promise<void>;
}

export async function startHttpChild(stateless: boolean): Promise<HttpChild> {
  const server = await startHttpProcess(["--embedded", ...(stateless ? ["--stateless"] : [])]);
  const { url } = server;
  return {
    url,
    stderr: server.stderr,
    transport: (token) => new StreamableHTTPClientTransport(url, { requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {} }),
    close: () => server.stop(),
  };
}

/** The text of a tool result, content blocks joined. */
export const resultText = (r: Awaited<ReturnType<Client["callTool"]>>) =>
  (r.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
