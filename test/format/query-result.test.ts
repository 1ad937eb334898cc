import { describe, expect, it } from "vitest";
import { continuationArgs, formatQueryPage, nextPageArgs, DEFAULT_MAX_TOKENS } from "../../src/format/query-result.js";
import { approxTokens } from "../../src/format/tokens.js";
import { SPOILER_MARKER } from "../../src/format/bbcode.js";

type Obj = Record<string, unknown>;

/** A VN as POST /vn returns it with many fields selected. */
function vn(n: number, descriptionWords = 60, tagCount = 6): Obj {
  return {
    id: `v${n}`,
    title: `Title ${n}`,
    alttitle: `タイトル${n}`,
    released: "2004-05-06",
    rating: 70 + (n % 20) + 0.25,
    image: null,
    aliases: [],
    languages: ["ja", "en"],
    developers: [{ id: `p${n}`, name: `Studio ${n}`, original: null }],
    tags: Array.from({ length: tagCount }, (_, i) => ({ id: `g${i + 1}`, name: `Tag ${i + 1}`, rating: 1 + (i % 3) * 0.5, spoiler: i % 3, lie: false })),
    description: `${Array.from({ length: descriptionWords }, (_, i) => `word${i}`).join(" ")} [spoiler]the culprit is the butler[/spoiler]`,
  };
}

const sizeOf = (r: { text: string; structuredContent: Obj }) =>
  approxTokens(r.text) + approxTokens(JSON.stringify(r.structuredContent));

