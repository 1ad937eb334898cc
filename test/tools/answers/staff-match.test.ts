// Cause 6 of issue 21 through a real SDK client: a VN list filtered by staff says, on each
// VN, what that person did there (role and note, or the characters voiced), so the model
// need not read whole staff lists. Expected values come from the API directly.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

type Row = Record<string, unknown>;

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
}, 60_000);
afterAll(async () => server?.close());

describe("staff-filtered VN lists", () => {
  it("each VN says which credit of the person matched", async () => {
    // Someone with a staff credit on a few VNs.
    const vns = (await server.api.query("vn", { filters: ["id", "<=", "v30"], fields: "staff{id,name,role,note}", results: 30 } as never)).results as Row[];
    const credit = vns.flatMap((v) => (v.staff as Row[]).map((s): Row => ({ vn: v.id, ...s }))).find((s) => s.role === "scenario");
    if (!credit) throw new Error("no scenario credit in the catalogue's first VNs");
    const sid = credit.id as string;
    const r = await server.call("vndb_search_vn", { filters: { staff: sid }, fields: "brief", results: 25 });
    expect(r.isError, r.text).toBe(false);
    const direct = (await server.api.query("vn", { filters: ["staff", "=", ["id", "=", sid]], fields: "staff{id,role,note},va{staff{id},character{id}}", results: 25 } as never)).results as Row[];
    expect(direct.length).toBeGreaterThan(0);
    for (const vn of direct) {
      const roles = (vn.staff as Row[]).filter((s) => s.id === sid).map((s) => s.role as string);
      const voiced = (vn.va as Row[]).filter((a) => (a.staff as Row).id === sid).map((a) => (a.character as Row).id as string);
      const block = r.text.split("\n## ").find((b) => b.startsWith(`${vn.id} `));
      expect(block, String(vn.id)).toBeDefined();
      const line = block!.match(/credited: ([^·\n]*)/)?.[1];
      expect(line, `${vn.id}: ${block}`).toBeDefined();
      for (const role of roles) expect(line).toContain(role);
      for (const c of voiced) expect(line).toContain(c);
    }
    // The staff lists fetched for this are not added to the answer.
    expect(r.text).not.toMatch(/^staff: /m);
    const first = (r.structured!.results as Row[])[0]!;
    expect(first.staff).toBeUndefined();
    expect(first.credited).toBeDefined();
  });

  it("with the staff list asked for too, the credit is still found", async () => {
    const r = await server.call("vndb_search_vn", { filters: { staff: "s2" }, fields: "title,staff{name}", results: 3 });
    expect(r.isError, r.text).toBe(false);
    const rows = r.structured!.results as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.credited, String(row.id)).toBeDefined();
      expect(row.staff, String(row.id)).toBeDefined();
    }
  });

  it("without a staff filter nothing is added", async () => {
    const r = await server.call("vndb_search_vn", { filters: { id: "v17" }, fields: "brief" });
    expect(r.text).not.toMatch(/credited: /);
  });
});
