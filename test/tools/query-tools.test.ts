// The nine query tools through a real SDK Client against the emulator. Expected ids come
// from direct API calls with the hand-written VNDB predicate the structured filter stands for.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";
import { QUERY_SPECS } from "../../src/tools/query/specs.js";
import type { QueryEndpoint } from "../../src/kana/types.js";

let anon: Emulated;
let owner: Emulated;
beforeAll(async () => {
  anon = await startEmulated();
  owner = await startEmulated({ config: { token: TOKENS.u2Writer } });
});
afterAll(async () => {
  await anon.close();
  await owner.close();
});

/** Results per page where whole pages are compared with direct calls (fits the default cap). */
const PAGE = 25;

const ids = (structured: Record<string, unknown> | undefined) =>
  ((structured?.results as { id: string }[] | undefined) ?? []).map((r) => r.id);

async function directIds(e: Emulated, endpoint: QueryEndpoint, filters: unknown, extra: Record<string, unknown> = {}) {
  const r = await e.api.query(endpoint, { filters, results: 100, ...extra } as never);
  return r.results.map((x) => x.id);
}

/** A call that should find something on each endpoint of the bundled catalogue. */
const VALID: Record<string, Record<string, unknown>> = {
  vndb_search_vn: { query: "fate" },
  vndb_search_release: { filters: { lang: "ja" } },
  vndb_search_producer: { query: "key" },
  vndb_search_character: { filters: { role: "main" } },
  vndb_search_staff: { filters: { ismain: true } },
  vndb_search_tag: { query: "mystery" },
  vndb_search_trait: { query: "hair" },
  vndb_search_quote: {},
  vndb_get_user_list: { user: "u2" },
};

describe.each(QUERY_SPECS.map((s) => [s.tool, s] as const))("%s", (tool, spec) => {
  it("answers a valid call with entries, links and structured results", async () => {
    const r = await anon.call(tool, VALID[tool]!);
    expect(r.isError, r.text).toBe(false);
    const found = ids(r.structured);
    expect(found.length).toBeGreaterThan(0);
    if (spec.endpoint !== "quote") expect(r.text).toContain(`https://vndb.org/${found[0]}`);
  });

  it.each([
    // results 0 is a count-only call (issue 29 item 7) except on /ulist, which cannot count.
    [{ results: spec.endpoint === "ulist" ? 0 : -1 }],
    [{ results: 101 }],
    [{ sort: "nonsense" }],
    [{ filter: {} }],
    [{ fields: 5 }],
  ])("rejects %j at the schema", async (args) => {
    const r = await anon.call(tool, { ...VALID[tool], ...args });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Input validation error/);
  });

  it.each(spec.sorts.filter((s) => s !== "searchrank").map((s) => [s]))("sorts by %s", async (sort) => {
    const r = await anon.call(tool, { ...VALID[tool], sort, fields: "brief" });
    expect(r.isError, r.text).toBe(false);
  });

  it.each([["brief"], ["standard"], ["full"]])("accepts the %s preset", async (fields) => {
    const r = await anon.call(tool, { ...VALID[tool], fields, results: 2 });
    expect(r.isError, r.text).toBe(false);
  });
});

