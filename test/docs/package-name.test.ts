// Every install snippet in the README and docs names this package. The unscoped name
// "vndb-mcp" belongs to another author: a user who copied a snippet naming it would run
// someone else's server and hand it their VNDB token.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; bin: Record<string, string> };
const docs = ["README.md", "PRIVACY.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

/** The package names install snippets mention: npx, npm install, JSON args, imports. */
function namedPackages(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bnpx\s+(?:-y\s+|--yes\s+)?(@?[\w.-]+(?:\/[\w.-]+)?)/g,
    /\bnpm\s+(?:i|install|add)\s+(?:-g\s+|--global\s+)?(@?[\w.-]+(?:\/[\w.-]+)?)/g,
    /"args"\s*:\s*\[\s*"-y"\s*,\s*"(@?[\w.-]+(?:\/[\w.-]+)?)"/g,
    /\bfrom\s+"(vndb[\w.-]*)"/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]!);
  // npx of a tool that is not ours (tsx, the MCP inspector) is fine; an install of a vndb package is not.
  return found.filter((name) => /vndb/i.test(name));
}

describe("package name in the docs", () => {
  it("the finder sees the snippets it is meant to check", () => {
    expect(namedPackages('npx -y vndb-mcp\n"args": ["-y", "other-vndb"]\nnpm install -g vndb-x\nimport { a } from "vndb-mcp";')).toEqual([
      "vndb-mcp",
      "vndb-x",
      "other-vndb",
      "vndb-mcp",
    ]);
  });

  it("every snippet names package.json's name, and the bin has the same name (so npx runs it)", () => {
    expect(Object.keys(pkg.bin)).toEqual([pkg.name]);
    let seen = 0;
    for (const file of docs) {
      let text: string;
      try {
        text = readFileSync(join(root, file), "utf8");
      } catch {
        continue;
      }
      for (const name of namedPackages(text)) {
        seen++;
        expect(name, `${file} names ${name}`).toBe(pkg.name);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
