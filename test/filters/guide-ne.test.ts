// Issue 29 item 11: `ne` on a key that holds several values per entry (a VN's languages,
// platforms) is documented in the filter guide, and what the guide says is what the filter
// does, checked through a real SDK client on the offline sample.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILTER_GUIDE } from "../../src/filters/guide.js";
import { serverInstructions } from "../../src/server/instructions.js";
import { testConfig } from "../helpers/mcp-client.js";
import { startEmulated, type Emulated } from "../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated({ preset: "catalogue", config: { embedded: true } });
}, 60_000);
afterAll(async () => server?.close());

describe("filter guide: ne on list-valued keys", () => {
  it("the instructions say what {ne: x} means on a key with several values", () => {
    expect(FILTER_GUIDE).toContain('{lang: {ne: "ja"}}');
    expect(FILTER_GUIDE).toMatch(/multi-valued keys {ne: x} means none is x/);
    expect(serverInstructions(testConfig({}))).toContain(FILTER_GUIDE);
  });

  it("lang {ne: ja} keeps only VNs with no Japanese language, as the guide says", async () => {
    const r = await server.call("vndb_search_vn", { filters: { lang: { ne: "ja" } }, fields: "title,languages", results: 50 });
    expect(r.isError, r.text).toBe(false);
    const rows = r.structured?.results as { id: string; languages?: string[] }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.languages ?? [], row.id).not.toContain("ja");
    // And the same VNs are left out by the positive filter.
    const ja = await server.call("vndb_search_vn", { filters: { lang: "ja", id: { any: rows.map((x) => x.id) } }, fields: "title", count: true });
    expect(ja.structured?.count).toBe(0);
  });
});
