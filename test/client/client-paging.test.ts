// queryAll and getByIds against a tiny in-test table server: it evaluates the few filter
// shapes these helpers send (id =, >, <; and/or; ismain) and pages like VNDB (§5.3).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { KanaClient } from "../../src/client/kana-client.js";
import { startFakeKana, type FakeKana, type Reply, type Seen } from "./fake-kana.js";

/** VNs v1..v300 without every 7th id (deleted entries leave gaps). */
const IDS = Array.from({ length: 300 }, (_, i) => i + 1).filter((n) => n % 7 !== 0);
const num = (id: unknown) => Number(String(id).replace(/^[a-z]+/, ""));

/** The one compact filter string the tests send: ["id", ">=", "v50"] (checked below). */
const COMPACT: Record<string, unknown> = { Nv2N1: ["id", ">=", "v50"] };

function matches(filter: unknown, n: number): boolean {
  if (typeof filter === "string" && filter in COMPACT) return matches(COMPACT[filter], n);
  if (!Array.isArray(filter) || filter.length === 0) return true;
  const [head, ...rest] = filter as [unknown, ...unknown[]];
  if (head === "and") return rest.every((f) => matches(f, n));
  if (head === "or") return rest.some((f) => matches(f, n));
  const [, op, value] = filter as [string, string, unknown];
  if (head === "ismain") return true;
  if (head !== "id") throw new Error(`unexpected filter ${String(head)}`);
  const v = num(value);
  return op === "=" ? n === v : op === ">" ? n > v : op === "<" ? n < v : op === ">=" ? n >= v : n <= v;
}

function tableResponder(req: Seen): Reply {
  const body = JSON.parse(req.body) as { filters?: unknown; results?: number; page?: number; reverse?: boolean; count?: boolean; fields?: string };
  const results = body.results ?? 10;
  const page = body.page ?? 1;
  let rows = IDS.filter((n) => matches(body.filters ?? [], n));
  if (body.reverse) rows = rows.reverse();
  const slice = rows.slice(results * (page - 1), results * page + 1);
  // Shuffle a page so that getByIds has to put results back in order itself.
  const out = slice.slice(0, results).map((n) => ({ id: `v${n}`, title: `VN ${n}` }));
  out.sort((a, b) => (num(a.id) * 7919) % 101 - (num(b.id) * 7919) % 101);
  return { status: 200, body: { results: out, more: slice.length > results, ...(body.count ? { count: rows.length } : {}) } };
}

let kana: FakeKana;
let client: KanaClient;
beforeAll(async () => {
  kana = await startFakeKana(tableResponder);
  client = new KanaClient({ baseUrl: kana.url, logger: () => undefined });
});
afterAll(async () => {
  await client.close();
  await kana.close();
});
afterEach(() => kana.reset());

describe("the table server's compact filter", () => {
  it("is what the validator says it is", async () => {
    const { validateQuery } = await import("../../src/kana/validate-query.js");
    const checked = validateQuery({ endpoint: "vn", contentType: "application/json", body: JSON.stringify({ filters: "Nv2N1" }), session: null });
    expect(checked.ok && checked.value.filters).toEqual(COMPACT.Nv2N1);
  });
});

