// `npm run emulator`: starts, prints the URL and the preset's tokens to stderr, serves the
// API, and closes cleanly on Ctrl-C (SIGINT). Bad arguments exit 2 with the usage.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

function run(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "emulator", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

describe("emulator CLI", () => {
  it("serves the vectors preset, lists its tokens, and stops on SIGINT", async () => {
    const p = run(["--port", "0", "--preset", "vectors", "--no-limits"]);
    const deadline = Date.now() + 15_000;
    while (!/listening at (\S+)/.test(p.stderr()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const url = /listening at (\S+)/.exec(p.stderr())?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/kana$/);
    expect(p.stderr()).toContain("yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy  u2  listread+listwrite");
    expect(p.stderr()).toContain("rety-yetnr-etyye-tnre-tyyet-nrety-eetn  u4  no permissions");
    const r = await fetch(`${url}/user?q=reader`);
    expect(await r.json()).toEqual({ reader: { id: "u3", username: "reader" } });
    p.child.kill("SIGINT");
    expect(await p.exited).toBe(0);
    expect(p.stdout()).toBe("");
  });

  it("exits 2 with the usage on a bad argument", async () => {
    const p = run(["--preset", "nope"]);
    expect(await p.exited).toBe(2);
    expect(p.stderr()).toContain("unknown --preset: nope");
    expect(p.stderr()).toContain("Usage: npm run emulator");
  });
});
