// Generates, from the tool registry, the README tool table (between the markers) and the
// `tools` list of manifest.json. `--check` fails instead of writing when either is stale,
// so CI catches a tool added without its documentation.
//
//   npm run --silent readme-tools          (write)   tsx scripts/readme-tools.ts --check

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MODEL_TOOLS } from "../src/tools/index.js";
import type { AnyTool } from "../src/tools/define-tool.js";

export const START_MARKER = "<!-- tools:start -->";
export const END_MARKER = "<!-- tools:end -->";

const root = fileURLToPath(new URL("..", import.meta.url));
const README = `${root}README.md`;
const MANIFEST = `${root}manifest.json`;

/** The first sentence of a description: the manifest's and the table's short text. */
export function summary(tool: AnyTool): string {
  const cut = tool.description.search(/\.(\s|$)|;\s|\sExample:/);
  return (cut === -1 ? tool.description : tool.description.slice(0, cut)).trim();
}

function kind(tool: AnyTool): string {
  // Every write is destructive (an update overwrites); only the removes delete and ask first.
  if (tool.access === "write") return "confirm" in tool.input ? "list write (deletes, asks to confirm)" : "list write";
  return "read";
}

export function toolTable(tools: readonly AnyTool[] = MODEL_TOOLS): string {
  const rows = tools.map((t) => {
    const args = Object.keys(t.input).map((a) => `\`${a}\``).join(", ") || "—";
    return `| \`${t.name}\` | ${summary(t).replace(/\|/g, "\\|")} | ${args} | ${kind(t)} |`;
  });
  return [
    `${tools.length} tools. List writes appear only with \`VNDB_TOKEN\` set and \`VNDB_READ_ONLY\` unset.`,
    "",
    "| Tool | What it does | Arguments | Kind |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

export function manifestTools(tools: readonly AnyTool[] = MODEL_TOOLS): { name: string; description: string }[] {
  return tools.map((t) => ({ name: t.name, description: summary(t) }));
}

export function replaceBetweenMarkers(text: string, body: string): string {
  const start = text.indexOf(START_MARKER);
  const end = text.indexOf(END_MARKER);
  if (start === -1 || end === -1 || end < start) throw new Error(`README.md lacks ${START_MARKER} … ${END_MARKER}`);
  return `${text.slice(0, start + START_MARKER.length)}\n${body}\n${text.slice(end)}`;
}

function main(): number {
  const check = process.argv.includes("--check");
  const readme = readFileSync(README, "utf8");
  const newReadme = replaceBetweenMarkers(readme, toolTable());
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, unknown>;
  const newManifest = `${JSON.stringify({ ...manifest, tools: manifestTools() }, null, 2)}\n`;
  const stale: string[] = [];
  if (newReadme !== readme) stale.push("README.md tool table");
  if (newManifest !== readFileSync(MANIFEST, "utf8")) stale.push("manifest.json tools");
  if (check) {
    if (stale.length) {
      process.stderr.write(`stale: ${stale.join(", ")}; run: npx tsx scripts/readme-tools.ts\n`);
      return 1;
    }
    process.stdout.write("README tool table and manifest tools are up to date\n");
    return 0;
  }
  writeFileSync(README, newReadme);
  writeFileSync(MANIFEST, newManifest);
  process.stdout.write(stale.length ? `updated: ${stale.join(", ")}\n` : "already up to date\n");
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
