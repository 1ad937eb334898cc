// Coded values and machine units in the text mirror: what a model would otherwise misread.

import { describe, expect, it } from "vitest";
import { formatQueryPage } from "../../src/format/query-result.js";
import { renderEntry } from "../../src/format/render-text.js";
import type { QueryEndpoint } from "../../src/kana/types.js";

type Obj = Record<string, unknown>;

describe("readable values in the text", () => {
  it.each<[string, QueryEndpoint, Obj, string[], string[]]>([
    ["a list vote on the 1-10 scale the write tools use", "ulist", { id: "v17", vote: 85 }, ["vote: 8.5/10"], ["vote: 85"]],
    ["list timestamps as dates", "ulist", { id: "v17", added: 1203167759, lastmod: 1218014257, voted: 1203167759 }, ["added: 2008-02-16", "lastmod: 2008-08-06", "voted: 2008-02-16"], ["1203167759"]],
    ["a birthday as month and day", "character", { id: "c1", name: "A", birthday: [3, 14] }, ["birthday: March 14"], ["3, 14"]],
    ["a VN's development status", "vn", { id: "v1", title: "X", devstatus: 0 }, ["devstatus: 0 (finished)"], []],
    ["a VN's length bucket and minutes", "vn", { id: "v1", title: "X", length: 3, length_minutes: 660 }, ["length: 3 (medium, 10-30 h)", "length_minutes: 660 (about 11 h)"], []],
    ["a release's voicing", "release", { id: "r1", title: "X", voiced: 4 }, ["voiced: 4 (fully voiced)"], []],
    ["a producer's type", "producer", { id: "p1", name: "X", type: "ng" }, ["type: ng (amateur group)"], []],
    ["relation codes with their meaning", "vn", { id: "v1", title: "X", relations: [{ id: "v2", title: "Y", relation: "seq" }] }, ["v2 Y (relation: seq (sequel))"], []],
    ["an entry with nothing in the fields asked for", "vn", { id: "v6540", url: "https://vndb.org/v6540" }, ["## v6540 — https://vndb.org/v6540\n(nothing recorded in the fields asked for)"], []],
    ["one-member objects as bare values", "release", { id: "r1", title: "X", languages: [{ lang: "ja" }, { lang: "en" }] }, ["languages: ja, en"], ["lang: ja"]],
  ])("%s", (_what, endpoint, entry, present, absent) => {
    const text = renderEntry(entry, endpoint);
    for (const p of present) expect(text).toContain(p);
    for (const a of absent) expect(text).not.toContain(a);
  });

  it("keeps VNDB's raw values in structuredContent", () => {
    const r = formatQueryPage({ endpoint: "ulist", results: [{ id: "v17", vote: 90, added: 1203167759 }], more: false });
    expect(r.text).toContain("vote: 9/10");
    expect((r.structuredContent.results as Obj[])[0]).toMatchObject({ vote: 90, added: 1203167759 });
  });

  it("does not call a titled entry empty when only its title was asked for", () => {
    expect(renderEntry({ id: "v17", title: "Ever17", url: "https://vndb.org/v17" }, "vn")).not.toContain("nothing recorded");
  });

  it("leaves the same member names alone on other endpoints", () => {
    expect(renderEntry({ id: "q1", quote: "x", vote: 90 }, "quote")).toContain("vote: 90");
    expect(renderEntry({ id: "s1", name: "X", type: "co" })).toContain("type: co");
  });
});
