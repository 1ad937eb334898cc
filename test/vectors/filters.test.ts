// Replays every recorded filter vector (filter_valid, filter_decode, filter_invalid) through
// validateFilters + filterOutputs and compares with what VNDB answered.
import { afterAll, describe, expect, it } from "vitest";
import { loadVectors, type KanaVector } from "../helpers/vectors.js";
import { validateFilters, filterErrorMessage } from "../../src/kana/filter-validate.js";
import { filterOutputs } from "../../src/kana/filter-output.js";
import { QUERY_ENDPOINTS, type QueryEndpoint, type Session } from "../../src/kana/types.js";

const CATEGORIES = ["filter_valid", "filter_decode", "filter_invalid"] as const;

function sessionOf(v: KanaVector): Session | null {
  if (v.auth === null) return null;
  return {
    userId: v.auth.user_id,
    userName: v.auth.user_name,
    listread: v.auth.listread === 1,
    listwrite: v.auth.listwrite === 1,
  };
}

/** What our implementation says for a vector: the JSON members or the error text. */
function replay(v: KanaVector): { compact?: string; normalized?: unknown; error?: string } {
  const endpoint = v.path.slice(1) as QueryEndpoint;
  const body = JSON.parse(v.body!) as Record<string, unknown>;
  const result = validateFilters(endpoint, body.filters, { session: sessionOf(v), rawUser: body.user });
  if (!result.ok) return { error: filterErrorMessage(result.error) };
  const out = filterOutputs(endpoint, result.filter, {
    compact: body.compact_filters === true,
    normalized: body.normalized_filters === true,
  });
  return { compact: out.compactFilters, normalized: out.normalizedFilters };
}

function expected(v: KanaVector): { compact?: string; normalized?: unknown; error?: string } {
  if (v.status !== 200) return { error: v.response.replace(/\n$/, "") };
  const r = JSON.parse(v.response) as Record<string, unknown>;
  return {
    compact: r.compact_filters as string | undefined,
    normalized: "normalized_filters" in r ? r.normalized_filters : undefined,
  };
}

const tally = new Map<string, { pass: number; total: number }>();

for (const category of CATEGORIES) {
  const vectors = loadVectors().filter(
    (v) => v.category === category && QUERY_ENDPOINTS.includes(v.path.slice(1) as QueryEndpoint),
  );
  describe(category, () => {
    it("has vectors to replay", () => {
      expect(vectors.length).toBeGreaterThan(0);
    });
    it.each(vectors.map((v) => [v.id, v] as const))("%s", (_id, v) => {
      const t = tally.get(category) ?? { pass: 0, total: 0 };
      tally.set(category, t);
      t.total++;
      const got = replay(v);
      // JSON text comparison: "1" and 1 must differ.
      expect(JSON.stringify(got)).toBe(JSON.stringify(expected(v)));
      t.pass++;
    });
  });
}

afterAll(() => {
  for (const [category, t] of tally) process.stderr.write(`${category}: ${t.pass}/${t.total}\n`);
});
