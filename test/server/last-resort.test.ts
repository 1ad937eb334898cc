// An unhandled rejection ends a Node process by default; the server reports it and keeps
// serving. Checked in a child process, where a rejection can be left unhandled for real.

import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const module = (path: string) => JSON.stringify(pathToFileURL(join(root, path)).href);

function runChild(install: boolean): { status: number; stdout: string; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), "last-resort-"));
  const script = join(dir, "child.ts");
  writeFileSync(
    script,
    `import { survivedUnhandledRejections } from ${module("src/server/last-resort.ts")};
import { createLogger } from ${module("src/server/log.ts")};
if (${install}) survivedUnhandledRejections(createLogger({ level: "error" }));
void Promise.reject(new Error("nobody listens"));
setTimeout(() => process.stdout.write("still alive"), 100);
`,
  );
  const r = spawnSync(process.execPath, ["--import", "tsx", script], { cwd: root, encoding: "utf8" });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe("last-resort rejection handler", () => {
  it("without it, Node ends the process (the failure this guards against)", () => {
    const r = runChild(false);
    expect(r.status).not.toBe(0);
    expect(r.stdout).not.toContain("still alive");
  }, 30_000);

  it("with it, the process reports the rejection and keeps running", () => {
    const r = runChild(true);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe("still alive");
    expect(r.stderr).toMatch(/rejected with nobody handling it.*nobody listens/);
  }, 30_000);
});
