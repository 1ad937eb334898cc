// The mirror-date note (tools/query/notes/mirror-date.ts) through a real SDK client: with a
// mirror, a catalogue answer says "VNDB data of <date>" once, on its first page only, and the
// date follows the build being served (a refresh changes it); an answer VNDB gives live (a
// search on the token owner's own list) and a server without a mirror say nothing of it.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../../helpers/emulated-server.js";

const served = { dataDate: "2026-11-27" };
let mirror: Emulated;
let live: Emulated;
beforeAll(async () => {
  mirror = await startEmulated({ config: { mirror: "/srv/mirror", mirrorData: served, token: TOKENS.u2Writer } });
  live = await startEmulated({ config: { token: TOKENS.u2Writer } });
}, 60_000);
afterAll(async () => {
  await mirror?.close();
  await live?.close();
});

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe("mirror-date", () => {
  it("a catalogue answer from a mirror names the data date once", async () => {
    const r = await mirror.call("vndb_search_vn", { query: "a", fields: "title", results: 3 });
    expect(r.isError).toBe(false);
    expect(count(r.text, "VNDB data of 2026-11-27")).toBe(1);
    const chars = await mirror.call("vndb_search_character", { query: "a", fields: "name", results: 2 });
    expect(count(chars.text, "VNDB data of 2026-11-27")).toBe(1);
  });

  it("follows the build being served", async () => {
    served.dataDate = "2026-11-28";
    try {
      const r = await mirror.call("vndb_search_vn", { query: "a", fields: "title", results: 1 });
      expect(r.text).toContain("VNDB data of 2026-11-28");
      expect(r.text).not.toContain("2026-11-27");
    } finally {
      served.dataDate = "2026-11-27";
    }
  });

  it("says nothing on a later page", async () => {
    const r = await mirror.call("vndb_search_vn", { query: "a", fields: "title", results: 2, page: 2 });
    expect(r.isError).toBe(false);
    expect(r.text).not.toContain("VNDB data of");
  });

  it("says nothing on an answer about the token owner's own list (VNDB answers it)", async () => {
    const r = await mirror.call("vndb_search_vn", { filters: { on_list: true }, fields: "title", results: 2 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).not.toContain("VNDB data of");
  });

  it("says nothing without a mirror", async () => {
    const r = await live.call("vndb_search_vn", { query: "a", fields: "title", results: 3 });
    expect(r.isError).toBe(false);
    expect(r.text).not.toContain("VNDB data of");
  });
});
