// Cause 1 of issue 21 through a real SDK client: an empty answer says why when the reason is
// in the data (a tag or trait on no entry, a producer that only ever published), and names
// the call that works, instead of a bare "No visual novels found."

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../../helpers/emulated-server.js";

type Row = Record<string, unknown>;

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
}, 60_000);
afterAll(async () => server?.close());

/** A producer credited on releases only as publisher, never as developer. */
async function publisherOnly(): Promise<{ id: string; name: string }> {
  const releases = (await server.api.query("release", { fields: "producers{name,developer,publisher}", results: 100 } as never)).results as Row[];
  const dev = new Set<string>();
  const pub = new Map<string, string>();
  for (const r of releases)
    for (const p of r.producers as Row[]) {
      if (p.developer) dev.add(p.id as string);
      if (p.publisher) pub.set(p.id as string, p.name as string);
    }
  for (const [id, name] of pub) {
    if (dev.has(id)) continue;
    const developed = await server.api.query("vn", { filters: ["developer", "=", ["id", "=", id]], fields: "id", results: 1 } as never);
    if (developed.results.length === 0) return { id, name };
  }
  throw new Error("no publisher-only producer in the catalogue");
}

describe("empty answers explained", () => {
  it("a producer filtered as developer that only published: said, with the working call", async () => {
    const p = await publisherOnly();
    const r = await server.call("vndb_search_vn", { filters: { developer: p.id }, fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/No visual novels found/);
    const m = r.text.match(new RegExp(`${p.id} [^\\n]*developed no VN[^\\n]*publisher[^\\n]*: (vndb_search_vn \\{.*\\})`));
    expect(m, r.text).not.toBeNull();
    // The call it names finds that producer's VNs.
    const call = m![1]!;
    const next = await server.call("vndb_search_vn", JSON.parse(call.slice("vndb_search_vn ".length)));
    expect(next.text).not.toMatch(/No visual novels found/);
    // The line already names the most voted of them, in the order that call sorted by votes gives.
    const top = await server.call("vndb_search_vn", { ...JSON.parse(call.slice("vndb_search_vn ".length)), sort: "votecount", reverse: true, results: 5, fields: "title" });
    const ids = (top.structured!.results as Row[]).map((x) => String(x.id));
    const line = r.text.split("\n").find((l) => l.includes("developed no VN"))!;
    expect([...line.matchAll(/\bv\d+/g)].map((x) => x[0])).toEqual(ids);
  });

  it("a tag on no VN: said, instead of a bare empty answer", async () => {
    const tags = (await server.api.query("tag", { fields: "name,vn_count", sort: "vn_count", results: 100 } as never)).results as Row[];
    const tag = tags.find((t) => t.vn_count === 0);
    if (!tag) throw new Error("no tag without VNs in the catalogue");
    const r = await server.call("vndb_search_vn", { filters: { tag: tag.id }, fields: "brief" });
    expect(r.text).toMatch(/No visual novels found/);
    expect(r.text).toContain(`${tag.id} ${tag.name} is on no VN here`);
  });

  it("a trait on no character: said once (a trait filter names it in two forms)", async () => {
    const r = await server.call("vndb_search_character", { filters: { trait: "Blond" }, fields: "brief" });
    expect(r.text).toMatch(/No characters found/);
    expect(r.text.match(/is on no character here/g), r.text).toHaveLength(1);
  });

  it("an empty answer whose filters do match alone says nothing extra", async () => {
    const r = await server.call("vndb_search_vn", { filters: { developer: "p24", olang: "ko" }, fields: "brief" });
    expect(r.text).toMatch(/No visual novels found/);
    expect(r.text).not.toMatch(/developed no VN|is on no VN/);
  });
});

describe("an empty release list", () => {
  let owner: Emulated;
  beforeAll(async () => {
    owner = await startEmulated({ preset: "catalogue", config: { token: TOKENS.u2Writer } });
  }, 60_000);
  afterAll(async () => owner?.close());

  it("a release list filter on an empty list says the list is empty; once it holds a release, a miss says nothing of the kind", async () => {
    const rlist = await owner.api.query("release", { filters: ["or", ...[0, 1, 2, 3, 4].map((s) => ["rlist", "=", s])], fields: "id", results: 1 } as never);
    if (rlist.results.length) throw new Error("the catalogue's token owner already has releases on the list");
    const empty = await owner.call("vndb_search_release", { filters: { rlist: { any: [0, 1, 2, 3, 4] } }, fields: "title" });
    expect(empty.isError, empty.text).toBe(false);
    expect(empty.text).toMatch(/No releases found/);
    expect(empty.text).toMatch(/release list is empty/);

    const some = (await owner.api.query("release", { filters: ["vn", "=", ["id", "=", "v17"]], fields: "id", results: 1 } as never)).results[0]!;
    const added = await owner.call("vndb_update_release_entry", { release: String(some.id), status: "obtained" });
    expect(added.isError, added.text).toBe(false);
    const miss = await owner.call("vndb_search_release", { filters: { rlist: 4 }, fields: "title" });
    expect(miss.text).toMatch(/No releases found/);
    expect(miss.text).not.toMatch(/release list is empty/);
  });
});

describe("an empty label", () => {
  let owner: Emulated;
  beforeAll(async () => {
    owner = await startEmulated({ preset: "catalogue", config: { token: TOKENS.u2Writer } });
  }, 60_000);
  afterAll(async () => owner?.close());

  it("a label filter on a label that holds nothing says so; on a label with entries, a miss says nothing of the kind", async () => {
    const { labels } = await owner.api.ulistLabels({ user: "u2", fields: "count" });
    const empty = labels.find((l) => l.count === 0);
    const full = labels.find((l) => (l.count ?? 0) > 0);
    if (!empty || !full) throw new Error("u2 has no empty label, or no label with entries, in the catalogue");
    const r = await owner.call("vndb_get_user_list", { user: "u2", filters: { label: empty.label }, fields: "vn{title}" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/No list entries found/);
    expect(r.text).toContain(`Label ${empty.id} "${empty.label}" holds no entry`);
    const miss = await owner.call("vndb_get_user_list", { user: "u2", filters: { label: full.label, id: "v9999999" }, fields: "vn{title}" });
    expect(miss.isError, miss.text).toBe(false);
    expect(miss.text).not.toMatch(/holds no entry/);
  });
});
