// Issue 31 item 3: a game identified from its folder or file name, through vndb_search_vn's
// `identify` on the emulator. The accuracy bars are measured on names written from the
// catalogue's own titles and aliases with noise (bench/identify-names.ts); the expected VN of
// each name is the one it was written from, not anything the identifier computed.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../helpers/emulated-server.js";
import { generateNames } from "../../bench/identify-names.js";
import { identify } from "../../src/tools/query/identify/identify.js";
import { parseName } from "../../src/tools/query/identify/parse-name.js";

let s: Emulated;
beforeAll(async () => {
  s = await startEmulated({ preset: "catalogue" });
}, 60_000);
afterAll(async () => {
  await s.close();
});

type Hit = { id: string; title: string; score: number; why: string[] };
const hits = (r: { structured?: Record<string, unknown> }) => r.structured!.results as Hit[];

describe("identify: folder and file names", () => {
  it("reads the issue's examples: brand folder, edition word, bracketed brand, platform tag, extension", () => {
    expect(parseName("C:\\Games\\KEY\\CLANNAD_FV\\")).toEqual({ words: ["CLANNAD"], brands: ["KEY"], editions: ["FV"] });
    expect(parseName("[Nitroplus] Saya no Uta (Steam).zip")).toEqual({ words: ["Saya", "no", "Uta"], brands: ["Nitroplus"], editions: ["Steam"] });
    // A title's own slash and a mid-title "de" stay the title's.
    expect(parseName("Fate/EXTRA").words).toEqual(["Fate/EXTRA"]);
    // A home folder's owner is no brand (an eval player saw "me" read as one).
    expect(parseName("/home/me/Games/07th Expansion - Higurashi no Naku Koro ni/").brands).toEqual([]);
    expect(parseName("C:\\Users\\kei\\Games\\KEY\\CLANNAD\\").brands).toEqual(["KEY"]);
    expect(parseName("Minna de Nyan Nyan EN").words).toEqual(["Minna", "de", "Nyan", "Nyan"]);
    expect(parseName("D:\\VN\\[081128][Key] Little Busters v1.02\\game.exe")).toEqual({ words: ["Little", "Busters"], brands: ["Key"], editions: ["v1.02"] });
  });

  it("names CLANNAD first for KEY\\CLANNAD_FV, with the title and developer as reasons and FV read as an edition word", async () => {
    const r = await s.call("vndb_search_vn", { identify: "C:\\Games\\KEY\\CLANNAD_FV\\" });
    expect(r.isError, r.text).toBe(false);
    const [first] = hits(r);
    const [clannad] = (await s.api.query("vn", { filters: ["search", "=", "clannad"], fields: "title", sort: "votecount", reverse: true, results: 1 })).results as { id: string }[];
    expect(first!.id).toBe(clannad!.id);
    expect(first!.why.join("; ")).toMatch(/title "CLANNAD".*developer Key \(from "KEY"\)/);
    expect(r.text).toContain(`1. ${clannad!.id} CLANNAD`);
    expect(r.text).toMatch(/Read .* as title words "CLANNAD"; brand KEY; edition\/language words FV\./);
  });

  it("ranks a sequel below the exact title and a number decides between them", async () => {
    const r = await s.call("vndb_search_vn", { identify: "Gyakuten.Saiban.4" });
    const [gs4] = (await s.api.query("vn", { filters: ["search", "=", "gyakuten saiban 4"], fields: "title" })).results as { id: string; title: string }[];
    expect(hits(r)[0]!.id).toBe(gs4!.id);
    expect(hits(r).slice(1).every((h) => h.score < hits(r)[0]!.score)).toBe(true);
  });

  it("says so when nothing matches, and refuses a name without title words", async () => {
    const none = await s.call("vndb_search_vn", { identify: "qzxvwk_jjqqpp.zip" });
    expect(none.isError, none.text).toBe(false);
    expect(none.text).toMatch(/No VN matched|No convincing match/);
    const empty = await s.call("vndb_search_vn", { identify: "[ENG] (Steam).zip" });
    // Only tags: they are searched as a last resort, never as an empty search that matches every VN.
    expect(hits(empty).length).toBeLessThan(100);
    const bad = await s.call("vndb_search_vn", { identify: "()[]" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain("No title words");
  });

  it("meets the bars on 240 generated names: top-1 ≥ 90 %, top-3 ≥ 97 %", async () => {
    const { cases } = await generateNames(s.api, 240);
    expect(cases.length).toBeGreaterThanOrEqual(200);
    let top1 = 0;
    let top3 = 0;
    for (const c of cases) {
      const at = (await identify(s.api, c.name)).ranked.findIndex((x) => x.id === c.vn);
      if (at === 0) top1++;
      if (at >= 0 && at < 3) top3++;
    }
    expect(top1 / cases.length).toBeGreaterThanOrEqual(0.9);
    expect(top3 / cases.length).toBeGreaterThanOrEqual(0.97);
  }, 120_000);
});
