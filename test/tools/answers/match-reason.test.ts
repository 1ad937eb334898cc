// Item 9 of issue 12 through a real SDK client: an entry found through an alias says so, and
// the names fetched for that check stay out of the answer unless asked for. The VN is picked
// from the served catalogue: one alias that shares no word with any of its titles.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCatalogue } from "../../../src/emulator/presets/test.js";
import { normalizeSearchTerm } from "../../../src/kana/search-normalize.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

function aliasOnly(): { vn: string; alias: string } {
  for (const v of testCatalogue().vn) {
    if (v.hidden) continue;
    const titles = v.titles.flatMap((t) => [t.title, t.latin ?? ""]).map(normalizeSearchTerm);
    const alias = v.aliases.find((a) => /^[A-Za-z][A-Za-z ]{5,}$/.test(a) && !titles.some((t) => t.includes(normalizeSearchTerm(a))));
    if (alias) return { vn: v.id, alias };
  }
  throw new Error("no VN with a Latin alias unlike its titles");
}

describe("why an entry matched", () => {
  it("an alias match is said, and the aliases are not added to the answer", async () => {
    const { vn, alias } = aliasOnly();
    const r = await server.call("vndb_search_vn", { query: alias, fields: "title", results: 25 });
    expect(r.isError, r.text).toBe(false);
    const ids = (r.structured?.results as { id: string }[]).map((x) => x.id);
    expect(ids).toContain(vn);
    expect(r.text).toMatch(new RegExp(`Matched through other names: [^\\n]*${vn} via alias "${alias}"`));
    expect((r.structured?.results as Record<string, unknown>[]).every((x) => !("aliases" in x) && !("titles" in x))).toBe(true);
  });

  it("a title match says nothing", async () => {
    const r = await server.call("vndb_search_vn", { query: "Ever17", fields: "title" });
    expect(r.text).not.toMatch(/Matched through other names: v17\b/);
  });
});
