// The list of query notes itself (src/tools/query-notes/index.ts): names unique and
// kebab-case, each with a request bound, and the order (= the text order) pinned so that
// a reordering shows in review.

import { describe, expect, it } from "vitest";
import { QUERY_NOTES } from "../../src/tools/query-notes/index.js";

describe("QUERY_NOTES", () => {
  it("names are unique and kebab-case", () => {
    const names = QUERY_NOTES.map((n) => n.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("each states how many extra requests it makes at most", () => {
    for (const n of QUERY_NOTES) expect(Number.isInteger(n.maxRequests) && n.maxRequests >= 0, n.name).toBe(true);
  });

  it("the order is the text order", () => {
    expect(QUERY_NOTES.map((n) => n.name)).toMatchInlineSnapshot(`
      [
        "list-owner",
        "list-windows",
        "match-reason",
        "offline-gaps",
        "staff-match",
        "resolved-names",
        "raw-filter",
        "sort-order",
        "spoiler-retry",
        "empty-reason",
        "nested-search",
        "typo-fallback",
        "credits",
      ]
    `);
  });
});
