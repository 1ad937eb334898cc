// --mirror DIR over stdio, through a real SDK client: catalogue questions are answered by the
// mirror with no request to VNDB, and say the data date; the user's own list goes to VNDB
// with the token. "VNDB" here is the emulator behind a counting proxy (the test's upstream),
// so every request that leaves the server is counted.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { startCountingProxy, type CountingProxy } from "../helpers/counting-proxy.js";
import { makeMirrorFolder, type MirrorFolder } from "../helpers/mirror-folder.js";
import { startStdioServer, type StdioServer } from "../helpers/stdio-server.js";
import { TOKENS } from "../helpers/emulated-server.js";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const DATA_DATE = "2026-11-27";
/** Paths of catalogue data: none of them may reach the upstream with a mirror. */
const CATALOGUE = /^(POST \/kana\/(vn|release|producer|character|staff|tag|trait|quote)|GET \/kana\/(stats|schema|user))$/;

let upstream: Emulator;
let proxy: CountingProxy;
let mirror: MirrorFolder;
let server: StdioServer;

beforeAll(async () => {
  upstream = await startEmulator({ port: 0, preset: "catalogue" });
  proxy = await startCountingProxy(upstream.url);
  mirror = makeMirrorFolder(DATA_DATE);
  server = await startStdioServer(["--mirror", mirror.root, "--api-url", proxy.url, "--log-level", "warn"], { VNDB_TOKEN: TOKENS.u2Writer });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await proxy?.close();
  await upstream?.close();
});

const catalogueRequests = () => [...proxy.counts.entries()].filter(([key]) => CATALOGUE.test(key));

describe("--mirror over stdio", () => {
  it("answers catalogue questions from the mirror, saying the data date once, with no request upstream", async () => {
    const search = await server.call("vndb_search_vn", { query: "ever17", fields: "brief" });
    expect(search.isError).toBe(false);
    expect(search.text).toMatch(/Ever17/);
    expect(search.text.split(`VNDB data of ${DATA_DATE}`).length - 1).toBe(1);
    const characters = await server.call("vndb_search_character", { query: "Saber", fields: "name" });
    expect(characters.isError).toBe(false);
    const stats = await server.call("vndb_get_stats", {});
    expect(stats.text).toContain(`data of ${DATA_DATE}`);
    expect(catalogueRequests()).toEqual([]);
  }, 60_000);

  it("sends the user's own list to VNDB with the token", async () => {
    const before = proxy.counts.get("GET /kana/ulist_labels") ?? 0;
    const labels = await server.call("vndb_list_labels", {});
    // Without the token VNDB would refuse an own-labels request (400): it went with it.
    expect(labels.isError, labels.text).toBe(false);
    expect(proxy.counts.get("GET /kana/ulist_labels") ?? 0).toBeGreaterThan(before);
    // The user's data is VNDB's live answer, not the mirror's: no data date on it.
    expect(labels.text).not.toContain("VNDB data of");
    expect(catalogueRequests()).toEqual([]);
  }, 60_000);
});

describe("--mirror on a folder without a complete build", () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], { cwd: root, encoding: "utf8", timeout: 60_000, input: "" });

  it("refuses a folder without a current build at once, exit 2, saying how to fill it", () => {
    const empty = makeMirrorFolder(DATA_DATE);
    const broken = empty.addBuild("2026-11-28", { manifest: false });
    const r = run(["--mirror", empty.root]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("configuration error");
    expect(r.stderr).toContain(broken);
    expect(r.stderr).toContain("mirror.json");
    expect(r.stdout).toBe("");
  }, 60_000);

  it("refuses a folder that does not exist", () => {
    const r = run(["--mirror", "/nonexistent/vndb-mirror"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/does not exist.*mirror sync --dir/);
  }, 60_000);

  it("refuses --mirror with --embedded", () => {
    const r = run(["--mirror", mirror.root, "--embedded"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("exclude each other");
  }, 60_000);
});
