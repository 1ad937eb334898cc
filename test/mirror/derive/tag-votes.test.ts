// tag_vn_calc (sql/func.sql), one case per rule, over small hand-made tables. Expected rows
// are worked out from the SQL by hand (in the comments of syntheticTagCases and below).
import { afterAll, describe, expect, it } from "vitest";
import { SYNTHETIC_USERS, syntheticTagCases } from "../../helpers/sample-dump.js";
import { cleanup, run, table, tagRow, userRow, vnRow, vnTitle } from "./harness.js";
import type { TagVote } from "../../helpers/sample-dump.js";

afterAll(cleanup);

const VNS = ["v17", "v11", "v4", "v2002", "v7"];

function dump(votes: TagVote[], tags: Record<string, number> = {}) {
  const tagIds = [...new Set(votes.map((v) => v.tag))].filter((t) => t !== "g999999");
  return {
    vn: table("vn", VNS.map((id) => vnRow(id))),
    vn_titles: table("vn_titles", VNS.map((id) => vnTitle(id))),
    tags: table("tags", tagIds.map((id) => tagRow(id, { defaultspoil: tags[id] ?? 0 }))),
    users: table("users", SYNTHETIC_USERS.map((u) => userRow(u.id, { perm_tag: u.perm_tag, username: u.username }))),
    tags_vn: table(
      "tags_vn",
      votes.map((v) => ({ date: "2026-01-01", tag: v.tag, vid: v.vid, uid: v.uid, vote: v.vote, spoiler: v.spoiler, ignore: v.ignore ?? false, lie: v.lie ?? null, notes: "" })),
    ),
  };
}

describe("tag_vn_calc", () => {
  for (const c of syntheticTagCases()) {
    it(c.rule, async () => {
      const { catalogue } = await run(dump(c.votes));
      const vid = c.votes[0]!.vid;
      const tags = catalogue.vn.find((v) => v.id === vid)?.tags ?? [];
      const row = tags.find((t) => t.tag === c.votes[0]!.tag);
      if (c.expected === null) expect(row).toBeUndefined();
      else expect(row).toEqual({ tag: c.votes[0]!.tag, ...c.expected });
    });
  }

  it("no spoiler votes → the tag's defaultspoil", async () => {
    // Two votes of 2 without spoiler → rating 2, spoiler = MIN(t.defaultspoil) = 2.
    const votes: TagVote[] = [
      { tag: "g5", vid: "v17", uid: "u901", vote: 2, spoiler: null },
      { tag: "g5", vid: "v17", uid: "u902", vote: 2, spoiler: null },
    ];
    const { catalogue } = await run(dump(votes, { g5: 2 }));
    expect(catalogue.vn.find((v) => v.id === "v17")!.tags).toEqual([{ tag: "g5", rating: 2, spoiler: 2, lie: false }]);
  });

  it("all cases together: each VN's tags in tag id order, none on hidden tags or VNs", async () => {
    const cases = syntheticTagCases();
    const { catalogue } = await run(dump(cases.flatMap((c) => c.votes)));
    const byVn = new Map<string, string[]>();
    for (const c of cases) if (c.expected) byVn.set(c.votes[0]!.vid, [...(byVn.get(c.votes[0]!.vid) ?? []), c.votes[0]!.tag]);
    for (const v of catalogue.vn) {
      const want = (byVn.get(v.id) ?? []).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
      expect(v.tags.map((t) => t.tag)).toEqual(want);
    }
  });

  it("a perm_tag user who comes after the votes in the archive still loses the votes", async () => {
    // The reader may give `users` after `tags_vn`: the order of the tables must not matter.
    const votes: TagVote[] = [
      { tag: "g5", vid: "v17", uid: "u900", vote: 3, spoiler: 0 },
      { tag: "g5", vid: "v17", uid: "u901", vote: 1, spoiler: 0 },
    ];
    const t = dump(votes);
    const reordered = { tags_vn: t.tags_vn, vn: t.vn, vn_titles: t.vn_titles, tags: t.tags, users: t.users };
    const { catalogue } = await run(reordered);
    expect(catalogue.vn.find((v) => v.id === "v17")!.tags).toEqual([{ tag: "g5", rating: 1, spoiler: 0, lie: false }]);
  });
});
