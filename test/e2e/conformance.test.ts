// The MCP conformance suite's server scenarios against `vndb-mcp --http --embedded`, once per
// protocol era: the checks the 2025-11-25 revision requires (a 2025 client: initialize,
// sessions) and those 2026-07-28 requires (server/discover, no sessions, headers, caching,
// input_required). Each run is read check by check from the suite's own result files.
//
// Every check must pass except those that need the suite's fixture server: they call
// tools, prompts and resources by fixed names (test_simple_text, test://static-text, ...)
// that a VNDB server does not and should not have. Such a scenario is listed below with
// what it asks for; a check the suite itself marks "untestable" (it needs a fixture
// diagnostic tool) is not counted either way. A listed scenario that starts passing fails
// the test, so the list cannot go stale; a scenario that ran no check counts as nothing.

import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conformanceSuite, type ConformanceSuite } from "../helpers/conformance-suite.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Scenarios that need the suite's fixture server (in either era), and what each asks for. */
const FIXTURE_SCENARIOS: Record<string, string> = {
  "completion-complete": "completes an argument of the fixture prompt test_prompt_with_arguments (ours: test/server/resources-prompts.test.ts)",
  "tools-call-simple-text": "calls fixture tool test_simple_text (passed with SDK v1 only because the suite took our 'unknown tool' tool result for an answer)",
  "tools-call-error": "calls fixture tool test_error_handling (passed with SDK v1 only because our 'unknown tool' result had isError)",
  "tools-call-image": "calls fixture tool test_image_content",
  "tools-call-audio": "calls fixture tool test_audio_content",
  "tools-call-embedded-resource": "calls fixture tool test_embedded_resource",
  "tools-call-mixed-content": "calls fixture tool test_multiple_content_types",
  "tools-call-with-logging": "calls fixture tool test_tool_with_logging (ours: test/server/mcp-features.test.ts)",
  "tools-call-with-progress": "calls fixture tool test_tool_with_progress (ours: test/server/mcp-features.test.ts)",
  "tools-call-sampling": "calls fixture tool test_sampling",
  "tools-call-elicitation": "calls fixture tool test_elicitation (ours: test/e2e/confirm-delete.test.ts)",
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
  "json-schema-2020-12": "lists fixture tool json_schema_2020_12_tool (pending in the suite)",
  "input-required-result-basic-elicitation": "calls fixture tool test_input_required_result_elicitation (ours: test/e2e/confirm-delete.test.ts)",
  "input-required-result-basic-sampling": "calls fixture tool test_input_required_result_sampling",
  "input-required-result-basic-list-roots": "calls fixture tool test_input_required_result_list_roots",
  "input-required-result-request-state": "calls fixture tool test_input_required_result_request_state",
  "input-required-result-multiple-input-requests": "calls fixture tool test_input_required_result_multiple_inputs",
  "input-required-result-multi-round": "calls fixture tool test_input_required_result_multi_round",
  "input-required-result-non-tool-request": "gets fixture prompt test_input_required_result_prompt",
  "input-required-result-result-type": "calls fixture tool test_input_required_result_elicitation",
  "input-required-result-tampered-state": "needs a fixture tool's requestState to tamper with (ours: a forged state is refused by the SDK's HMAC check, server/create-server.ts)",
  "input-required-result-capability-check": "calls fixture tool test_input_required_result_capabilities",
};

/** The Tasks extension (2026-07-28 moved Tasks out of the core): not implemented, not scored by the suite. */
const NOT_IMPLEMENTED_PREFIX = "tasks-";

/** Scenarios that must be among the real passes of each era (so that a run testing nothing fails). */
const MUST_PASS: Record<string, string[]> = {
  "2025-11-25": ["server-initialize", "logging-set-level", "ping", "tools-list", "resources-list", "prompts-list", "dns-rebinding-protection", "server-sse-multiple-streams", "server-session-lifecycle"],
  "2026-07-28": ["server-stateless", "caching", "http-header-validation", "sep-2164-resource-not-found", "tools-list", "resources-list", "prompts-list", "dns-rebinding-protection"],
};

interface Check {
  name: string;
  status: string;
  errorMessage?: string;
  details?: { untestable?: boolean };
}

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

/** Runs the checks a revision requires; returns each scenario's checks. */
async function runRevision(revision: string): Promise<{ scenarios: Map<string, Check[]>; out: string }> {
  const dir = join(work, revision);
  const out = await new Promise<string>((resolve) => {
    execFile(suite.node, [suite.cli, "server", "--url", url, "--requirements", revision, "-o", dir], { cwd: work, timeout: 240_000, maxBuffer: 32 * 1024 * 1024 }, (_error, stdout, stderr) =>
      resolve(stdout + stderr),
    );
  });
  const scenarios = new Map<string, Check[]>();
  for (const entry of readdirSync(dir)) {
    const name = entry.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T.*$/, "");
    scenarios.set(name, JSON.parse(readFileSync(join(dir, entry, "checks.json"), "utf8")) as Check[]);
  }
  return { scenarios, out: out.slice(out.indexOf("=== SUMMARY ===")) };
}

describe.each(["2025-11-25", "2026-07-28"])("MCP conformance suite, revision %s, over --http", (revision) => {
  it("passes every check that does not need the suite's fixture server", async () => {
    const { scenarios, out } = await runRevision(revision);
    expect(scenarios.size, out).toBeGreaterThan(10);
    const unexpected: string[] = [];
    const passedFixture: string[] = [];
    const realPasses: string[] = [];
    const table: string[] = [];
    for (const [scenario, checks] of [...scenarios].sort()) {
      if (scenario.startsWith(NOT_IMPLEMENTED_PREFIX)) continue;
      const counted = checks.filter((c) => !c.details?.untestable);
      const failed = counted.filter((c) => c.status === "FAILURE");
      const passed = counted.filter((c) => c.status === "SUCCESS");
      if (scenario in FIXTURE_SCENARIOS) {
        if (failed.length === 0) passedFixture.push(scenario);
        table.push(`  fixture  ${scenario}`);
        continue;
      }
      for (const c of failed) unexpected.push(`${scenario} / ${c.name}: ${c.errorMessage ?? ""}`);
      if (failed.length === 0 && passed.length > 0) realPasses.push(scenario);
      const untestable = checks.length - counted.length;
      table.push(`  ${failed.length ? "FAIL" : passed.length ? "pass" : "empty"}     ${scenario}: ${passed.length} checks passed${untestable ? `, ${untestable} untestable without fixtures` : ""}`);
    }
    console.log(`conformance ${revision}:\n${table.join("\n")}`);
    expect(unexpected, out).toEqual([]);
    // A fixture scenario that passes means the list is stale (or the suite changed).
    expect(passedFixture).toEqual([]);
    expect(realPasses).toEqual(expect.arrayContaining(MUST_PASS[revision]!));
  }, 300_000);
});
