// Item 7 of issue 12 through a real SDK client: a staff answer lists the person's credits
// (roles per VN, characters voiced) and a character answer its voice actors. Expected
// values are computed from the served catalogue's rows, never through the server.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCatalogue } from "../../../src/emulator/presets/test.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated();
});
afterAll(async () => server.close());

const cat = () => testCatalogue();
const visibleVns = () => cat().vn.filter((v) => !v.hidden);

/** A person with both staff and voice credits if the catalogue has one, else staff credits. */
function creditedPerson(): { sid: string; vns: Set<string>; voiced: string[] } {
  const people = cat().staff.filter((s) => !s.hidden);
  const credits = (aids: Set<number>) => {
    const vns = new Set<string>();
    const voiced: string[] = [];
    for (const v of visibleVns()) {
      if (v.staff.some((c) => aids.has(c.aid))) vns.add(v.id);
      for (const va of v.va.filter((x) => aids.has(x.aid))) {
        vns.add(v.id);
        voiced.push(va.character);
      }
    }
    return { vns, voiced };
  };
  let fallback: { sid: string; vns: Set<string>; voiced: string[] } | null = null;
  for (const p of people) {
    const c = credits(new Set(p.aliases.map((a) => a.aid)));
    if (c.vns.size === 0 || c.vns.size > 100) continue;
    if (c.voiced.length && c.vns.size > c.voiced.length) return { sid: p.id, ...c };
    fallback ??= { sid: p.id, ...c };
  }
  if (!fallback) throw new Error("no credited person in the catalogue");
  return fallback;
}

describe("credits", () => {
  it("a staff answer lists every VN the person is credited on, with roles and characters voiced", async () => {
    const { sid, vns, voiced } = creditedPerson();
    const r = await server.call("vndb_search_staff", { filters: { id: sid } });
    expect(r.isError, r.text).toBe(false);
    const credits = (r.structured?.credits as Record<string, { vn: string; roles: string[]; voiced: string[] }[]>)[sid]!;
    // The order claimed is the order the data has: undated VNs (no year in their line) come
    // first under VNDB's date sort, and "by release date" alone is said only when all are dated.
    const years = credits.map((c) => /\((\d{4})\)$/.exec(c.vn)?.[1]);
    const undated = years.filter((y) => y === undefined).length;
    const order = undated === 0 ? "by release date" : undated === credits.length ? "no release dates here, so in id order" : `by release date, the ${undated} without one first`;
    expect(r.text).toContain(`Credits of ${sid} (${vns.size} VNs, ${order}):`);
    expect(years.slice(undated)).toEqual([...years.slice(undated)].sort());
    expect(new Set(credits.map((c) => c.vn.split(" ")[0]))).toEqual(vns);
    for (const cid of voiced) expect(credits.some((c) => c.voiced.some((x) => x.startsWith(`${cid} `)))).toBe(true);
  });

  it("credits that include an undated VN do not claim a release-date order", async () => {
    const rows = (await server.api.query("vn", { filters: ["released", "=", null], fields: "staff{id}", results: 100 } as never)).results as { id: string; staff: { id: string }[] }[];
    const sid = rows.find((v) => v.staff.length)?.staff[0]!.id;
    if (!sid) throw new Error("no credited person on an undated VN in the catalogue");
    const r = await server.call("vndb_search_staff", { filters: { id: sid } });
    expect(r.text).toMatch(new RegExp(`Credits of ${sid} \\(\\d+ VNs, (no release dates here, so in id order|by release date, the \\d+ without one first)\\):`));
  });

  it("a brief staff listing has no credits", async () => {
    const { sid } = creditedPerson();
    const r = await server.call("vndb_search_staff", { filters: { id: sid }, fields: "brief" });
    expect(r.text).not.toContain("Credits of");
  });

  it("a character answer names its voice actors", async () => {
    const va = visibleVns().flatMap((v) => v.va.map((x) => ({ vn: v.id, ...x })))[0];
    if (!va) throw new Error("no voice credit in the catalogue");
    const person = cat().staff.find((s) => s.aliases.some((a) => a.aid === va.aid))!;
    const r = await server.call("vndb_search_character", { filters: { id: va.character } });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(new RegExp(`Voice of ${va.character}: [^\\n]*${person.id} [^\\n]*\\b${va.vn}\\b`));
    // The VN is named by its title too, not by its id alone (an eval player could not tell which game v38 was).
    const vn = await server.call("vndb_search_vn", { filters: { id: va.vn }, fields: "title" });
    const title = (vn.structured?.results as { title: string }[])[0]!.title;
    expect(r.text).toContain(`${va.vn} ${title}`);
  });

  it("a voice credit for a spoiler appearance is named only at that spoiler level (it told what the character answer hid)", async () => {
    // A character whose appearance in some VN is a spoiler, and who is voiced in that VN.
    const found = cat()
      .character.filter((c) => !c.hidden)
      .flatMap((c) => c.vns.filter((a) => a.spoiler > 0).map((a) => ({ c, vn: a.vn })))
      .find(({ c, vn }) => visibleVns().some((v) => v.id === vn && v.va.some((x) => x.character === c.id)) && c.vns.some((a) => a.spoiler === 0));
    if (!found) throw new Error("no voiced spoiler appearance in the catalogue");
    const { c, vn } = found;
    const voiceLine = (text: string) => text.split("\n").find((l) => l.startsWith(`Voice of ${c.id}:`)) ?? "";
    const safe = await server.call("vndb_search_character", { filters: { id: c.id } });
    expect(safe.isError, safe.text).toBe(false);
    expect(voiceLine(safe.text)).not.toMatch(new RegExp(`\\b${vn}\\b`));
    const spoiled = await server.call("vndb_search_character", { filters: { id: c.id }, spoilers: 2 });
    expect(voiceLine(spoiled.text)).toMatch(new RegExp(`\\b${vn}\\b`));
    // The actor's own credits do not name the character in that VN either, below the level.
    const aid = visibleVns().find((v) => v.id === vn)!.va.find((x) => x.character === c.id)!.aid;
    const actor = cat().staff.find((s) => s.aliases.some((a) => a.aid === aid))!;
    const credits = await server.call("vndb_search_staff", { filters: { id: actor.id } });
    const vnLine = credits.text.split("\n").find((l) => l.startsWith(`- ${vn} `)) ?? "";
    expect(vnLine).not.toContain(c.id);
    // The staff tool has no spoilers argument: the server's level (VNDB_SPOILER_LEVEL) decides.
    const spoiling = await startEmulated({ config: { spoilerLevel: 2 } });
    try {
      const creditsSpoiled = await spoiling.call("vndb_search_staff", { filters: { id: actor.id } });
      expect(creditsSpoiled.text.split("\n").find((l) => l.startsWith(`- ${vn} `)) ?? "", creditsSpoiled.text).toContain(c.id);
    } finally {
      await spoiling.close();
    }
  });
});
