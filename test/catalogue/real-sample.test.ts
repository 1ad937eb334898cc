// The default (bundled) catalogue is real VNDB data only: no hand-made row, at least
// 1,000 visible VNs, ratings only where VNDB shows them, and every rule-derived value
// marked. The hand-made rows live in the `test` preset (src/emulator/presets/test.ts).
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import type { Catalogue } from "../../src/emulator/catalogue/types.js";
import { testCatalogue } from "../../src/emulator/presets/test.js";
import { MIN_VOTES_FOR_RATING } from "../../scripts/catalogue/real-set.js";

const cat = loadCatalogue();

/** The fields a documented rule may derive (docs/catalogue.md, "Derived values"). */
const DERIVABLE = new Set(["olang", "languages", "votecount", "title"]);

function manualIds(c: Catalogue): string[] {
  const tables = [c.images, c.vn, c.release, c.producer, c.character, c.staff, c.quote, c.users, c.labels, c.ulist, c.rlist];
  return tables.flatMap((rows) => (rows as { manual?: boolean; id?: string; uid?: string }[]).filter((r) => r.manual).map((r) => r.id ?? r.uid ?? "?"));
}

describe("the bundled catalogue is a real sample", () => {
  it("holds no hand-made row (they are in the test preset)", () => {
    // u5 owns the real sora list; only its user id is given by the build (the data lacks it).
    expect(manualIds(cat)).toEqual(["u5"]);
    expect(manualIds(testCatalogue()).length).toBeGreaterThan(0);
    expect(cat.vn.some((v) => v.id === "v900001")).toBe(false);
    expect(testCatalogue().vn.some((v) => v.id === "v900001")).toBe(true);
  });

  it("holds at least 1,000 visible VNs with a title", () => {
    const visible = cat.vn.filter((v) => !v.hidden);
    expect(visible.length).toBeGreaterThanOrEqual(1000);
    for (const v of visible) expect(v.titles.find((t) => t.lang === v.olang), v.id).toBeDefined();
  });

  it("has no rating below 5 votes, as VNDB", () => {
    const offenders = cat.vn.filter((v) => v.votecount < MIN_VOTES_FOR_RATING && v.rating !== null).map((v) => v.id);
    expect(offenders).toEqual([]);
    // The check can fail: a rated VN with 1 vote is caught.
    const bad = { ...cat.vn[0], votecount: 1, rating: 87.2 };
    expect(bad.votecount < MIN_VOTES_FOR_RATING && bad.rating !== null).toBe(true);
  });

  it("rates most of its VNs and gives STEINS;GATE its real first release date, not a re-release's", () => {
    const rated = cat.vn.filter((v) => v.rating !== null).length;
    expect(rated).toBeGreaterThanOrEqual(1000);
    const sg = cat.vn.find((v) => v.id === "v2002")!;
    expect(sg.votecount).toBeGreaterThan(10_000);
    // Its dump releases have no dates: the VN's date is unknown rather than the 2026 re-release's.
    expect(sg.cReleased === undefined || sg.cReleased === 0 || sg.cReleased < 20100000).toBe(true);
  });

  it("marks only the documented derived fields", () => {
    const used = new Set([...cat.vn, ...cat.release].flatMap((r) => r.derived ?? []));
    expect([...used].filter((f) => !DERIVABLE.has(f))).toEqual([]);
    expect(cat.release.filter((r) => r.derived?.includes("title")).length).toBeGreaterThan(1000);
  });
});
