// The package as a user gets it: `npm pack` (prepack builds), the tarball installed into an
// empty folder (dependencies from the npm cache, else the registry), and the installed
// command run: --version, --help, and --embedded answering initialize, tools/list and a
// search over stdio. Also what the tarball must not hold: the Claude Desktop bundle's
// staging or .mcpb, source maps pointing at sources it does not ship.

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; version: string };
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
// npm reads settings from the environment; keep the user's cache, drop noise.
const npmEnv = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };

let work: string;
let tarball: string;
let files: string[];
let bin: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "vndb-pack-"));
  const packed = execFileSync(npm, ["pack", "--json", "--pack-destination", work], { cwd: root, env: npmEnv, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const [info] = JSON.parse(packed.slice(packed.indexOf("["))) as { filename: string; files: { path: string }[] }[];
  tarball = join(work, info!.filename);
  files = info!.files.map((f) => f.path);
  const app = join(work, "app");
  execFileSync(npm, ["install", "--prefer-offline", "--prefix", app, tarball], { env: npmEnv, stdio: ["ignore", "pipe", "pipe"] });
  bin = join(app, "node_modules", ".bin", pkg.name);
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the npm tarball", () => {
  it("holds the command, the library, the catalogue and the notices, within 8 MB", () => {
    for (const f of ["dist/cli/main.js", "dist/index.js", "dist/index.d.ts", "README.md", "LICENSE", "NOTICE", "PRIVACY.md", "package.json"]) expect(files, f).toContain(f);
    expect(files.some((f) => f.startsWith("dist/emulator/catalogue/data/") && f.endsWith(".json"))).toBe(true);
    expect(statSync(tarball).size).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  it("holds no bundle staging, no .mcpb, no source maps and no sources or tests", () => {
    expect(files.filter((f) => f.startsWith("dist/bundle") || f.endsWith(".mcpb") || f.endsWith(".map"))).toEqual([]);
    expect(files.filter((f) => /^(src|test|bench|scripts)\//.test(f))).toEqual([]);
  });
});

describe("the installed command", () => {
  it("prints its version", () => {
    expect(execFileSync(bin, ["--version"], { encoding: "utf8" }).trim()).toBe(pkg.version);
  });

  it("prints every option with --help", () => {
    const help = execFileSync(bin, ["--help"], { encoding: "utf8" });
    for (const flag of ["--embedded", "--read-only", "--http", "VNDB_TOKEN"]) expect(help).toContain(flag);
  });

  it("serves MCP over stdio with --embedded: initialize, tools/list and a search from the offline sample", async () => {
    const transport = new StdioClientTransport({ command: bin, args: ["--embedded"], env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" }, stderr: "pipe" });
    const client = new Client({ name: "pack-install", version: "0" });
    try {
      await client.connect(transport);
      expect(client.getServerVersion()).toMatchObject({ name: pkg.name, version: pkg.version });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain("vndb_search_vn");
      const r = await client.callTool({ name: "vndb_search_vn", arguments: { query: "ever17", fields: "brief" } });
      expect(r.isError).not.toBe(true);
      expect((r.content as { text: string }[])[0]!.text).toMatch(/v17\b/);
    } finally {
      await client.close();
    }
  }, 60_000);
});
