// The Claude Desktop bundle (.mcpb) as `npm run bundle` makes it: esbuild's chunks, the
// offline worker's entry and the data folder, packed, unpacked and started the way the
// manifest says. The script's own check (scripts/bundle.ts, verify) fails the build unless
// the unpacked server lists every tool and answers a search offline; this test runs it into
// a folder of its own, so that nothing else building dist/ at the same time interferes.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "vndb-bundle-"));

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("npm run bundle", () => {
  it("packs a bundle whose server lists every tool and answers a search from the offline sample", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/bundle.ts", "--out", out], { cwd: root, encoding: "utf8" });
    expect(run.stderr).toContain("answers a search offline");
    expect(run.status).toBe(0);
    expect(existsSync(join(out, "vndb-mcp.mcpb"))).toBe(true);
    expect(existsSync(join(out, "bundle", "server", "embedded-worker.mjs"))).toBe(true);
  }, 180_000);
});
