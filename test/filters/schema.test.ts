import { describe, expect, it } from "vitest";
import { z } from "zod";
import { countTokens } from "@anthropic-ai/tokenizer";
import { filterDescription, filterSchema, FILTER_GUIDE } from "../../src/filters/schema.js";
import { FILTERS } from "../../src/kana/filters.js";
import { QUERY_ENDPOINTS } from "../../src/kana/types.js";

/**
 * Per-endpoint ceiling for the `filters` JSON Schema, Anthropic tokenizer. The brief allows
 * "a few hundred tokens per endpoint"; the whole tools/list must stay within 5,000.
 */
const FILTER_SCHEMA_TOKEN_CEILING = 300;

const jsonSchema = (e: (typeof QUERY_ENDPOINTS)[number]) =>
  z.toJSONSchema(filterSchema(e), { target: "draft-7", io: "input" }) as Record<string, unknown>;

describe("filterSchema", () => {
  it.each(QUERY_ENDPOINTS)("%s: an open object within the token ceiling", (endpoint) => {
    const schema = jsonSchema(endpoint);
    expect(schema.type).toBe("object");
    expect(schema.anyOf).toBeUndefined();
    expect(countTokens(JSON.stringify(schema))).toBeLessThanOrEqual(FILTER_SCHEMA_TOKEN_CEILING);
  });

  it.each(QUERY_ENDPOINTS.filter((e) => e !== "ulist"))("%s: the description names every non-deprecated filter", (endpoint) => {
    const entity = endpoint;
    // Names sharing a prefix are written with it once ("has_{description,anime}"): read them out in full.
    const text = filterDescription(endpoint).replace(/([a-z]+_)\{([a-z_*,]+)\}/g, (_m, prefix: string, rest: string) =>
      rest.split(",").map((n) => prefix + n).join(", "),
    );
    for (const d of FILTERS[entity]) {
      const named = new RegExp(`(?:^|[ ,;(])${d.name}\\*?(?=[ ,;)]|\\.$)`).test(text);
      expect(named, `${endpoint}: ${d.name}`).toBe(!d.deprecated);
    }
  });

  it("a user's list names the tool whose VN filters it takes", () => {
    expect(filterDescription("ulist")).toContain("vndb_search_vn");
  });

  it("marks comparable filters and no others", () => {
    const text = filterDescription("vn");
    for (const d of FILTERS.vn.filter((x) => !x.deprecated)) {
      expect(text.includes(`${d.name}*`), d.name).toBe(d.operators.includes(">"));
    }
  });

  it("accepts any object and refuses non-objects (toPredicate does the checking)", () => {
    const s = filterSchema("vn");
    expect(s.safeParse({ lang: "en", anything: 1 }).success).toBe(true);
    expect(s.safeParse("lang=en").success).toBe(false);
  });

  it("the guide for the server instructions stays short", () => {
    // Sent once in the server instructions. It also carries the value grammar (operators, *,
    // and/or, raw) that nine tools' `filters` descriptions no longer repeat (~45 tokens each).
    expect(countTokens(FILTER_GUIDE)).toBeLessThanOrEqual(260);
  });
});
