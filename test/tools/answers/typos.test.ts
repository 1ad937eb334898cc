// Item 9 of issue 12 through a real SDK client: a misspelt search offers "did you mean"
// candidates from bounded looser searches; an empty query is refused.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";
import { looserSearches, TYPO_RETRIES_MAX } from "../../../src/tools/query-typos.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

/** A VN of the catalogue whose title is one Latin word of 6+ letters, and that title misspelt. */
async function misspeltTitle(): Promise<{ id: string; title: string; typo: string }> {
  const r = await server.api.query("vn", { fields: "title", results: 100, sort: "votecount", reverse: true } as never);
  const row = r.results.find((x) => /^[A-Za-z]{6,}$/.test(String(x.title)));
  if (!row) throw new Error("no VN with a one-word Latin title in the catalogue");
  const title = String(row.title);
  const mid = Math.floor(title.length / 2);
  return { id: String(row.id), title, typo: title.slice(0, mid) + title.slice(mid + 1) };
}

describe("typos", () => {
  it("a misspelt title finds nothing but names the VN it was meant to be", async () => {
    const { id, typo } = await misspeltTitle();
    const direct = await server.api.query("vn", { filters: ["search", "=", typo], fields: "id" } as never);
    expect(direct.results).toEqual([]);
    const r = await server.call("vndb_search_vn", { query: typo });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(new RegExp(`Nothing matches "${typo}"\\. Did you mean: [^\\n]*\\b${id}\\b`));
  });

  it("uses at most two extra requests", async () => {
    const { typo } = await misspeltTitle();
    expect(looserSearches(typo).length).toBeLessThanOrEqual(TYPO_RETRIES_MAX);
    expect(looserSearches("Fate stay nihgt")).toEqual(["nih", "fat"]);
  });

  it("gibberish gets no candidates", async () => {
    const r = await server.call("vndb_search_vn", { query: "qqqqxzzzz" });
    expect(r.text).toMatch(/^No visual novels found/);
  });

  it.each([[""], ["   "]])("an empty query %j is refused instead of listing arbitrary VNs", async (query) => {
    const r = await server.call("vndb_search_vn", { query });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/query is empty/);
  });
});
