// npm run demo — the README's first command. Starts the server exactly as a host would (a
// child process on stdio, `--embedded`, so it runs offline against the bundled emulator),
// connects an MCP client, and prints a short session of real tool calls and their results.
//
// The token is one of the emulator's test tokens (user u2 of the bundled catalogue, with
// list read and write permissions), so the list tools appear and can be shown working.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** u2's read-write token in the emulator's catalogue (src/emulator/catalogue/data/tokens.json). */
const DEMO_TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
/** Lines of each result shown; the rest is summarised so the session stays readable. */
const MAX_LINES = 14;
const WIDTH = 110;

const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const dim = (s: string) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s);

function show(text: string): void {
  const lines = text.split("\n");
  for (const line of lines.slice(0, MAX_LINES)) {
    process.stdout.write(`  ${line.length > WIDTH ? `${line.slice(0, WIDTH - 1)}…` : line}\n`);
  }
  if (lines.length > MAX_LINES) process.stdout.write(dim(`  … ${lines.length - MAX_LINES} more lines\n`));
}

async function main(): Promise<void> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "src/cli/main.ts", "--embedded"],
    cwd: root,
    // StdioClientTransport passes only HOME/PATH/SHELL/TERM unless told otherwise.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", VNDB_TOKEN: DEMO_TOKEN, VNDB_LOG_LEVEL: "warn" },
    stderr: "inherit",
  });
  const client = new Client({ name: "vndb-mcp-demo", version: "0.1.0" });
  const started = performance.now();
  await client.connect(transport);
  const { tools } = await client.listTools();
  process.stdout.write(
    `${bold("vndb-mcp demo")}: server started with --embedded (offline emulator) in ${(performance.now() - started).toFixed(0)} ms; ` +
      `${tools.length} tools: ${tools.map((t) => t.name.replace(/^vndb_/, "")).join(", ")}\n`,
  );

  const steps: { say: string; tool: string; args: Record<string, unknown> }[] = [
    { say: "Find a visual novel by title", tool: "vndb_search_vn", args: { query: "ever17", fields: "brief" } },
    {
      // The flagship question; the catalogue's hand-added Key releases and tags exist for it.
      say: "Which English-translated nakige by Key have a rating above 80? (developer and tag by name)",
      tool: "vndb_search_vn",
      args: {
        filters: { developer: "Key", tag: "Nakige", lang: "en", rating: { gt: 80 } },
        fields: "title,rating,languages",
        sort: "rating",
        reverse: true,
      },
    },
    { say: "A name that matches several tags is an error listing the candidates", tool: "vndb_search_vn", args: { filters: { tag: "sex" } } },
    {
      say: "Spoilers stay hidden unless asked for",
      tool: "vndb_search_vn",
      args: { query: "v900001", fields: "title,tags{name,spoiler,lie}" },
    },
    { say: "Who am I? (the demo token belongs to u2 in the emulator)", tool: "vndb_get_auth_info", args: {} },
    {
      say: "Mark Ever17 as finished and vote 9 (labels by name; the entry is read back)",
      tool: "vndb_update_list_entry",
      args: { vn: "v17", labels_set: ["Finished"], vote: 9 },
    },
    { say: "Removing asks for confirmation: without confirm it only previews", tool: "vndb_remove_list_entry", args: { vn: "v17" } },
  ];
  for (const step of steps) {
    process.stdout.write(`\n${bold(`> ${step.say}`)}\n${dim(`  ${step.tool} ${JSON.stringify(step.args)}`)}\n`);
    const t = performance.now();
    const result = await client.callTool({ name: step.tool, arguments: step.args });
    const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
    show(text);
    process.stdout.write(dim(`  (${result.isError ? "isError, " : ""}${(performance.now() - t).toFixed(0)} ms)\n`));
  }
  await client.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
