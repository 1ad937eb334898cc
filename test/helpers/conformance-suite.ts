// The MCP conformance suite needs Node >= 22 (it imports fs.globSync). On Node 22 or later
// (CI's second run is on Node 24) it runs on the Node running the tests; on Node 20, as the
// suite documents, a Node 22 binary comes from the npm registry (the `node-<platform>-<arch>`
// package). Both are installed once into a cache outside node_modules (which `npm ci`
// wipes): ~15 s the first time, nothing after.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * The newest published suite (npm's `latest` tag, 0.1.16, knows only the 2025 revisions; the
 * 0.2.0 pre-releases add the 2026-07-28 scenarios, `--requirements <revision>`, and mark a
 * check that needs the suite's fixture server as untestable).
 */
export const CONFORMANCE_VERSION = "0.2.0-alpha.12";
/** The Node 22 line the suite was checked with (research/mcp-tooling.md §6). */
export const NODE22_VERSION = "22.23.3";

export interface ConformanceSuite {
  node: string;
  cli: string;
}

export function conformanceSuite(): ConformanceSuite {
  const base = process.env.VNDB_CONFORMANCE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "vndb-mcp");
  const dir = join(base, `conformance-${CONFORMANCE_VERSION}-node-${NODE22_VERSION}`);
  const nodePackage = `node-${process.platform}-${process.arch}`;
  const ownNodeWillDo = Number(process.versions.node.split(".")[0]) >= 22;
  const node = ownNodeWillDo ? process.execPath : join(dir, "node_modules", nodePackage, "bin", process.platform === "win32" ? "node.exe" : "node");
  const cli = join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
  if (!existsSync(node) || !existsSync(cli)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "vndb-mcp-conformance-cache", private: true }));
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    execFileSync(
      npm,
      ["install", "--no-audit", "--no-fund", "--no-save", "--ignore-scripts", `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`, ...(ownNodeWillDo ? [] : [`${nodePackage}@${NODE22_VERSION}`])],
      { cwd: dir, stdio: ["ignore", "ignore", "pipe"], timeout: 240_000 },
    );
  }
  return { node, cli };
}
