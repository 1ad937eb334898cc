// Issue 29, defect 1: VNDB evaluates the `=` predicates of one tag or trait field inside one
// `and` together, counting rows (reference §8.7, emulator/engine/list-groups.ts), so the same
// tag or trait twice there matches nothing. The server must send one predicate per tag or
// trait: at the default spoiler level (a trait used to go out twice, for the spoiler ceiling
// and for lies) and when the caller names one tag twice. Checked against the emulator, which
// merges as VNDB does, through a real SDK client over the offline catalogue.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated({ preset: "catalogue" });
});
afterAll(async () => server.close());

const ids = (s: Record<string, unknown> | undefined) => ((s?.results as { id: string }[]) ?? []).map((r) => r.id).sort();

/** What VNDB itself answers for one raw filter (all pages are one: results ≤ 100). */
async function direct(endpoint: "vn" | "character", filters: unknown): Promise<string[]> {
  const r = await server.api.query(endpoint, { filters, fields: "id", results: 100 } as never);
  return r.results.map((x) => x.id).sort();
}

async function traitId(name: string): Promise<string> {
  const r = await server.api.query("trait", { filters: ["search", "=", name], fields: "name", results: 10 } as never);
  const hit = (r.results as { id: string; name: string }[]).find((t) => t.name === name);
  if (!hit) throw new Error(`the catalogue has no trait "${name}"`);
  return hit.id;
}

/** A tag some VN of the served catalogue has at rating ≥ 2, without spoilers, not as a lie. */
async function strongTag(): Promise<{ id: string; name: string }> {
  for (const v of loadCatalogue().vn) {
    const t = v.tags.find((x) => x.rating >= 2 && x.spoiler === 0 && !x.lie);
    if (!t) continue;
    const r = await server.api.query("tag", { filters: ["id", "=", t.tag], fields: "name" } as never);
    const name = (r.results[0] as { name?: string } | undefined)?.name;
    if (name) return { id: t.tag, name };
  }
  throw new Error("no VN of the catalogue has a tag at rating 2 or more");
}

describe("one predicate per tag or trait", () => {
  it("a trait filter at the default spoiler level finds the characters that have it without spoilers", async () => {
    const trait = await traitId("Twin Tails");
    const expected = await direct("character", ["trait", "=", [trait, 0]]);
    if (expected.length === 0) throw new Error("no character of the catalogue has Twin Tails without spoilers");
    const r = await server.call("vndb_search_character", { filters: { trait: "Twin Tails" }, results: 100, fields: "name" });
    expect(r.isError, r.text).toBe(false);
    expect(ids(r.structured)).toEqual(expected);
    expect(r.text).not.toMatch(/No match at spoiler level/);
  });

  it("a directly applied trait at level 0 and a negated one agree with VNDB's own spoiler-0 filter", async () => {
    const trait = await traitId("Twin Tails");
    const has = await direct("character", ["dtrait", "=", [trait, 0]]);
    const r = await server.call("vndb_search_character", { filters: { dtrait: "Twin Tails" }, results: 100, fields: "name" });
    expect(ids(r.structured)).toEqual(has);
    const some = has[0]!;
    const ne = await server.call("vndb_search_character", { filters: { id: some, dtrait: { ne: "Twin Tails" } }, fields: "name" });
    expect(ne.isError, ne.text).toBe(false);
    expect(ids(ne.structured)).toEqual([]);
  });

  it("one tag named twice with different limits is one predicate: both limits hold", async () => {
    const tag = await strongTag();
    const expected = await direct("vn", ["tag", "=", [tag.id, 0, 2, 1]]);
    expect(expected.length).toBeGreaterThan(0);
    const r = await server.call("vndb_search_vn", {
      filters: { tag: { all: [tag.name, { name: tag.name, min_level: 2 }] } },
      results: 100,
      fields: "title",
    });
    expect(r.isError, r.text).toBe(false);
    expect(ids(r.structured)).toEqual(expected);
  });

  it("a tag in two filter keys of one object is merged too", async () => {
    const tag = await strongTag();
    const expected = await direct("vn", ["tag", "=", [tag.id, 0, 2, 1]]);
    const r = await server.call("vndb_search_vn", {
      filters: { and: [{ tag: tag.name }, { tag: { id: tag.id, min_level: 2 } }] },
      results: 100,
      fields: "title",
    });
    expect(r.isError, r.text).toBe(false);
    expect(ids(r.structured)).toEqual(expected);
  });

  it("spoiler 0 with no_lies on a trait, which VNDB cannot say in one value, is refused with the ways out", async () => {
    const r = await server.call("vndb_search_character", { filters: { trait: { name: "Twin Tails", no_lies: true } } });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/max_spoiler 1/);
  });
});
