// Item 2 of issue 12 through a real SDK client: below spoiler level 2 a tag filter does not
// match a tag VNDB marks as a lie (the answer hides it), and an empty answer says at which
// level matches exist. The VN is picked from the catalogue by property: it has a lie tag.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

/** A VN with a tag marked as a lie at spoiler 0, found in the data files. */
function lieTagged(): { vn: string; tag: string } {
  for (const v of loadCatalogue().vn) {
    const t = v.tags.find((x) => x.lie && x.spoiler === 0 && !v.tags.some((y) => y.tag === x.tag && !y.lie));
    if (t) return { vn: v.id, tag: t.tag };
  }
  throw new Error("the catalogue has no VN with a lie tag at spoiler 0");
}

const ids = (s: Record<string, unknown> | undefined) => ((s?.results as { id: string }[]) ?? []).map((r) => r.id);

describe("tag filters and lies", () => {
  it("VNDB's plain filter would match the lie; the tool at level 0 does not, and says level 2 finds it", async () => {
    const { vn, tag } = lieTagged();
    const plain = await server.api.query("vn", { filters: ["and", ["id", "=", vn], ["dtag", "=", tag]], fields: "id" } as never);
    expect(plain.results.map((r) => r.id)).toEqual([vn]);

    const r0 = await server.call("vndb_search_vn", { filters: { id: vn, dtag: tag }, spoilers: 0 });
    expect(r0.isError, r0.text).toBe(false);
    expect(ids(r0.structured)).toEqual([]);
    expect(r0.text).toMatch(/No match at spoiler level 0; 1 at level 2 .*"spoilers": 2/);

    const r2 = await server.call("vndb_search_vn", { filters: { id: vn, dtag: tag }, spoilers: 2 });
    expect(ids(r2.structured)).toEqual([vn]);
    expect(r2.text).toMatch(/marked a lie/);
  });

  it("an empty answer with no matches at any level says nothing about spoilers", async () => {
    const { tag } = lieTagged();
    const r = await server.call("vndb_search_vn", { filters: { dtag: tag, id: "v9999999" }, spoilers: 0 });
    expect(ids(r.structured)).toEqual([]);
    expect(r.text).not.toMatch(/spoiler level/);
  });
});
