// The product's flagship question, "which English-translated nakige by Key have a rating
// above 80?", answered by the engine over the bundled catalogue: the hand-added Key
// releases (r900101…) and tags (MANUAL.vnTags) of manual.ts exist for it. Requests go
// through the same validation as HTTP bodies, so the filter names are the real ones.
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { MANUAL } from "../../src/emulator/catalogue/manual.js";
import { createDatabase } from "../../src/emulator/database.js";
import { executeQuery } from "../../src/emulator/engine/execute.js";
import { validateQuery } from "../../src/kana/validate-query.js";

/** A fixed "today" after every release involved, so c_languages does not depend on the run date. */
const clock = { now: () => new Date("2026-08-22T00:00:00Z") };
const db = createDatabase(loadCatalogue(), { today: 20260822 });

function query(filters: unknown, fields = "", sort = "id"): Record<string, unknown>[] {
  const req = validateQuery({
    endpoint: "vn",
    contentType: "application/json",
    body: JSON.stringify({ filters, fields, sort, results: 100 }),
    session: null,
  });
  if (!req.ok) throw new Error(req.failure.message);
  const out = executeQuery(db, req.value, null, clock);
  if (!out.ok) throw new Error(out.failure.message);
  return out.body.results as Record<string, unknown>[];
}
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => r.id);

const KEY = ["developer", "=", ["id", "=", "p24"]];
const NAKIGE = ["tag", "=", "g596"];
const ENGLISH = ["lang", "=", "en"];
const ABOVE_80 = ["rating", ">", 80];

describe("which English-translated nakige by Key have a rating above 80?", () => {
  it("answers CLANNAD, Little Busters! and Rewrite", () => {
    expect(ids(query(["and", KEY, NAKIGE, ENGLISH, ABOVE_80]))).toEqual(["v4", "v5", "v751"]);
  });

  // Each condition of the question removes something: the answer is not just "all Key VNs".
  const dropping: [string, unknown[], string[]][] = [
    ["without the rating, Kud Wafter (70.8) is still out for lack of English", ["and", KEY, NAKIGE, ENGLISH], ["v4", "v5", "v751"]],
    ["without English, Summer Pockets (84.6, Japanese only) comes in", ["and", KEY, NAKIGE, ABOVE_80], ["v4", "v5", "v751", "v20424"]],
    ["Key's nakige of any rating include Kud Wafter", ["and", KEY, NAKIGE], ["v4", "v5", "v751", "v3079", "v20424"]],
    ["Kud Wafter is a Key nakige that only the rating excludes", ["and", KEY, NAKIGE, ["id", "=", "v3079"], ABOVE_80], []],
  ];
  it.each(dropping)("%s", (_name, filters, want) => {
    expect(ids(query(filters))).toEqual(want);
  });

  it("Kud Wafter's rating is the real one, below the threshold", () => {
    expect(query(["id", "=", "v3079"], "rating")).toEqual([{ id: "v3079", rating: 70.8 }]);
  });
});

describe("the VN columns derived from the hand-added releases", () => {
  const rows: [string, string, string[], string][] = [
    // VN, released (recorded), languages, title of the Japanese release
    ["v4", "2004-04-28", ["en", "ja"], "CLANNAD"],
    ["v5", "2007-07-27", ["en", "ja"], "リトルバスターズ！"],
    ["v751", "2011-06-24", ["en", "ja"], "Rewrite"],
    ["v20424", "2018-06-29", ["ja"], "Summer Pockets"],
    ["v3079", "2010-06-25", ["ja"], "クドわふたー"],
  ];
  it.each(rows)("%s: released %s, languages %j, developed by Key on Windows", (vn, released, languages) => {
    const [row] = query(["id", "=", vn], "released,languages,platforms,developers.name");
    expect(row).toEqual({ id: vn, released, languages, platforms: ["win"], developers: [{ id: "p24", name: "Key" }] });
  });

  it("the tags show at spoiler 0 with their names", () => {
    const [row] = query(["id", "=", "v4"], "tags.name,tags.spoiler");
    const names = (row.tags as { name: string; spoiler: number }[]).map((t) => [t.name, t.spoiler]).sort();
    expect(names).toEqual([
      ["Drama", 0],
      ["Nakige", 0],
      ["Romance", 0],
    ]);
  });
});

describe("MANUAL.vnTags in the committed catalogue", () => {
  const catalogue = loadCatalogue();
  it.each(MANUAL.vnTags.map((t) => [t.vn, t.tag, t] as const))("%s carries %s as written", (vn, _tag, { tag, rating, spoiler, lie }) => {
    const row = catalogue.vn.find((v) => v.id === vn);
    expect(row?.manual).toBeUndefined();
    expect(row?.tags.filter((t) => t.tag === tag)).toEqual([{ tag, rating, spoiler, lie }]);
  });
});
