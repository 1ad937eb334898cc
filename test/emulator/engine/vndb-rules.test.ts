// Three rules where the engine used to differ from VNDB's source (xso4/vndb-mirror), each
// checked against the rule as VNDB states it:
// - searchrank scores labels against the query's words joined with nothing
//   (VNWeb::Validate SearchQuery SCORE: `join '', @$lst`);
// - a VN's labels from release titles lose their trailing edition words
//   (update_search_terms in sql/func.sql);
// - `random` quotes: each visible VN equally likely, then a quote weighted by score, hidden
//   VNs and quotes and score ≤ 0 skipped (quotes_rand_calc in sql/func.sql).
// (The fourth, rating null below 5 votes, is a data rule of the catalogue build.)
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Catalogue } from "../../../src/emulator/catalogue/types.js";
import { createDatabase } from "../../../src/emulator/database.js";
import { stripEditionWords } from "../../../src/emulator/engine/edition-words.js";
import { executeQuery } from "../../../src/emulator/engine/execute.js";
import { pickRandomQuote, quoteRandPoints } from "../../../src/emulator/engine/random-quote.js";
import { searchFilter, searchScorer } from "../../../src/emulator/engine/search.js";
import { normalizeSearchTerm } from "../../../src/kana/search-normalize.js";
import { clock, fixtureCatalogue, request } from "./fixture.js";

const ctxOf = (c: Catalogue) => ({ db: createDatabase(c, { today: 20240615 }), session: null, today: 20240615 });

describe("searchrank: words joined with nothing", () => {
  // v1's labels include "clannad" (prio 3). The query "clan nad" matches it (both words
  // are substrings). VNDB scores prio × (prefix 0.5 + similarity(label, "clannad")), and
  // the label equals the joined query, so similarity is 1: 3 × 1.5 = 4.5. Joined with a
  // space the trigrams of "clan nad" would differ and the score would be lower.
  it("scores 'clan nad' against 'clannad' as an exact match", () => {
    const ctx = ctxOf(fixtureCatalogue());
    const v1 = ctx.db.vn.get("v1")!;
    expect(searchFilter(ctx, "vn", "clan nad")(v1)).toBe(true);
    expect(searchScorer(ctx, "vn", "clan nad")(v1)).toBeCloseTo(4.5, 10);
    // One word: unchanged by the rule.
    expect(searchScorer(ctx, "vn", "clannad")(v1)).toBeCloseTo(4.5, 10);
  });
});

describe("VN search labels: release titles without trailing edition words", () => {
  const cut = (title: string) => stripEditionWords(normalizeSearchTerm(title));
  it.each([
    ["CLANNAD 初回限定版", "clannad"], // 初回, 限定, 版
    ["Sakura Trial Version", "sakura"],
    ["Sakura Limited Edition DVD-ROM", "sakura"], // DVD-ROM normalises to dvdrom
    ["Sakura Vol. 2", "sakura"], // vol + digits
    ["Sakura Windows 95 Deluxe Pack", "sakura"],
    ["Demo", ""], // nothing left: no label
    ["Full Metal Sakura", "fullmetalsakura"], // only the end is cut
    ["Sakura Vol.", "sakuravol"], // "vol" needs digits
    ["Little Busters! Ecstasy", "littlebustersecstasy"],
  ])("%s → %s", (title, want) => {
    expect(cut(title)).toBe(want);
  });

  it("a VN is not found by an edition word only its release title has; the release is", () => {
    const c = fixtureCatalogue();
    const r1 = c.release.find((r) => r.id === "r1")!;
    r1.titles = [{ ...r1.titles[0]!, title: "Clannad Memorial Edition", latin: null }];
    const ctx = ctxOf(c);
    const v1 = ctx.db.vn.get("v1")!;
    expect(r1.vns.some((x) => x.vn === "v1")).toBe(true);
    // "memorial" is not an edition word: it stays in the VN's label …
    expect(searchFilter(ctx, "vn", "memorial")(v1)).toBe(true);
    // … "edition" is, so the VN label is "clannadmemorial" and does not contain it,
    expect(searchFilter(ctx, "vn", "edition")(v1)).toBe(false);
    // while the release keeps its full title.
    expect(searchFilter(ctx, "release", "edition")(ctx.db.release.get("r1")!)).toBe(true);
  });
});

describe("random quotes: a visible VN uniformly, then a quote by score", () => {
  // VN v1: q1 (score 1). VN v2: q2 (1), q3 (1), q5 (2). Hidden VN v4: q4 (5). v3: q6
  // score 0. q7 hidden. quotes_rand_calc: n = 2 VNs (v1, v2 by id), rand = (rank +
  // cumulative score before / VN total) / n.
  function catalogue(): Catalogue {
    const c = fixtureCatalogue();
    c.quote = [
      { id: "q1", vn: "v1", character: null, quote: "a", score: 1 },
      { id: "q2", vn: "v2", character: null, quote: "b", score: 1 },
      { id: "q3", vn: "v2", character: null, quote: "c", score: 1 },
      { id: "q4", vn: "v4", character: null, quote: "d", score: 5 },
      { id: "q5", vn: "v2", character: null, quote: "e", score: 2 },
      { id: "q6", vn: "v3", character: null, quote: "f", score: 0 },
      { id: "q7", hidden: true, vn: "v1", character: null, quote: "g", score: 9 },
    ];
    expect(c.vn.find((v) => v.id === "v4")?.hidden).toBe(true);
    return c;
  }

  it("rand points follow quotes_rand_calc", () => {
    const db = createDatabase(catalogue(), { today: 20240615 });
    expect(quoteRandPoints(db)).toEqual([
      { quote: "q1", rand: 0 },
      { quote: "q2", rand: 0.5 },
      { quote: "q3", rand: (1 + 1 / 4) / 2 },
      { quote: "q5", rand: (1 + 2 / 4) / 2 },
    ]);
  });

  it("each VN half the draws; within v2, q5 twice as often as q2 or q3", () => {
    const points = quoteRandPoints(createDatabase(catalogue(), { today: 20240615 }));
    const tally = new Map<string, number>();
    const n = 1000;
    for (let i = 0; i < n; i++) {
      const q = pickRandomQuote(points, i / n)!;
      tally.set(q, (tally.get(q) ?? 0) + 1);
    }
    expect(Object.fromEntries(tally)).toEqual({ q1: 500, q2: 125, q3: 125, q5: 250 });
  });

  describe("the filter draws with Math.random", () => {
    afterEach(() => vi.restoreAllMocks());
    it.each([
      [0.1, "q1"],
      [0.55, "q2"],
      [0.7, "q3"],
      [0.99, "q5"],
    ])("draw %f → %s", (u, want) => {
      vi.spyOn(Math, "random").mockReturnValue(u);
      const db = createDatabase(catalogue(), { today: 20240615 });
      const out = executeQuery(db, request("quote", { filters: ["random", "=", 1] }), null, clock);
      expect(out.ok && (out.body.results as { id: string }[]).map((r) => r.id)).toEqual([want]);
    });
  });
});
