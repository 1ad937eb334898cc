// npm run demo — the README's first command. Starts the server exactly as a host would (a
// child process on stdio, `--embedded`, so it runs offline against the bundled emulator),
// connects an MCP client, and prints a short session of real tool calls and their results.
// Offline, the answers come from the bundled sample of real VNDB data (2024–2026), not from
// the live database; the session's questions (scripts/demo-steps.ts) are ones it answers.
//
// The token is one of the emulator's test tokens (user u2 of the bundled catalogue, with
// list read and write permissions), so the list tools appear and can be shown working.

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { fileURLToPath } from "node:url";
import { DEMO_STEPS } from "./demo-steps.js";

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
    `${bold("vndb-mcp demo")}: server started with --embedded (offline emulator over a sample of real VNDB data, not the live database) in ${(performance.now() - started).toFixed(0)} ms; ` +
      `${tools.length} tools: ${tools.map((t) => t.name.replace(/^vndb_/, "")).join(", ")}\n`,
  );

  const steps = DEMO_STEPS;
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
