// Item 9 (smaller points) of issue 12 through a real SDK client: one line per person with the
// roles merged, a trait's group said once, length buckets explained in the filter description.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCatalogue } from "../../../src/emulator/presets/test.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

type Obj = Record<string, unknown>;

describe("compact lines", () => {
  it("a person with several roles on a VN is one staff item with the roles merged", async () => {
    const cat = testCatalogue();
    const personOf = new Map(cat.staff.flatMap((p) => p.aliases.map((a) => [a.aid, p.id] as const)));
    const vn = cat.vn.find((v) => !v.hidden && v.staff.some((c, i) => v.staff.some((d, j) => j !== i && d.aid === c.aid && d.eid === c.eid && d.role !== c.role)));
    if (!vn) throw new Error("no VN with a person credited in two roles");
    const expected = new Set(vn.staff.map((c) => `${personOf.get(c.aid)}/${c.eid ?? ""}`));
    const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,staff{name,role,note,eid}" });
    const staff = ((r.structured?.results as Obj[])[0]!.staff ?? []) as Obj[];
    expect(staff.length).toBe(expected.size);
    expect(new Set(staff.map((s) => `${s.id as string}/${String(s.eid ?? "")}`))).toEqual(expected);
    expect(staff.some((s) => String(s.role).includes(", "))).toBe(true);
  });

  it("a character's traits name each group once", async () => {
    const page = await server.api.query("character", { fields: "traits{group_name}", results: 100 } as never);
    const row = (page.results as Obj[]).find((c) => {
      const groups = ((c.traits as Obj[]) ?? []).map((t) => t.group_name);
      return new Set(groups).size < groups.length;
    });
    if (!row) throw new Error("no character with two traits of one group");
    const r = await server.call("vndb_search_character", { filters: { id: row.id }, fields: "name,traits{name,group_name}", spoilers: 2 });
    const line = r.text.split("\n").find((l) => l.startsWith("traits: "))!;
    const groups = new Set(((row.traits as Obj[]) ?? []).map((t) => String(t.group_name)));
    for (const g of groups) expect(line.split(`${g}: `).length - 1).toBe(1);
    expect(line).not.toContain("group_name");
  });

  it("the length buckets are explained in hours when a length filter is refused", async () => {
    const r = await server.call("vndb_search_vn", { filters: { length: { lt: 3 } } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/1 very short \(< 2 h\).*5 very long \(> 50 h\)/);
  });
  it("a nested entry asked for without its name still gets one, never a bare id", async () => {
    const vn = testCatalogue().vn.find((v) => !v.hidden && v.staff.length > 0 && v.va.length > 0);
    if (!vn) throw new Error("no VN with staff and voice credits");
    const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,staff{role},va{character{id}}" });
    const row = (r.structured?.results as Obj[])[0]!;
    for (const s of row.staff as Obj[]) expect(typeof s.name, JSON.stringify(s)).toBe("string");
    for (const v of row.va as Obj[]) expect(typeof (v.character as Obj).name).toBe("string");
    expect(r.text).not.toMatch(/\bs\d+ \(role/);
  });
});
