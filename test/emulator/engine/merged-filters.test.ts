// Four rules where the emulator used to differ from VNDB's source (lib/VNWeb/AdvSearch.pm,
// `_canon` and `sql_list`), checked on the real-data catalogue with the examples that
// showed them (issue 20), through both the indexed path and the plain scan:
// - a merged `and` of one list filter is `GROUP BY … HAVING COUNT(col) = n`: the same tag
//   (trait) twice with different limits never matches, and an `or` of such `!=` always does;
// - staff `role` under `and` counts credit rows: s1198 has two scenario credits and no
//   director credit, yet matches `scenario` and `director`;
// - duplicate children are dropped: a repeated `["random","=",1]` is one draw;
// - a release title the catalogue derived from its first VN does not feed the VN search of
//   the other VNs it links (bundle r3748 made "clannad" find Little Busters!, Kanon, AIR …).
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { createDatabase } from "../../../src/emulator/database.js";
import { executeQuery } from "../../../src/emulator/engine/execute.js";
import type { Filter, QueryEndpoint } from "../../../src/kana/types.js";
import { clock, request } from "./fixture.js";

const db = createDatabase(loadCatalogue(), { today: 20240615 });

/** Ids matched and the total count, by the indexed path and by the scan (which must agree). */
function ids(endpoint: QueryEndpoint, filters: Filter): { ids: string[]; count: number } {
  const run = (scan: boolean) => {
    const out = executeQuery(db, request(endpoint, { filters, results: 100, count: true }), null, clock, { scan });
    if (!out.ok) throw new Error(out.failure.message);
    const body = out.body as { results: { id: string }[]; count: number };
    return { ids: body.results.map((r) => r.id), count: body.count };
  };
  const indexed = run(false);
  if (endpoint !== "quote") expect(run(true)).toEqual(indexed);
  return indexed;
}

describe("a merged `and` of one tag or trait filter counts rows", () => {
  it("the same tag twice with different levels never matches, though each alone does", () => {
    const plain = ids("vn", ["tag", "=", ["g544", 0, 0]]);
    const levelled = ids("vn", ["tag", "=", ["g544", 0, 1]]);
    expect(plain.count).toBeGreaterThan(0);
    expect(levelled.count).toBeGreaterThan(0);
    expect(ids("vn", ["and", ["tag", "=", ["g544", 0, 0]], ["tag", "=", ["g544", 0, 1]]]).count).toBe(0);
    expect(ids("vn", ["and", ["dtag", "=", ["g544", 0, 0]], ["dtag", "=", ["g544", 2, 0]]]).count).toBe(0);
    // Nested `and`s merge into one group first.
    expect(ids("vn", ["and", ["and", ["tag", "=", ["g544", 0, 0]]], ["and", ["tag", "=", ["g544", 0, 1]], ["id", ">=", "v1"]]]).count).toBe(0);
  });

  it("the same trait twice with different spoiler limits never matches; its `or` of `!=` matches all", () => {
    expect(ids("character", ["trait", "=", ["i13", 0]]).count).toBe(2);
    expect(ids("character", ["trait", "=", ["i13", 2]]).count).toBe(2);
    expect(ids("character", ["and", ["trait", "=", ["i13", 0]], ["trait", "=", ["i13", 2]]]).count).toBe(0);
    const visible = db.catalogue.character.filter((c) => !c.hidden).length;
    expect(ids("character", ["or", ["trait", "!=", ["i13", 0]], ["trait", "!=", ["i13", 2]]]).count).toBe(visible);
  });

  it("the same value twice is one predicate (duplicates are dropped)", () => {
    const both = ids("vn", ["and", ["tag", "=", ["g544", 0, 0]], ["tag", "=", ["g544", 0, 0]]]);
    expect(both).toEqual(ids("vn", ["tag", "=", ["g544", 0, 0]]));
  });
});

describe("staff role under `and` counts credit rows", () => {
  it("s1198, with two scenario credits and no director credit, matches scenario and director", () => {
    expect(ids("staff", ["and", ["role", "=", "scenario"], ["role", "=", "director"], ["id", "=", "s1198"]]).ids).toEqual(["s1198"]);
    // Its `or` of `!=` is the negation: s1198 is left out.
    expect(ids("staff", ["and", ["or", ["role", "!=", "scenario"], ["role", "!=", "director"]], ["id", "=", "s1198"]]).ids).toEqual([]);
    // Three roles need three rows: it has two scenario and one staff credit.
    expect(ids("staff", ["and", ["role", "=", "scenario"], ["role", "=", "staff"], ["role", "=", "art"], ["id", "=", "s1198"]]).ids).toEqual(["s1198"]);
    expect(ids("staff", ["and", ["role", "=", "scenario"], ["role", "=", "staff"], ["role", "=", "art"], ["role", "=", "music"], ["id", "=", "s1198"]]).ids).toEqual([]);
  });

  it("nested under a VN filter, the rows counted are the credits in that VN", () => {
    // v3079 credits s1198 with scenario and staff; v5 with scenario only.
    expect(ids("vn", ["staff", "=", ["and", ["role", "=", "scenario"], ["role", "=", "staff"], ["id", "=", "s1198"]]]).ids).toEqual(["v3079"]);
    expect(ids("vn", ["staff", "=", ["and", ["role", "=", "scenario"], ["role", "=", "director"], ["id", "=", "s1198"]]]).ids).toEqual([]);
  });
});

describe("a repeated random quote filter is one draw", () => {
  it.each([["or"], ["and"]] as const)("%s of two gives one quote", (head) => {
    for (let i = 0; i < 20; i++) expect(ids("quote", [head, ["random", "=", 1], ["random", "=", 1]]).ids).toHaveLength(1);
  });
});

describe("derived release titles do not feed VN search", () => {
  it("'clannad' finds CLANNAD and not the other VNs of bundle r3748", () => {
    const bundle = db.release.get("r3748")!;
    expect(bundle.derived).toContain("title");
    expect(bundle.vns.map((x) => x.vn)).toEqual(expect.arrayContaining(["v4", "v5", "v12", "v33", "v34", "v36"]));
    const found = ids("vn", ["search", "=", "clannad"]).ids;
    expect(found).toContain("v4");
    for (const other of ["v5", "v12", "v33", "v34", "v36"]) expect(found).not.toContain(other);
    // Every VN found carries the word in a title or alias of its own, or in a real release title.
    for (const id of found) {
      const vn = db.vn.get(id)!;
      const own = [...vn.titles.flatMap((t) => [t.title, t.latin ?? ""]), ...vn.aliases].some((t) => /clannad/i.test(t));
      const released = db.catalogue.release.some(
        (r) => !r.derived?.includes("title") && r.vns.some((x) => x.vn === id) && r.titles.some((t) => /clannad/i.test(`${t.title} ${t.latin}`)),
      );
      expect(own || released, id).toBe(true);
    }
  });
});
