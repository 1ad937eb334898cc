// The request/answer examples of docs/*.md are checked against what is served, as the
// readme-*.test.ts files do for the README:
// - console blocks: each `$ command` (continued over `\` line ends) goes to a fresh emulator
//   with its fault endpoint on (the doc's port is swapped for the real one), in order, since
//   the examples build on each other (a PATCH, then a read); its output must be the lines
//   under it (blank lines aside, and the value of a Date header). One emulator per doc;
// - the test-token tables: each token answers /authinfo as its row says;
// - TypeScript blocks (and the README's library example) run against an emulator, and each
//   `statement; // → value` must give that value;
// - docs/http.md's /healthz answer.
// docs/deployment.md is left out: its commands start replicas and Redis, not the emulator.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { validateQuery } from "../../src/kana/validate-query.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const LEFT_OUT = new Set(["deployment.md"]);

interface Example {
  command: string;
  expected: string;
}

/** `$ ` lines (joined with their `\`-continued lines) and the output under each. */
function consoleExamples(markdown: string): Example[] {
  const examples: Example[] = [];
  for (const [, block] of markdown.matchAll(/```console\n([\s\S]*?)```/g)) {
    let continued = false;
    for (const line of block!.split("\n")) {
      if (continued) {
        examples[examples.length - 1]!.command += ` ${line.trim()}`;
      } else if (line.startsWith("$ ")) {
        examples.push({ command: line.slice(2), expected: "" });
      } else if (examples.length > 0) {
        examples[examples.length - 1]!.expected += `${line}\n`;
        continue;
      }
      const last = examples[examples.length - 1]!;
      continued = last.command.endsWith("\\");
      if (continued) last.command = last.command.slice(0, -1).trimEnd();
    }
  }
  return examples;
}

/** Output lines as a reader compares them: no CR, no blank lines, no trailing spaces, any Date. */
const lines = (text: string): string[] =>
  text
    .replace(/\r/g, "")
    .replace(/^Date: .*$/gim, "Date: (the time of the request)")
    .split("\n")
    .map((l) => l.trimEnd())
    .filter((l) => l !== "");

const docs = readdirSync(join(root, "docs"))
  .filter((f) => f.endsWith(".md") && !LEFT_OUT.has(f))
  .sort()
  .map((file) => ({ file, examples: consoleExamples(readFileSync(join(root, "docs", file), "utf8")) }))
  .filter((d) => d.examples.length > 0);

describe("docs console examples", () => {
  it("are found (docs/emulator.md has the curl examples and the fault injection)", () => {
    const emulatorDoc = docs.find((d) => d.file === "emulator.md");
    expect(emulatorDoc?.examples.filter((e) => e.command.startsWith("curl ")).length).toBeGreaterThanOrEqual(10);
    // A continued command is one command.
    expect(emulatorDoc?.examples.some((e) => e.command.includes("-d '{\"filters\":[\"id\",\"=\",\"v17\"]"))).toBe(true);
    expect(consoleExamples("```console\n$ a \\\n    b\nout\n\n$ c\n```\n")).toEqual([
      { command: "a b", expected: "out\n\n" },
      { command: "c", expected: "\n" },
    ]);
  });

  for (const { file, examples } of docs) {
    describe(`docs/${file}`, () => {
      let emulator: Emulator;
      beforeAll(async () => {
        emulator = await startEmulator({ port: 0, faultsEndpoint: true });
      });
      afterAll(async () => emulator?.close());

      for (const example of examples) {
        it(example.command, async () => {
          const command = example.command.replace(/127\.0\.0\.1:\d+/g, `127.0.0.1:${emulator.port}`);
          const out = await run("bash", ["-c", `${command} 2>&1; true`], { cwd: root });
          expect(lines(out.stdout)).toEqual(lines(example.expected));
        });
      }
    });
  }
});

/** The docs' test-token tables and the preset each describes. */
const TOKEN_TABLES = [
  { file: "catalogue.md", preset: "catalogue" },
  { file: "emulator.md", preset: "vectors" },
] as const;

interface TokenRow {
  token: string;
  user: string;
  username: string;
  permissions: string[];
}