describe("fields", () => {
  it("adds explicit paths to a preset", async () => {
    const brief = await anon.call("vndb_search_vn", { query: "v900001", fields: "brief" });
    const more = await anon.call("vndb_search_vn", { query: "v900001", fields: "brief,image{url}" });
    const image = (r: typeof brief) => (r.structured?.results as { image?: { url: string } }[])[0]?.image;
    expect(image(brief)).toBeUndefined();
    expect(image(more)?.url).toMatch(/^https:\/\/t\.vndb\.org\/cv\//);
  });
  it.each([
    ["titel", /Field 'titel' not found[\s\S]*Did you mean title/],
    ["image", /requires specifying sub-field[\s\S]*image\{/],
    ["title{x}", /Unexpected '\{' after non-object field/],
  ])("explains the bad field selection %j with a hint", async (fields, message) => {
    const r = await anon.call("vndb_search_vn", { query: "fate", fields });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(message);
  });
});

describe("filter forms", () => {
  // [tool args filters, endpoint, equivalent VNDB predicate]
  // 25 results: a page that fits the default size cap whole, so the ids can be compared.
  it.each([
    ["equality", "vn", { olang: "ja" }, ["olang", "=", "ja"]],
    ["operator", "vn", { rating: { gte: 80 } }, ["rating", ">=", 80]],
    ["ne", "vn", { olang: { ne: "ja" } }, ["olang", "!=", "ja"]],
    ["any", "vn", { olang: { any: ["en", "zh"] } }, ["or", ["olang", "=", "en"], ["olang", "=", "zh"]]],
    ["none", "vn", { olang: { none: ["ja", "en"] } }, ["and", ["olang", "!=", "ja"], ["olang", "!=", "en"]]],
    ["several keys", "vn", { olang: "ja", rating: { gt: 70 } }, ["and", ["olang", "=", "ja"], ["rating", ">", 70]]],
    ["or group", "vn", { or: [{ olang: "en" }, { rating: { gte: 85 } }] }, ["or", ["olang", "=", "en"], ["rating", ">=", 85]]],
    ["nested", "vn", { release: { lang: "en" } }, ["release", "=", ["lang", "=", "en"]]],
    ["nested by id", "release", { vn: "v900001" }, ["vn", "=", ["id", "=", "v900001"]]],
    ["raw array", "vn", { raw: ["olang", "=", "ja"] }, ["olang", "=", "ja"]],
    ["date", "release", { released: { gte: "2010" } }, ["released", ">=", "2010"]],
    ["flag", "staff", { ismain: true }, ["ismain", "=", 1]],
  ] as const)("%s", async (_label, endpoint, filters, predicate) => {
    const spec = QUERY_SPECS.find((s) => s.endpoint === endpoint)!;
    const r = await anon.call(spec.tool, { filters, fields: "brief", results: PAGE });
    expect(r.isError, r.text).toBe(false);
    expect(ids(r.structured)).toEqual(await directIds(anon, endpoint, predicate, { results: PAGE }));
  });

  it("takes a compact filter string and a vndb.org search URL", async () => {
    const compact = (await anon.api.query("vn", { filters: ["olang", "=", "ja"], compact_filters: true } as never)).compact_filters!;
    const viaString = await anon.call("vndb_search_vn", { filters: { raw: compact }, fields: "brief", results: PAGE });
    const viaUrl = await anon.call("vndb_search_vn", { filters: { raw: `https://vndb.org/v?f=${compact}` }, fields: "brief", results: PAGE });
    const expected = await directIds(anon, "vn", ["olang", "=", "ja"], { results: PAGE });
    expect(ids(viaString.structured)).toEqual(expected);
    expect(ids(viaUrl.structured)).toEqual(expected);
  });

  it("refuses a filter the endpoint does not have, with VNDB's message and a hint", async () => {
    const r = await anon.call("vndb_search_vn", { filters: { colour: "red" } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/colour/);
  });

  it("refuses an operator a filter does not allow", async () => {
    const r = await anon.call("vndb_search_vn", { filters: { olang: { gt: "ja" } } });
    expect(r.isError).toBe(true);
  });
});

describe("names in filters", () => {
  it("resolves a producer name and says what it stood for", async () => {
    const r = await anon.call("vndb_search_vn", { filters: { developer: "Key" }, fields: "brief", results: 100 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Names resolved: producer "Key" = p24/);
    expect(ids(r.structured)).toEqual(await directIds(anon, "vn", ["developer", "=", ["id", "=", "p24"]]));
  });
  it.each([
    [{ tag: "sex" }, /Ambiguous tag "sex": g\d+/],
    [{ developer: "works" }, /Ambiguous producer "works": p\d+/],
  ])("refuses the ambiguous name in %j and lists candidates with ids", async (filters, message) => {
    const r = await anon.call("vndb_search_vn", { filters });
    expect(r.isError, r.text).toBe(true);
    expect(r.text).toMatch(message);
  });
  it("refuses an unknown name", async () => {
    const r = await anon.call("vndb_search_vn", { filters: { tag: "zzqx no such tag" } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/zzqx no such tag/);
  });
});

describe("spoilers", () => {
  it("hides spoiler tags and [spoiler] text by default and counts them; spoilers 2 shows them", async () => {
    const args = { query: "v900001", fields: "title,description,tags{name,spoiler}" };
    const safe = await anon.call("vndb_search_vn", args);
    const all = await anon.call("vndb_search_vn", { ...args, spoilers: 2 });
    expect(safe.text).toMatch(/Hidden as spoilers \(above level 0\)/);
    expect(safe.text).toMatch(/call again with "spoilers": 2/);
    expect(safe.structured?.hidden_spoilers).toBeDefined();
    expect(all.text).not.toMatch(/Hidden as spoilers/);
    // v900001's tag "Amnesia" is a major spoiler (level 2).
    const direct = await anon.api.query("vn", { filters: ["id", "=", "v900001"], fields: "tags{name,spoiler}" });
    const major = (direct.results[0]!.tags as { name: string; spoiler: number }[]).filter((t) => t.spoiler === 2);
    expect(major.length).toBeGreaterThan(0);
    for (const t of major) {
      expect(safe.text).not.toContain(t.name);
      expect(all.text).toContain(t.name);
    }
  });
  it("keeps spoiler tags and lies hidden when the fields ask for tag names only", async () => {
    const direct = await anon.api.query("vn", { filters: ["id", "=", "v900001"], fields: "tags{name,spoiler,lie}" });
    const tags = direct.results[0]!.tags as { name: string; spoiler: number; lie: boolean }[];
    const hidden = tags.filter((t) => t.spoiler > 0 || t.lie);
    expect(hidden.length).toBeGreaterThan(0);
    const r = await anon.call("vndb_search_vn", { query: "v900001", fields: "title,tags{name}" });
    expect(r.isError, r.text).toBe(false);
    for (const t of hidden) expect(r.text).not.toContain(t.name);
    expect(r.text).toMatch(new RegExp(`Hidden as spoilers \\(above level 0\\): ${hidden.length} tags`));
  });

  it("matches spoiler traits only when the call shows spoilers", async () => {
    // c900001 has Tsundere (i217) as a minor spoiler (spoiler 1).
    const direct = await anon.api.query("character", { filters: ["trait", "=", ["i217", 2]], fields: "name" });
    const expected = direct.results.map((r) => r.id);
    expect(expected).toContain("c900001");
    const safe = await anon.call("vndb_search_character", { filters: { trait: "Tsundere" }, fields: "name" });
    const spoiled = await anon.call("vndb_search_character", { filters: { trait: "Tsundere" }, fields: "name", spoilers: 2 });
    expect(ids(safe.structured)).not.toContain("c900001");
    expect(ids(spoiled.structured)).toEqual(expected);
  });

  it("follows the configured spoiler level", async () => {
    const e = await startEmulated({ config: { spoilerLevel: 2 } });
    try {
      const r = await e.call("vndb_search_vn", { query: "v900001", fields: "title,description,tags{name,spoiler}" });
      expect(r.text).not.toMatch(/Hidden as spoilers/);
    } finally {
      await e.close();
    }
  });
});

describe("size cap and paging", () => {
  it("keeps an answer under the configured size and says what was left out", async () => {
    const cap = 600;
    const e = await startEmulated({ config: { maxResponseTokens: cap } });
    try {
      const r = await e.call("vndb_search_vn", { fields: "full", results: 25 });
      expect(r.isError, r.text).toBe(false);
      expect(r.text).toMatch(/left out|cut|shortened|only simple members/);
      // The formatter's own estimate: ~3.5 ASCII characters per token.
      expect(r.text.length + JSON.stringify(r.structured).length).toBeLessThan(cap * 3.5 * 1.2);
    } finally {
      await e.close();
    }
  });

  it("gives the exact arguments of the next page, and they work", async () => {
    const first = await anon.call("vndb_search_vn", { filters: { olang: "ja" }, fields: "brief", results: 2 });
    expect(first.structured?.more).toBe(true);
    const next = first.structured?.next as { tool: string; arguments: Record<string, unknown> };
    expect(next.tool).toBe("vndb_search_vn");
    expect(next.arguments).toEqual({ filters: { olang: "ja" }, fields: "brief", results: 2, page: 2 });
    expect(first.text).toContain(`Next page: vndb_search_vn ${JSON.stringify(next.arguments)}`);
    const second = await anon.call(next.tool, next.arguments);
    const expected = await directIds(anon, "vn", ["olang", "=", "ja"], { results: 2, page: 2 });
    expect(ids(second.structured)).toEqual(expected);
  });

  it("after entries left out for size, the next call continues with them (no gap)", async () => {
    const e = await startEmulated({ config: { maxResponseTokens: 1500 } });
    try {
      const args = { filters: { olang: "ja" }, fields: "brief", results: 100 };
      const first = await e.call("vndb_search_vn", args);
      const shown = ids(first.structured);
      expect(first.structured?.omitted).toBeDefined();
      const next = first.structured?.next as { tool: string; arguments: Record<string, unknown> };
      const second = await e.call(next.tool, next.arguments);
      const all = await directIds(e, "vn", ["olang", "=", "ja"], { results: 100 });
      const seen = new Set([...shown, ...ids(second.structured)]);
      // Everything up to the end of the second answer was seen, in order, without a gap.
      const upTo = all.indexOf(ids(second.structured).at(-1)!);
      expect(upTo).toBeGreaterThan(shown.length);
      for (const id of all.slice(0, upTo + 1)) expect(seen.has(id), id).toBe(true);
    } finally {
      await e.close();
    }
  });

  it("returns the total count when asked", async () => {
    const r = await anon.call("vndb_search_vn", { filters: { olang: "ja" }, fields: "brief", results: 1, count: true });
    const direct = await anon.api.query("vn", { filters: ["olang", "=", "ja"], results: 1, count: true });
    expect(r.structured?.count).toBe(direct.count);
  });
});

describe("vndb_get_user_list", () => {
  it("reads another user's list by username, public entries only", async () => {
    const r = await anon.call("vndb_get_user_list", { user: "yorhel", fields: "brief", results: 100 });
    expect(r.isError, r.text).toBe(false);
    expect(ids(r.structured)).toEqual(await directIds(anon, "ulist", null, { user: "u2" }));
  });
  it("defaults to the token owner and shows private entries to them", async () => {
    const mine = await owner.call("vndb_get_user_list", { fields: "brief", results: 100 });
    const theirs = await anon.call("vndb_get_user_list", { user: "u2", fields: "brief", results: 100 });
    expect(ids(mine.structured).length).toBeGreaterThan(ids(theirs.structured).length);
  });
  it("filters by label name", async () => {
    const r = await owner.call("vndb_get_user_list", { filters: { label: "Finished" }, fields: "brief", results: 100 });
    expect(r.isError, r.text).toBe(false);
    expect(ids(r.structured)).toEqual(await directIds(owner, "ulist", ["label", "=", ["u2", 2]], { user: "u2" }));
  });
  it.each([
    ["the token owner's own custom label", "owner", {}],
    ["another user's public custom label, any case", "anon", { user: "u2" }],
  ])("filters by %s by name", async (_what, who, extra) => {
    const e = who === "owner" ? owner : anon;
    const labels = await anon.api.ulistLabels({ user: "u2" });
    const favourites = labels.labels.find((l) => l.label === "Favourites")!;
    const r = await e.call("vndb_get_user_list", { ...extra, filters: { label: "favourites" }, fields: "brief", results: 100 });
    expect(r.isError, r.text).toBe(false);
    const expected = await directIds(e, "ulist", ["label", "=", ["u2", favourites.id]], { user: "u2" });
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(r.structured)).toEqual(expected);
  });
  it("says that unvoted entries come first when sorting by vote, highest first, and how to skip them", async () => {
    const r = await owner.call("vndb_get_user_list", { sort: "vote", reverse: true, fields: "brief", results: 100 });
    const direct = await owner.api.query("ulist", { user: "u2", sort: "vote", reverse: true, fields: "vote", results: 100 });
    expect(direct.results[0]!.vote).toBeNull();
    expect(r.text).toMatch(/Entries without a vote come first/);
    const m = /For voted entries only: vndb_get_user_list (\{.*\})/.exec(r.text);
    expect(m, r.text).not.toBeNull();
    const next = await owner.call("vndb_get_user_list", JSON.parse(m![1]!));
    const votes = (next.structured?.results as { vote?: number }[]).map((x) => x.vote);
    expect(votes.length).toBeGreaterThan(0);
    expect(votes.every((v) => typeof v === "number")).toBe(true);
    expect(next.text).not.toMatch(/come first/);
  });
  it("adds no ordering note when the order has no gaps", async () => {
    const r = await owner.call("vndb_get_user_list", { sort: "vote", fields: "brief", results: 100 });
    expect(r.text).not.toMatch(/come first/);
  });
  it("names the labels when a label name is unknown", async () => {
    const r = await owner.call("vndb_get_user_list", { filters: { label: "Favorites" } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/no list label called "Favorites"/);
    expect(r.text).toMatch(/Favourites \(id 10\)/);
  });
  it("needs a user without a token", async () => {
    const r = await anon.call("vndb_get_user_list", {});
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/No VNDB token is configured/);
  });
});
