// The product's flagship question, "which English-translated VNs by Key have a rating
// above 80?", answered by the engine over the bundled real sample (no hand-made row takes
// part: the default catalogue has none). Requests go through the same validation as HTTP
// bodies, so the filter names are the real ones.
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
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
const ENGLISH = ["lang", "=", "en"];
const ABOVE_80 = ["rating", ">", 80];

describe("which English-translated VNs by Key have a rating above 80? (real sample data)", () => {
  it("answers CLANNAD, Little Busters!, Rewrite, Summer Pockets, Tsui no Stella and HEAVEN BURNS RED", () => {
    expect(ids(query(["and", KEY, ENGLISH, ABOVE_80]))).toEqual(["v4", "v5", "v751", "v20424", "v29443", "v33924"]);
  });

  // Each condition of the question removes something: the answer is not just "all Key VNs".
  it("without the rating, Kanon (77.0) and planetarian (78.7) come in", () => {
    const all = ids(query(["and", KEY, ENGLISH]));
    expect(all).toEqual(expect.arrayContaining(["v33", "v34"]));
    expect(all).not.toContain("v3079");
  });

  it("without English, Kud Wafter (Japanese and Chinese only) is still out for its rating", () => {
    expect(ids(query(["and", KEY, ["id", "=", "v3079"]]))).toEqual(["v3079"]);
    expect(ids(query(["and", KEY, ["id", "=", "v3079"], ENGLISH]))).toEqual([]);
    expect(ids(query(["and", KEY, ["id", "=", "v3079"], ABOVE_80]))).toEqual([]);
  });

  it("ratings, vote counts and languages are the real ones", () => {
    expect(query(["id", "=", "v3079"], "rating,votecount,languages")).toEqual([
      { id: "v3079", rating: 69.6, votecount: 309, languages: ["ja", "zh-Hans"] },
    ]);
  });
});

describe("the VN columns of the Key VNs", () => {
  const rows: [string, string, string][] = [
    // VN, released (the 2026 sora list's VN-level date), title
    ["v4", "2004-04-28", "CLANNAD"],
    ["v5", "2007-07-27", "Little Busters!"],
    ["v751", "2011-06-24", "Rewrite"],
    ["v20424", "2018-06-29", "Summer Pockets"],
  ];
  it.each(rows)("%s: released %s, titled %s, developed by Key on Windows", (vn, released, title) => {
    const [row] = query(["id", "=", vn], "title,released,platforms,developers.name");
    expect(row.title).toBe(title);
    expect(row.released).toBe(released);
    expect(row.platforms).toContain("win");
    expect(row.developers).toContainEqual({ id: "p24", name: "Key" });
  });

  it("carries no tag: the sample has no tag votes for them (only the legacy records have tags)", () => {
    const [row] = query(["id", "=", "v4"], "tags.name");
    expect(row.tags).toEqual([]);
  });
});
