// Through a real SDK client: while VNDB answers 502, a search asked before is answered from
// the kept copy and says so first; one never asked says VNDB is unavailable, not "Unexpected".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

describe("answers during an outage", () => {
  it("a search asked before is served from its kept copy, saying VNDB is unavailable and how old it is", async () => {
    const before = await server.call("vndb_search_vn", { query: "ever17", fields: "brief" });
    expect(before.isError).toBe(false);
    server.emulator.faults.inject({ kind: "bad-gateway", count: 1_000 });
    const during = await server.call("vndb_search_vn", { query: "ever17", fields: "brief" });
    expect(during.isError).toBe(false);
    expect(during.text).toMatch(/^VNDB is unavailable right now \(VNDB answered 502\); this answer is a copy kept from under a minute ago and may be out of date\.\n/);
    expect(during.text).toContain(before.text);
  });

  it("a search never asked before fails saying VNDB is down", async () => {
    const r = await server.call("vndb_search_vn", { query: "saya no uta", fields: "brief" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/502|unavailable/);
    expect(r.text).not.toMatch(/Unexpected error/);
  });
});
