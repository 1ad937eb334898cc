// npm run bundle → dist/vndb-mcp.mcpb, the Claude Desktop bundle (MCP Bundle, manifest 0.3).
//
// The server is bundled by esbuild into server/vndb-mcp.mjs plus lazily loaded chunks (ESM
// code splitting), so the bundle needs no node_modules and the ordinary start-up does not
// even parse the emulator: only --embedded loads its chunk and the catalogue JSON, which is
// copied to server/data where the catalogue loader looks for it. Then `mcpb pack`, and a
// check that the packed bundle really starts: unpack it, spawn the entry point named by
// the manifest, require tools/list to answer with every registry tool, and a search to be
// answered from the offline sample (test/package/bundle.test.ts runs all of it).
//
//   npm run bundle                   build, pack and verify (dist/vndb-mcp.mcpb)
//   npm run bundle -- --no-verify    skip the start-up check
//   npm run bundle -- --out <dir>    write <dir>/bundle and <dir>/vndb-mcp.mcpb instead of dist/
//   npm run bundle -- --date <day>   build as of that day (YYYY-MM-DD; default today, UTC)
//
// The same source and day give the same bytes (scripts/reproducible-zip.ts), so the sum in
// server.json (`npm run release:server-json`) is checked against a build (test/package/bundle.test.ts).

import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { listedTool } from "../src/tools/define-tool.js";
import { shipPrebuilt } from "./catalogue/write-prebuilt.js";
import { DAY, repackReproducibly } from "./reproducible-zip.js";
import { ALL_TOOLS, MODEL_TOOLS } from "../src/tools/index.js";
import { cardOf } from "../src/tools/shelf.js";

const root = fileURLToPath(new URL("..", import.meta.url));
// dist/ is git-ignored build output; the bundle is staged and packed there.
/** Where the staging folder and the .mcpb go: dist/, or the folder after --out (the bundle test's own). */
const outFlag = process.argv.indexOf("--out");
const out = outFlag === -1 ? join(root, "dist") : resolve(process.argv[outFlag + 1] ?? "");
const stage = join(out, "bundle");
const bundlePath = join(out, "vndb-mcp.mcpb");
const mcpbBin = join(root, "node_modules", ".bin", "mcpb");
/** The day the bundle is built as of: its prebuilt caches and its entries' stamp (--date, else today in UTC). */
const dateFlag = process.argv.indexOf("--date");
const day = dateFlag === -1 ? new Date().toISOString().slice(0, 10) : (process.argv[dateFlag + 1] ?? "");
if (!DAY.test(day)) throw new Error(`--date wants a day as YYYY-MM-DD, got ${JSON.stringify(day)}`);

/** How long the packed server may take to answer tools/list before the check fails. */
const VERIFY_TIMEOUT_MS = 15_000;
/** Node 20 baseline of the project (package.json engines). */
const NODE_TARGET = "node20";

function log(message: string): void {
  process.stderr.write(`bundle: ${message}\n`);
}

async function buildServer(): Promise<void> {
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, "server"), { recursive: true });
  await build({
    // The offline mode's worker thread is an entry of its own (server/embedded.ts finds it beside the chunks).
    entryPoints: { "vndb-mcp": join(root, "src", "cli", "main.ts"), "embedded-worker": join(root, "src", "server", "embedded-worker.ts") },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: NODE_TARGET,
    outdir: join(stage, "server"),
    outExtension: { ".js": ".mjs" },
    // Chunks sit next to the entry so that `import.meta.url` of the catalogue loader's chunk
    // points at server/, where data/ is copied.
    chunkNames: "[name]-[hash]",
    minify: true,
    legalComments: "none",
    // Some dependencies (the SDK's ajv) still call require(); give ESM a require, made on its
    // first call: made at load, it cost each of the start's two dozen chunks a module-path walk.
    banner: { js: "import{createRequire as __vndbCreateRequire}from'node:module';let __vndbRequire;function require(id){return(__vndbRequire??=__vndbCreateRequire(import.meta.url))(id)}" },
    logLevel: "warning",
    // Redis serves replicated HTTP deployments, not the one-user Desktop bundle: left out
    // (about 1 MB); VNDB_REDIS_URL in a bundle then fails the start with a clear message.
    external: ["redis"],
    // The tools' cards (their tools/list entries among them), computed here once instead of
    // at every start, so a start loads no tool's code (tools/shelf.ts).
    define: { __VNDB_TOOL_CARDS_JSON__: JSON.stringify(JSON.stringify(ALL_TOOLS.map(cardOf))) },
  });
  cpSync(join(root, "src", "emulator", "catalogue", "data"), join(stage, "server", "data"), { recursive: true });
  shipPrebuilt(join(stage, "server", "data"), Number(day.replaceAll("-", "")));
  const manifest = readFileSync(join(root, "manifest.json"), "utf8");
  writeFileSync(join(stage, "manifest.json"), manifest);
  cpSync(join(root, "icon.png"), join(stage, "icon.png"));
  for (const file of ["README.md", "NOTICE", "LICENSE", "PRIVACY.md"]) {
    try {
      cpSync(join(root, file), join(stage, file));
    } catch {
      // Optional files: the bundle is valid without them.
    }
  }
  // A bundle-local package.json makes the .mjs entry unambiguous ESM for any Node.
  writeFileSync(join(stage, "package.json"), `${JSON.stringify({ name: "vndb-mcp-bundle", private: true, type: "module" }, null, 2)}\n`);
}

