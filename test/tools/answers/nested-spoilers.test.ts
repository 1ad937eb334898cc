// Item 6 of issue 29 through a real SDK client, on the offline sample: a long tag or trait
// list answers "which are the major spoilers?" in one call. A minimum spoiler level (and with
// `spoiler` equal to it, an exact one), a count per level in the list's header, and a category
// left out with `!`. Players needed 3 pages of euphoria's 261 tags to find its 28 major
// spoilers. Expected counts come from the catalogue's rows, not from the server.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated({ preset: "catalogue", config: { embedded: true } });
}, 60_000);
afterAll(async () => server?.close());

const cat = () => loadCatalogue();
const level = (t: { spoiler: number; lie: boolean }) => (t.lie ? 2 : t.spoiler);

/** The catalogue's VN with the most major spoiler tags (euphoria on today's sample). */
function spoilerHeavy() {
  const c = cat();
  const category = new Map(c.tag.map((t) => [t.id, t.category]));
  const vn = c.vn.filter((v) => !v.hidden).sort((a, b) => b.tags.filter((t) => level(t) === 2).length - a.tags.filter((t) => level(t) === 2).length)[0]!;
  if (vn.tags.filter((t) => level(t) === 2).length < 10) throw new Error("no VN with 10 major spoiler tags in the catalogue");
  return { vn, category };
}

type Tag = { id: string; spoiler?: number; category?: string };
const tagsOf = (r: { structured?: Record<string, unknown> }) => ((r.structured?.results as { tags?: Tag[] }[])[0]!.tags ?? []) as Tag[];

describe("nested lists: spoiler levels and excluded categories (issue 29 item 6)", () => {
  it("min_spoiler=2 lists exactly the major spoilers, in one call, at an answer level of 0", async () => {
    const { vn } = spoilerHeavy();
    const major = vn.tags.filter((t) => level(t) === 2);
    const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,tags[min_spoiler=2,limit=100]{name}" });
    expect(r.isError, r.text).toBe(false);
    const shown = tagsOf(r);
    expect(new Set(shown.map((t) => t.id))).toEqual(new Set(major.map((t) => t.tag)));
    expect(r.text).toContain(`${vn.id} tags: items 1-${major.length} of ${major.length}`);
  });

  it("the header counts the list per spoiler level, and points at the option when major ones exist", async () => {
    const { vn } = spoilerHeavy();
    const n = [0, 1, 2].map((l) => vn.tags.filter((t) => !t.lie && t.spoiler === l).length);
    const lies = vn.tags.filter((t) => t.lie).length;
    const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,tags[limit=5]{name}" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`by spoiler level 0: ${n[0]}, 1: ${n[1]}, 2: ${n[2]}${lies ? `, lies: ${lies}` : ""}`);
    expect(r.text).toContain("tags[min_spoiler=2]");
    // The answer's own level (0) still hides them from the window.
    expect(tagsOf(r).every((t) => (t.spoiler ?? 0) === 0)).toBe(true);
  });

  it("spoiler=1,min_spoiler=1 is exactly level 1; a ceiling under the floor is refused", async () => {
    const { vn } = spoilerHeavy();
    const minor = vn.tags.filter((t) => !t.lie && t.spoiler === 1);
    const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,tags[spoiler=1,min_spoiler=1,limit=100]{name}" });
    expect(new Set(tagsOf(r).map((t) => t.id))).toEqual(new Set(minor.map((t) => t.tag)));
    const bad = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,tags[spoiler=0,min_spoiler=2]" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/spoiler=0 is below min_spoiler=2/);
  });

  it("category=!ero leaves one category out", async () => {
    const { vn, category } = spoilerHeavy();
    const expected = vn.tags.filter((t) => level(t) === 0 && category.get(t.tag) !== "ero");
    if (!vn.tags.some((t) => category.get(t.tag) === "ero")) throw new Error("the VN has no ero tags");
    const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,tags[category=!ero,limit=100]{name}" });
    expect(r.isError, r.text).toBe(false);
    const shown = tagsOf(r);
    expect(shown.length).toBe(Math.min(100, expected.length));
    expect(shown.some((t) => t.category === "ero")).toBe(false);
  });

  it("traits take the same options", async () => {
    const c = cat();
    const ch = c.character.filter((x) => !x.hidden).sort((a, b) => b.traits.filter((t) => level(t) > 0).length - a.traits.filter((t) => level(t) > 0).length)[0]!;
    const spoilers = ch.traits.filter((t) => level(t) >= 1);
    if (!spoilers.length) throw new Error("no character with spoiler traits");
    const r = await server.call("vndb_search_character", { filters: { id: ch.id }, fields: "name,traits[min_spoiler=1,limit=100]{name}" });
    expect(r.isError, r.text).toBe(false);
    const shown = (r.structured?.results as { traits?: { id: string }[] }[])[0]!.traits ?? [];
    expect(new Set(shown.map((t) => t.id))).toEqual(new Set(spoilers.map((t) => t.trait)));
  });
});
