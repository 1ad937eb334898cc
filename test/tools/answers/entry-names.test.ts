// An answer names every entry it lists, even when the model selected other fields only
// ("who developed X?" with fields "developers.name"): a bare "## v97" heading leaves the
// model guessing which result is X. Expected titles come from the served catalogue's rows.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCatalogue } from "../../../src/emulator/presets/test.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

const mainTitle = (v: ReturnType<typeof testCatalogue>["vn"][number]) => {
  const t = v.titles.find((x) => x.lang === v.olang) ?? v.titles[0]!;
  return t.latin ?? t.title;
};

describe("entry names", () => {
  it("a VN selected by other fields only is headed by its title", async () => {
    const v = testCatalogue().vn.find((x) => !x.hidden)!;
    const r = await server.call("vndb_search_vn", { filters: { id: v.id }, fields: "votecount" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`## ${v.id} ${mainTitle(v)}`);
  });

  it("a producer selected by other fields only is headed by its name", async () => {
    const p = testCatalogue().producer.find((x) => !x.hidden)!;
    const r = await server.call("vndb_search_producer", { filters: { id: p.id }, fields: "type" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`## ${p.id} ${p.latin ?? p.name}`); // the API names a producer by its romanised name
  });
});
