// `vndb-mcp-server mirror …` through the real CLI (a child process): build from a dump made
// from the bundled sample (test/helpers/sample-dump.ts) in VNDB's exact format, status, sync
// from a loopback download host, and each bad input exiting 1 (or 2 for usage) with the
// current mirror untouched.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { type DumpTableData, writeDump } from "../helpers/dump-writer.js";
import { sampleDump } from "../helpers/sample-dump.js";
import { startDumpHost } from "./dump/dump-host.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "mirror-cli-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TOKEN = "abcd-efghi-jklmn-opqrs-tuvwx-yzabc-defg";

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "mirror", ...args], {
    cwd: repo,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, VNDB_MIRROR: "", ...env },
  });
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

async function cli(args: string[], env?: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const p = run(args, env);
  const code = await p.exited;
  return { code, stdout: p.stdout(), stderr: p.stderr() };
}

const TODAY = 20261127;
let tables: Record<string, DumpTableData>;
let good: string;

function state(root: string) {
  return { current: readlinkSync(join(root, "current")), builds: readdirSync(join(root, "builds")).sort(), manifest: readFileSync(join(root, "current", "mirror.json"), "utf8") };
}

beforeAll(async () => {
  tables = sampleDump(loadCatalogue(), TODAY).tables;
  good = join(work, "vndb-db-2026-11-27.tar.zst");
  await writeDump(good, tables, { timestamp: "2026-11-27 08:00:12+00" });
}, 120_000);

