// Item 9 of issue 12 through a real SDK client: a misspelt search finds near spellings with
// bounded looser searches and shows the one clearly closest (else names them); an empty
// query is refused.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";
import { looserSearches, nearMatches, nearMatchNote, TYPO_RETRIES_MAX } from "../../../src/tools/query/notes/typo-fallback.js";

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
  it("a misspelt title finds nothing, so the one closest title is shown in its place, said to be spelt differently", async () => {
    const { id, title, typo } = await misspeltTitle();
    const direct = await server.api.query("vn", { filters: ["search", "=", typo], fields: "id" } as never);
    expect(direct.results).toEqual([]);
    const r = await server.call("vndb_search_vn", { query: typo, fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(new RegExp(`^Nothing matches "${typo}"\\. Closest spelling: ${id} [^\\n]*shown below; say that it is spelt differently`));
    // The entry itself, with the brief fields asked for (one call answers the question).
    expect(r.text).toMatch(new RegExp(`## ${id} ${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(r.text).toMatch(/rating: [0-9.]+/);
    expect((r.structured as { results: { id: string }[] }).results.map((x) => x.id)).toEqual([id]);
  });

  it("equally close titles are named, not shown; one closer than the rest is the one shown", async () => {
    // An API answering every looser search with the same rows: the ranking alone decides.
    const withRows = (rows: { id: string; title: string }[]) =>
      ({ query: async () => ({ results: rows, more: false }) }) as unknown as Parameters<typeof nearMatches>[0]["api"];
    const ask = (rows: { id: string; title: string }[]) =>
      nearMatches({ api: withRows(rows), signal: undefined, endpoint: "vn", query: "Kanone", filters: null });
    const tie = await ask([{ id: "v1", title: "Kanons" }, { id: "v2", title: "Kanoni" }]);
    expect(tie?.closest).toBeNull();
    expect(nearMatchNote("Kanone", tie!, null)).toBe('Nothing matches "Kanone". Did you mean: v1 Kanons; v2 Kanoni? (names only; search again for the one meant)');
    const one = await ask([{ id: "v3", title: "Kanon" }, { id: "v4", title: "Kanojo" }]);
    expect(one?.closest?.id).toBe("v3");
    expect(nearMatchNote("Kanone", one!, one!.closest)).toBe(
      'Nothing matches "Kanone". Closest spelling: v3 Kanon, shown below; say that it is spelt differently if you answer with it. Also close: v4 Kanojo.',
    );
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
