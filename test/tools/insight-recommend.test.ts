// vndb_list_insight and vndb_recommend through a real SDK client against the emulator; the
// expected numbers come from the catalogue's data files (test/eval/facts.ts), not the server.
// The `test` preset: the real sample has tag votes for one VN only, the hand-made rows add more.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { KanaClient } from "../../src/client/kana-client.js";
import { countedTags, listStats } from "../../src/tools/list-stats.js";
import { startCountingProxy, type CountingProxy } from "../helpers/counting-proxy.js";
import { connect, testConfig, type Connected } from "../helpers/mcp-client.js";
import { testCatalogue } from "../../src/emulator/presets/test.js";
import { Facts, insightTruth } from "../eval/facts.js";

const facts = new Facts(testCatalogue());
const owner = facts.listOwner();

let emulator: Emulator;
let proxy: CountingProxy;
let api: KanaClient;
let mcp: Connected;

async function call(name: string, args: Record<string, unknown>, onprogress?: (p: { progress: number }) => void) {
  const r = await mcp.client.callTool({ name, arguments: args }, onprogress ? { onprogress } : undefined);
  const text = (r.content as { text?: string }[]).map((c) => c.text ?? "").join("\n");
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
    expect(r.text).toMatch(/language "English" = en/);
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
    if (hasTags) expect(r.text).toContain(`${owner.uid}'s votes ≥ 8`);
  });
});