/** Rows of the `| token | user | …` table: permissions as listread/listwrite yes-no columns or one list. */
function tokenRows(markdown: string): TokenRow[] {
  const table = /^ *\| token \| user \|(.*)\n *\|[-| ]+\|\n((?: *\|.*\|\n?)+)/m.exec(markdown);
  if (!table) return [];
  const columns = table[1]!.split("|").map((c) => c.trim()).filter(Boolean);
  return table[2]!
    .trim()
    .split("\n")
    .map((line) => {
      const cells = line.trim().split("|").slice(1, -1).map((c) => c.trim());
      const [user, username] = cells[1]!.split(" ");
      const rest = Object.fromEntries(columns.map((c, i) => [c, cells[i + 2]!]));
      const permissions =
        "permissions" in rest
          ? rest.permissions === "none"
            ? []
            : rest.permissions!.split(",").map((p) => p.trim())
          : ["listread", "listwrite"].filter((p) => rest[p] === "yes");
      return { token: cells[0]!.replace(/`/g, ""), user: user!, username: username!, permissions };
    });
}

describe("docs test-token tables", () => {
  for (const { file, preset } of TOKEN_TABLES) {
    describe(`docs/${file} (${preset} preset)`, () => {
      const rows = tokenRows(readFileSync(join(root, "docs", file), "utf8"));
      let emulator: Emulator;
      beforeAll(async () => {
        emulator = await startEmulator({ port: 0, preset });
      });
      afterAll(async () => emulator?.close());

      it("has the table", () => {
        expect(rows.length).toBeGreaterThanOrEqual(3);
      });

      it("each token is the user with the permissions the table gives (GET /authinfo)", async () => {
        for (const row of rows) {
          const res = await fetch(`${emulator.url}/authinfo`, { headers: { Authorization: `Token ${row.token}` } });
          expect(res.status, row.token).toBe(200);
          expect(await res.json(), row.token).toEqual({ id: row.user, username: row.username, permissions: row.permissions });
        }
      });
    });
  }
});

/** Docs whose TypeScript examples are run (the README's "As a library" too). */
const CODE_DOCS = ["README.md", "docs/emulator.md", "docs/library.md"];

interface CodeExample {
  file: string;
  code: string;
}

/**
 * A ```ts block as a runnable module: imports of the package or of ./src point at this
 * checkout's sources, and each `statement;` followed by a `// → value` line becomes a claim
 * the module reports (statement's value, the value written) for the test to compare.
 */
function runnable(code: string): string {
  const src = pathToFileURL(join(root, "src")).href;
  let claims = 0;
  const body = code
    .replace(/from "vndb-mcp-server"/g, `from "${src}/index.js"`)
    .replace(/from "\.\/src\//g, `from "${src}/`)
    .replace(/^(.+);\n\/\/ → (.+)$/gm, (_all, statement: string, value: string) => {
      claims++;
      return `__claims.push([${statement}, ${value}]);`;
    });
  return `const __claims: unknown[] = [];\n${body}\nconsole.log("claims:" + JSON.stringify(__claims));\nif (__claims.length !== ${claims}) process.exit(3);\nprocess.exit(0);\n`;
}

const codeExamples: CodeExample[] = CODE_DOCS.flatMap((file) =>
  [...readFileSync(join(root, file), "utf8").matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => ({ file, code: m[1]! })),
);

describe("docs TypeScript examples", () => {
  let emulator: Emulator;
  let dir: string;
  beforeAll(async () => {
    // Examples without a baseUrl use $VNDB_API_URL: this emulator, never the real VNDB.
    emulator = await startEmulator({ port: 0 });
    mkdirSync(join(root, ".tmp"), { recursive: true });
    dir = mkdtempSync(join(root, ".tmp", "docs-code-"));
  });
  afterAll(async () => {
    await emulator?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("are found: the library's client, emulator and validator examples", () => {
    expect(codeExamples.filter((e) => e.file === "docs/library.md")).toHaveLength(3);
    expect(codeExamples.filter((e) => e.file === "docs/emulator.md")).toHaveLength(2);
    expect(runnable('f(1);\n// → { a: 1 }\n')).toContain("__claims.push([f(1), { a: 1 }]);");
  });

  it.each(codeExamples.map((e, i) => [`${e.file} #${i + 1}: ${e.code.split("\n").find((l) => l.trim() && !l.startsWith("import"))?.trim()}`, e, i] as const))(
    "%s runs against the emulator, every → value as written",
    async (_name, example, i) => {
      const file = join(dir, `example-${i}.ts`);
      writeFileSync(file, runnable(example.code));
      const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", VNDB_API_URL: emulator.url };
      const out = await run(process.execPath, ["--import", "tsx", file], { cwd: root, env }).catch((e: { code?: number; stdout?: string; stderr?: string }) => {
        throw new Error(`exit ${e.code}: ${e.stderr ?? ""}${e.stdout ?? ""}`.slice(-4000));
      });
      // An example that prints (console.log) must have printed more than its claims.
      if (/console\.log\(/.test(example.code)) expect(out.stdout.replace(/^claims:.*$/m, "").trim(), out.stderr).not.toBe("");
      const claims = JSON.parse(/^claims:(.*)$/m.exec(out.stdout)![1]!) as [unknown, unknown][];
      for (const [actual, written] of claims) expect(actual).toEqual(written);
    },
    60_000,
  );
});

describe("docs/http.md", () => {
  const doc = readFileSync(join(root, "docs", "http.md"), "utf8");
  const written = /`GET \/healthz` answers `(\{.*?\})`/.exec(doc)?.[1];
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child?.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child!.once("exit", resolve));
    }
  });

  it("GET /healthz answers as written (N: the number of sessions)", async () => {
    expect(written).toBeDefined();
    child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--http", "--port", "0", "--embedded"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    const url = await new Promise<string>((resolve, reject) => {
      child!.stderr!.on("data", (d: Buffer) => {
        stderr += d.toString("utf8");
        const m = /serving MCP on (http:\/\/\S+)/.exec(stderr);
        if (m) resolve(m[1]!);
      });
      child!.once("exit", (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
    });
    const res = await fetch(new URL("/healthz", url));
    expect(res.status).toBe(200);
    // No session is open yet: N is 0.
    expect(await res.text()).toBe(written!.replace("N", "0"));
  }, 60_000);
});

describe("docs/library.md", () => {
  it("quotes the refusal validateQuery gives for a misspelt field", () => {
    const quoted = /\(`(Invalid 'fields' member: Field '(\w+)' not found)`\)/.exec(readFileSync(join(root, "docs", "library.md"), "utf8"));
    expect(quoted).not.toBeNull();
    const r = validateQuery({ endpoint: "vn", contentType: "application/json", body: JSON.stringify({ fields: quoted![2] }), session: null });
    expect(r).toEqual({ ok: false, failure: { status: 400, message: quoted![1] } });
  });
});
