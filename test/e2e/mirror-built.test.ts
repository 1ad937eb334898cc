// The whole path, through real clients: the bundled sample written as a VNDB dump in the
// published format (test/helpers/sample-dump.ts + dump-writer.ts), `vndb-mcp-server mirror
// build` of it, then the stdio server with --mirror on the result, asked by an SDK client.
// The server's API URL is a closed loopback port: any catalogue request that left the
// process would fail the call.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { writeDump } from "../helpers/dump-writer.js";
import { sampleDump } from "../helpers/sample-dump.js";
import { startStdioServer, type StdioServer } from "../helpers/stdio-server.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
/** The dump's TIMESTAMP, so the data date the answers must name. */
const TIMESTAMP = "2026-11-27 08:00:12+00";
/** Port 9 (discard) on loopback: nothing listens; a request there fails at once. */
const CLOSED_API = "http://127.0.0.1:9/kana";

let work: string;
let server: StdioServer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "mirror-built-"));
  const dump = join(work, "vndb-db-2026-11-27.tar.zst");
  await writeDump(dump, sampleDump(loadCatalogue(), 20261127).tables, { timestamp: TIMESTAMP });
  const root = join(work, "mirror");
  const built = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "mirror", "build", "--dump", dump, "--out", root], { cwd: repo, encoding: "utf8", timeout: 240_000 });
  expect(built.status, built.stderr).toBe(0);
  server = await startStdioServer(["--mirror", root, "--api-url", CLOSED_API, "--log-level", "warn"]);
}, 300_000);

afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("a mirror built from a dump, served over stdio", () => {
  it("answers searches from the built mirror and names the dump's date", async () => {
    const r = await server.call("vndb_search_vn", { query: "ever17", fields: "title,released" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/Ever17/);
    expect(r.text).toContain("VNDB data of 2026-11-27");
  }, 60_000);

  it("answers the other catalogue endpoints without VNDB", async () => {
    for (const [tool, args] of [
      ["vndb_search_character", { query: "Saber", fields: "name" }],
      ["vndb_search_release", { filters: { vn: "v17" }, fields: "title" }],
      ["vndb_get_schema", {}],
      ["vndb_get_stats", {}],
    ] as const) {
      const r = await server.call(tool, args as Record<string, unknown>);
      expect(r.isError, `${tool}: ${r.text}`).toBe(false);
    }
  }, 120_000);
});
