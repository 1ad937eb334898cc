import { describe, expect, it } from "vitest";
import { createKanaResolver, pickResolution, resolutionMessage, type QueryFn } from "../../src/filters/resolver.js";

const TAGS = [
  { id: "g96", name: "Romance", aliases: ["Love Story"], category: "cont", searchable: true },
  { id: "g2121", name: "Romance Comedy", aliases: ["RomCom"], category: "cont", searchable: true },
  { id: "g500", name: "Love Triangle", aliases: [], category: "cont", searchable: true },
];

describe("pickResolution", () => {
  it.each([
    ["exact name wins over longer names", "tag", "Romance", TAGS, { ok: true, id: "g96", how: "exact" }],
    ["exact match ignores case and punctuation", "tag", "romance-comedy", TAGS, { ok: true, id: "g2121", how: "exact" }],
    ["alias match", "tag", "romcom", TAGS, { ok: true, id: "g2121", how: "exact" }],
    ["one search hit is taken", "tag", "Triangle", [TAGS[2]], { ok: true, id: "g500", how: "search" }],
    ["no hit", "tag", "Zzz", [], { ok: false, reason: "unknown" }],
    ["several inexact hits", "tag", "Rom", TAGS, { ok: false, reason: "ambiguous" }],
    ["producer by original name", "producer", "鍵", [{ id: "p24", name: "Key", original: "鍵", aliases: [] }, { id: "p1", name: "Key Visual", original: null, aliases: [] }], { ok: true, id: "p24", how: "exact" }],
    ["two exact namesakes are ambiguous", "character", "Sakura", [
      { id: "c1", name: "Sakura", original: "さくら", aliases: [], vns: [{ id: "v1", title: "A" }] },
      { id: "c2", name: "Sakura", original: "桜", aliases: [], vns: [{ id: "v2", title: "B" }] },
    ], { ok: false, reason: "ambiguous" }],
    ["staff rows per alias collapse to one person", "staff", "Uchikoshi", [
      { id: "s81", name: "Kotaro Uchikoshi", original: "打越鋼太郎", aliases: [] },
      { id: "s81", name: "Uchikoshi K", original: null, aliases: [] },
    ], { ok: true, id: "s81", how: "search" }],
    ["staff exact by an alias romanisation", "staff", "kotaro uchikoshi", [
      { id: "s81", name: "Uchikoshi", original: null, aliases: [{ name: "打越鋼太郎", latin: "Kotaro Uchikoshi" }] },
      { id: "s9", name: "Someone", original: null, aliases: [] },
    ], { ok: true, id: "s81", how: "exact" }],
    ["vn by a titles[] romanisation", "vn", "Ever 17", [
      { id: "v17", title: "Ever17 -the out of infinity-", alttitle: null, aliases: [], titles: [{ title: "Ever17", latin: null }] },
      { id: "v18", title: "Ever17 Premium", alttitle: null, aliases: [], titles: [] },
    ], { ok: true, id: "v17", how: "exact" }],
  ] as const)("%s", (_n, kind, name, rows, expected) => {
    expect(pickResolution(kind, name, rows as never)).toMatchObject(expected);
  });

  it("ambiguity lists candidates with ids and notes", () => {
    const r = pickResolution("character", "Sakura", [
      { id: "c1", name: "Sakura", original: "さくら", aliases: [], vns: [{ id: "v1", title: "Alpha" }] },
      { id: "c2", name: "Sakura", original: "桜", aliases: [], vns: [{ id: "v2", title: "Beta" }] },
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(resolutionMessage("character", "Sakura", r)).toBe(
      'Ambiguous character "Sakura": c1 Sakura (さくら) (Alpha), c2 Sakura (桜) (Beta) — pass the id.',
    );
  });
});

function fakeQuery(rows: Record<string, unknown>[]) {
  const calls: { endpoint: string; body: Record<string, unknown> }[] = [];
  let fail = false;
  const fn: QueryFn = async (endpoint, body) => {
    calls.push({ endpoint, body });
    if (fail) throw new Error("network down");
    return { results: rows, more: false };
  };
  return { fn, calls, setFail: (f: boolean) => (fail = f) };
}

describe("createKanaResolver", () => {
  it("asks /tag with a search, the fields it needs and searchrank", async () => {
    const q = fakeQuery(TAGS);
    const r = createKanaResolver(q.fn);
    await expect(r.resolve("tag", "Romance")).resolves.toMatchObject({ ok: true, id: "g96" });
    expect(q.calls).toHaveLength(1);
    expect(q.calls[0].endpoint).toBe("tag");
    expect(q.calls[0].body).toMatchObject({ filters: ["search", "=", "Romance"], sort: "searchrank" });
    expect(String(q.calls[0].body.fields)).toContain("aliases");
  });

  it("caches: the same name (in any case) costs one request within the TTL", async () => {
    let now = 0;
    const q = fakeQuery(TAGS);
    const r = createKanaResolver(q.fn, { ttlMs: 1000, now: () => now });
    await r.resolve("tag", "Romance");
    await r.resolve("tag", "romance");
    await Promise.all([r.resolve("tag", "ROMANCE"), r.resolve("tag", "Romance")]);
    expect(q.calls).toHaveLength(1);
    now = 1001;
    await r.resolve("tag", "Romance");
    expect(q.calls).toHaveLength(2);
    // Another kind is another question.
    await r.resolve("trait", "Romance");
    expect(q.calls).toHaveLength(3);
  });

  it("shares one in-flight request", async () => {
    const q = fakeQuery(TAGS);
    const r = createKanaResolver(q.fn);
    await Promise.all([r.resolve("tag", "Romance"), r.resolve("tag", "Romance"), r.resolve("tag", "Romance")]);
    expect(q.calls).toHaveLength(1);
  });

  it("does not remember failures", async () => {
    const q = fakeQuery(TAGS);
    const r = createKanaResolver(q.fn);
    q.setFail(true);
    await expect(r.resolve("tag", "Romance")).rejects.toThrow("network down");
    q.setFail(false);
    await expect(r.resolve("tag", "Romance")).resolves.toMatchObject({ ok: true });
    expect(q.calls).toHaveLength(2);
  });

  it("bounds the cache", async () => {
    const q = fakeQuery(TAGS);
    const r = createKanaResolver(q.fn, { maxEntries: 3 });
    for (const n of ["a", "b", "c", "d", "e"]) await r.resolve("tag", n);
    expect(r.cacheSize()).toBe(3);
  });

  it("a name with nothing searchable is unknown without a request", async () => {
    const q = fakeQuery(TAGS);
    const r = createKanaResolver(q.fn);
    await expect(r.resolve("tag", "!!!")).resolves.toMatchObject({ ok: false, reason: "unknown" });
    expect(q.calls).toHaveLength(0);
  });
});
