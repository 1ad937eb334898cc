// editImport: the import table's edits (a row's VN chosen, a row left out) applied to the
// import's own text, so that the confirmed import is the same text but for those rows — every
// other row's cells and every line number as the dry run showed them. Checked by parsing the
// edited text with the same parser the tool uses.

import { describe, expect, it } from "vitest";
import { editImport, parseImport } from "../../../src/tools/lists/import-rows.js";

describe("editImport", () => {
  it("one VN per line: a chosen row becomes its id, a removed row a blank line, the rest untouched", () => {
    const text = "- Higurashi\nv4\n\nFate\nSaya no Uta";
    const edited = editImport(text, new Map([[1, "v67"], [4, null]]));
    const rows = parseImport(edited).rows;
    expect(rows.map((r) => [r.line, r.vn ?? r.title])).toEqual([[1, "v67"], [2, "v4"], [5, "Saya no Uta"]]);
    expect(edited.split("\n")).toHaveLength(text.split("\n").length);
  });

  it("a tracker CSV: the chosen id replaces the title cell, status and score stay, and a quoted multi-line note keeps the lines after it in place", () => {
    const text = 'series_title,my_status,my_score,my_comments\n"Higurashi, the first",Completed,80,"two\nlines"\nFate,Plan to Read,0,\nTsukihime,Dropped,30,';
    const before = parseImport(text).rows;
    expect(before.map((r) => r.line)).toEqual([2, 4, 5]);
    const edited = editImport(text, new Map([[2, "v67"], [4, null]]));
    const rows = parseImport(edited).rows;
    expect(rows).toEqual([
      { line: 2, vn: "v67", title: "v67", labels: ["Finished"], vote: 8, notes: "two\nlines" },
      { ...before[2] },
    ]);
  });

  it("a CSV with an id column: the id cell is set and the title kept; a removed multi-line row leaves only blank lines", () => {
    const text = 'vn_id,title,labels,vote,notes\n,Higurashi,Finished,9,"a\nb"\nv4,CLANNAD,Playing,,';
    const chose = parseImport(editImport(text, new Map([[2, "v69"]]))).rows;
    expect(chose[0]).toMatchObject({ line: 2, vn: "v69", title: "Higurashi", labels: ["Finished"], vote: 9, notes: "a\nb" });
    const removed = editImport(text, new Map([[2, null]]));
    expect(removed.split("\n")).toEqual(["vn_id,title,labels,vote,notes", "", "", "v4,CLANNAD,Playing,,"]);
    expect(parseImport(removed).rows.map((r) => [r.line, r.vn])).toEqual([[4, "v4"]]);
  });

  it("no edits: the text parses to the same rows", () => {
    const text = "title,status\nEver17,Finished\nKanon,Wishlist";
    expect(parseImport(editImport(text, new Map())).rows).toEqual(parseImport(text).rows);
  });
});
