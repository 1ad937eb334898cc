// The README's console examples are run as written: each `$ command` line is executed and
// its output compared with the lines under it. curl examples go to a fresh emulator (the
// README's `--port 8080` is swapped for its real port); `npm run --silent vndb-mcp-server --`
// runs the CLI from source.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../src/emulator/index.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const README_PORT = "127.0.0.1:8080";

interface Example {
  command: string;
  expected: string;
}

function consoleExamples(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/```console\n([\s\S]*?)```/g)].map((m) => m[1]);
  const examples: Example[] = [];
  for (const block of blocks) {
    for (const line of block.split("\n")) {
      if (line.startsWith("$ ")) examples.push({ command: line.slice(2), expected: "" });
      else if (examples.length > 0 && line !== "") examples[examples.length - 1].expected += `${line}\n`;
    }
  }
  return examples;
}

const examples = consoleExamples(readFileSync(`${root}/README.md`, "utf8"));

describe("README console examples", () => {
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  it("finds the examples (curl against the emulator and the filters CLI)", () => {
    expect(examples.filter((e) => e.command.startsWith("curl ")).length).toBeGreaterThanOrEqual(5);
    expect(examples.filter((e) => e.command.includes("vndb-mcp-server -- filters")).length).toBeGreaterThanOrEqual(3);
  });

  // In order: the curl examples build on each other (a PATCH, then a read of the list).
  for (const example of examples) {
    it(example.command, async () => {
      const command = example.command
        .replaceAll(README_PORT, `127.0.0.1:${emulator.port}`)
        .replace("npm run --silent vndb-mcp-server --", `${JSON.stringify(process.execPath)} --import tsx src/cli/main.ts`);
      // A refused filter exits 1 with VNDB's message on stderr, which the README shows too.
      const out = await run("bash", ["-c", `${command} 2>&1; true`], { cwd: root });
      // JSON bodies end without a newline and error bodies with one; a README cannot show that.
      expect(out.stdout.trimEnd()).toBe(example.expected.trimEnd());
    });
  }
});
