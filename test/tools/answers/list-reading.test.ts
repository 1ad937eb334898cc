// Item 8 of issue 29 through a real SDK client, on the offline catalogue's lists: a list
// entry's heading carries its VN's title whatever `fields` asks, and a vote filter (which
// VNDB does not have) is applied to the fetched pages and said to be. Expected rows come
// from the catalogue's list rows (public entries: labels 1-7 are public there).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated({ preset: "catalogue", config: { embedded: true } });
}, 60_000);
afterAll(async () => server?.close());

/** The user with the most public voted entries, and those entries. */
function voter() {
  const c = loadCatalogue();
  // An entry is public when one of its labels is (reference §6.9); read anonymously here.
  const open = new Set(c.labels.filter((l) => !l.private).map((l) => `${l.uid}/${l.id}`));
  const byUser = new Map<string, typeof c.ulist>();
  for (const r of c.ulist) if (r.vote !== null && r.labels.some((l) => open.has(`${r.uid}/${l}`))) byUser.set(r.uid, [...(byUser.get(r.uid) ?? []), r]);
  const [uid, rows] = [...byUser].sort((a, b) => b[1].length - a[1].length)[0]!;
  if (rows.length < 4) throw new Error("no user with 4 votes in the catalogue");
  const main = (v: (typeof c.vn)[number]) => v.titles.find((t) => t.lang === v.olang) ?? v.titles[0]!;
  return { uid, rows, title: new Map(c.vn.map((v) => [v.id, main(v).latin ?? main(v).title])) };
}

type Row = { id: string; vote?: number; vn?: { title?: string } };

describe("reading lists (issue 29 item 8)", () => {
  it("headings keep the VN title when fields asks for the vote only", async () => {
    const { uid, rows, title } = voter();
    const r = await server.call("vndb_get_user_list", { user: uid, fields: "vote", results: 3, sort: "vote", reverse: true });
    expect(r.isError, r.text).toBe(false);
    const shown = r.structured?.results as Row[];
    expect(shown.length).toBe(3);
    for (const row of shown) {
      expect(rows.some((x) => x.vid === row.id)).toBe(true);
      expect(r.text).toContain(`## ${row.id} ${title.get(row.id)}`);
    }
  });

  it("a vote filter keeps exactly the entries with such a vote, and says VNDB has none", async () => {
    const { uid, rows } = voter();
    const votes = [...new Set(rows.map((x) => x.vote!))].sort((a, b) => b - a);
    const floor = votes[Math.floor(votes.length / 2)]! / 10;
    const expected = rows.filter((x) => x.vote! >= floor * 10).map((x) => x.vid);
    const r = await server.call("vndb_get_user_list", { user: uid, filters: { vote: { gte: floor } }, fields: "vote", results: 20 });
    expect(r.isError, r.text).toBe(false);
    const shown = r.structured?.results as Row[];
    expect(shown.length).toBe(Math.min(20, expected.length));
    for (const x of shown) expect(expected, x.id).toContain(x.id);
    // Highest vote first, the order of a "my best" question.
    const order = shown.map((x) => x.vote!);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    expect(r.text).toMatch(new RegExp(`VNDB has no vote filter: .* kept ${expected.length} with vote ≥ ${floor}`));
    // Paged over what matched, not over what was read.
    if (expected.length >= 2) {
      const p2 = await server.call("vndb_get_user_list", { user: uid, filters: { vote: { gte: floor } }, fields: "vote", results: 1, page: 2 });
      expect((p2.structured?.results as Row[])[0]!.id).toBe(shown[1]!.id);
    }
  });

  it("a vote filter value off the 1-10 scale is refused", async () => {
    const { uid } = voter();
    const r = await server.call("vndb_get_user_list", { user: uid, filters: { vote: { gte: 80 } } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/1-10/);
  });
});
