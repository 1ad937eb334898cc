// The stdio server as a child process (src/cli/main.ts through tsx, as `npm run
// vndb-mcp-server -- --embedded` runs it) with an SDK Client on the other end of the pipes.

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface StdioServer {
  client: Client;
  /** Everything the server wrote to stderr, and any client-side protocol error. */
  stderr: string[];
  /** A tool call's text (content blocks joined) and whether it is an error. */
  call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  close(): Promise<void>;
}

export async function startStdioServer(args: string[], env: Record<string, string> = {}): Promise<StdioServer> {
  const stderr: string[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "src/cli/main.ts", ...args],
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (d: Buffer) => stderr.push(d.toString("utf8")));
  const client = new Client({ name: "e2e", version: "0" });
  // Any non-JSON line on stdout would surface here as a parse error.
  client.onerror = (e) => stderr.push(`CLIENT ERROR ${e.message}`);
  await client.connect(transport);
  return {
    client,
    stderr,
    async call(name, args) {
      const r = await client.callTool({ name, arguments: args });
      return { text: (r.content as { text: string }[]).map((c) => c.text).join("\n"), isError: r.isError === true };
    },
    close: () => client.close(),
  };
}
