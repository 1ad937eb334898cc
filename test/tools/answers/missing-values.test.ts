// Item 1 of issue 12 through a real SDK client: members asked for but empty are said
// ("unknown", "none", "— (N votes)"), and a sort on a value some results lack says so.
// Entries are picked from the catalogue by property through direct API calls.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";
import { missingValues, topLevelFields } from "../../../src/format/missing-values.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

type Row = Record<string, unknown>;
async function vns(fields: string, extra: Row = {}): Promise<Row[]> {
  const r = await server.api.query("vn", { fields, results: 100, ...extra } as never);
  return r.results as Row[];
}

describe("requested but empty members", () => {
  it("a VN without a rating says so with its vote count", async () => {
    const row = (await vns("rating,votecount", { sort: "votecount" })).find((v) => v.rating === null);
    if (!row) throw new Error("no unrated VN in the catalogue");
    const r = await server.call("vndb_search_vn", { filters: { id: row.id }, fields: "title,rating,votecount" });
    const votes = row.votecount as number;
    expect(r.text).toContain(`rating: — (${votes} ${votes === 1 ? "vote" : "votes"})`);
  });

  it("an empty list reads 'none' and a null date 'unknown'", async () => {
    const row = (await vns("tags{name},released")).find((v) => (v.tags as unknown[]).length === 0 && v.released === null);
    if (!row) throw new Error("no VN without tags and release date in the catalogue");
    const r = await server.call("vndb_search_vn", { filters: { id: row.id }, fields: "title,tags{name},released" });
    expect(r.text).toMatch(/tags: none/);
    expect(r.text).toMatch(/released: unknown/);
  });

  it("an unset old `length` points at length_minutes, with or without it asked for", async () => {
    const row = (await vns("length,length_minutes", { sort: "votecount", reverse: true })).find((v) => v.length === null && typeof v.length_minutes === "number");
    if (!row) throw new Error("no VN with play-time votes and no old length in the catalogue");
    const alone = await server.call("vndb_search_vn", { filters: { id: row.id }, fields: "title,length" });
    expect(alone.text).toMatch(/length: not set \(.*length_minutes\)/);
    expect(alone.text).not.toMatch(/length: unknown/);
    const both = await server.call("vndb_search_vn", { filters: { id: row.id }, fields: "title,length,length_minutes" });
    expect(both.text).toContain(`length_minutes: ${row.length_minutes as number}`);
  });

  it("members not asked for are not named", async () => {
    const r = await server.call("vndb_search_vn", { filters: { id: "v17" }, fields: "title" });
    expect(r.text).not.toMatch(/unknown|none/);
  });

  it("unit: what counts as empty", () => {
    expect(topLevelFields("title,tags{name,rating},image.url")).toEqual(["title", "tags", "image"]);
    expect(missingValues({ id: "v1", rating: null, average: 70, tags: [], title: "", votecount: 1 }, ["rating", "average", "tags", "title", "extra"])).toEqual([
      ["rating", "— (1 vote)"],
      ["tags", "none"],
      ["title", "none"],
    ]);
  });
});

describe("sorting by a value some results lack", () => {
  it.each([[false], [true]])("release date, reverse %s: the count of entries without one is said", async (reverse) => {
    const direct = await vns("released", { sort: "released", reverse, results: 10 });
    const lacking = direct.filter((v) => v.released === null).length;
    const r = await server.call("vndb_search_vn", { sort: "released", reverse, results: 10, fields: "title" });
    expect(((r.structured?.results as Row[]) ?? []).map((x) => x.id)).toEqual(direct.map((x) => x.id));
    if (lacking === 0) expect(r.text).not.toMatch(/(have|has) no release date|has a release date/);
    else if (lacking < direct.length) expect(r.text).toMatch(new RegExp(`^${lacking} of ${direct.length} have no release date`));
    // A page of only undated entries (issue 29 item 7): said once, in words that stop "the newest is …".
    else expect(r.text).toMatch(reverse ? /^No match has a release date .*is unknown; the page is in id order, earliest added first/ : new RegExp(`^None of these ${lacking} has a release date`));
    expect(r.text).not.toMatch(/^released: unknown$/m);
  });
});
