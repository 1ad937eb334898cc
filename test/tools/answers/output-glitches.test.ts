// Issue 29, defect 4: output glitches fresh players saw, each reproduced against the offline
// catalogue (what --embedded serves) through a real SDK client. Cases are picked from the
// catalogue by property, so the test follows the data rather than copying an answer.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated({ preset: "catalogue" });
}, 60_000);
afterAll(async () => server.close());

const catalogue = loadCatalogue();

/** A staff credit whose note VNDB stores already in quotes ("Tobitate!"), and the staff id behind it. */
function quotedNoteCredit(): { vn: string; staff: string; note: string } {
  for (const v of catalogue.vn) {
    for (const c of v.staff ?? []) {
      if (typeof c.note !== "string" || !/^".+"$/.test(c.note)) continue;
      const person = catalogue.staff.find((s) => s.aliases.some((a) => a.aid === c.aid));
      if (person) return { vn: v.id, staff: person.id, note: c.note };
    }
  }
  throw new Error("no credit note in quotes in the catalogue");
}

/** A character listed in one VN several times (one row per release it appears in). */
function characterInOneVnTwice(): { id: string; vn: string } {
  for (const c of catalogue.character) {
    const seen = new Set<string>();
    for (const a of c.vns) {
      if (seen.has(a.vn) && a.spoiler === 0) return { id: c.id, vn: a.vn };
      seen.add(a.vn);
    }
  }
  throw new Error("no character appears twice in one VN");
}

/** A person credited under two of their aliases in several VNs, and one of those VNs. */
function twoAliasesInOneVn(): { staff: string; vn: string } {
  const vnsByPerson = new Map<string, string[]>();
  for (const v of catalogue.vn) {
    const byPerson = new Map<string, Set<number>>();
    for (const c of v.staff ?? []) {
      const person = catalogue.staff.find((s) => s.aliases.some((a) => a.aid === c.aid));
      if (!person) continue;
      const aids = byPerson.get(person.id) ?? new Set();
      aids.add(c.aid);
      byPerson.set(person.id, aids);
    }
    for (const [staff, aids] of byPerson) if (aids.size > 1) vnsByPerson.set(staff, [...(vnsByPerson.get(staff) ?? []), v.id]);
  }
  for (const [staff, vns] of vnsByPerson) if (vns.length > 2) return { staff, vn: vns[0]! };
  throw new Error("no person is credited under two aliases in several VNs");
}

describe("output glitches", () => {
  it("a credit note stored in quotes is not quoted twice", async () => {
    const { staff, note } = quotedNoteCredit();
    const r = await server.call("vndb_search_staff", { filters: { id: staff } });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(note);
    expect(r.text).not.toContain(`"${note}"`);
  });

  it("a character's VN is named once on its line, however many releases list it", async () => {
    const { id, vn } = characterInOneVnTwice();
    const r = await server.call("vndb_search_character", { filters: { id }, fields: "name,vns{title}" });
    expect(r.isError, r.text).toBe(false);
    const line = r.text.split("\n").find((l) => l.startsWith("vns:"))!;
    expect(line.split(vn).length - 1, line).toBe(1);
  });

  it("the recommender names one person once, under one name, in a pick's reasons", async () => {
    const { staff, vn } = twoAliasesInOneVn();
    const r = await server.call("vndb_recommend", { like: [vn] });
    expect(r.isError, r.text).toBe(false);
    const picks = r.text.split("\n").filter((l) => l.startsWith("- ") && l.includes(staff));
    expect(picks.length, r.text).toBeGreaterThan(0);
    for (const p of picks) expect(p.split(`${staff} `).length - 1, p).toBe(1);
  });

  it("the recommender does not say it dropped nothing", async () => {
    // u3 has nothing on the list: nothing can be dropped.
    const r = await server.call("vndb_recommend", { like: ["v17"], user: "u3" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).not.toMatch(/Dropped 0\b/);
  });

  it("hidden spoiler counts read as words: no '1 vns'", async () => {
    // A character whose appearance in a VN is a spoiler is counted under `vns`.
    const c = catalogue.character.find((x) => x.vns.filter((a) => a.spoiler > 0).length === 1 && x.vns.some((a) => a.spoiler === 0));
    if (!c) throw new Error("no character with exactly one spoiler appearance");
    const r = await server.call("vndb_search_character", { filters: { id: c.id }, fields: "name,vns{title}" });
    expect(r.text).toMatch(/Hidden as spoilers/);
    expect(r.text).not.toMatch(/\b1 vns\b/);
  });
});

describe("a search hit found through a title the answer does not show", () => {
  it("says which title matched", async () => {
    // A VN whose main title lacks a word that one of its other titles has ("Fate" in
    // Piofiore no Banshou's English title), found by that word.
    const hit = catalogue.vn
      .map((v) => {
        // The answer shows the title in the original language and its romanisation.
        const shown = (v.titles ?? []).filter((t) => t.lang === v.olang).map((t) => `${t.title} ${t.latin ?? ""}`).join(" ").toLowerCase();
        const other = (v.titles ?? []).map((t) => t.title).find((t) => /^[a-z]{5,}$/i.test(t.split(/\W+/)[0] ?? "") && !shown.includes(t.split(/\W+/)[0]!.toLowerCase()));
        return other ? { id: v.id, word: other.split(/\W+/)[0]!, other } : null;
      })
      .find((x) => x !== null);
    if (!hit) throw new Error("no VN with a title in another language that its main titles lack");
    const r = await server.call("vndb_search_vn", { query: hit.word, results: 100, fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    if (!r.text.includes(hit.id)) throw new Error(`the search for ${hit.word} did not find ${hit.id}`);
    expect(r.text).toMatch(new RegExp(`Matched through other names:.*${hit.id} via its title`));
  });
});

describe("whose list, said one way", () => {
  it("every list view names the user as VNDB spells the name, name first, id after", async () => {
    const users = await server.api.user(["u2"]);
    const name = users.u2!.username!;
    const typed = name.toUpperCase();
    if (typed === name) throw new Error("the user's name has no letters to change case");
    const said = `${name} (u2)`;
    for (const [tool, args] of [
      ["vndb_get_user_list", { user: typed, fields: "brief", results: 1 }],
      ["vndb_list_labels", { user: typed }],
      ["vndb_list_insight", { user: typed }],
    ] as const) {
      const r = await server.call(tool, args);
      expect(r.isError, r.text).toBe(false);
      expect(r.text, tool).toContain(said);
      // The exact call for the next page repeats the arguments as given; nothing else does.
      expect(r.text.replaceAll(`"user":"${typed}"`, ""), tool).not.toContain(typed);
    }
  });
});

describe("a requested length is never left out without a word", () => {
  it("a VN with voted play time but no 1-5 estimate says so (offline sample)", async () => {
    const offline = await startEmulated({ preset: "catalogue", config: { embedded: true } });
    try {
      // A VN of the sample with play-time votes, read as the API gives it.
      const page = await offline.api.query("vn", { filters: ["votecount", ">", 100], fields: "length,length_minutes", results: 100 } as never);
      const row = (page.results as { id: string; length: number | null; length_minutes: number | null }[]).find((r) => r.length === null && typeof r.length_minutes === "number");
      if (!row) throw new Error("no VN of the sample has play time without a length estimate");
      const r = await offline.call("vndb_search_vn", { filters: { id: row.id }, fields: "title,length,length_minutes" });
      expect(r.isError, r.text).toBe(false);
      expect(r.text).toMatch(/\blength: not set\b/);
      expect(r.text).toContain(String(row.length_minutes));
    } finally {
      await offline.close();
    }
  });
});
