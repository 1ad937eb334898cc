// A release (or character) filter nested on a VN *search* covers every VN the search finds;
// when that is more than one, the answer says how many and how to ask for one VN.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

/** How many VNs VNDB's search finds for `text`, and the best ranked one. */
async function vnSearch(text: string) {
  const r = await server.api.query("vn", { filters: ["search", "=", text], fields: "title", sort: "searchrank", results: 1, count: true });
  return { count: r.count ?? 0, first: r.results[0]?.id as string | undefined };
}

describe("a nested VN search", () => {
  it("matching several VNs says how many and how to filter one", async () => {
    const { count, first } = await vnSearch("Muv-Luv");
    if (count < 2) throw new Error("the catalogue's 'Muv-Luv' search no longer finds several VNs");
    const r = await server.call("vndb_search_release", { filters: { vn: { search: "Muv-Luv" } }, count: true, results: 1, fields: "title" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`The vn filter "Muv-Luv" matches ${count} VNs (${first} `);
    expect(r.text).toContain(`For one VN only, filter {"vn":{"id":"${first}"}}.`);
  });

  it("matching one VN, or given by id, adds nothing", async () => {
    const { count } = await vnSearch("Ever17");
    expect(count).toBe(1);
    for (const vn of [{ search: "Ever17" }, { id: "v17" }]) {
      const r = await server.call("vndb_search_release", { filters: { vn }, results: 1, fields: "title" });
      expect(r.text).not.toMatch(/The vn filter/);
    }
  });
});
