// Cause 5 of issue 21 through a real SDK client: when a page does not fit the size cap, rows
// are cut before requested members are dropped; what was left out is named, with the
// `results` that fits.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

type Row = Record<string, unknown>;

/** Small enough that 50 VNs with their titles and developers do not fit. */
const CAP = 1500;

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated({ config: { maxResponseTokens: CAP } });
});
afterAll(async () => server.close());

describe("the size cap", () => {
  it("keeps the requested lists on every shown row and cuts rows instead, naming the results that fit", async () => {
    const fields = "title,developers{name},titles{title,lang}";
    const args = { filters: { olang: "ja" }, fields, results: 50 };
    const direct = await server.api.query("vn", { filters: ["olang", "=", "ja"], fields, results: 50 } as never);
    expect(direct.results.length).toBe(50);
    const r = await server.call("vndb_search_vn", args);
    expect(r.isError, r.text).toBe(false);
    const shown = r.structured!.results as Row[];
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(50);
    for (const row of shown) {
      const raw = direct.results.find((d) => d.id === row.id)!;
      if ((raw.developers as unknown[]).length) expect(row.developers, String(row.id)).toBeDefined();
      expect(row.titles, String(row.id)).toBeDefined();
    }
    expect(r.text).not.toMatch(/only simple members are shown/);
    expect(r.text).toContain(`"results": ${shown.length} fits`);
    expect(r.text).toMatch(new RegExp(`${50 - shown.length} entries left out for size: ${direct.results[shown.length]!.id} `));
  });
});
