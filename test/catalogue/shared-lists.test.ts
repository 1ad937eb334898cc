// Release lists stored once (compact-rows.ts shareLists/unshareLists): a list that repeats
// between rows goes to the pool once, a list used once stays inline, and reading back
// gives the rows as they were, with the repeated lists shared.
import { describe, expect, it } from "vitest";
import { shareLists, unshareLists } from "../../src/emulator/catalogue/compact-rows.js";

describe("shared release lists", () => {
  const rows = () => [
    { id: "r1", platforms: ["win", "mac"], vns: [{ vn: "v1", rtype: "complete" }], derived: ["title"] },
    { id: "r2", platforms: ["win", "mac"], vns: [{ vn: "v2", rtype: "complete" }], derived: ["title"] },
    { id: "r3", platforms: ["ps4"], vns: [{ vn: "v1", rtype: "complete" }] },
  ];

  it("pools only lists used more than once, in list columns", () => {
    const { rows: stored, pool } = shareLists("release", rows());
    expect(pool).toEqual([["win", "mac"], [{ vn: "v1", rtype: "complete" }]]);
    expect(stored[0]).toEqual({ id: "r1", platforms: 0, vns: 1, derived: ["title"] });
    expect(stored[1]).toEqual({ id: "r2", platforms: 0, vns: [{ vn: "v2", rtype: "complete" }], derived: ["title"] });
    expect(stored[2]).toEqual({ id: "r3", platforms: ["ps4"], vns: 1 });
  });

  it("reads back the rows as they were, the pooled lists shared between them", () => {
    const { rows: stored, pool } = shareLists("release", rows());
    const back = stored.map((r) => unshareLists("release", { ...r }, pool));
    expect(back).toEqual(rows());
    expect(back[0]!.platforms).toBe(back[1]!.platforms);
  });
});
