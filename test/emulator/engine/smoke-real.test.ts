// A mix of queries over the real-data catalogue: every endpoint with every sort in both
// directions and (nearly) every field selected, plus a few filters per endpoint. It
// checks that nothing throws and that the answers are plausible (ids unique, sorted as
// asked, nested ids present, JSON serialisable, keys already in response order), not
// exact values.
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { createDatabase } from "../../../src/emulator/database.js";
import { executeQuery } from "../../../src/emulator/engine/execute.js";
import { canonicalJson } from "../../../src/emulator/engine/json.js";
import { API_FIELDS, subFields, type SchemaObject } from "../../../src/schema/index.js";
import { QUERY_ENDPOINTS, type FieldSelection, type Filter, type QueryEndpoint, type Session } from "../../../src/kana/types.js";
import { clock, request } from "./fixture.js";

const db = createDatabase(loadCatalogue(), { today: 20240615 });

/** Every field, with inherited objects expanded `depth` levels (leaves only below that). */
function allFields(obj: SchemaObject, depth: number): FieldSelection {
  const sel: FieldSelection = {};
  for (const [name, def] of subFields(obj)) {
    if (def === null) sel[name] = true;
    else if (depth > 0) sel[name] = allFields(def, depth - 1);
    else {
      const leaves: FieldSelection = {};
      for (const [n, d] of subFields(def)) if (d === null) leaves[n] = true;
      if (Object.keys(leaves).length > 0) sel[name] = leaves;
    }
  }
  return sel;
}

const SORTS: Record<QueryEndpoint, string[]> = {
  vn: ["id", "title", "released", "popularity", "rating", "votecount"],
  release: ["id", "title", "released"],
  producer: ["id", "name"],
  character: ["id", "name"],
  staff: ["id", "name"],
  tag: ["id", "name", "vn_count"],
  trait: ["id", "name", "char_count"],
  quote: ["id", "score"],
  ulist: ["id", "title", "released", "popularity", "rating", "votecount", "voted", "vote", "added", "lastmod", "started", "finished"],
};

/** The first list owner in the catalogue, reading its own list. */
const owner = db.catalogue.ulist[0]?.uid ?? "u2";
const ownerSession: Session = { userId: owner, userName: null, listread: true, listwrite: false };

function run(endpoint: QueryEndpoint, o: Parameters<typeof request>[1]) {
  const session = endpoint === "ulist" ? ownerSession : null;
  const out = executeQuery(db, request(endpoint, o), session, clock);
  if (!out.ok) throw new Error(`${endpoint}: ${out.failure.message}`);
  expect(() => canonicalJson(out.body)).not.toThrow();
  // Projections build every object in response key order (key-order.ts), so the
  // serialiser hands the page to JSON.stringify untouched.
  const results = (out.body as { results: unknown[] }).results;
  expect(JSON.stringify(results)).toBe(canonicalJson(results));
  return out.body as { results: Record<string, unknown>[]; more: boolean; count?: number };
}

describe("smoke over the real catalogue", () => {
  // The HTTP front serialises results without re-keying them (routes.ts): every object of
  // every field, two levels of nested entries deep, must already be in key order.
  it.each(QUERY_ENDPOINTS)("%s: every field two levels deep comes out in key order", (endpoint) => {
    const body = run(endpoint, { fields: allFields(API_FIELDS[endpoint], 2), results: 25 });
    expect(body.results.length).toBeGreaterThan(0);
  });

  const cases = QUERY_ENDPOINTS.flatMap((e) => SORTS[e].flatMap((s) => [[e, s, false], [e, s, true]] as const));
  it.each(cases)("%s sort=%s reverse=%s", (endpoint, sort, reverse) => {
    const fields = allFields(API_FIELDS[endpoint], 1);
    const body = run(endpoint, { sort, reverse, fields, results: 25, count: endpoint !== "ulist" });
    expect(body.results.length).toBeGreaterThan(0);
    const keys = body.results.map((r) => (endpoint === "staff" ? `${r.id}/${r.aid}` : String(r.id)));
    expect(new Set(keys).size).toBe(keys.length);
    if (body.count !== undefined) expect(body.count).toBeGreaterThanOrEqual(body.results.length);
    for (const r of body.results) {
      for (const [k, v] of Object.entries(r)) {
        // Nested entity arrays always carry their ids.
        if (Array.isArray(v) && ["relations", "vns", "producers", "developers", "staff", "tags", "traits", "releases"].includes(k)) {
          for (const x of v as Record<string, unknown>[]) expect(typeof x.id).toBe("string");
        }
      }
    }
  });

  it("sorting by id pages through every VN exactly once", () => {
    const seen: string[] = [];
    for (let page = 1; page < 100; page++) {
      const body = run("vn", { results: 50, page });
      seen.push(...body.results.map((r) => r.id as string));
      if (!body.more) break;
    }
    expect(seen.length).toBe(db.catalogue.vn.filter((v) => !v.hidden).length);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("released sort is non-decreasing", () => {
    const body = run("release", { sort: "released", results: 100, fields: { released: true } });
    const dates = body.results.map((r) => db.release.get(r.id as string)!.released);
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
  });

  const filters: [QueryEndpoint, Filter][] = [
    ["vn", ["and", ["olang", "=", "ja"], ["released", "<=", 1]]],
    ["vn", ["tag", "=", [db.catalogue.vn.find((v) => v.tags.length > 0)?.tags[0].tag ?? "g1", 2, 0]]],
    ["vn", ["release", "=", ["platform", "=", "win"]]],
    ["vn", ["search", "=", db.catalogue.vn[0].titles[0].latin ?? db.catalogue.vn[0].titles[0].title]],
    ["release", ["vn", "=", ["olang", "=", "ja"]]],
    ["release", ["and", ["minage", ">=", 18], ["official", "=", 1]]],
    ["producer", ["type", "=", "co"]],
    ["character", ["vn", "=", ["id", ">=", 1]]],
    ["staff", ["ismain", "=", 1]],
    ["tag", ["category", "=", "ero"]],
    ["trait", ["search", "=", "hair"]],
    ["quote", ["vn", "=", ["id", ">=", 1]]],
  ];
  it.each(filters)("%s filter %j finds something", (endpoint, f) => {
    const body = run(endpoint, { filters: f, results: 5, count: true });
    expect(body.count).toBeGreaterThan(0);
  });
});
