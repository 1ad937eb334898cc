// The Claude Desktop bundle (.mcpb) as `npm run bundle` makes it: esbuild's chunks, the
// offline worker's entry and the data folder, packed, unpacked and started the way the
// manifest says. The script's own check (scripts/bundle.ts, verify) fails the build unless
// the unpacked server lists every tool and answers a search offline; this test runs it into
// a folder of its own, so that nothing else building dist/ at the same time interferes.
// It builds as of the day server.json records, so the bundle must be the one whose SHA-256
// server.json lists (the registry's clients check that sum before installing).

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleDayOf, sha256Of, type ServerJson } from "../../scripts/release-server-json.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "vndb-bundle-"));
const entry = JSON.parse(readFileSync(join(root, "server.json"), "utf8")) as ServerJson;
/** The day server.json's bundle was built as of; today where it records none (the sum check then fails). */
const day = bundleDayOf(entry) ?? new Date().toISOString().slice(0, 10);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("npm run bundle", () => {
  it("packs a bundle whose server lists every tool and answers a search from the offline sample", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/bundle.ts", "--out", out, "--date", day], { cwd: root, encoding: "utf8" });
    expect(run.stderr).toContain("answers a search offline");
    expect(run.status).toBe(0);
    expect(existsSync(join(out, "vndb-mcp.mcpb"))).toBe(true);
    expect(existsSync(join(out, "bundle", "server", "embedded-worker.mjs"))).toBe(true);
  }, 180_000);

  it("is the bundle server.json lists: the same SHA-256, as release:server-json --check says", () => {
    const bundle = join(out, "vndb-mcp.mcpb");
    const listed = entry.packages.find((p) => p.registryType === "mcpb")?.fileSha256;
    expect(sha256Of(readFileSync(bundle)), `server.json lists another bundle: run npm run bundle && npm run release:server-json`).toBe(listed);
    const check = spawnSync(process.execPath, ["--import", "tsx", "scripts/release-server-json.ts", "--check", bundle], { cwd: root, encoding: "utf8" });
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
  });

  it("starts without loading any tool's own code (tools/shelf.ts), which the first call loads", () => {
    const dir = join(out, "bundle", "server");
    const files = readdirSync(dir).filter((f) => f.endsWith(".mjs"));
    const text = (f: string) => readFileSync(join(dir, f), "utf8");
    // What a stdio start loads: the entry, the server and the stdio transport, and their static imports.
    const start = new Set<string>();
    const visit = (f: string) => {
      if (start.has(f)) return;
      start.add(f);
      for (const m of text(f).matchAll(/(?:from|import)\s*"\.\/([^"]+\.mjs)"/g)) visit(m[1]!);
    };
    for (const f of ["vndb-mcp.mjs", ...files.filter((f) => /^(server|stdio)-/.test(f))]) visit(f);
    // A string of the list writes' own code (list-writes.ts checkDate), not of their cards.
    const toolCode = "must be a real date";
    const holders = files.filter((f) => text(f).includes(toolCode));
    expect(holders.length).toBeGreaterThan(0);
    for (const f of holders) expect(start.has(f), `${f} is loaded at start`).toBe(false);
    expect(start.size).toBeGreaterThan(5);
  });
});
