// The MCP conformance suite's server scenarios against `vndb-mcp --http --embedded`.
// Every scenario must pass except those written around the suite's own fixture server: they
// call tools, prompts and resources by fixed names (test_simple_text, test://static-text, ...)
// that a VNDB server does not and should not have. Those are listed below with the reason;
// the suite fails the run if one of them starts passing, so the list cannot go stale.

import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conformanceSuite, type ConformanceSuite } from "../helpers/conformance-suite.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Scenarios that need the suite's fixture server, and what each one asks for. */
const FIXTURE_SCENARIOS: Record<string, string> = {
  "completion-complete": "completes an argument of the fixture prompt test_prompt_with_arguments (ours: test/server/resources-prompts.test.ts)",
  "tools-call-simple-text": "calls fixture tool test_simple_text (passed with SDK v1 only because the suite took our 'unknown tool' tool result for an answer; now the spec's -32602)",
  "tools-call-error": "calls fixture tool test_error_handling (passed with SDK v1 only because our 'unknown tool' result had isError; now the spec's -32602)",
  "tools-call-image": "calls fixture tool test_image_content",
  "tools-call-audio": "calls fixture tool test_audio_content",
  "tools-call-embedded-resource": "calls fixture tool test_embedded_resource",
  "tools-call-mixed-content": "calls fixture tool test_multiple_content_types",
  "tools-call-with-logging": "calls fixture tool test_tool_with_logging (ours: test/server/mcp-features.test.ts)",
  "tools-call-with-progress": "calls fixture tool test_tool_with_progress (ours: test/server/mcp-features.test.ts)",
  "tools-call-sampling": "calls fixture tool test_sampling",
  "tools-call-elicitation": "calls fixture tool test_elicitation",
  "elicitation-sep1034-defaults": "calls fixture tool test_elicitation_sep1034_defaults",
  "elicitation-sep1330-enums": "calls fixture tool test_elicitation_sep1330_enums",
  "resources-read-text": "reads fixture resource test://static-text",
  "resources-read-binary": "reads fixture resource test://static-binary",
  "resources-templates-read": "reads fixture template test://template/{id}/data",
  "resources-subscribe": "subscribes to fixture resource test://watched-resource",
  "resources-unsubscribe": "unsubscribes from fixture resource test://watched-resource",
  "prompts-get-simple": "gets fixture prompt test_simple_prompt",
  "prompts-get-with-args": "gets fixture prompt test_prompt_with_arguments",
  "prompts-get-embedded-resource": "gets fixture prompt test_prompt_with_embedded_resource",
  "prompts-get-with-image": "gets fixture prompt test_prompt_with_image",
};

let suite: ConformanceSuite;
let server: ChildProcess;
let url: string;
const work = mkdtempSync(join(tmpdir(), "vndb-conformance-"));

beforeAll(async () => {
  suite = conformanceSuite();
  server = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--http", "--port", "0", "--embedded"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  url = await new Promise<string>((resolve, reject) => {
    server.stderr!.on("data", (d: Buffer) => {
      log += d.toString("utf8");
      const m = /serving MCP on (http:\/\/\S+)/.exec(log);
      if (m) resolve(m[1]!);
    });
    server.once("exit", (code) => reject(new Error(`server exited with ${code}: ${log}`)));
  });
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  rmSync(work, { recursive: true, force: true });
});

describe("MCP conformance suite (server scenarios over --http)", () => {
  it("passes every scenario that does not need the suite's fixture server", async () => {
    const baseline = join(work, "expected-failures.yml");
    writeFileSync(baseline, `server:\n${Object.keys(FIXTURE_SCENARIOS).map((s) => `  - ${s}`).join("\n")}\n`);
    const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(suite.node, [suite.cli, "server", "--url", url, "--expected-failures", baseline], { cwd: work, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
      );
    });
    const summary = out.slice(out.indexOf("=== SUMMARY ==="));
    const passed = [...summary.matchAll(/✓ ([a-z0-9-]+): (\d+) passed, 0 failed/g)].map((m) => m[1]!);
    const failed = [...summary.matchAll(/✗ ([a-z0-9-]+):/g)].map((m) => m[1]!);
    // The scenarios that pass are the whole suite minus the fixture ones, and none is missing.
    expect(failed.filter((s) => !(s in FIXTURE_SCENARIOS)), summary).toEqual([]);
    expect(passed).toEqual(
      expect.arrayContaining(["server-initialize", "logging-set-level", "ping", "tools-list", "resources-list", "prompts-list", "dns-rebinding-protection", "server-sse-multiple-streams"]),
    );
    expect(code, summary).toBe(0);
  }, 300_000);
});
