// Issue 31 items 1 and 5 through a real SDK client on the emulator: two readers' tastes side
// by side (vndb_list_insight {compare}) and "should I read it?" (vndb_list_insight {vn}).
// Expected figures are computed here from direct API reads of the same lists, not taken from
// the tool's code.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";
import { KanaClient } from "../../src/client/kana-client.js";

/** u3's read-write token in the test catalogue (emulator/catalogue/manual.ts). */
const U3_WRITER = "uqjo-bujau-zfobx-emh3-pyyyk-49eyo-8thf";

let anon: Emulated;
let owner: Emulated;
beforeAll(async () => {
  anon = await startEmulated();
  owner = await startEmulated({ config: { token: TOKENS.u2Reader } });
}, 60_000);
afterAll(async () => {
  await anon.close();
  await owner.close();
});

type Row = { id: string; vote: number | null };
async function list(s: Emulated, user: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const r = await s.api.query("ulist", { user, fields: "vote", results: 100, page } as never);
    rows.push(...(r.results as unknown as Row[]));
    if (!r.more) return rows;
  }
}

function pearson(xs: number[], ys: number[]): number {
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0);
  const den = Math.sqrt(xs.reduce((s, x) => s + (x - mx) ** 2, 0) * ys.reduce((s, y) => s + (y - my) ** 2, 0));
  return num / den;
}

