// The `vndb-mcp-server filters` command, run as a real process.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

function cli(args: string[], input?: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    cwd: ROOT,
    input: input ?? "",
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const DOCS_COMPACT = "03132gen2gde2gfr3hjaN180272_0c2vQN6830u";
const DOCS_NORMALIZED =
  '["and",["or",["lang","=","en"],["lang","=","de"],["lang","=","fr"]],["olang","!=","ja"],' +
  '["release","=",["and",["released",">=",20200101],["producer","=",["id","=","p30"]]]]]';

describe("vndb-mcp-server filters", () => {
  it("turns a compact string into normalized JSON", () => {
    const r = cli(["filters", "--type", "vn", "--to", "json", DOCS_COMPACT]);
    expect(r).toMatchObject({ status: 0, stdout: `${DOCS_NORMALIZED}\n`, stderr: "" });
  });

  it("reads a vndb.org search URL, taking the type from its path", () => {
    const r = cli(["filters", "--to", "json", "https://vndb.org/r?f=72_0c2vQ"]);
    expect(r).toMatchObject({ status: 0, stdout: '["released",">=",20200101]\n' });
  });

  it("turns JSON into a compact string and into a site URL", () => {
    expect(cli(["filters", "--to", "compact", DOCS_NORMALIZED])).toMatchObject({ status: 0, stdout: `${DOCS_COMPACT}\n` });
    expect(cli(["filters", "--type", "release", "--to", "url", '["released",">=","2020-01-01"]'])).toMatchObject({
      status: 0,
      stdout: "https://vndb.org/r?f=72_0c2vQ\n",
    });
  });

  it("prints VNDB's error text and exits 1 for a refused filter", () => {
    const r = cli(["filters", "--to", "compact", '["lang","=","xx"]']);
    expect(r).toMatchObject({ status: 1, stdout: "", stderr: "Invalid 'lang' filter: Invalid value.\n" });
  });

  it("says that quotes have no search page", () => {
    const r = cli(["filters", "--type", "quote", "--to", "url", '["id","=",1]']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/no search page for quote/);
  });

  it("converts stdin line by line, reporting bad lines in place", () => {
    const input = [
      `"${DOCS_COMPACT}"`,
      '["lang","=","xx"]',
      '["search","=","a\\nb"]',
      "not json",
      "null",
    ].join("\n");
    const r = cli(["filters", "--to", "compact"], `${input}\n`);
    expect(r.status).toBe(1);
    expect(r.stdout.split("\n")).toEqual([
      DOCS_COMPACT,
      "error: Invalid 'lang' filter: Invalid value.",
      "Nwoa\\nb", // the compact string holds a real line break, written as \n
      "error: Invalid request (most likely: invalid JSON or non-UTF8 data).",
      "",
      "",
    ]);
  });

  it("exits 0 in stdin mode when every line converts", () => {
    const r = cli(["filters", "--type", "release", "--to", "json"], '"72_0c2vQ"\n[]\n');
    expect(r).toMatchObject({ status: 0, stdout: '["released",">=",20200101]\nnull\n' });
  });

  it("prints usage for --help and refuses unknown options", () => {
    const help = cli(["filters", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: vndb-mcp-server filters/);
    const bad = cli(["filters", "--to", "yaml", "[]"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown format 'yaml'/);
  });
});

describe("vndb-mcp-server dispatch", () => {
  it("prints the top-level usage for --help", () => {
    const r = cli(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/vndb-mcp-server filters --help/);
  });
  it("refuses an unknown subcommand with exit status 2", () => {
    const r = cli(["frobnicate"]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/unknown command 'frobnicate'/);
  });
});