describe("getByIds", () => {
  it("returns rows in the requested order, null for missing ids, accepting bare numbers", async () => {
    const rows = await client.getByIds("vn", ["v10", 3, "7", "v5", "v3"], "title");
    expect(rows.map((r) => r?.id ?? null)).toEqual(["v10", "v3", null, "v5", "v3"]);
    expect(kana.seen).toHaveLength(1);
    const sent = JSON.parse(kana.seen[0].body) as { filters: unknown[]; results: number };
    expect(sent.results).toBe(4); // duplicates asked once
    expect(sent.filters[0]).toBe("or");
  });

  it("splits into chunks of at most 100 ids", async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `v${300 - i}`);
    const rows = await client.getByIds("vn", ids);
    expect(kana.seen).toHaveLength(3);
    for (const s of kana.seen) expect((JSON.parse(s.body) as { filters: unknown[] }).filters.length - 1).toBeLessThanOrEqual(100);
    expect(rows.map((r) => r?.id ?? null)).toEqual(ids.map((id) => (num(id) % 7 === 0 ? null : id)));
  });

  it("uses smaller chunks when 100 results of these fields would be 'too much data'", async () => {
    // Reference §5.5: these fields with results 100 estimate 137600, i.e. 1376 per result,
    // so at most floor(100000 / 1376) = 72 ids fit in one request.
    const fields = "relations{relations{tags{id,name,rating}}}";
    const ids = Array.from({ length: 120 }, (_, i) => i + 1);
    await client.getByIds("vn", ids, fields);
    const sizes = kana.seen.map((s) => (JSON.parse(s.body) as { results: number }).results);
    expect(Math.max(...sizes)).toBe(72);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(ids.length);
  });

  it("asks /staff for main names only", async () => {
    kana.script({ status: 200, body: { more: false, results: [{ id: "s1" }] } });
    await client.getByIds("staff", ["s1"]);
    expect((JSON.parse(kana.seen[0].body) as { filters: unknown }).filters).toEqual(["and", ["ismain", "=", 1], ["id", "=", "s1"]]);
  });
});

describe("queryAll", () => {
  it("walks every page with an id cursor and reports progress", async () => {
    const progress: number[] = [];
    const all = await client.queryAll("vn", { fields: "title", filters: ["id", ">=", 50] }, { maxResults: 10_000, onProgress: (p) => progress.push(p.fetched) });
    const expected = IDS.filter((n) => n >= 50).map((n) => `v${n}`);
    expect(all.results.map((r) => r.id).sort((a, b) => num(a) - num(b))).toEqual(expected);
    expect(all.more).toBe(false);
    expect(all.pages).toBe(Math.ceil(expected.length / 100));
    expect(progress).toEqual(Array.from({ length: all.pages }, (_, i) => Math.min(expected.length, (i + 1) * 100)));
    const second = JSON.parse(kana.seen[1].body) as { filters: unknown; page?: number };
    expect(second.page).toBeUndefined();
    expect(second.filters).toEqual(["and", ["id", ">=", 50], ["id", ">", expect.stringMatching(/^v\d+$/)]]);
  });

  it("stops at the cap and says there is more", async () => {
    const all = await client.queryAll("vn", {}, { maxResults: 150 });
    expect(all.results).toHaveLength(150);
    expect(all.more).toBe(true);
    expect(kana.seen.map((s) => (JSON.parse(s.body) as { results: number }).results)).toEqual([100, 50]);
  });

  it("pages by number for other sorts, and counts only once", async () => {
    const all = await client.queryAll("vn", { sort: "title", count: true }, { maxResults: 250 });
    expect(all.results).toHaveLength(250);
    expect(all.count).toBe(IDS.length);
    const bodies = kana.seen.map((s) => JSON.parse(s.body) as { page: number; count?: boolean });
    expect(bodies.map((b) => b.page)).toEqual([1, 2, 3]);
    expect(bodies.map((b) => b.count ?? false)).toEqual([true, false, false]);
  });

  it("continues a compact filter string by and-ing the cursor with its JSON form", async () => {
    // "Nv2N1" is the compact form of ["id", ">=", "v50"] (reference §9; what VNDB echoes as
    // compact_filters). A cursor cannot be and-ed with a string, so the client decodes it.
    const all = await client.queryAll("vn", { filters: "Nv2N1" }, { maxResults: 150 });
    expect(all.results.map((r) => num(r.id)).every((n) => n >= 50)).toBe(true);
    const sent = kana.seen.map((s) => JSON.parse(s.body) as { filters: unknown });
    expect(sent[0].filters).toBe("Nv2N1");
    expect(sent[1].filters).toEqual(["and", ["id", ">=", "v50"], ["id", ">", expect.stringMatching(/^v\d+$/)]]);
  });

  it("walks backwards with reverse", async () => {
    const all = await client.queryAll("vn", { reverse: true }, { maxResults: 120 });
    const numbers = all.results.map((r) => num(r.id));
    expect(new Set(numbers).size).toBe(120);
    expect(Math.min(...numbers.slice(0, 100))).toBeGreaterThan(Math.max(...numbers.slice(100)));
    expect((JSON.parse(kana.seen[1].body) as { filters: unknown[] }).filters[1]).toBe("<");
  });
});