describe("mirror CLI", { timeout: 180_000 }, () => {
  it("prints its usage for --help (0) and for bad usage (2)", async () => {
    const help = await cli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/mirror sync \[--dir DIR\] \[--url BASE\]/);
    for (const args of [[], ["frobnicate"], ["build", "--out", join(work, "x")], ["build", "--dump", good], ["sync", "--dir", join(work, "x"), "--colour"], ["status"]]) {
      const r = await cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/Usage: vndb-mcp-server mirror/);
    }
  });

  it("builds a mirror from a dump, and status reports it", async () => {
    const root = join(work, "built");
    const r = await cli(["build", "--dump", good, "--out", root]);
    expect(r.stderr).not.toMatch(/Error|at .*\.ts:\d+/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^built 2026-11-27-\d{8}T\d{6} \(VNDB data of 2026-11-27\)/);
    // Not a terminal: plain progress lines on stderr.
    expect(r.stderr).toMatch(/^read dump \(/m);
    const s = state(root);
    expect(s.current).toMatch(/^builds\/2026-11-27-/);
    const manifest = JSON.parse(s.manifest);
    expect(manifest.format).toBe(1);
    expect(manifest.dataDate).toBe("2026-11-27");
    expect(manifest.sources).toEqual({ db: "vndb-db-2026-11-27.tar.zst" });
    expect(manifest.counts.vn).toBe(tables.vn!.rows instanceof Array ? (tables.vn!.rows as unknown[]).length : -1);
    expect(JSON.parse(readFileSync(join(root, "current", "meta.json"), "utf8")).built).toBe("2026-11-27");

    const st = await cli(["status", "--dir", root]);
    expect(st.code).toBe(0);
    expect(st.stdout).toMatch(/data date:\s+2026-11-27 \(\d+ days? old|today/);
    expect(st.stdout).toContain(`vn ${manifest.counts.vn.toLocaleString("en-US")}`);
    const js = await cli(["status", "--json"], { VNDB_MIRROR: root });
    expect(js.code).toBe(0);
    expect(JSON.parse(js.stdout)).toMatchObject({ dataDate: "2026-11-27", counts: manifest.counts, builds: [s.current.slice("builds/".length)] });
  });

  it("status exits 1 when the folder holds no mirror", async () => {
    const empty = mkdtempSync(join(work, "empty-"));
    const r = await cli(["status", "--dir", empty]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no mirror built yet/);
    expect((await cli(["status", "--dir", join(work, "absent")])).stderr).toMatch(/no such folder/);
  });

  describe("bad input exits 1 and leaves the current mirror untouched", () => {
    const root = join(work, "guarded");
    beforeAll(async () => {
      const r = await cli(["build", "--dump", good, "--out", root]);
      expect(r.code).toBe(0);
    }, 120_000);
    const cases: [string, () => Promise<string>, RegExp][] = [
      ["a truncated archive", async () => {
        const f = join(work, "truncated.tar.zst");
        const bytes = readFileSync(good);
        writeFileSync(f, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
        return f;
      }, /truncated/],
      ["a corrupt archive", async () => {
        const f = join(work, "corrupt.tar.zst");
        writeFileSync(f, Buffer.concat([Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), Buffer.alloc(4000, 0x41)]));
        return f;
      }, /truncated or corrupt|bad tar header/],
      ["a missing table", async () => {
        const f = join(work, "no-vn.tar.zst");
        await writeDump(f, tables, { omit: ["db/vn", "db/vn.header"] });
        return f;
      }, /db\/vn, db\/vn\.header missing from the dump/],
      ["a missing column", async () => {
        const f = join(work, "no-olang.tar.zst");
        const vn = tables.vn!;
        const at = vn.columns.indexOf("olang");
        const rows = (vn.rows as unknown[][]).map((r) => r.filter((_, i) => i !== at));
        await writeDump(f, { ...tables, vn: { columns: vn.columns.filter((c) => c !== "olang"), rows: rows as DumpTableData["rows"] } });
        return f;
      }, /olang/],
      ["a missing file", async () => join(work, "nowhere.tar.zst"), /no such dump file|cannot read it/],
    ];
    it.each(cases)("%s", async (_label, make, pattern) => {
      const before = state(root);
      const r = await cli(["build", "--dump", await make(), "--out", root]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr).not.toMatch(/^\s+at /m); // a message, not a stack
      expect(state(root)).toEqual(before);
      expect(existsSync(join(root, ".lock"))).toBe(false);
    });

    it("an interrupt (SIGINT) exits 130 and removes the temporary build", async () => {
      const big = join(work, "big.tar.zst");
      // A large table the build reads past, so the interrupt lands mid-read.
      const filler = { columns: ["uid", "id", "vote"], rows: (function* () { for (let i = 0; i < 1_500_000; i++) yield [`u${i}`, `sf${i}`, 100]; })() };
      await writeDump(big, { ...tables, image_votes: filler });
      const before = state(root);
      const p = run(["build", "--dump", big, "--out", root]);
      while (!/^read dump/m.test(p.stderr()) && p.child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
      p.child.kill("SIGINT");
      expect(await p.exited).toBe(130);
      expect(p.stderr()).toMatch(/interrupted; the current mirror is untouched/);
      expect(state(root)).toEqual(before);
      expect(existsSync(join(root, ".lock"))).toBe(false);
    });
  });

  it("sync downloads from the configured host, builds, is up to date the second time, and never sends a token", async () => {
    const body = readFileSync(good);
    const host = await startDumpHost({ "vndb-db-latest.tar.zst": { name: "vndb-db-2026-11-27.tar.zst", body } });
    try {
      const root = join(work, "synced");
      const args = ["sync", "--dir", root, "--url", host.base, "--no-tags", "--no-traits", "--no-votes"];
      const r = await cli(args, { VNDB_TOKEN: TOKEN });
      expect(r.stderr).not.toMatch(/^\s+at /m);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^built 2026-11-27-/);
      const manifest = JSON.parse(state(root).manifest);
      expect(manifest.sources).toEqual({ db: `${host.base}vndb-db-2026-11-27.tar.zst` });
      expect(readdirSync(join(root, "downloads")).sort()).toEqual(["vndb-db-2026-11-27.tar.zst", "vndb-db-2026-11-27.tar.zst.json"]);
      const again = await cli(args, { VNDB_TOKEN: TOKEN });
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/^up to date: 2026-11-27-/);
      for (const req of host.requests) {
        expect(req.headers.authorization).toBeUndefined();
        expect(JSON.stringify(req.headers)).not.toContain(TOKEN.slice(0, 10));
      }
      // A download cut half-way: exit 1 saying so, then the next sync resumes it and builds.
      host.mode = "drop-once";
      const root2 = join(work, "resumed");
      const args2 = ["sync", "--dir", root2, "--url", host.base, "--no-tags", "--no-traits", "--no-votes"];
      const cut = await cli(args2);
      expect(cut.code).toBe(1);
      expect(cut.stderr).toMatch(/stopped at \d+ of \d+ bytes.*run again to resume/);
      expect(existsSync(join(root2, "current"))).toBe(false);
      host.mode = "normal";
      const resumed = await cli(args2);
      expect(resumed.code).toBe(0);
      expect(host.requests.at(-1)!.headers.range).toMatch(/^bytes=\d+-$/);
      expect(readlinkSync(join(root2, "current"))).toMatch(/^builds\/2026-11-27-/);
      const missing = await cli(["sync", "--dir", join(work, "sync404"), "--url", `${host.base}nope/`, "--no-tags", "--no-traits", "--no-votes"]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/404 Not Found; check the download URL/);
      expect(existsSync(join(work, "sync404", "current"))).toBe(false);
    } finally {
      await host.close();
    }
  });
});
