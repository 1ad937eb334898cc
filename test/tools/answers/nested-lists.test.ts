// Item 3 of issue 12 through a real SDK client: a VN's long tag list is filtered (category,
// minimum rating, spoiler level) and continued with options inside `fields`, and a cut list
// says how to get the rest. The VN is the catalogue's most tagged one; expected counts come
// from the data rows.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCatalogue } from "../../../src/emulator/presets/test.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

function mostTagged() {
  const vn = [...testCatalogue().vn].filter((v) => !v.hidden).sort((a, b) => b.tags.length - a.tags.length)[0]!;
  if (vn.tags.length <= 30) throw new Error("no VN with a long tag list in the catalogue");
  const category = new Map(testCatalogue().tag.map((t) => [t.id, t.category]));
  return { vn, category };
}

type Tag = { id: string; rating: number; category: string };

describe("nested list options", () => {
  it("filters by category and minimum rating at the spoiler level, best rated first, and continues", async () => {
    const { vn, category } = mostTagged();
    // Direct tags only (VNDB's tags field lists directly applied, non-hidden tags).
    const expected = vn.tags.filter((t) => t.spoiler === 0 && !t.lie && category.get(t.tag) === "cont" && t.rating >= 1.5);
    const first = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,tags[category=cont,min_rating=1.5,limit=10]" });
    expect(first.isError, first.text).toBe(false);
    const tags1 = ((first.structured?.results as { tags: Tag[] }[])[0]!.tags ?? []) as Tag[];
    expect(tags1.length).toBe(Math.min(10, expected.length));
    for (const t of tags1) expect(t.category === "cont" && t.rating >= 1.5).toBe(true);
    const ratings = tags1.map((t) => t.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(first.text).toContain(`${vn.id} tags: items 1-${tags1.length} of ${expected.length}`);
    if (expected.length > 10) {
      expect(first.text).toContain("continue with tags[…,from=10]");
      const second = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,tags[category=cont,min_rating=1.5,limit=10,from=10]" });
      const tags2 = (second.structured?.results as { tags: Tag[] }[])[0]!.tags ?? [];
      expect(tags2.length).toBe(Math.min(10, expected.length - 10));
      expect(tags2.filter((t) => tags1.some((u) => u.id === t.id))).toEqual([]);
    }
  });

  it("a page that cuts lists says how to continue them", async () => {
    const { vn } = mostTagged();
    // A small size cap (a server setting) forces the cut on one entry.
    const small = await startEmulated({ config: { maxResponseTokens: 1500 } });
    try {
      const r = await small.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,description,tags{name,rating}", spoilers: 2 });
      expect(r.text).toMatch(/shortened to (\d+) items .* tags\[from=\1\]/);
    } finally {
      await small.close();
    }
  });

  it("the options may be followed by the model's own sub-selection, {…} or .path", async () => {
    const vn = testCatalogue().vn.find((v) => !v.hidden && v.staff.some((c) => c.role === "scenario"))!;
    const writers = new Set(vn.staff.filter((c) => c.role === "scenario").map((c) => c.aid));
    for (const fields of ["title,staff[role=scenario]{name,role}", "title,staff[role=scenario].name"]) {
      const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields });
      expect(r.isError, `${fields}: ${r.text}`).toBe(false);
      const line = r.text.split("\n").find((l) => l.startsWith("staff: "))!;
      expect(line.match(/role: scenario/g)?.length, fields).toBe(writers.size);
      expect(line).not.toMatch(/role: (?!scenario)/);
    }
  });

  it("an unknown option is refused with the valid ones", async () => {
    const r = await server.call("vndb_search_vn", { filters: { id: "v17" }, fields: "tags[colour=red]" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Unknown list option "colour=red".*category, min_rating, role, group \(a value or !value to leave it out\), spoiler \(0-2, this list only\), min_spoiler \(0-2\), from, limit \(≤ 100\)/);
  });
});

// Cause 8 of issue 21: the window a model asked for is the window shown (never cut to 15
// behind a header that claims more), `limit` has a stated ceiling, and tags take a spoiler
// option of their own.
describe("nested list options, as asked", () => {
  it("a window is shown whole even where the page would cut lists, and its header and continuation are true", async () => {
    const { vn } = mostTagged();
    const small = await startEmulated({ config: { maxResponseTokens: 2500 } });
    try {
      const r = await small.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,description,tags[from=5,limit=40]{name}", spoilers: 2 });
      expect(r.isError, r.text).toBe(false);
      const shown = ((r.structured?.results as { tags?: unknown[] }[])[0]!.tags ?? []).length;
      const m = r.text.match(new RegExp(`${vn.id} tags: items 6-(\\d+) of (\\d+)`));
      expect(m, r.text).not.toBeNull();
      expect(Number(m![1]) - 5).toBe(shown);
      if (Number(m![2]) > 45) expect(r.text).toContain("continue with tags[…,from=45]");
      expect(r.text).not.toMatch(/tags\[from=\d+\]/);
    } finally {
      await small.close();
    }
  });

  it("a limit above the most shown at once is said, not silently lowered", async () => {
    const { vn } = mostTagged();
    const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,tags[limit=500]", spoilers: 2 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/limit 500 is above the most shown at once \(100\)/);
    const shown = ((r.structured?.results as { tags?: unknown[] }[])[0]!.tags ?? []).length;
    expect(shown).toBe(Math.min(100, vn.tags.length));
  });

  it("tags take their own spoiler level (the answer's stays 0)", async () => {
    const { vn } = mostTagged();
    const spoilerTags = vn.tags.filter((t) => t.spoiler > 0 && !t.lie);
    if (!spoilerTags.length) throw new Error("the most tagged VN has no spoiler tags");
    const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,tags[spoiler=2,limit=100]{name,spoiler}" });
    expect(r.isError, r.text).toBe(false);
    const tags = (r.structured?.results as { tags: { id: string; spoiler?: number }[] }[])[0]!.tags;
    expect(tags.some((t) => (t.spoiler ?? 0) > 0)).toBe(true);
  });
});
