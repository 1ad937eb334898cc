// The README's screenshots of the MCP App views, made from what an offline user sees: the
// offline sample of real VNDB data (the `catalogue` preset that --embedded serves, with the
// server configured as --embedded, so every view says where its data comes from). VNDB's image
// host is out of reach here, as it is for anyone offline, so covers show their placeholders;
// no made-up tag or cover appears. Every run writes the pictures to
// test/ui/.screenshots/readme/; `README_SCREENSHOTS=write` writes them over docs/images/ too.
// The README must show exactly these scenes (checked below), so its pictures cannot drift
// back to test data.

import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOKENS } from "../helpers/emulated-server.js";
import { hasChromium, startViewHarness, type ShowOptions, type ViewHarness } from "./host/view-harness.js";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const OUT = join(here, ".screenshots", "readme");
const DOCS = join(root, "docs", "images");

interface Scene {
  /** The file under docs/images/ (README links it). */
  file: string;
  tool: string;
  args: Record<string, unknown>;
  options: ShowOptions & { ready: string };
  /** What the picture must show, from the sample's own data. */
  shows: () => string;
  /** The view has a source line (the list editor shows a write read back, and no data source). */
  source: boolean;
}

const catalogue = loadCatalogue();
const titleOf = (id: string) => {
  const vn = catalogue.vn.find((v) => v.id === id)!;
  return vn.titles.find((t) => t.lang === vn.olang)?.latin ?? vn.titles.find((t) => t.lang === vn.olang)!.title;
};

/** The sample's readers, longest list first. */
const readers = (() => {
  const counts = new Map<string, number>();
  for (const e of catalogue.ulist) counts.set(e.uid, (counts.get(e.uid) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([id, entries]) => ({ id, entries }));
})();
/** The sample's user with the longest public list: the dashboard shows a real reader's list. */
const reader = readers[0]!;
/** The reader who shares the most VNs with `reader`: the comparison compares two real lists. */
const other = (() => {
  const mine = new Set(catalogue.ulist.filter((e) => e.uid === reader.id).map((e) => e.vid));
  const shared = new Map<string, number>();
  for (const e of catalogue.ulist) if (e.uid !== reader.id && mine.has(e.vid)) shared.set(e.uid, (shared.get(e.uid) ?? 0) + 1);
  return [...shared].sort((a, b) => b[1] - a[1])[0]![0];
})();
/** The reader's VN with the most votes in the sample: the brief's card is about a well-known VN. */
const briefVn = (() => {
  const listed = new Set(catalogue.ulist.filter((e) => e.uid === reader.id).map((e) => e.vid));
  return [...catalogue.vn].filter((v) => !listed.has(v.id)).sort((a, b) => (b.votecount ?? 0) - (a.votecount ?? 0))[0]!.id;
})();

const SCENES: Scene[] = [
  { file: "app-search-grid-light-720.png", tool: "vndb_search_vn", args: { filters: { developer: "Key" }, results: 10 }, options: { ready: ".card", images: "fail" }, shows: () => "visual novels", source: true },
  { file: "app-search-grid-inline-500.png", tool: "vndb_search_vn", args: { filters: { developer: "Key" }, results: 10 }, options: { ready: ".card", images: "fail", maxHeight: 500, displayModes: ["inline", "fullscreen"] }, shows: () => "Show all 10", source: true },
  { file: "app-vn-sheet-light-720.png", tool: "vndb_vn_sheet", args: { id: "v4" }, options: { ready: "article.sheet-wrap h1", images: "fail" }, shows: () => titleOf("v4"), source: true },
  { file: "app-list-dashboard-dark.png", tool: "vndb_list_insight", args: { user: reader.id }, options: { ready: "figure svg", theme: "dark" }, shows: () => `${reader.entries} entries`, source: true },
  { file: "app-list-editor-light.png", tool: "vndb_update_list_entry", args: { vn: "v17", vote: 9 }, options: { ready: "table.diff" }, shows: () => "9/10", source: false },
  { file: "app-list-compare-light.png", tool: "vndb_list_insight", args: { user: reader.id, compare: other }, options: { ready: "figure svg" }, shows: () => "shared VNs", source: true },
  { file: "app-list-brief-light.png", tool: "vndb_list_insight", args: { user: reader.id, vn: briefVn }, options: { ready: "article.card-brief" }, shows: () => titleOf(briefVn), source: true },
  { file: "app-list-import-light.png", tool: "vndb_update_list_entry", args: { import: "https://vndb.org/v17\nSaya no Uta\nHigurashi\nv4" }, options: { ready: "table.import" }, shows: () => "Confirm: write", source: true },
];

let harness: ViewHarness;

beforeAll(async () => {
  if (!hasChromium) return;
  harness = await startViewHarness({ preset: "catalogue", config: { token: TOKENS.u2Writer, embedded: true } });
  mkdirSync(OUT, { recursive: true });
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

describe("README screenshots", () => {
  it("the README shows exactly the scenes made here, each said to come from the offline sample", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const linked = [...readme.matchAll(/\(docs\/images\/(app-[^)]+\.png)\)/g)].map((m) => m[1]);
    expect(linked.sort()).toEqual(SCENES.map((s) => s.file).sort());
    expect(readme).toContain("on the offline sample of real VNDB data");
  });

  it.skipIf(!hasChromium).each(SCENES.map((s) => [s.file, s] as const))("%s: made from the offline sample", async (file, scene) => {
    const s = await harness.show(scene.tool, scene.args, scene.options);
    expect(await s.view.textContent("main")).toContain(scene.shows());
    if (scene.source) expect(await s.view.textContent(".note")).toContain("offline sample of VNDB");
    expect(s.errors).toEqual([]);
    const path = join(OUT, file);
    await s.page.locator("iframe").screenshot({ path });
    if (process.env.README_SCREENSHOTS === "write") copyFileSync(path, join(DOCS, file));
    await s.page.close();
  }, 60_000);
});
