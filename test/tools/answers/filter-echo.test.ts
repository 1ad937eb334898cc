// Item 4 of issue 12 through a real SDK client: a pasted vndb.org search URL or raw filter is
// applied and echoed in plain words; structured filters are not echoed (the model wrote them).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";
import { describeFilter } from "../../../src/filters/describe.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

const ids = (s: Record<string, unknown> | undefined) => ((s?.results as { id: string }[]) ?? []).map((r) => r.id);
const PREDICATE = ["and", ["rating", ">=", 75], ["olang", "!=", "ja"]];

describe("raw filters in plain words", () => {
  it("a vndb.org URL (compact form from the emulator itself) is applied and explained", async () => {
    const direct = await server.api.query("vn", { filters: PREDICATE, fields: "id", results: 25, compact_filters: true } as never);
    const compact = (direct as { compact_filters?: string }).compact_filters;
    expect(compact).toBeTruthy();
    const r = await server.call("vndb_search_vn", { filters: { raw: `https://vndb.org/v?f=${compact}` }, fields: "title", results: 25 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text.split("\n")[0]).toBe("Filter applied: rating ≥ 75 and original language ≠ ja.");
    expect(ids(r.structured)).toEqual(direct.results.map((x) => x.id));
  });

  it("a structured filter is not echoed", async () => {
    const r = await server.call("vndb_search_vn", { filters: { rating: { gte: 75 } }, fields: "title" });
    expect(r.text).not.toMatch(/Filter applied/);
  });

  it.each([
    [["release", "=", ["and", ["lang", "=", "en"], ["patch", "!=", 1]]], "release with (language = en and not patch)"],
    [["or", ["has_anime", "=", 1], ["search", "=", "fate"]], 'has an anime or text = "fate"'],
    [["and", ["tag", "=", ["g7", 0, 1.2, 1]], ["or", ["lang", "=", "en"], ["lang", "=", "de"]]], "tag = g7 (spoiler ≤ 0, rating ≥ 1.2, not a lie) and (language = en or language = de)"],
    [["rating", "=", 1], "rating = 1"],
  ])("describes %j", (node, words) => {
    expect(describeFilter(node)).toBe(words);
  });
});
