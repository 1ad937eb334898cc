// Item 8 of issue 12 through a real SDK client: platforms, languages, media and roles by the
// names people use, answered with the same results as the codes and echoed like tag names.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

const ids = (s: Record<string, unknown> | undefined) => ((s?.results as { id: string }[]) ?? []).map((r) => r.id);

describe("coded filter values by name", () => {
  it.each([
    ["vndb_search_release", { platform: "Switch" }, { platform: "swi" }, 'platform "Switch" = swi Nintendo Switch'],
    ["vndb_search_vn", { olang: "Japanese", platform: "PC" }, { olang: "ja", platform: "win" }, 'language "Japanese" = ja Japanese; platform "PC" = win Windows'],
    ["vndb_search_staff", { role: "writer" }, { role: "scenario" }, 'staff role "writer" = scenario Scenario'],
    ["vndb_search_release", { medium: "DVD" }, { medium: "dvd" }, 'medium "DVD" = dvd DVD'],
  ] as const)("%s %j finds what the codes find and says so", async (tool, byName, byCode, echo) => {
    const named = await server.call(tool, { filters: byName, results: 25 });
    const coded = await server.call(tool, { filters: byCode, results: 25 });
    expect(named.isError, named.text).toBe(false);
    expect(ids(coded.structured).length).toBeGreaterThan(0);
    expect(ids(named.structured)).toEqual(ids(coded.structured));
    expect(named.text).toContain(`Names resolved: ${echo}.`);
    expect(coded.text).not.toContain("Names resolved");
  });

  it("a misspelt platform fails with the closest names", async () => {
    const r = await server.call("vndb_search_release", { filters: { platform: "Playstation Vitta" } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Unknown platform "Playstation Vitta"\. Did you mean PlayStation Vita \(psv\)/);
  });
});
