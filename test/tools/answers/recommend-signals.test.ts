// Item 9 of issue 29 through a real SDK client, on the offline sample (where most seeds have no
// tag votes and the recommender compares by makers): it says back the constraints it applied,
// shows ratings on the scale the search tools use, ranks picks that share only artists or
// composers below those sharing a relation, developer or writer and marks them, and names
// the signals that found nothing. Truths come from the catalogue rows (test/eval/facts.ts).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { Facts } from "../../eval/facts.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
let facts: Facts;
beforeAll(async () => {
  server = await startEmulated({ preset: "catalogue", config: { embedded: true } });
  facts = new Facts(loadCatalogue());
}, 60_000);
afterAll(async () => server?.close());

type Pick = { id: string; title: string; shares: string[]; weak?: boolean };
const picksOf = (r: { structured?: Record<string, unknown> }) => (r.structured?.picks ?? []) as Pick[];

/** Writers (staff ids) and developers of a VN, from the rows. */
function makers(vid: string) {
  const v = facts.vn(vid)!;
  const writers = new Set(v.staff.filter((s) => s.role === "scenario").map((s) => facts.staffOf(s.aid)).filter(Boolean));
  return { writers, developers: new Set(facts.developers(vid)) };
}

describe("recommender signals (issue 29 item 9)", () => {
  it("says back a language given as a code, with its name", async () => {
    const seed = facts.popular((v) => v.staff.length > 0)[0]!;
    const r = await server.call("vndb_recommend", { like: [seed.id], lang: "en" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/Only VNs with language en \(English\)/);
  });

  it("a pick's rating reads as the search tool shows it", async () => {
    const seed = facts.popular((v) => v.staff.length > 0)[0]!;
    const r = await server.call("vndb_recommend", { like: [seed.id] });
    const pick = picksOf(r)[0];
    if (!pick) throw new Error(`no pick for ${seed.id}: ${r.text}`);
    const s = await server.call("vndb_search_vn", { filters: { id: pick.id }, fields: "title,rating" });
    const shown = /rating: ([0-9.]+)/.exec(s.text)![1]!;
    expect(r.text).toContain(`${pick.id} ${pick.title} (rating ${shown})`);
  });

  it("picks sharing only artists/composers come after the others, marked, and truly share no developer or writer", async () => {
    let weakSeen = 0;
    for (const seed of facts.popular((v) => v.staff.some((s) => s.role === "music")).slice(0, 12)) {
      const r = await server.call("vndb_recommend", { like: [seed.id] });
      if (r.isError) continue;
      const picks = picksOf(r);
      const firstWeak = picks.findIndex((p) => p.weak);
      if (firstWeak < 0) continue;
      weakSeen++;
      expect(picks.slice(firstWeak).every((p) => p.weak), r.text).toBe(true);
      const s = makers(seed.id);
      for (const p of picks.slice(firstWeak)) {
        const m = makers(p.id);
        expect([...m.developers].some((d) => s.developers.has(d)), `${p.id} shares a developer with ${seed.id}`).toBe(false);
        expect([...m.writers].some((w) => s.writers.has(w)), `${p.id} shares a writer with ${seed.id}`).toBe(false);
        expect(r.text).toMatch(new RegExp(`${p.id} [^\\n]*: weak match, only `));
      }
    }
    expect(weakSeen, "no seed among the 12 gave a composer/artist-only pick").toBeGreaterThan(0);
  });

  it("a signal that found nothing is named with why", async () => {
    // A seed whose developer made nothing else here: the developer yields no candidate.
    const seed = facts.popular((v) => facts.developers(v.id).length === 1 && facts.popular((w) => w.id !== v.id && facts.developers(w.id).includes(facts.developers(v.id)[0]!)).length === 0 && v.staff.length > 0)[0];
    if (!seed) throw new Error("no seed with a one-VN developer");
    const r = await server.call("vndb_recommend", { like: [seed.id] });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(new RegExp(`Found nothing through: [^\\n]*developer ${facts.developers(seed.id)[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(no other VN\\)`));
  });
});
