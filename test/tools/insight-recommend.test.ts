// vndb_list_insight and vndb_recommend through a real SDK client against the emulator; the
// expected numbers come from the catalogue's data files (test/eval/facts.ts), not the server.
// The `test` preset: the real sample has tag votes for one VN only, the hand-made rows add more.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { KanaClient } from "../../src/client/kana-client.js";
import { countedTags, listStats } from "../../src/tools/insight/list-stats.js";
import { startCountingProxy, type CountingProxy } from "../helpers/counting-proxy.js";
import { connect, testConfig, type Connected } from "../helpers/mcp-client.js";
import { testCatalogue } from "../../src/emulator/presets/test.js";
import { Facts, insightTruth } from "../eval/facts.js";
import { startEmulated } from "../helpers/emulated-server.js";

const facts = new Facts(testCatalogue());
const owner = facts.listOwner();

let emulator: Emulator;
let proxy: CountingProxy;
let api: KanaClient;
let mcp: Connected;

async function call(name: string, args: Record<string, unknown>, onprogress?: (p: { progress: number }) => void) {
  const r = await mcp.client.callTool({ name, arguments: args }, onprogress ? { onprogress } : undefined);
  const text = (r.content as { type: string; text?: string }[]).filter((c) => c.type === "text").map((c) => c.text ?? "").join("\n");
  return { text, isError: r.isError === true, structured: r.structuredContent as Record<string, any> | undefined };
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, preset: "test" });
  proxy = await startCountingProxy(emulator.url);
  api = new KanaClient({ baseUrl: proxy.url, token: owner.token, rateLimit: { maxRequests: 100_000 }, logger: () => {} });
  mcp = await connect(testConfig({ token: owner.token }), api);
});
afterAll(async () => {
  await mcp.close();
  await api.close();
  await proxy.close();
  await emulator.close();
});

