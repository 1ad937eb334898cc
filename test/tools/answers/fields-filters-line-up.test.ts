// Issue 21, cause 4 through a real SDK client: a field or filter spelt the way a model
// reaches for it (rtype and seiyuu are filters, not fields; release languages need {lang}
// where VN languages do not) answers on the first call; a filter alias is echoed with the
// spelling that works. Expected ids come from direct API calls with VNDB's own spelling.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

const ids = (s: Record<string, unknown> | undefined) => ((s?.results as { id: string }[]) ?? []).map((r) => r.id);
const direct = async (endpoint: "vn" | "release", filters: unknown) =>
  (await server.api.query(endpoint, { filters, fields: "id", results: 25 } as never)).results.map((x) => x.id);

describe("fields spelt like filters", () => {
  it("release fields rtype and bare languages answer with the release type and languages", async () => {
    const r = await server.call("vndb_search_release", { filters: { vn: "v17" }, fields: "title,rtype,languages", results: 3 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/rtype: (complete|partial|trial)/);
    expect(r.text).toMatch(/languages: ja/);
  });

  it("a release's brief view says whether it is complete, partial or a trial", async () => {
    const r = await server.call("vndb_search_release", { filters: { vn: "v17" }, fields: "brief", results: 3 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/\(rtype: complete\)/);
  });

  it("a VN's seiyuu field lists the voice credits", async () => {
    const r = await server.call("vndb_search_vn", { query: "v17", fields: "title,seiyuu" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/s114 Hoshi Souichirou/);
  });

  it("a character's seiyuu field answers with the character's voice actor", async () => {
    const r = await server.call("vndb_search_character", { query: "c24", fields: "name,seiyuu" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/Voice of c24: s114 Hoshi Souichirou/);
  });
});

describe("a user list's entries are VNs", () => {
  it("its title field answers with each VN's title, as vn{title} does", async () => {
    const r = await server.call("vndb_get_user_list", { user: "u2", fields: "title,vote", sort: "vote", reverse: true, results: 3 });
    expect(r.isError, r.text).toBe(false);
    const spelt = await server.call("vndb_get_user_list", { user: "u2", fields: "vn{title},vote", sort: "vote", reverse: true, results: 3 });
    // The same answer; its suggested next calls repeat the fields as given.
    expect(r.text.replaceAll('"title,vote"', '"vn{title},vote"')).toBe(spelt.text);
    expect(r.text).toMatch(/## v\d+ \S/);
  });

  it("a VN field it lacks is suggested inside vn{}, not as another tool's field", async () => {
    const r = await server.call("vndb_get_user_list", { user: "u2", fields: "rating,vote", results: 3 });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Did you mean vn\.rating/);
    expect(r.text).not.toMatch(/is a field of/);
  });
});

describe("filters kept on another entity", () => {
  it("vn seiyuu is read as character.seiyuu, echoed, and finds what VNDB's spelling finds", async () => {
    const r = await server.call("vndb_search_vn", { filters: { seiyuu: "s114" }, fields: "title", results: 25 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain('filter "seiyuu" = character.seiyuu');
    const want = await direct("vn", ["character", "=", ["seiyuu", "=", ["id", "=", "s114"]]]);
    expect(want.length).toBeGreaterThan(0);
    expect(ids(r.structured)).toEqual(want);
  });

  it("vn rtype and languages are read as release.rtype and lang", async () => {
    const r = await server.call("vndb_search_vn", { filters: { rtype: "trial", languages: "en" }, fields: "title", results: 25 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain('filter "rtype" = release.rtype');
    expect(r.text).toContain('filter "languages" = lang');
    const want = await direct("vn", ["and", ["release", "=", ["rtype", "=", "trial"]], ["lang", "=", "en"]]);
    expect(want.length).toBeGreaterThan(0);
    expect(ids(r.structured)).toEqual(want);
  });

  it("release languages and type are read as lang and rtype", async () => {
    const r = await server.call("vndb_search_release", { filters: { languages: "en", type: "trial" }, fields: "title", results: 25 });
    expect(r.isError, r.text).toBe(false);
    const want = await direct("release", ["and", ["lang", "=", "en"], ["rtype", "=", "trial"]]);
    expect(want.length).toBeGreaterThan(0);
    expect(ids(r.structured)).toEqual(want);
  });

  it("a filter that is neither a key nor an alias still fails naming the valid keys", async () => {
    const r = await server.call("vndb_search_vn", { filters: { flavour: "sweet" } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Valid vn filters: id, search, lang/);
  });
});

describe("a field that is not there names the call that works", () => {
  it("a release field asked of a VN names the release tool and the field path", async () => {
    const r = await server.call("vndb_search_vn", { query: "v17", fields: "title,rtype" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('vndb_search_release {"fields":"title,vns{rtype}"}');
    const minage = await server.call("vndb_search_vn", { query: "v17", fields: "title,minage" });
    expect(minage.text).toContain('vndb_search_release {"fields":"title,minage"}');
  });

  it("a filter asked as a field says it is a filter here", async () => {
    const r = await server.call("vndb_search_character", { query: "c24", fields: "name,role" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('role is a filter here: {"filters":{"role":…}}');
  });

  it("name and title are read as each other", async () => {
    const r = await server.call("vndb_search_character", { query: "c24", fields: "title" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain("c24 Kuranari Takeshi");
  });
});