describe("formatQueryPage", () => {
  it("renders a small page in full: links, titles, no nulls, spoilers hidden and counted", () => {
    const r = formatQueryPage({ endpoint: "vn", results: [vn(17)], more: false });
    expect(r.text).toContain("## v17 Title 17 (タイトル17) — https://vndb.org/v17");
    expect(r.text).not.toMatch(/image|aliases|null/);
    expect(r.text).not.toContain("butler");
    expect(r.text).toContain(SPOILER_MARKER);
    expect(JSON.stringify(r.structuredContent)).not.toContain("butler");
    const entry = (r.structuredContent.results as Obj[])[0];
    expect(entry.url).toBe("https://vndb.org/v17");
    expect("image" in entry).toBe(false);
    // 6 tags with spoiler grades 0,1,2,0,1,2: four hidden at level 0.
    expect((entry.tags as Obj[]).map((t) => t.id)).toEqual(["g1", "g4"]);
    expect(r.structuredContent.hidden_spoilers).toEqual({ tags: 4, spoiler_passages: 1 });
    expect(r.text).toMatch(/Hidden as spoilers \(above level 0\): 4 tags, 1 spoiler passage\b/);
    expect(r.structuredContent.more).toBe(false);
    expect(r.structuredContent.next).toBeUndefined();
  });

  it("names the entries whose members were hidden when they are few, and only those", () => {
    const clean = { ...vn(18, 10, 1), description: "no secrets" };
    const r = formatQueryPage({ endpoint: "vn", results: [clean, vn(17, 10, 3)], more: false });
    expect(r.text).toMatch(/Hidden as spoilers \(above level 0\): 2 tags, 1 spoiler passage in v17\./);
    const many = formatQueryPage({ endpoint: "vn", results: [1, 2, 3, 4].map((n) => vn(n, 10, 3)), more: false });
    expect(many.text).toMatch(/Hidden as spoilers \(above level 0\): 8 tags, 4 spoiler passages\./);
  });

  it("says how to see hidden spoilers: the tool's argument when it has one, else the server setting", () => {
    const withArg = formatQueryPage({ endpoint: "vn", results: [vn(17)], more: false }, { spoilerArgument: "spoilers" });
    expect(withArg.text).toMatch(/call again with "spoilers": 2/);
    const without = formatQueryPage({ endpoint: "vn", results: [vn(17)], more: false });
    expect(without.text).not.toMatch(/"spoilers"/);
    expect(without.text).toMatch(/VNDB_SPOILER_LEVEL/);
  });

  it.each([
    [0, 2, 4],
    [1, 4, 2],
    [2, 6, 0],
  ])("spoiler level %i shows %i tags and hides %i", (level, shown, hidden) => {
    const r = formatQueryPage({ endpoint: "vn", results: [vn(1)], more: false }, { spoilerLevel: level });
    const entry = (r.structuredContent.results as Obj[])[0];
    expect((entry.tags as Obj[]).length).toBe(shown);
    expect(((r.structuredContent.hidden_spoilers ?? {}) as Obj).tags ?? 0).toBe(hidden);
    expect(r.text.includes("butler")).toBe(level >= 2);
  });

  it("sorts tags best rated first", () => {
    const r = formatQueryPage({ endpoint: "vn", results: [vn(1)], more: false }, { spoilerLevel: 2 });
    const ratings = ((r.structuredContent.results as Obj[])[0].tags as Obj[]).map((t) => t.rating as number);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it("spells out the next call when more is true", () => {
    const args = { filters: { lang: "en" }, results: 10, page: 3 };
    const r = formatQueryPage({ endpoint: "vn", results: [vn(1)], more: true, call: { tool: "vndb_search_vn", args } });
    expect(r.structuredContent.next).toEqual({ tool: "vndb_search_vn", arguments: { ...args, page: 4 } });
    expect(r.text).toContain(`Next page: vndb_search_vn ${JSON.stringify({ ...args, page: 4 })}`);
  });

  it.each([
    [{}, { page: 2 }],
    [{ page: 1 }, { page: 2 }],
    [{ page: 9, sort: "rating" }, { page: 10, sort: "rating" }],
  ])("nextPageArgs(%j)", (args, expected) => expect(nextPageArgs(args)).toEqual(expected));

  it("cuts long descriptions and says so", () => {
    const r = formatQueryPage({ endpoint: "vn", results: [vn(1, 600)], more: false }, { textChars: 300 });
    const d = (r.structuredContent.results as Obj[])[0].description as string;
    expect(d.length).toBeLessThan(360);
    expect(d).toMatch(/… \[cut: \d+ more characters\]$/);
    expect(r.text).toMatch(/1 description cut to about 300 characters/);
  });

  it("shows one entry's whole description (what the cut note promises), cutting only for the size cap", () => {
    const several = formatQueryPage({ endpoint: "vn", results: [vn(1, 400), vn(2, 400)], more: false });
    expect(several.text).toMatch(/2 descriptions cut to about 1200 characters \(fetch one entry by id for more\)/);
    const one = formatQueryPage({ endpoint: "vn", results: [vn(1, 400)], more: false });
    expect(one.text).not.toMatch(/cut/);
    expect(one.text).toContain("word399");
    const huge = formatQueryPage({ endpoint: "vn", results: [vn(1, 3000)], more: false }, { maxTokens: 2000 });
    expect(sizeOf(huge)).toBeLessThanOrEqual(2000);
    expect(huge.text).toMatch(/1 description cut to about \d+ characters \(to fit the size limit\)/);
  });

  // Table: pages of growing size against budgets; every response stays under its cap and
  // discloses what it dropped.
  it.each([
    [10, 60, 6, DEFAULT_MAX_TOKENS],
    [100, 60, 6, DEFAULT_MAX_TOKENS],
    [25, 400, 40, 3000],
    [100, 400, 60, 1500],
    [3, 3000, 200, 800],
  ])("%i entries (%i-word descriptions, %i tags) fit in %i tokens", (n, words, tags, cap) => {
    const results = Array.from({ length: n }, (_, i) => vn(i + 1, words, tags));
    const r = formatQueryPage({ endpoint: "vn", results, more: true, call: { tool: "vndb_search_vn", args: {} } }, { maxTokens: cap, spoilerLevel: 2 });
    expect(sizeOf(r)).toBeLessThanOrEqual(cap);
    expect(r.approxTokens).toBe(sizeOf(r));
    const uncapped = formatQueryPage({ endpoint: "vn", results, more: true }, { maxTokens: Infinity, spoilerLevel: 2 });
    if (uncapped.approxTokens > cap) {
      // Something was reduced: the response must say what.
      expect(r.structuredContent.notes).toBeDefined();
      expect((r.structuredContent.notes as string[]).length).toBeGreaterThan(0);
    }
    const kept = (r.structuredContent.results as Obj[]).length;
    const omitted = (r.structuredContent.omitted ?? []) as Obj[];
    const left = (r.structuredContent.omitted_count as number | undefined) ?? omitted.length;
    expect(kept + left).toBe(n);
    expect(omitted.length).toBeLessThanOrEqual(10);
    if (omitted.length) {
      expect(omitted[0].id).toBe(`v${kept + 1}`);
      expect(r.text).toContain(`left out for size: v${kept + 1} Title ${kept + 1}`);
      if (left > 10) expect(r.text).toContain(`v${kept + 10} Title ${kept + 10} (タイトル${kept + 10}) and ${left - 10} more`);
    }
    // The next-page hint survives any reduction.
    expect(r.text).toContain("Next page: vndb_search_vn");
  });

  // Continuing after entries left out for size: the next window must start at the first
  // entry not shown (offset = (page-1) × results), never skip one.
  it.each<[{ results?: number; page?: number }, number, Obj, number]>([
    [{ results: 100 }, 44, { results: 44, page: 2 }, 0],
    [{ results: 100, page: 2 }, 40, { results: 35, page: 5 }, 0],
    [{}, 3, { results: 3, page: 2 }, 0],
    [{ results: 50, page: 2 }, 29, { results: 26, page: 4 }, 1],
    [{ results: 10 }, 0, { results: 1, page: 1 }, 0],
  ])("continuationArgs(%j, kept %i)", (args, kept, expected, repeats) => {
    const r = continuationArgs(args, kept);
    expect(r.args).toEqual({ ...args, ...expected });
    expect(r.repeats).toBe(repeats);
    const offset = ((args.page ?? 1) - 1) * (args.results ?? 10) + kept;
    const start = (r.args.page as number - 1) * (r.args.results as number);
    expect(start).toBeLessThanOrEqual(offset);
    expect(start + (r.args.results as number)).toBeGreaterThan(offset);
    expect(offset - start).toBe(repeats);
  });

  it("continues after entries left out for size instead of skipping them with page + 1", () => {
    const results = Array.from({ length: 20 }, (_, i) => vn(i + 1, 400, 40));
    const args = { filters: { olang: "ja" }, results: 20 };
    const r = formatQueryPage({ endpoint: "vn", results, more: false, call: { tool: "vndb_search_vn", args } }, { maxTokens: 800 });
    const kept = (r.structuredContent.results as Obj[]).length;
    expect(kept).toBeLessThan(20);
    const next = r.structuredContent.next as { arguments: Obj };
    const start = ((next.arguments.page as number) - 1) * (next.arguments.results as number);
    expect(start).toBeLessThanOrEqual(kept);
    expect(r.text).toContain(`20 visual novels (${kept} shown):`);
    expect(r.text).toContain(`Next page: vndb_search_vn ${JSON.stringify(next.arguments)}`);
  });

  it("prefers shorter entries over dropping entries", () => {
    const results = Array.from({ length: 10 }, (_, i) => vn(i + 1, 400, 40));
    // 5,200: room for ten shortened entries, language names included (issue 29 item 10).
    const r = formatQueryPage({ endpoint: "vn", results, more: false }, { maxTokens: 5200, spoilerLevel: 2 });
    expect((r.structuredContent.results as Obj[]).length).toBe(10);
    expect(r.structuredContent.omitted).toBeUndefined();
    expect((r.structuredContent.results as Obj[])[0].truncated_lists).toEqual({ tags: 40 });
    expect(r.text).toMatch(/10 long lists shortened to \d+ items/);
  });

  it("an empty page says so", () => {
    const r = formatQueryPage({ endpoint: "character", results: [], more: false, count: 0 });
    expect(r.text).toBe("No characters found (of 0 matching).");
    expect(r.structuredContent).toEqual({ results: [], more: false, count: 0 });
  });
});

describe("formatQueryPage per endpoint", () => {
  it.each([
    [
      "ulist entry titled by its VN, notes as plain text",
      "ulist",
      { id: "v17", vote: 90, notes: "[b]not bbcode[/b]", labels: [{ id: 2, label: "Finished" }], vn: { id: "v17", title: "Ever17", alttitle: null, released: "2002-08-29" } },
      ["## v17 Ever17 — https://vndb.org/v17", "vote: 9/10", "labels: Finished (id 2)", "vn: released: 2002-08-29", "[b]not bbcode[/b]"],
    ],
    [
      "ulist entry: empty dates, notes, vote and labels named as none; release statuses by name",
      "ulist",
      {
        id: "v473",
        vote: null,
        labels: [],
        started: null,
        finished: "2024-02-10",
        notes: "",
        releases: [{ id: "r1006", title: "H2O", list_status: 2 }, { id: "r9", list_status: 4 }],
        vn: { id: "v473", title: "H2O" },
      },
      ["vote: none", "labels: none", "started: none", "finished: 2024-02-10", "notes: none", "releases: r1006 H2O (obtained); r9 (deleted)"],
    ],
    [
      "quote without a page of its own",
      "quote",
      { id: "q5", quote: "Tuturu!", score: 12, vn: { id: "v2002", title: "Steins;Gate", alttitle: null }, character: null },
      ["## q5 “Tuturu!”", "score: 12", "vn: v2002 Steins;Gate"],
    ],
    [
      "release notes are BBCode",
      "release",
      { id: "r1", title: "Ever17 EN", alttitle: null, notes: "Patch by [url=/p5]someone[/url].", resolution: [800, 600], patch: false },
      ["## r1 Ever17 EN — https://vndb.org/r1", "resolution: 800×600", "patch: false", "[someone](https://vndb.org/p5)"],
    ],
    [
      "character spoiler sex masked, traits by spoiler",
      "character",
      { id: "c9", name: "Rin", original: "凛", sex: ["f", "m"], traits: [{ id: "i1", name: "Kind", spoiler: 0 }, { id: "i2", name: "Secret", spoiler: 2 }], vns: [{ id: "v1", title: "X", role: "main", spoiler: 0 }] },
      ["## c9 Rin (凛) — https://vndb.org/c9", "sex: f", "traits: i1 Kind", "vns: v1 X (role: main)", "1 trait"],
    ],
    [
      "staff rows per alias",
      "staff",
      { id: "s81", aid: 81, ismain: true, name: "Kotaro Uchikoshi", original: "打越鋼太郎", lang: "ja", gender: "m" },
      ["## s81 Kotaro Uchikoshi (打越鋼太郎) — https://vndb.org/s81", "aid: 81 · ismain: true · lang: ja (Japanese) · gender: m"],
    ],
  ] as const)("%s", (_n, endpoint, entry, fragments) => {
    const r = formatQueryPage({ endpoint, results: [entry as unknown as Obj], more: false });
    for (const f of fragments) expect(r.text).toContain(f);
    expect(r.text).not.toContain("Secret");
  });
});
