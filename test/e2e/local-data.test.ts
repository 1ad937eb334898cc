// What VNDB's API cannot answer, answered from the data in the process, through the real
// server: words in descriptions (`about`) over --embedded's sample and over a --mirror, and
// the public-votes signal of vndb_recommend over a mirror built with a votes dump. The data
// lives in the worker; the tools ask it by message (server/embedded.ts LocalCall).

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { wordsOf } from "../../src/local/text-index.js";
import { writeDump } from "../helpers/dump-writer.js";
import { sampleDump } from "../helpers/sample-dump.js";
import { startStdioServer, type StdioServer } from "../helpers/stdio-server.js";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const CLOSED_API = "http://127.0.0.1:9/kana";
const catalogue = loadCatalogue();

/** A VN with a word (7+ letters) no other description holds, outside spoiler blocks. */
const { vn, word } = (() => {
  const plain = (d: string) => d.replace(/\[spoiler\][\s\S]*?\[\/spoiler\]/gi, " ");
  const counts = new Map<string, number>();
  for (const v of catalogue.vn) if (!v.hidden) for (const w of new Set(wordsOf(plain(v.description)).map((x) => x.word))) counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const v of catalogue.vn) {
    if (v.hidden) continue;
    const w = wordsOf(plain(v.description)).map((x) => x.word).find((x) => x.length >= 7 && counts.get(x) === 1);
    if (w) return { vn: v, word: w };
  }
  throw new Error("no description with a word of its own");
})();

let work: string;
let embedded: StdioServer;
let mirrored: StdioServer;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "local-data-"));
  const dump = join(work, "vndb-db-2026-11-27.tar.zst");
  await writeDump(dump, sampleDump(catalogue, 20261127).tables, { timestamp: "2026-11-27 08:00:12+00" });
  // Four public voters who liked both v17 and v4: one pair of neighbours (3 likers in common are needed).
  const votes = join(work, "vndb-votes-2026-11-27");
  writeFileSync(votes, [1, 2, 3, 4].flatMap((u) => [`17 ${u} 90 2026-01-01`, `4 ${u} 90 2026-01-01`]).join("\n") + "\n");
  const root = join(work, "mirror");
  const built = spawnSync(process.execPath, ["--import", "tsx", "src/cli/main.ts", "mirror", "build", "--dump", dump, "--votes", votes, "--out", root], { cwd: repo, encoding: "utf8", timeout: 240_000 });
  expect(built.status, built.stderr).toBe(0);
  [embedded, mirrored] = await Promise.all([
    startStdioServer(["--embedded", "--log-level", "warn"]),
    startStdioServer(["--mirror", root, "--api-url", CLOSED_API, "--log-level", "warn"]),
  ]);
}, 300_000);

afterAll(async () => {
  await embedded?.close();
  await mirrored?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("words in descriptions from the worker's data", () => {
  it("--embedded: finds the VN by a word of its description, saying it searched the offline sample", async () => {
    const r = await embedded.call("vndb_search_vn", { about: word });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Matched in descriptions in the offline sample/);
    expect(r.text).toContain(`1. ${vn.id} — “`);
  }, 60_000);

  it("--mirror: finds the same VN in the mirror's descriptions", async () => {
    const r = await mirrored.call("vndb_search_vn", { about: word });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Matched in descriptions \(\d+ VN descriptions\)/);
    expect(r.text).toContain(`1. ${vn.id} — “`);
  }, 60_000);
});

describe("public votes from a mirror built with the votes dump", () => {
  it("vndb_recommend picks what the voters who liked the seed also liked, and says it comes from votes", async () => {
    const r = await mirrored.call("vndb_recommend", { like: ["v17"] });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain("liked by 4 who liked v17");
    expect(r.text).toMatch(/Signals used also: public votes \(/);
  }, 60_000);

  it("--embedded (no votes in the sample) says nothing of votes", async () => {
    const r = await embedded.call("vndb_recommend", { like: ["v17"] });
    expect(r.text).not.toContain("public votes");
  }, 60_000);
});