function pack(): void {
  rmSync(bundlePath, { force: true });
  execFileSync(mcpbBin, ["pack", stage, bundlePath], { stdio: ["ignore", "ignore", "inherit"] });
  repackReproducibly(bundlePath, day);
  const sha = createHash("sha256").update(readFileSync(bundlePath)).digest("hex");
  log(`packed ${bundlePath} (${(statSync(bundlePath).size / 1024).toFixed(0)} KiB) as of ${day}, sha256 ${sha}`);
}

/** Unpack the bundle and ask the entry point named in its manifest for tools/list. */
async function verify(): Promise<void> {
  const dir = join(out, "bundle-verify");
  rmSync(dir, { recursive: true, force: true });
  execFileSync(mcpbBin, ["unpack", bundlePath, dir], { stdio: ["ignore", "ignore", "inherit"] });
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as {
    server: { mcp_config: { command: string; args: string[] } };
  };
  const args = manifest.server.mcp_config.args.map((a) => a.replace("${__dirname}", dir));
  if (manifest.server.mcp_config.command !== "node") throw new Error(`the manifest starts ${manifest.server.mcp_config.command}, expected node`);
  // A test-only token so that the list-write tools are registered too (no request is made).
  const env = {
    PATH: process.env.PATH ?? "",
    VNDB_TOKEN: "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy",
    VNDB_READ_ONLY: "${user_config.read_only}",
    VNDB_SPOILER_LEVEL: "${user_config.spoiler_level}",
    VNDB_IMAGE_SEXUAL: "${user_config.image_sexual}",
    VNDB_IMAGE_VIOLENCE: "${user_config.image_violence}",
    VNDB_LOG_LEVEL: "warn",
  };
  const listed = ((await exchange(args, env, [{ method: "tools/list" }])).tools ?? []) as { name: string }[];
  const names = listed.map((t) => t.name);
  // A plain client (no MCP Apps): the model's tools, without the app-only ones.
  const expected = MODEL_TOOLS.map((t) => t.name);
  if (JSON.stringify(names) !== JSON.stringify(expected)) {
    throw new Error(`the packed server listed ${names.length} tools, expected ${expected.length}: ${names.join(", ")}`);
  }
  // The inlined entries must be exactly what the source computes.
  if (JSON.stringify(listed) !== JSON.stringify(MODEL_TOOLS.map(listedTool))) {
    throw new Error("the packed server's tools/list differs from the entries the source computes");
  }
  // The offline sample, as the host starts it when the user turns it on: the worker entry
  // and the data folder must be where the chunks look for them.
  const search = { method: "tools/call", params: { name: "vndb_search_vn", arguments: { query: "ever17", fields: "brief" } } };
  const answer = (await exchange(args, { ...env, VNDB_EMBEDDED: "true" }, [search])) as { isError?: boolean; content?: { text?: string }[] };
  if (answer.isError || !answer.content?.[0]?.text?.includes("Ever17")) {
    throw new Error(`the packed server's offline search did not find Ever17: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  log(`verified: the unpacked bundle starts, lists all ${names.length} tools and answers a search offline`);
  rmSync(dir, { recursive: true, force: true });
}

/** Starts the packed server, initializes, sends `requests` in turn and resolves with the last one's result. */
function exchange(args: string[], env: Record<string, string>, requests: { method: string; params?: object }[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", "inherit"] });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the packed server did not answer ${requests.map((r) => r.method).join(", ")} in time`));
    }, VERIFY_TIMEOUT_MS);
    const send = (m: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...m })}\n`);
    let buffer = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      buffer += chunk;
      for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
        const msg = JSON.parse(buffer.slice(0, nl)) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
        buffer = buffer.slice(nl + 1);
        if (msg.id === undefined) continue;
        if (msg.error) {
          clearTimeout(timer);
          child.kill();
          reject(new Error(`the packed server refused request ${msg.id}: ${msg.error.message}`));
        } else if (msg.id === requests.length) {
          clearTimeout(timer);
          child.stdin.end();
          resolve(msg.result ?? {});
        } else if (msg.id === 0) {
          send({ method: "notifications/initialized" });
          send({ id: 1, ...requests[0] });
        } else send({ id: msg.id + 1, ...requests[msg.id] });
      }
    });
    child.on("error", reject);
    send({ id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bundle-check", version: "0" } } });
  });
}

async function main(): Promise<void> {
  await buildServer();
  log(`built ${join(stage, "server", "vndb-mcp.mjs")} (${(statSync(join(stage, "server", "vndb-mcp.mjs")).size / 1024).toFixed(0)} KiB entry)`);
  execFileSync(mcpbBin, ["validate", join(stage, "manifest.json")], { stdio: ["ignore", "ignore", "inherit"] });
  pack();
  if (!process.argv.includes("--no-verify")) await verify();
}

main().catch((error: unknown) => {
  log(`failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
