// The list of query notes itself (src/tools/query/notes/index.ts): names unique and
// kebab-case, each with a request bound, and the order (= the text order) pinned so that
// a reordering shows in review.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { QUERY_NOTES } from "../../src/tools/query/notes/index.js";
import { filteredStaff } from "../../src/tools/query/notes/staff-match.js";
import { emptyChecks } from "../../src/tools/query/notes/empty-reason.js";

/** Each note and the test that shows it through a real client (a new note adds a row here). */
const TESTED_BY: Record<string, string> = {
  "mirror-date": "answers/mirror-date.test.ts",
  "list-owner": "list-rules.test.ts",
  "list-vote": "answers/list-reading.test.ts",
  "list-status": "writer-mode.test.ts",
  "voiced-vns": "answers/smaller-ones.test.ts",
  "filtered-vn": "answers/smaller-ones.test.ts",
  "list-windows": "answers/nested-lists.test.ts",
  "match-reason": "answers/match-reason.test.ts",
  "offline-gaps": "answers/unknowns.test.ts",
  "staff-match": "answers/staff-match.test.ts",
  "resolved-names": "answers/staff-aliases.test.ts",
  "raw-filter": "answers/filter-echo.test.ts",
  "release-tally": "answers/gap-follow-ups.test.ts",
  "sort-order": "answers/missing-values.test.ts",
  "undated-stand-in": "answers/gap-follow-ups.test.ts",
  "spoiler-retry": "answers/spoiler-filters.test.ts",
  "empty-reason": "answers/empty-reasons.test.ts",
  "offline-filters": "answers/unknowns.test.ts",
  "release-dates": "answers/gap-follow-ups.test.ts",
  "age-rating-gap": "answers/gap-follow-ups.test.ts",
  "nested-search": "answers/nested-search.test.ts",
  "typo-fallback": "answers/typos.test.ts",
  credits: "answers/credits.test.ts",
  "list-export": "list-files.test.ts",
};

describe("QUERY_NOTES", () => {
  it("names are unique and kebab-case", () => {
    const names = QUERY_NOTES.map((n) => n.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("each states how many extra requests it makes at most", () => {
    for (const n of QUERY_NOTES) expect(Number.isInteger(n.maxRequests) && n.maxRequests >= 0, n.name).toBe(true);
  });

  it("each has a test through a real client", () => {
    expect(Object.keys(TESTED_BY).sort()).toEqual(QUERY_NOTES.map((n) => n.name).sort());
    for (const file of Object.values(TESTED_BY)) expect(existsSync(join(import.meta.dirname, file)), file).toBe(true);
  });

  it("the order is the text order", () => {
    expect(QUERY_NOTES.map((n) => n.name)).toMatchInlineSnapshot(`
      [
        "mirror-date",
        "list-owner",
        "list-vote",
        "list-status",
        "list-windows",
        "voiced-vns",
        "filtered-vn",
        "match-reason",
        "offline-gaps",
        "staff-match",
        "resolved-names",
        "raw-filter",
        "release-tally",
        "sort-order",
        "undated-stand-in",
        "spoiler-retry",
        "empty-reason",
        "offline-filters",
        "release-dates",
        "age-rating-gap",
        "nested-search",
        "typo-fallback",
        "credits",
        "list-export",
      ]
    `);
  });
});

describe("which filters the notes read (pure)", () => {
  it.each<[string, unknown, string[]]>([
    ["vn", ["staff", "=", ["id", "=", "s2"]], ["s2"]],
    ["vn", ["and", ["olang", "=", "ja"], ["staff", "=", ["or", ["id", "=", "s2"], ["id", "=", "s3"]]]], ["s2", "s3"]],
    // Inside an "or" a VN may match through the other branch: no credit to name.
    ["vn", ["or", ["olang", "=", "ja"], ["staff", "=", ["id", "=", "s2"]]], []],
    ["vn", ["staff", "=", ["role", "=", "scenario"]], []],
    ["vn", ["staff", "=", ["and", ["id", "=", "s2"], ["role", "=", "scenario"]]], ["s2"]],
    ["release", ["staff", "=", ["id", "=", "s2"]], []],
  ])("staff-match on %s %j", (endpoint, filters, ids) => {
    expect(filteredStaff(endpoint, filters)).toEqual(ids);
  });

  it.each<[string, unknown, string[]]>([
    ["vn", ["tag", "=", "g7"], ["tag g7"]],
    ["vn", ["and", ["tag", "=", ["g7", 0, 1.2]], ["developer", "=", ["id", "=", "p9"]]], ["tag g7", "developer p9"]],
    ["character", ["trait", "=", "i3"], ["trait i3"]],
    ["vn", ["tag", "!=", "g7"], []],
    ["release", ["developer", "=", ["id", "=", "p9"]], []],
    ["vn", ["or", ["tag", "=", "g7"], ["tag", "=", "g8"]], []],
    ["release", ["rlist", "=", 2], ["rlist"]],
    ["release", ["and", ["or", ["rlist", "=", 0], ["rlist", "=", 2]], ["platform", "=", "win"]], ["rlist"]],
    ["release", ["or", ["rlist", "=", 2], ["platform", "=", "win"]], []],
    ["vn", ["rlist", "=", 2], []],
    ["ulist", ["label", "=", 5], ["label 5"]],
    ["vn", ["label", "=", 5], []],
  ])("empty-reason on %s %j", (endpoint, filters, checks) => {
    expect(emptyChecks(endpoint, filters).map((c) => ("id" in c ? `${c.kind} ${c.id}` : c.kind))).toEqual(checks);
  });
});
