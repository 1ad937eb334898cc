// Results that name catalogue entries link them as resources (issue 19 item 6): a
// `resource_link` item per entry shown, the first LINKED_ENTRIES_MAX only, each opening with
// resources/read on the vndb:// templates — through a real SDK client against the emulator.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";
import { LINKED_ENTRIES_MAX } from "../../src/tools/query/entry-links.js";

type Json = Record<string, unknown>;

/** Starting the emulated servers reads the catalogue; on a loaded machine that takes longer than vitest's 10 s hook default. */
const STARTUP_TIMEOUT_MS = 60_000;
interface Item {
  type: string;
  text?: string;
  uri?: string;
  name?: string;
  title?: string;
  mimeType?: string;
}

let e: Emulated;
/** Without a token: recommendations then drop nothing that is on a list. */
let anon: Emulated;
beforeAll(async () => {
  e = await startEmulated({ config: { token: TOKENS.u2Writer } });
  anon = await startEmulated();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([e?.close(), anon?.close()]);
});

async function callRaw(name: string, args: Json, on: Emulated = e): Promise<{ items: Item[]; structured: Json | undefined; isError: boolean }> {
  const r = await on.client.callTool({ name, arguments: args });
  return { items: r.content as Item[], structured: r.structuredContent as Json | undefined, isError: r.isError === true };
}

const linksOf = (items: Item[]) => items.filter((i) => i.type === "resource_link");

/** The entry ids a result shows, in order, as the links should name them. */
function shownIds(structured: Json): string[] {
  const ids: string[] = [];
  for (const entry of structured.results as Json[]) {
    const own = entry.id as string;
    if (/^[vrpcsgi][1-9]/.test(own)) ids.push(own);
    else for (const named of [entry.vn, entry.character] as (Json | undefined)[]) if (named?.id) ids.push(named.id as string);
  }
  return [...new Set(ids)];
}

const KIND: Record<string, string> = { v: "vn", r: "release", p: "producer", c: "character", s: "staff", g: "tag", i: "trait" };

describe("resource links", () => {
  it.each([
    ["vndb_search_vn", { query: "ever17" }],
    ["vndb_search_vn", { filters: { developer: "Key" }, results: 25 }],
    ["vndb_search_release", { query: "ever17" }],
    ["vndb_search_producer", { query: "key" }],
    ["vndb_search_character", { query: "saber" }],
    ["vndb_search_staff", { query: "nakazawa" }],
    ["vndb_search_tag", { query: "romance" }],
    ["vndb_search_trait", { query: "tsundere" }],
    ["vndb_search_quote", { filters: { vn: "v17" }, fields: "quote,vn{title},character{name}" }],
    ["vndb_get_user_list", { user: "u2" }],
  ] as const)("%s %j links the first entries shown, and each opens", async (tool, args) => {
    const r = await callRaw(tool, args);
    expect(r.isError).toBe(false);
    const ids = shownIds(r.structured!);
    expect(ids.length, "the call shows entries").toBeGreaterThan(0);
    const links = linksOf(r.items);
    expect(links.map((l) => l.name)).toEqual(ids.slice(0, LINKED_ENTRIES_MAX));
    // One text item first; the links add nothing to it.
    expect(r.items[0]!.type).toBe("text");
    expect(r.items.filter((i) => i.type === "text")).toHaveLength(1);
    expect(r.items[0]!.text).not.toContain("vndb://");
    for (const link of links) {
      expect(link.uri).toBe(`vndb://${KIND[link.name![0]!]}/${link.name}`);
      expect(link.mimeType).toBe("text/plain");
      const read = await e.client.readResource({ uri: link.uri! });
      const json = read.contents.find((c) => c.mimeType === "application/json") as { text: string } | undefined;
      expect(json, link.uri).toBeDefined();
      const entries = (JSON.parse(json!.text) as { results: Json[] }).results;
      expect(entries.map((x) => x.id), link.uri).toContain(link.name);
      if (link.title) expect((read.contents[0] as { text: string }).text, link.uri).toContain(link.title.split(" (")[0]);
    }
  });

  it(`links at most ${LINKED_ENTRIES_MAX} of a long page`, async () => {
    const r = await callRaw("vndb_search_vn", { filters: { developer: "Key" }, results: 25, fields: "brief" });
    expect((r.structured!.results as unknown[]).length).toBeGreaterThan(LINKED_ENTRIES_MAX);
    expect(linksOf(r.items)).toHaveLength(LINKED_ENTRIES_MAX);
  });

  it("links the recommended VNs", async () => {
    const r = await callRaw("vndb_recommend", { like: ["v6540"] }, anon);
    expect(r.isError).toBe(false);
    const picks = (r.structured!.picks as Json[]).map((p) => p.id);
    expect(picks.length).toBeGreaterThan(0);
    expect(linksOf(r.items).map((l) => l.uri)).toEqual(picks.slice(0, LINKED_ENTRIES_MAX).map((id) => `vndb://vn/${id}`));
  });

  it.each([
    ["an empty page", "vndb_search_vn", { query: "zzzqqxxnothing" }],
    ["an error", "vndb_search_vn", { fields: "nosuchfield" }],
    ["a tool that names no entry", "vndb_get_stats", {}],
  ] as const)("adds none to %s", async (_label, tool, args) => {
    const r = await callRaw(tool, args);
    expect(linksOf(r.items)).toEqual([]);
  });
});
