// What a newcomer does: `git clone` into an empty folder with nothing beside it, the
// README's install (`npm ci && npm run build`), then its test command. Runs only in CI (CI=true), where the npm cache is warm from
// CI's own `npm ci`: it clones the current commit (HEAD, not uncommitted changes) into a
// fresh temporary folder, so no ../shared is beside it, and runs `npm test` there on a quick
// subset that covers what depends on ../shared: the committed vectors fixture, the catalogue
// build (skipped, saying why), the registry entry. The full suite is what CI itself runs.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
/** Set in the clone's own run, so that it never clones again. */
const INNER = "VNDB_FRESH_CLONE_INNER";

/** The test files the clone runs: each one depends on what a fresh clone lacks or carries. */
const SUBSET = ["test/vectors/fixture.test.ts", "test/vectors/validation.test.ts", "test/catalogue/build.test.ts", "test/format/real-size.test.ts", "test/docs/registry-entry.test.ts"];

/** The parts of vitest's JSON report read here. */
interface VitestReport {
  numFailedTests: number;
  testResults: { assertionResults: { ancestorTitles: string[]; title: string; fullName: string; status: string }[] }[];
}

/**
 * The clone's install and tests run beside the rest of the suite on CI's two cores: at a
 * lower priority (nice, where there is one) and on one vitest worker, so that they take
 * CPU from the suite's own tests as little as they can.
 */
const lowPriority = (() => {
  try {
    execFileSync("nice", ["-n", "10", "true"], { stdio: "ignore" });
    return (command: string, args: string[]): [string, string[]] => ["nice", ["-n", "10", command, ...args]];
  } catch {
    return (command: string, args: string[]): [string, string[]] => [command, args];
  }
})();

function commitOrNull(): string | null {
  try {
    execFileSync(npm, ["--version"], { stdio: "ignore" });
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

const commit = commitOrNull();
const why =
  !process.env.CI ? "runs in CI only (CI set)" : process.env[INNER] ? "this is the fresh clone's own run" : commit === null ? "git or npm unavailable, or not a git checkout" : undefined;

let work: string | undefined;
afterAll(() => {
  // The clone holds a whole node_modules: removing it takes a while on a loaded machine.
  if (work) rmSync(work, { recursive: true, force: true });
}, 120_000);

describe.skipIf(why !== undefined)(why === undefined ? "a fresh clone" : `a fresh clone (skipped: ${why})`, () => {
  it("installs, builds and passes npm test with nothing beside it, saying what it skipped", () => {
    work = mkdtempSync(join(tmpdir(), "vndb-fresh-clone-"));
    const repo = join(work, "vndb-mcp-server");
    // A CI checkout may belong to another user than the one running the tests.
    execFileSync("git", ["-c", "safe.directory=*", "clone", "--quiet", "--no-checkout", root, repo], { stdio: "pipe" });
    execFileSync("git", ["-c", "advice.detachedHead=false", "checkout", "--quiet", commit!], { cwd: repo, stdio: "pipe" });
    expect(existsSync(join(work, "shared")), "nothing beside the clone").toBe(false);

    const env: NodeJS.ProcessEnv = { ...process.env, [INNER]: "1", npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
    delete env.VITEST_JSON_REPORT;
    // The README's install from a checkout: npm ci && npm run build, then the command runs.
    execFileSync(...lowPriority(npm, ["ci", "--prefer-offline"]), { cwd: repo, env, stdio: "pipe" });
    execFileSync(...lowPriority(npm, ["run", "build"]), { cwd: repo, env, stdio: "pipe" });
    const version = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")).version as string;
    expect(execFileSync(process.execPath, [join(repo, "dist", "cli", "main.js"), "--version"], { encoding: "utf8" }).trim()).toBe(version);
    const report = join(work, "report.json");
    let out: string;
    try {
      out = execFileSync(...lowPriority(npm, ["test", "--", "--maxWorkers=1", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...SUBSET]), {
        cwd: repo,
        env: { ...env, NO_COLOR: "1" },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (e) {
      const failed = e as { stdout?: string; stderr?: string };
      throw new Error(`npm test failed in the fresh clone:\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`.slice(-8000));
    }
    expect(out).toContain("Catalogue check skipped");
    const results = JSON.parse(readFileSync(report, "utf8")) as VitestReport;
    const tests = results.testResults.flatMap((f) => f.assertionResults);
    expect(results.numFailedTests).toBe(0);
    // The vectors came from the committed fixture: every one of them was replayed.
    expect(tests.filter((t) => t.status === "passed" && t.ancestorTitles.some((a) => a.startsWith("query validation vectors"))).length).toBeGreaterThan(1_000);
    expect(tests.find((t) => t.title.startsWith("holds the 2058 public vectors"))?.status).toBe("passed");
    // What needs ../shared is skipped, and says why.
    const skipped = tests.filter((t) => t.status !== "passed").map((t) => t.fullName);
    expect(skipped.some((n) => n.includes("(skipped: ../shared/kana-data/real is not beside the repository)"))).toBe(true);
    expect(skipped.some((n) => n.includes("(skipped: ../shared/kana-vectors/public.jsonl is not beside the repository)"))).toBe(true);
  }, 900_000);
});
