// What a directory reviewer or a newcomer reads before trying the server: which hosts show
// the App views (the README must not promise views where the host draws none: Claude Code and
// servers from claude_desktop_config.json, landscape note 2026-11-27 §4), and the command that
// runs the MCP conformance suite in both protocol eras, which must be the one the test runs.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFORMANCE_VERSION } from "../helpers/conformance-suite.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const readme = read("README.md");
const contributing = read("CONTRIBUTING.md");

/** The README's "See it (MCP App)" section. */
const appSection = readme.slice(readme.indexOf("## See it (MCP App)"), readme.indexOf("\n## ", readme.indexOf("## See it (MCP App)") + 5));

/** Host → its "Views?" cell, from the section's table. */
function hostTable(): Map<string, string> {
  const rows = [...appSection.matchAll(/^\| ([^|]+) \| ([^|]+) \| [^|]+ \|$/gm)].map((m) => [m[1]!.trim(), m[2]!.trim()] as const);
  return new Map(rows.filter(([host]) => host !== "Host" && !/^-+$/.test(host)));
}

describe("README: where the App views show", () => {
  it("says Claude Code and config-file servers in Claude Desktop draw no views, and the bundle does", () => {
    const hosts = hostTable();
    expect(hosts.get("Claude Code")).toMatch(/^\*\*no\*\*/);
    const desktop = hosts.get("Claude Desktop") ?? "";
    expect(desktop).toMatch(/yes, for the `\.mcpb` bundle/);
    expect(desktop).toMatch(/\*\*no\*\* for a server in `claude_desktop_config\.json`/);
    for (const host of ["claude.ai", "ChatGPT"]) expect(hosts.get(host), host).toMatch(/^yes/);
  });
});

describe("CONTRIBUTING: the conformance command", () => {
  const conformanceTest = read("test/e2e/conformance.test.ts");
  const revisions = /describe\.each\(\[([^\]]+)\]\)\("MCP conformance suite/.exec(conformanceTest)![1]!.match(/\d{4}-\d{2}-\d{2}/g)!;

  it("names the test that runs the suite, and the suite by hand for every revision that test runs", () => {
    expect(revisions.sort()).toEqual(["2025-11-25", "2026-07-28"]);
    expect(contributing).toContain("npx vitest run test/e2e/conformance.test.ts");
    const byHand = `npx @modelcontextprotocol/conformance@${CONFORMANCE_VERSION} server --url http://127.0.0.1:3939/mcp --requirements`;
    expect(contributing).toContain(byHand);
    for (const revision of revisions) expect(contributing, revision).toMatch(new RegExp(`--requirements ${revision}`));
  });
});
