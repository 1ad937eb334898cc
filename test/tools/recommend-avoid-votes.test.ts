// vndb_recommend's `avoid` (issue 31 item 6) and its public-votes signal (issue 28 item 5),
// through a real SDK client on the emulator's `test` preset (the sample plus hand-made tag
// votes). Expected picks and tags come from the catalogue's data files (test/eval/facts.ts).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCatalogue } from "../../src/emulator/presets/test.js";
import type { LocalData } from "../../src/local/local-data.js";
import { Facts } from "../eval/facts.js";
import { startEmulated, type Emulated } from "../helpers/emulated-server.js";

const facts = new Facts(testCatalogue());
const owner = facts.listOwner();
const onList = new Set(facts.listOf(owner.uid, true).map((e) => e.vid));
const contentTags = (vid: string) => facts.safeTags(facts.vn(vid)!, 1.5).filter((t) => facts.tagCategory(t.tag) === "cont");
/** The VN with the most visible content tags. */
const seed = facts.popular().map((v) => ({ v, n: contentTags(v.id).length })).sort((a, b) => b.n - a.n)[0]!.v;
/** A VN off the list, not the seed, sharing no content tag with it: only votes could suggest it. */
const seedTags = new Set(contentTags(seed.id).map((t) => t.tag));
const stranger = facts.popular((v) => v.id !== seed.id && !onList.has(v.id) && !contentTags(v.id).some((t) => seedTags.has(t.tag)))[0]!;

let plain: Emulated;
let withVotes: Emulated;
const local = (neighbours: Awaited<ReturnType<LocalData["neighbours"]>>): LocalData => ({
  source: "mirror",
  describe: async () => ({ hits: [], searched: 0 }),
  neighbours: async () => neighbours,
});

type Picks = { id: string; shares: string[]; from: string[] }[];

beforeAll(async () => {
  plain = await startEmulated({ preset: "test", config: { token: owner.token } });
  withVotes = await startEmulated({
    preset: "test",
    config: { token: owner.token },
    local: local({ rule: "cosine over liked votes", of: { [seed.id]: [{ id: stranger.id, together: 12, score: 0.4 }] } }),
  });
});
afterAll(async () => {
  await plain?.close();
  await withVotes?.close();
});

describe("vndb_recommend {avoid}", () => {
  it("leaves out every VN carrying an avoided tag, named by its name, and says so", async () => {
    const first = await plain.call("vndb_recommend", { like: [seed.id] });
    const picks = first.structured!.picks as Picks;
    const tag = picks.flatMap((p) => contentTags(p.id)).find((t) => !seedTags.has(t.tag)) ?? picks.flatMap((p) => contentTags(p.id))[0]!;
    const r = await plain.call("vndb_recommend", { like: [seed.id], avoid: [tag.name] });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`tag ${tag.name} (${tag.tag}): left out`);
    for (const p of r.structured!.picks as Picks) {
      const direct = facts.vn(p.id)!.tags.map((t) => t.tag);
      expect(direct, `${p.id} carries the avoided tag`).not.toContain(tag.tag);
    }
    expect(r.structured!.profile).not.toContain(tag.name);
  });

  it("never picks an avoided VN, and weighs down the picks that share its tags, saying by what", async () => {
    const first = await plain.call("vndb_recommend", { like: [seed.id] });
    const top = (first.structured!.picks as Picks)[0]!;
    const r = await plain.call("vndb_recommend", { like: [seed.id], avoid: [top.id] });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`${top.id} ${facts.title(facts.vn(top.id)!)}: not picked`);
    const avoidedTags = new Set(contentTags(top.id).map((t) => t.tag));
    for (const p of r.structured!.picks as Picks) {
      expect(p.id).not.toBe(top.id);
      const line = r.text.split("\n").find((l) => l.startsWith(`- ${p.id} `))!;
      const sharesAvoided = contentTags(p.id).some((t) => avoidedTags.has(t.tag));
      expect(line.includes(`with avoided ${top.id}`), line).toBe(sharesAvoided);
    }
  });

  it("says which entry matched no tag or VN", async () => {
    const r = await plain.call("vndb_recommend", { like: [seed.id], avoid: ["qqqzzz nothing"] });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain('"qqqzzz nothing": no tag or VN of that name');
  });
});

describe("vndb_recommend with public votes (a mirror built with the votes dump)", () => {
  it("adds what people who liked the seed also liked, saying how many and that it comes from votes", async () => {
    const r = await withVotes.call("vndb_recommend", { like: [seed.id] });
    expect(r.isError, r.text).toBe(false);
    const pick = (r.structured!.picks as Picks).find((p) => p.id === stranger.id);
    expect(pick, r.text).toBeDefined();
    expect(pick!.from).toEqual(["votes"]);
    expect(r.text).toContain(`liked by 12 who liked ${seed.id}`);
    expect(r.text).toContain("Signals used also: public votes (cosine over liked votes).");
    expect(r.structured!.signals).toContain("votes");
  });

  it("without votes data says nothing of votes and does not pick by them", async () => {
    const r = await plain.call("vndb_recommend", { like: [seed.id] });
    expect(r.text).not.toMatch(/votes \(/);
    expect((r.structured!.picks as Picks).map((p) => p.id)).not.toContain(stranger.id);
    expect(r.structured!.signals).not.toContain("votes");
  });

  it("an avoided VN is not brought back by votes", async () => {
    const r = await withVotes.call("vndb_recommend", { like: [seed.id], avoid: [stranger.id] });
    expect((r.structured!.picks as Picks).map((p) => p.id)).not.toContain(stranger.id);
  });
});