describe("vndb_list_insight", () => {
  it("states the owner's counts, average and favourite developers as the data files give them", async () => {
    const truth = insightTruth(facts, owner.uid, true);
    const progress: number[] = [];
    const r = await call("vndb_list_insight", {}, (p) => progress.push(p.progress));
    expect(r.isError, r.text).toBe(false);
    const s = r.structured!;
    expect(s.user).toBe(owner.uid);
    expect(s.entries).toBe(truth.entries);
    expect(s.votes).toBe(truth.votes);
    if (truth.average !== null) expect(s.average).toBeCloseTo(truth.average, 2);
    expect(Object.fromEntries((s.labels as { label: string; count: number }[]).map((l) => [l.label, l.count]))).toEqual(
      Object.fromEntries(truth.labelCounts),
    );
    expect(s.finishedByYear).toEqual(truth.finishedByYear);
    expect(s.highVoted).toBe(truth.highVoted);
    for (const d of s.topDevelopers as { name: string }[]) expect(truth.topDevelopers.concat(d.name)).toContain(d.name);
    if (truth.topDevelopers.length) expect((s.topDevelopers as { name: string }[])[0]!.name).toSatisfy((n: string) => truth.topDevelopers.includes(n));
    expect(r.text).toContain(`${truth.entries} entries`);
    expect(progress.at(-1)).toBe(truth.entries);
  });

  it("reads another user's list by name, without their private entries", async () => {
    const other = facts.cat.users.find((u) => u.username && u.id !== owner.uid && facts.listOf(u.id, false).length > 0);
    if (!other) return;
    const truth = insightTruth(facts, other.id, false);
    const r = await call("vndb_list_insight", { user: other.username! });
    expect(r.isError, r.text).toBe(false);
    expect(r.structured!.entries).toBe(truth.entries);
    expect(r.text).toContain(other.id);
  });

  it("refuses an unknown user with a hint", async () => {
    const r = await call("vndb_list_insight", { user: "no-such-user-xyz" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/No VNDB user/);
  });
});

describe("list-stats arithmetic", () => {
  it("buckets votes by whole point, averages, and counts only strong, visible, true tags", () => {
    const e = (id: string, vote: number | null, labels: number[], finished: string | null = null) => ({
      id,
      vote,
      finished,
      labels: labels.map((l) => ({ id: l, label: `L${l}` })),
      developers: ["D"],
    });
    const tags = new Map([
      ["v1", [{ name: "A", rating: 2.5, spoiler: 0, lie: false }, { name: "Lie", rating: 3, spoiler: 0, lie: true }, { name: "Sp", rating: 3, spoiler: 2, lie: false }]],
    ]);
    const s = listStats([e("v1", 85, [2, 7], "2024-03-01"), e("v2", 70, [7]), e("v3", null, [5])], tags, 0);
    expect(s.average).toBe(7.75);
    expect(s.histogram[7]).toBe(1); // 8.5 counts under 8
    expect(s.histogram[6]).toBe(1);
    expect(s.unlabelled).toBe(1);
    expect(s.finishedByYear).toEqual({ "2024": 1 });
    expect(s.topTags).toEqual([{ name: "A", count: 1 }]);
    expect(countedTags(tags.get("v1")!, 2)).toEqual(["A", "Lie", "Sp"]);
  });
});

describe("vndb_recommend", () => {
  /** The VN with the most visible content tags: the richest profile the data offers. */
  const seed = facts
    .popular()
    .map((v) => ({ v, n: facts.safeTags(v, 1.5).filter((t) => facts.tagCategory(t.tag) === "cont").length }))
    .sort((a, b) => b.n - a.n)[0]!.v;

  it("picks VNs off the list that share a visible tag with the seed, in at most 5 requests", async () => {
    const before = proxy.total();
    const r = await call("vndb_recommend", { like: [seed.id] });
    const used = proxy.total() - before;
    expect(r.isError, r.text).toBe(false);
    expect(used).toBeLessThanOrEqual(5);
    const onList = new Set(facts.listOf(owner.uid, true).map((e) => e.vid));
    const seedTags = new Set(facts.safeTags(seed, 1.5).map((t) => t.tag));
    const picks = r.structured!.picks as { id: string; shares: string[] }[];
    expect(picks.length, r.text).toBeGreaterThan(0);
    for (const p of picks) {
      expect(p.id).not.toBe(seed.id);
      expect(onList.has(p.id), `${p.id} is on the list`).toBe(false);
      const shared = facts.safeTags(facts.vn(p.id)!, 1.5).filter((t) => seedTags.has(t.tag));
      expect(shared.length, `${p.id} shares nothing`).toBeGreaterThan(0);
      expect(r.text).toContain(`${p.id} `);
      expect(r.text).toMatch(/shares /);
    }
  });

  it("keeps to a language filter, given by name", async () => {
    const r = await call("vndb_recommend", { like: [seed.id], lang: "English" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/Only VNs with language en \(English\)/);
    for (const p of r.structured!.picks as { id: string }[]) expect(facts.languages(p.id)).toContain("en");
  });

  it("finds a seed by title and says when a title matches nothing", async () => {
    const r = await call("vndb_recommend", { like: [facts.title(seed), "qqqzzz no such title"] });
    expect(r.isError, r.text).toBe(false);
    expect(r.structured!.seeds).toEqual([seed.id]);
    expect(r.text).toContain('no VN found for "qqqzzz no such title"');
  });

  it("builds the profile from the owner's votes when no VN is given", async () => {
    const high = facts.listOf(owner.uid, true).filter((e) => (e.vote ?? 0) >= 80);
    const r = await call("vndb_recommend", {});
    if (high.length === 0) {
      expect(r.isError).toBe(true);
      return;
    }
    const hasTags = high.some((e) => facts.safeTags(facts.vn(e.vid)!, 1.5).some((t) => facts.tagCategory(t.tag) === "cont"));
    expect(r.isError, r.text).toBe(!hasTags);
    // The owner by name and id, as the list writes name them.
    if (hasTags) expect(r.text).toContain(`the votes ≥ 8 of ${facts.cat.users.find((u) => u.id === owner.uid)!.username} (${owner.uid})`);
  });
});

describe("vndb_recommend without tags (issue 21)", () => {
  /** Staff id of each alias id, from the data files. */
  const staffOfAlias = new Map(facts.cat.staff.flatMap((st) => st.aliases.map((a) => [a.aid, st.id] as const)));
  const CREDIT_ROLES = new Set(["scenario", "art", "chardesign", "music"]);
  const credits = (vid: string) =>
    new Set((facts.vn(vid)!.staff ?? []).filter((c) => CREDIT_ROLES.has(c.role)).map((c) => staffOfAlias.get(c.aid)));
  const noContentTags = (v: NonNullable<ReturnType<typeof facts.vn>>) =>
    !facts.safeTags(v, 1.5).some((t) => facts.tagCategory(t.tag) === "cont");
  /** The most-voted VN with no visible content tag but developers and writer credits. */
  const seed = facts.popular((v) => noContentTags(v) && facts.developers(v.id).length > 0 && credits(v.id).size > 0)[0]!;

  it("falls back to shared developers, staff and relations, names the seed and the signals", async () => {
    const before = proxy.total();
    const r = await call("vndb_recommend", { like: [seed.id] });
    expect(proxy.total() - before).toBeLessThanOrEqual(5);
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`Seeds: ${seed.id} `);
    expect(r.text).toMatch(/signals used: .*shared developers/);
    expect(r.text).not.toMatch(/VNDB shows/);
    const onList = new Set(facts.listOf(owner.uid, true).map((e) => e.vid));
    const seedDevs = new Set(facts.developers(seed.id));
    const seedCredits = credits(seed.id);
    const related = new Set((facts.vn(seed.id)!.relations ?? []).map((x) => x.vn));
    const picks = r.structured!.picks as { id: string; shares: string[] }[];
    expect(picks.length, r.text).toBeGreaterThan(0);
    for (const p of picks) {
      expect(p.id).not.toBe(seed.id);
      expect(onList.has(p.id), `${p.id} is on the list`).toBe(false);
      const sharesDev = facts.developers(p.id).some((d) => seedDevs.has(d));
      const sharesCredit = [...credits(p.id)].some((id) => seedCredits.has(id));
      expect(sharesDev || sharesCredit || related.has(p.id), `${p.id} shares nothing with ${seed.id}`).toBe(true);
      expect(p.shares.length).toBeGreaterThan(0);
    }
  });

  it("with seeds that offer nothing to compare, names them and does not blame VNDB", async () => {
    const bare = facts.popular((v) => noContentTags(v) && facts.developers(v.id).length === 0 && credits(v.id).size === 0 && !(v.relations ?? []).length)[0]!;
    const r = await call("vndb_recommend", { like: [bare.id] });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(bare.id);
    expect(r.text).not.toMatch(/VNDB shows/);
  });

  it("offline, says the sample holds few tags instead of blaming VNDB", async () => {
    const offline = await startEmulated({ preset: "catalogue", config: { embedded: true } });
    try {
      const r = await offline.call("vndb_recommend", { like: [seed.id] });
      expect(r.isError, r.text).toBe(false);
      expect(r.text).toMatch(/offline sample holds tags for only a few VNs/);
      expect(r.text).not.toMatch(/VNDB shows/);
    } finally {
      await offline.close();
    }
  });
});
