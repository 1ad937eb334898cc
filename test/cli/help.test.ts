// `--help` anywhere prints every option and environment variable the server reads, with
// defaults; an unknown flag is refused with the nearest known one. The lists to expect are
// read from the parsers' source, so a new option without help text fails here.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: root, encoding: "utf8", env: { PATH: process.env.PATH ?? "" } });

const parsers = ["src/server/config.ts", "src/server/transports/http-options.ts"].map((f) => readFileSync(join(root, f), "utf8")).join("\n");
const envVars = [...new Set([...parsers.matchAll(/\benv(?:\[|\.)"?(VNDB_[A-Z_]+)/g)].map((m) => m[1]!))];
const flags = [...new Set([...parsers.matchAll(/"(--[a-z][a-z-]+)"/g)].map((m) => m[1]!))].filter((f) => f !== "--token");

describe("--help", () => {
  it("the source lists are what the parsers read", () => {
    expect(envVars).toEqual(expect.arrayContaining(["VNDB_TOKEN", "VNDB_EMBEDDED", "VNDB_HTTP_PORT", "VNDB_HTTP_ALLOWED_ORIGINS"]));
    expect(flags).toEqual(expect.arrayContaining(["--embedded", "--log-level", "--port", "--stateless"]));
  });

  for (const args of [["--help"], ["-h"], ["--embedded", "--help"], ["--port", "--help"], ["help"]]) {
    it(`${args.join(" ")} prints every flag and environment variable, exit 0`, () => {
      const r = run(...args);
      expect(r.status, r.stderr).toBe(0);
      for (const name of [...flags, ...envVars]) expect(r.stdout, name).toContain(name);
      expect(r.stdout).toMatch(/default 0\b/); // defaults are shown
      expect(r.stdout).toContain("https://api.vndb.org/kana");
    });
  }
});

describe("an unknown flag", () => {
  it("is refused with the nearest known flag, nothing on stdout, exit 2", () => {
    const r = run("--embeded");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/unknown option "--embeded"; did you mean --embedded\?/);
  });

  it("far from every flag is refused without a guess, and a huge one is not echoed whole", () => {
    const r = run(`--${"x".repeat(5000)}`);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toMatch(/did you mean/);
    expect(r.stderr.length).toBeLessThan(300);
  });
});
