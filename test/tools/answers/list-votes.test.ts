// Item 8 of issue 29 through a real SDK client: what a list write does with a vote that is
// not a whole point or off the scale, what labels_set ["Voted"] does, how list_insight bins
// votes, and release-list statuses by name where the rlist filter took codes. Each checked
// against the list as the emulator stores it (read back through the API, not the tool).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../../helpers/emulated-server.js";

let env: Emulated;
beforeAll(async () => {
  env = await startEmulated({ config: { token: TOKENS.u2Writer } });
}, 60_000);
afterAll(async () => env?.close());

async function stored(vid: string): Promise<{ vote: number | null; labels: number[] } | null> {
  const r = await env.api.query("ulist", { filters: ["id", "=", vid], fields: "vote,labels{id}", user: "u2" } as never);
  const row = r.results[0] as unknown as { vote: number | null; labels: { id: number }[] } | undefined;
  return row ? { vote: row.vote, labels: row.labels.map((l) => l.id) } : null;
}

describe("list votes and statuses (issue 29 item 8)", () => {
  it("a vote in tenths is kept; a vote with two decimals is refused before anything is written", async () => {
    const ok = await env.call("vndb_update_list_entry", { vn: "v17", vote: 7.5 });
    expect(ok.isError, ok.text).toBe(false);
    expect((await stored("v17"))?.vote).toBe(75);
    const bad = await env.call("vndb_update_list_entry", { vn: "v17", vote: 7.25 });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/more than one decimal/);
    expect((await stored("v17"))?.vote).toBe(75);
  });

  it("a vote off the 1-10 scale is refused, and the description says the scale and the tenths", async () => {
    const { tools } = await env.client.listTools();
    const vote = (tools.find((t) => t.name === "vndb_update_list_entry")!.inputSchema.properties as Record<string, { description?: string }>).vote!;
    expect(vote.description).toMatch(/1-10, tenths allowed/);
    for (const v of [0, 11, 80]) {
      const r = await env.call("vndb_update_list_entry", { vn: "v17", vote: v });
      expect(r.isError, String(v)).toBe(true);
    }
    expect((await stored("v17"))?.vote).toBe(75);
  });

  it('labels_set ["Voted"] is refused with what Voted follows, and nothing changes', async () => {
    const before = await stored("v17");
    const r = await env.call("vndb_update_list_entry", { vn: "v17", labels_set: ["Voted"] });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Voted.*vote/);
    expect(await stored("v17")).toEqual(before);
  });

  it("list_insight says how it bins votes with a fraction", async () => {
    const r = await env.call("vndb_list_insight", {});
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/per whole point \(a 7\.5 counts as 7\): [^\n]*\b7: /);
  });

  it("the rlist filter takes status names as well as codes", async () => {
    const rl = await env.api.query("release", { filters: ["rlist", "=", 2], fields: "id", results: 100 } as never);
    const ids = rl.results.map((x) => x.id).sort();
    if (!ids.length) throw new Error("u2 has no obtained release");
    for (const status of ["obtained", "Obtained", 2]) {
      const r = await env.call("vndb_search_release", { filters: { rlist: status }, fields: "title", results: 100 });
      expect(r.isError, `${status}: ${r.text}`).toBe(false);
      expect((r.structured?.results as { id: string }[]).map((x) => x.id).sort()).toEqual(ids);
    }
    const bad = await env.call("vndb_search_release", { filters: { rlist: "owned it" } });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/obtained/);
  });
});
