// Item 5 of issue 12 through a real SDK client: a staff name inside a nested filter with other
// keys ({"staff": {"search": …, "role": …}}) stands for the person (all aliases), not the one
// alias row the text matches, and the answer says the person has other names.
// The person is picked from the catalogue by property: credited under another alias.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

/** A person, one of their names, and a role they hold under another of their aliases. */
function penNamePerson(): { sid: string; name: string; role: string } {
  const cat = loadCatalogue();
  for (const person of cat.staff) {
    if (person.aliases.length < 2) continue;
    for (const alias of person.aliases) {
      const name = alias.latin ?? alias.name;
      // Names shared with another person resolve to nobody; skip them.
      if (cat.staff.some((p) => p.id !== person.id && p.aliases.some((a) => (a.latin ?? a.name) === name))) continue;
      const others = new Set(person.aliases.filter((a) => a.aid !== alias.aid).map((a) => a.aid));
      const credit = cat.vn.flatMap((v) => v.staff).find((c) => others.has(c.aid));
      if (credit) return { sid: person.id, name, role: credit.role };
    }
  }
  throw new Error("no person in the catalogue credited under another alias");
}

const ids = (s: Record<string, unknown> | undefined) => ((s?.results as { id: string }[]) ?? []).map((r) => r.id).sort();

describe("staff name with other keys", () => {
  it("covers every alias of the person and says they have other names", async () => {
    const { sid, name, role } = penNamePerson();
    const direct = async (inner: unknown) =>
      (await server.api.query("vn", { filters: ["staff", "=", inner], fields: "id", results: 100 } as never)).results.map((r) => r.id).sort();
    const person = await direct(["and", ["id", "=", sid], ["role", "=", role]]);
    const aliasOnly = await direct(["and", ["search", "=", name], ["role", "=", role]]);
    // The alias row alone loses credits: the case the issue describes.
    expect(person.length).toBeGreaterThan(aliasOnly.length);

    const r = await server.call("vndb_search_vn", { filters: { staff: { search: name, role } }, fields: "title", results: 100 });
    expect(r.isError, r.text).toBe(false);
    expect(ids(r.structured)).toEqual(person);
    expect(r.text).toMatch(new RegExp(`staff "${name}" = ${sid} .*\\(also credited as [^)]+; the id covers all\\)`));
  });

  it("a text that is not one person's name stays a text search", async () => {
    const r = await server.call("vndb_search_vn", { filters: { staff: { search: "zzqqx", role: "scenario" } }, fields: "title" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).not.toMatch(/Names resolved/);
  });
});
