// Issue 21, cause 9 through a real SDK client against the emulator: a random quote of one VN
// is drawn among that VN's quotes; play time filters take minutes (read as VNDB's buckets,
// said so); filters VNDB does not have (a user's vote, "not on a list") fail naming the call
// that answers instead. Expected ids come from direct API calls.

import { countTokens } from "@anthropic-ai/tokenizer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

const ids = (s: Record<string, unknown> | undefined) => ((s?.results as { id: string }[]) ?? []).map((r) => r.id);

describe("a random quote of one VN", () => {
  it("is always one of that VN's quotes, and says how it was drawn", async () => {
    const own = (await server.api.query("quote", { filters: ["vn", "=", ["id", "=", "v17"]], fields: "id", results: 100 } as never)).results.map((q) => q.id);
    expect(own.length).toBeGreaterThan(1);
    for (let i = 0; i < 6; i++) {
      const r = await server.call("vndb_search_quote", { filters: { vn: "v17", random: true } });
      expect(r.isError, r.text).toBe(false);
      const [id] = ids(r.structured);
      expect(own, r.text).toContain(id);
      expect(r.text).toContain(`among the ${own.length} quotes matching the other filters`);
    }
  });

  it("a random quote with no other filter is still VNDB's own draw", async () => {
    const r = await server.call("vndb_search_quote", { filters: { random: true } });
    expect(r.isError, r.text).toBe(false);
    expect(ids(r.structured)).toHaveLength(1);
    expect(r.text).not.toMatch(/drawn here/);
  });
});

describe("play time in minutes", () => {
  it("is read as the length buckets the range overlaps, said so, with VNDB's answer for them", async () => {
    const r = await server.call("vndb_search_vn", { filters: { length_minutes: { gte: 600, lte: 1800 } }, fields: "title", results: 25 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/filter "length_minutes" = length 3 \(600-1800 min; VNDB filters by these buckets only/);
    const want = (await server.api.query("vn", { filters: ["length", "=", 3], fields: "id", results: 25 } as never)).results.map((x) => x.id);
    expect(want.length).toBeGreaterThan(0);
    expect(ids(r.structured)).toEqual(want);
  });

  it("refuses a value that is not minutes", async () => {
    const r = await server.call("vndb_search_vn", { filters: { length_minutes: "long" } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/length_minutes takes a number or \{gt\|gte\|lt\|lte: minutes\}/);
  });
});

describe("filters VNDB does not have name the working call", () => {
  it("a vote range on a user's list is applied to the fetched pages, and says so (issue 29 item 8)", async () => {
    const r = await server.call("vndb_get_user_list", { user: "u2", filters: { vote: { gte: 8 } } });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/VNDB has no vote filter: this server read \d+ voted entr/);
  });

  it("a vote filter on VNs points at the list's vote filter", async () => {
    const r = await server.call("vndb_search_vn", { filters: { vote: { gte: 8 } } });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('vndb_get_user_list {"filters":{"vote":{"gte":8}}}');
  });

  it('"not on user X\'s list" points at on_list and the label filter', async () => {
    const r = await server.call("vndb_search_vn", { filters: { not_on_list: "u2" } });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('{"on_list":{"ne":true}}');
    expect(r.text).toMatch(/"label":\{"none":\[\["u2",1\]/);
  });
});

describe("a one-fact answer", () => {
  /** Issue 21: one-fact answers within 300 tokens (Anthropic tokenizer). */
  const ONE_FACT_TOKENS = 300;

  it('"who voices Saber" asked the way the instructions say costs at most 300 tokens and answers it', async () => {
    const r = await server.call("vndb_search_character", { query: "Saber", fields: "name,seiyuu" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/Voice of c33: s16 Kawasumi Ayako/);
    expect(countTokens(r.text)).toBeLessThanOrEqual(ONE_FACT_TOKENS);
  });
});

describe("a page is not a total", () => {
  it("a page without its total says it is a page and how to get the total", async () => {
    const r = await server.call("vndb_search_vn", { filters: { lang: "en" }, fields: "title", results: 2 });
    expect(r.text.split("\n")[0]).toBe('2 visual novels on this page, more available ("count": true gives the total):');
    const counted = await server.call("vndb_search_vn", { filters: { lang: "en" }, fields: "title", results: 2, count: true });
    expect(counted.text.split("\n")[0]).toMatch(/^2 visual novels \(of \d+ matching\), more available:$/);
  });
});

describe("characters filtered by voice actor", () => {
  it("list only the VNs where that person voices each character, and say how many were left out", async () => {
    const { testCatalogue } = await import("../../../src/emulator/presets/test.js");
    const cat = testCatalogue();
    const aids = new Set(cat.staff.find((s) => s.id === "s114")!.aliases.map((a) => a.aid));
    const voicedIn = (cid: string) => cat.vn.filter((v) => !v.hidden && v.va.some((x) => x.character === cid && aids.has(x.aid))).map((v) => v.id);
    const r = await server.call("vndb_search_character", { filters: { seiyuu: "s114" }, fields: "name,vns{title}", results: 25, spoilers: 2 });
    expect(r.isError, r.text).toBe(false);
    const rows = r.structured!.results as { id: string; vns?: { id: string }[] }[];
    expect(rows.length).toBeGreaterThan(0);
    let cut = false;
    for (const row of rows) {
      const shown = [...new Set((row.vns ?? []).map((v) => v.id))].sort();
      expect(shown, row.id).toEqual(voicedIn(row.id).sort());
      const all = cat.character.find((c) => c.id === row.id)!.vns.map((v) => v.vn);
      if (new Set(all).size > shown.length) cut = true;
    }
    expect(cut, "the sample has a character with an appearance not voiced by s114").toBe(true);
    expect(r.text).toMatch(/^vns: only the VNs where s114 voices the character \(\d+ other appearances? left out\)\.$/m);
  });
});

describe("characters filtered by one VN", () => {
  it("list only that VN in each character's VNs, say how many appearances were left out, and fit the whole cast on one page", async () => {
    const { testCatalogue } = await import("../../../src/emulator/presets/test.js");
    const cat = testCatalogue();
    const cast = cat.character.filter((c) => !c.hidden && c.vns.some((v) => v.vn === "v1143"));
    const elsewhere = cast.filter((c) => c.vns.some((v) => v.vn !== "v1143"));
    expect(elsewhere.length, "the sample has Majikoi characters who appear in its sequels").toBeGreaterThan(0);
    const r = await server.call("vndb_search_character", { filters: { vn: "v1143" }, fields: "name,vns{role}", results: 100, count: true, spoilers: 2 });
    expect(r.isError, r.text).toBe(false);
    const rows = r.structured!.results as { id: string; vns?: { id: string }[] }[];
    expect(rows.length).toBe(r.structured!.count);
    expect(rows.length).toBe(cast.length);
    for (const row of rows) expect(new Set((row.vns ?? []).map((v) => v.id)), row.id).toEqual(new Set(["v1143"]));
    expect(r.text).toMatch(/^vns: only v1143, the VN filtered on \(\d+ other appearances? left out\)\.$/m);
  });

  it("leave the VNs alone when the filter is not one VN", async () => {
    const r = await server.call("vndb_search_character", { filters: { vn: { or: [{ id: "v1143" }, { id: "v6245" }] } }, fields: "name,vns{role}", results: 5 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).not.toMatch(/^vns: only/m);
  });
});
