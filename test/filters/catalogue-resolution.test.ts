// Name resolution and filter building against the emulator's engine over the bundled
// real-data catalogue, in process (validateQuery + executeQuery, the same code the HTTP
// emulator runs), so the resolver meets real names, aliases and near-namesakes.

import { beforeAll, describe, expect, it } from "vitest";
import { createKanaResolver, type QueryFn } from "../../src/filters/resolver.js";
import { toPredicate } from "../../src/filters/to-predicate.js";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { createDatabase, type Database } from "../../src/emulator/database.js";
import { executeQuery } from "../../src/emulator/engine/execute.js";
import { validateQuery } from "../../src/kana/validate-query.js";
import type { QueryEndpoint } from "../../src/kana/types.js";

let db: Database;
const requests: { endpoint: QueryEndpoint; body: Record<string, unknown> }[] = [];

const query: QueryFn = async (endpoint, body) => {
  requests.push({ endpoint, body });
  const v = validateQuery({ endpoint, contentType: "application/json", body: JSON.stringify(body), session: null });
  if (!v.ok) throw new Error(v.failure.message);
  const out = executeQuery(db, v.value, null, { now: () => new Date("2026-01-01T00:00:00Z") });
  if (!out.ok) throw new Error(out.failure.message);
  return out.body as { results: Record<string, unknown>[]; more: boolean };
};

beforeAll(() => {
  db = createDatabase(loadCatalogue());
});

describe("resolution over the catalogue", () => {
  it.each([
    ["producer", "Key", "p24"],
    ["producer", "key", "p24"],
    ["producer", "TYPE-MOON", "p6"],
    ["producer", "Nitro Plus", "p42"],
    ["tag", "Romance", null],
    ["tag", "Nakige", null],
  ] as const)("%s %s resolves exactly", async (kind, name, id) => {
    const r = await createKanaResolver(query).resolve(kind, name);
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.how).toBe("exact");
    if (id) expect(r.id).toBe(id);
    else expect(r.name.toLowerCase()).toBe(name.toLowerCase());
  });

  it("a name shared by several producers is ambiguous and lists them", async () => {
    const r = await createKanaResolver(query).resolve("producer", "works");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toBe("ambiguous");
    // Akatsuki WORKS and tone work's: real producers whose names share the word.
    expect(r.candidates.map((c) => c.id)).toEqual(expect.arrayContaining(["p180", "p2446"]));
  });

  it("an unknown name is unknown", async () => {
    const r = await createKanaResolver(query).resolve("producer", "Definitely Not A Studio Qqq");
    expect(r).toEqual({ ok: false, reason: "unknown", candidates: [] });
  });

  it("a structured filter by name runs and finds the producer's VNs", async () => {
    const resolver = createKanaResolver(query);
    const p = await toPredicate("vn", { developer: "navel", devstatus: 0 }, resolver);
    if (!p.ok) throw new Error(p.message);
    const page = await query("vn", { filters: p.filters, fields: "title,developers.id,devstatus", results: 100 });
    expect(page.results.length).toBeGreaterThan(0);
    for (const vn of page.results) {
      expect((vn.developers as { id: string }[]).map((d) => d.id)).toContain("p13");
      expect(vn.devstatus).toBe(0);
    }
    // Resolving again within the TTL costs no request.
    const before = requests.length;
    await toPredicate("vn", { developer: "NAVEL" }, resolver);
    expect(requests.length).toBe(before);
  });
});
