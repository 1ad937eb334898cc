// The size cap against a real tokenizer, on pages built from real VNDB descriptions
// (../shared/kana-data/real/descriptions, beside the repo): the cheap estimate must keep
// the true size of text + structuredContent within the cap.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { countTokens } from "@anthropic-ai/tokenizer";
import { describe, expect, it } from "vitest";
import { formatQueryPage } from "../../src/format/query-result.js";
import { approxTokens } from "../../src/format/tokens.js";
import { missingShared, needsShared } from "../helpers/shared-material.js";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DESCRIPTIONS = join(repoRoot, "..", "shared", "kana-data", "real", "descriptions", "en", "visual-novels");

/** Real token counts may exceed the estimate-based cap by at most this share. */
const CAP_TOLERANCE = 1.05;

function realPage(n: number): Record<string, unknown>[] {
  const files = readdirSync(DESCRIPTIONS)
    .sort()
    .flatMap((d) => readdirSync(join(DESCRIPTIONS, d)).sort().map((f) => join(DESCRIPTIONS, d, f)));
  return files.slice(0, n).map((f, i) => {
    const r = JSON.parse(readFileSync(f, "utf8")) as { id: string; name: string; original_name: string | null; source: string };
    return {
      id: r.id,
      title: r.name,
      alttitle: r.original_name,
      released: "2010-01-01",
      rating: 75.5,
      languages: ["ja", "en"],
      developers: [{ id: `p${i + 1}`, name: "Studio", original: "スタジオ" }],
      tags: [
        { id: "g1", name: "Romance", rating: 2.5, spoiler: 0, lie: false },
        { id: "g2", name: "Drama", rating: 1.8, spoiler: 1, lie: false },
      ],
      description: r.source,
    };
  });
}

const noDescriptions = missingShared("kana-data/real/descriptions");

describe.skipIf(noDescriptions)(needsShared("size cap on real descriptions", noDescriptions), () => {
  it.each([
    [1, 6000],
    [10, 6000],
    [50, 6000],
    [100, 6000],
    [10, 1500],
    [50, 3000],
  ])("%i entries under %i tokens", (n, cap) => {
    const results = realPage(n);
    expect(results.length).toBe(n);
    const r = formatQueryPage({ endpoint: "vn", results, more: true, call: { tool: "vndb_search_vn", args: { filters: { lang: "en" } } } }, { maxTokens: cap });
    const real = countTokens(r.text) + countTokens(JSON.stringify(r.structuredContent));
    expect(r.approxTokens).toBeLessThanOrEqual(cap);
    expect(real).toBeLessThanOrEqual(cap * CAP_TOLERANCE);
    // Whatever did not fit is named or counted, so nothing disappears silently.
    const kept = (r.structuredContent.results as unknown[]).length;
    const omitted = (r.structuredContent.omitted as unknown[] | undefined)?.length ?? 0;
    expect(kept + ((r.structuredContent.omitted_count as number | undefined) ?? omitted)).toBe(n);
  });

  it("the estimate tracks the real tokenizer on real prose", () => {
    for (const entry of realPage(20)) {
      const text = String(entry.description);
      const ratio = approxTokens(text) / countTokens(text);
      expect(ratio).toBeGreaterThan(0.9);
      expect(ratio).toBeLessThan(1.4);
    }
  });
});