describe("compare two readers", () => {
  it("shared VNs, correlation and the biggest disagreement agree with the two lists, public entries only", async () => {
    const [a, b] = [await list(anon, "u2"), await list(anon, "u4")];
    const bBy = new Map(b.map((e) => [e.id, e]));
    const shared = a.filter((e) => bBy.has(e.id));
    const both = shared.filter((e) => e.vote !== null && bBy.get(e.id)!.vote !== null);
    expect(both.length).toBeGreaterThanOrEqual(3);
    const r = await anon.call("vndb_list_insight", { user: "u2", compare: "hillie" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`Shared VNs: ${shared.length}; both voted: ${both.length}.`);
    const rho = pearson(both.map((e) => e.vote!), both.map((e) => bBy.get(e.id)!.vote!));
    expect(r.structured!.correlation).toBeCloseTo(rho, 2);
    expect(r.text).toMatch(/^Public list entries only for u2 and hillie \(u4\) /m);
    const gap = Math.max(...both.map((e) => Math.abs(e.vote! - bBy.get(e.id)!.vote!)));
    const [top] = r.structured!.disagreements as { id: string; a: number; b: number }[];
    expect(Math.abs(top!.a - top!.b) * 10).toBe(gap);
  });

  it("loved-but-unread are votes ≥ 8 of one reader that are not on the other's list at all", async () => {
    const [a, b] = [await list(anon, "u5"), await list(anon, "u2")];
    const r = await anon.call("vndb_list_insight", { user: "u5", compare: "u2" });
    const [fromA, fromB] = r.structured!.lovedUnread as { id: string; vote: number }[][];
    expect(fromA!.length).toBeGreaterThan(0);
    for (const e of fromA!) {
      expect(a.find((x) => x.id === e.id)!.vote).toBeGreaterThanOrEqual(80);
      expect(b.some((x) => x.id === e.id)).toBe(false);
    }
    for (const e of fromB!) expect(a.some((x) => x.id === e.id)).toBe(false);
    // Favourites need at least two votes per name: every developer named has them.
    const fav = (r.structured!.favourites as { developers: { count: number }[] }[])[0]!;
    for (const d of fav.developers) expect(d.count).toBeGreaterThanOrEqual(2);
  });

  it("with the token owner's list, only the other user is said to be public entries only", async () => {
    const r = await owner.call("vndb_list_insight", { compare: "u4" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Public list entries only for u4 \(private/m);
    expect(r.text).toContain("Yorhel (u2):");
  });

  it("an empty list, a private list and a user that does not exist", async () => {
    const empty = await anon.call("vndb_list_insight", { user: "u2", compare: "multi" });
    expect(empty.isError, empty.text).toBe(false);
    expect(await list(anon, "u1")).toEqual([]);
    expect(empty.text).toContain("Nothing to compare: the list of multi (u1) shows no public entries (empty or private).");
    // Make u3's list private: remove its one public entry, so that only the entry whose only
    // label is private remains. Its owner still sees it; from outside the list looks empty.
    const u3 = new KanaClient({ baseUrl: anon.emulator.url, token: U3_WRITER, rateLimit: { maxRequests: 1000 }, logger: () => {} });
    try {
      await u3.deleteUlist("v900001");
      expect((await u3.query("ulist", { user: "u3", fields: "vote" } as never)).results.length).toBeGreaterThan(0);
    } finally {
      await u3.close();
    }
    expect(await list(anon, "u3")).toEqual([]);
    const priv = await anon.call("vndb_list_insight", { user: "u2", compare: "u3" });
    expect(priv.text).toContain("Nothing to compare: the list of u3 shows no public entries");
    const ghost = await anon.call("vndb_list_insight", { user: "u2", compare: "no-such-reader-31" });
    expect(ghost.isError).toBe(true);
    expect(ghost.text).toContain('No VNDB user is called "no-such-reader-31"');
    const same = await anon.call("vndb_list_insight", { user: "u2", compare: "Yorhel" });
    expect(same.isError).toBe(true);
  });

  it("refuses two modes at once", async () => {
    const r = await anon.call("vndb_list_insight", { user: "u2", compare: "u4", vn: "v17" });
    expect(r.isError).toBe(true);
    expect(r.text).toContain("not several");
  });
});

describe("should I read it?", () => {
  it("rating, length, list status, languages from the release list, and warnings at the spoiler level", async () => {
    const [vn] = (await anon.api.query("vn", { filters: ["id", "=", "v17"], fields: "title,rating,votecount,tags{name,spoiler,rating,lie}" })).results as unknown as {
      title: string;
      rating: number;
      votecount: number;
      tags: { name: string; spoiler: number; rating: number }[];
    }[];
    const r = await owner.call("vndb_list_insight", { vn: "v17" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`Should Yorhel (u2) read v17 ${vn!.title}?`);
    expect(r.text).toContain(`Rating: ${(vn!.rating / 10).toFixed(2)} from ${vn!.votecount} votes.`);
    expect(r.text).toContain("On Yorhel (u2)'s list: not on the list.");
    // u2's release list holds releases: the languages are inferred from it and said so.
    expect(r.text).toMatch(/In Yorhel \(u2\)'s languages \(from \d+ releases on the release list\): /);
    for (const w of r.structured!.warnings as { name: string; spoiler: number }[]) expect(w.spoiler).toBeLessThanOrEqual(0);
    expect(r.text).toMatch(/^Taste match: mean vote \d\.\d\d over \d+ votes/m);
  });

  it("names the prequel to read first, and the reader's status on it", async () => {
    const rows = (await anon.api.query("vn", { filters: ["votecount", ">", 100], fields: "relations{relation}", results: 100 })).results as {
      id: string;
      relations: { id: string; relation: string }[];
    }[];
    const withPrequel = rows.find((v) => v.relations.some((x) => x.relation === "preq"))!;
    expect(withPrequel).toBeDefined();
    const prequel = withPrequel.relations.find((x) => x.relation === "preq")!;
    const r = await anon.call("vndb_list_insight", { user: "u5", vn: withPrequel.id });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(new RegExp(`^Read first: .*${prequel.id} .*\\(prequel`, "m"));
    expect((r.structured!.read_first as { id: string }[]).map((x) => x.id)).toContain(prequel.id);
  });

  it("a title resolves to a VN; an unknown VN and an unknown user are clear errors", async () => {
    const byTitle = await anon.call("vndb_list_insight", { user: "u5", vn: "Saya no Uta" });
    expect(byTitle.isError, byTitle.text).toBe(false);
    expect(byTitle.text).toMatch(/read v97 Saya no Uta\?/);
    const none = await anon.call("vndb_list_insight", { user: "u5", vn: "qqzzxx no such title" });
    expect(none.isError).toBe(true);
    expect(none.text).toContain('No VN matches "qqzzxx no such title"');
    const ghost = await anon.call("vndb_list_insight", { user: "no-such-reader-31", vn: "v17" });
    expect(ghost.isError).toBe(true);
    const nobody = await anon.call("vndb_list_insight", { vn: "v17" });
    expect(nobody.isError).toBe(true);
    expect(nobody.text).toContain("Whose list?");
  });

  it("a reader without public votes or releases: says the languages and the taste are unknown", async () => {
    const r = await anon.call("vndb_list_insight", { user: "u1", vn: "v17" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain("Languages: unknown (no releases on u1's release list)");
    expect(r.text).toContain("Taste match: no votes in public to compare with.");
  });
});

describe("the offline sample says it is one", () => {
  it("compare, vn and upcoming answers name the offline sample in --embedded mode, and not otherwise", async () => {
    const offline = await startEmulated({ config: { embedded: true } });
    try {
      for (const args of [{ user: "u2", compare: "u4" }, { user: "u2", vn: "v17" }, { user: "u2", upcoming: true }]) {
        const r = await offline.call("vndb_list_insight", args);
        expect(r.isError, r.text).toBe(false);
        expect(r.text).toContain("From the offline sample");
        expect((await anon.call("vndb_list_insight", args)).text).not.toContain("offline sample");
      }
    } finally {
      await offline.close();
    }
  }, 60_000);
});
