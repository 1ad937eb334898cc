// Every sort option of every endpoint, both directions, with the tie-breaks and NULL
// ordering of reference §7. Orders were worked out by hand from the fixture.
import { describe, expect, it } from "vitest";
import { executeQuery } from "../../../src/emulator/engine/execute.js";
import type { Filter, QueryEndpoint, Session } from "../../../src/kana/types.js";
import { OWNER, clock, fixtureDb, request } from "./fixture.js";

function order(
  endpoint: QueryEndpoint,
  sort: string,
  reverse: boolean,
  o: { filters?: Filter; session?: Session; user?: string } = {},
): (string | number)[] {
  const out = executeQuery(
    fixtureDb(),
    request(endpoint, { sort, reverse, filters: o.filters ?? null, user: o.user ?? null, fields: endpoint === "staff" ? { aid: true } : {} }),
    o.session ?? null,
    clock,
  );
  if (!out.ok) throw new Error(out.failure.message);
  return (out.body.results as Record<string, unknown>[]).map((r) => (endpoint === "staff" ? (r.aid as number) : (r.id as string)));
}

// [endpoint, sort, ascending order, descending order]
const table: [QueryEndpoint, string, (string | number)[], (string | number)[]][] = [
  ["vn", "id", ["v1", "v2", "v3", "v5"], ["v5", "v3", "v2", "v1"]],
  ["vn", "title", ["v1", "v3", "v2", "v5"], ["v5", "v2", "v3", "v1"]],
  ["vn", "released", ["v1", "v2", "v5", "v3"], ["v3", "v5", "v2", "v1"]], // TBA last ascending
  // Popularity/rating ranks run inverted: least popular / lowest rated first by default;
  // ties (v2 and v5) by id ascending in both directions; unrated always last.
  ["vn", "popularity", ["v3", "v2", "v5", "v1"], ["v1", "v2", "v5", "v3"]],
  ["vn", "rating", ["v2", "v5", "v1", "v3"], ["v1", "v2", "v5", "v3"]],
  ["vn", "votecount", ["v3", "v2", "v5", "v1"], ["v1", "v2", "v5", "v3"]],
  ["release", "id", ["r1", "r2", "r3", "r4", "r6", "r7"], ["r7", "r6", "r4", "r3", "r2", "r1"]],
  ["release", "title", ["r1", "r2", "r4", "r3", "r6", "r7"], ["r7", "r6", "r3", "r4", "r2", "r1"]],
  ["release", "released", ["r2", "r1", "r3", "r7", "r6", "r4"], ["r4", "r6", "r7", "r3", "r1", "r2"]], // 2010-05 before "2010"
  ["producer", "id", ["p1", "p2", "p4"], ["p4", "p2", "p1"]],
  ["producer", "name", ["p4", "p1", "p2"], ["p2", "p1", "p4"]],
  ["character", "id", ["c1", "c2", "c4"], ["c4", "c2", "c1"]],
  ["character", "name", ["c1", "c4", "c2"], ["c2", "c4", "c1"]],
  ["staff", "id", [1, 2, 3, 5], [5, 3, 1, 2]], // no alias tie-break: catalogue order within s1
  ["staff", "name", [1, 3, 5, 2], [2, 5, 3, 1]],
  ["tag", "id", ["g1", "g2", "g4", "g5", "g6"], ["g6", "g5", "g4", "g2", "g1"]],
  ["tag", "name", ["g1", "g2", "g5", "g6", "g4"], ["g4", "g6", "g5", "g2", "g1"]],
  ["tag", "vn_count", ["g5", "g2", "g4", "g6", "g1"], ["g1", "g2", "g4", "g6", "g5"]],
  ["trait", "id", ["i1", "i2", "i3", "i4"], ["i4", "i3", "i2", "i1"]],
  ["trait", "name", ["i2", "i1", "i4", "i3"], ["i3", "i4", "i1", "i2"]],
  ["trait", "char_count", ["i1", "i2", "i3", "i4"], ["i3", "i4", "i2", "i1"]],
  ["quote", "id", ["q1", "q2", "q3"], ["q3", "q2", "q1"]],
  ["quote", "score", ["q2", "q3", "q1"], ["q1", "q3", "q2"]],
];

// /ulist of u2 read by its owner: v1, v2, v3, v5 (v4 is hidden).
const ulistTable: [string, string[], string[]][] = [
  ["id", ["v1", "v2", "v3", "v5"], ["v5", "v3", "v2", "v1"]],
  ["title", ["v1", "v3", "v2", "v5"], ["v5", "v2", "v3", "v1"]],
  ["released", ["v1", "v2", "v5", "v3"], ["v3", "v5", "v2", "v1"]],
  ["votecount", ["v3", "v2", "v5", "v1"], ["v1", "v2", "v5", "v3"]],
  ["rating", ["v2", "v5", "v1", "v3"], ["v1", "v2", "v5", "v3"]],
  ["popularity", ["v3", "v2", "v5", "v1"], ["v1", "v2", "v5", "v3"]],
  // NULLs last ascending, first descending (PostgreSQL's default).
  ["vote", ["v5", "v1", "v2", "v3"], ["v2", "v3", "v1", "v5"]],
  ["voted", ["v5", "v1", "v2", "v3"], ["v2", "v3", "v1", "v5"]],
  ["started", ["v1", "v3", "v2", "v5"], ["v2", "v5", "v3", "v1"]],
  ["finished", ["v1", "v2", "v3", "v5"], ["v2", "v3", "v5", "v1"]],
  ["lastmod", ["v5", "v2", "v1", "v3"], ["v3", "v1", "v2", "v5"]],
];

describe("sorts", () => {
  it.each(table)("%s sort=%s", (endpoint, sort, asc, desc) => {
    expect(order(endpoint, sort, false)).toEqual(asc);
    expect(order(endpoint, sort, true)).toEqual(desc);
  });

  it.each(ulistTable)("ulist sort=%s", (sort, asc, desc) => {
    expect(order("ulist", sort, false, { session: OWNER })).toEqual(asc);
    expect(order("ulist", sort, true, { session: OWNER })).toEqual(desc);
  });

  it("ulist added has no tie-break but is ordered by the timestamp", () => {
    const asc = order("ulist", "added", false, { session: OWNER });
    expect(asc.slice(2)).toEqual(["v3", "v2"]);
    expect(new Set(asc.slice(0, 2))).toEqual(new Set(["v1", "v5"]));
    expect(order("ulist", "added", true, { session: OWNER })[0]).toBe("v2");
  });

  it("searchrank: best label first, reverse flips the score only", () => {
    const f: Filter = ["search", "=", "fantasy"];
    expect(order("tag", "searchrank", false, { filters: f })).toEqual(["g1", "g2"]);
    expect(order("tag", "searchrank", true, { filters: f })).toEqual(["g2", "g1"]);
    const r: Filter = ["and", ["search", "=", "clannad"], ["id", "<=", "r6"]];
    expect(order("release", "searchrank", false, { filters: r })).toEqual(["r1", "r2"]);
    expect(order("release", "searchrank", true, { filters: r })).toEqual(["r2", "r1"]);
  });

  it("searchrank ties break by id then alias id, ascending in both directions", () => {
    const f: Filter = ["search", "=", "s1"];
    expect(order("staff", "searchrank", false, { filters: f })).toEqual([1, 2]);
    expect(order("staff", "searchrank", true, { filters: f })).toEqual([1, 2]);
  });
});
