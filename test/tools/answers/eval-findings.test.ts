// What the developer-played evaluation of this round tripped over (test/eval/RESULTS.md):
// a member said twice, a VN named twice in a voice line, a height without its unit.
// Expected values come from the served catalogue's rows.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCatalogue } from "../../../src/emulator/presets/test.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

describe("answers found wanting by the evaluation", () => {
  it("a member both selected and sorted by is said once per entry", async () => {
    const r = await server.call("vndb_search_vn", { filters: { developer: "Alice Soft" }, fields: "title,released", sort: "released", results: 5 });
    expect(r.isError, r.text).toBe(false);
    const entries = r.text.split("\n## ").slice(1);
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.match(/released:/g)?.length ?? 0, e).toBeLessThanOrEqual(1);
  });

  it("a voice credited twice in one VN names that VN once", async () => {
    const vn = testCatalogue().vn.find((v) => !v.hidden && v.va.some((a, i) => v.va.findIndex((b) => b.character === a.character && b.aid === a.aid) !== i));
    if (!vn) throw new Error("no VN credits one voice twice in the catalogue");
    const twice = vn.va.find((a, i) => vn.va.findIndex((b) => b.character === a.character && b.aid === a.aid) !== i)!;
    const r = await server.call("vndb_search_character", { filters: { id: twice.character }, fields: "name" });
    const line = r.text.split("\n").find((l) => l.startsWith(`Voice of ${twice.character}:`))!;
    expect(line).toBeDefined();
    expect(line.match(new RegExp(`\\b${vn.id}\\b`, "g"))?.length).toBe(1);
  });

  it("a character's height says its unit", async () => {
    const c = testCatalogue().character.find((x) => !x.hidden && typeof x.height === "number" && x.height > 0)!;
    const r = await server.call("vndb_search_character", { filters: { id: c.id }, fields: "name,height" });
    expect(r.text).toContain(`height: ${c.height} cm`);
  });
});
