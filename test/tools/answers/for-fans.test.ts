// Item 10 of issue 29 through a real SDK client, on the offline sample: a VN's own credits come
// before an edition's (VNDB lists an edition's first; Nasu Kinoko was 5th on Fate/stay night's
// sheet), platforms and languages carry their names beside the codes, and the sheet's rating
// reads on the scale the search answers use. Truths come from the catalogue rows.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { LANGUAGE, PLATFORM } from "../../../src/schema/index.js";
import { UI_EXTENSION, APP_MIME_TYPE } from "../../../src/ui/resources.js";
import { ratingText } from "../../../src/ui/app/words.js";
import type { SheetResult } from "../../../src/ui/shapes.js";
import { Facts } from "../../eval/facts.js";
import { startEmulated, type Emulated } from "../../helpers/emulated-server.js";

let server: Emulated;
let facts: Facts;
beforeAll(async () => {
  server = await startEmulated({ preset: "catalogue", config: { embedded: true }, capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } });
  facts = new Facts(loadCatalogue());
}, 60_000);
afterAll(async () => server?.close());

/** The VN with the most edition credits listed before a main scenario credit. */
function editionHeavy() {
  const vn = facts
    .popular((v) => v.staff.some((s) => s.eid === null && s.role === "scenario") && v.staff.some((s) => s.eid !== null))
    .sort((a, b) => b.staff.filter((s) => s.eid !== null).length - a.staff.filter((s) => s.eid !== null).length)[0];
  if (!vn) throw new Error("no VN with edition credits");
  const mainWriters = new Set(vn.staff.filter((s) => s.eid === null && s.role === "scenario").map((s) => facts.staffOf(s.aid)!));
  return { vn, mainWriters };
}

describe("for fans (issue 29 item 10)", () => {
  it("the sheet lists the VN's own credits before any edition's, and names an edition credit's edition", async () => {
    const { vn } = editionHeavy();
    const r = await server.call("vndb_vn_sheet", { id: vn.id });
    expect(r.isError, r.text).toBe(false);
    const staff = (r.structured as unknown as SheetResult).vn.staff;
    const mains = vn.staff.filter((s) => s.eid === null).length;
    const editions = new Map(vn.editions.map((e) => [e.eid, e.name]));
    // Merged nowhere on the sheet: one row per credit.
    expect(staff.length).toBe(vn.staff.length);
    expect(staff[0]!.role).toBe("Scenario");
    for (const s of staff.slice(mains)) expect([...editions.values()].some((name) => (s.note ?? "").includes(name)), JSON.stringify(s)).toBe(true);
    for (const s of staff.slice(0, mains)) expect([...editions.values()].some((name) => (s.note ?? "").startsWith(name))).toBe(false);
  });

  it("a text answer's scenario window starts with the VN's own writers", async () => {
    const { vn, mainWriters } = editionHeavy();
    const r = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: `title,staff[role=scenario,limit=${mainWriters.size}]{name}` });
    expect(r.isError, r.text).toBe(false);
    const shown = (r.structured?.results as { staff: { id: string; eid?: number | null }[] }[])[0]!.staff;
    expect(new Set(shown.map((s) => s.id))).toEqual(mainWriters);
    expect(shown.every((s) => s.eid === null || s.eid === undefined)).toBe(true);
  });

  it("languages and platforms carry their names beside the codes, on the sheet and in text", async () => {
    const vn = facts.popular((v) => facts.releasesOf(v.id).some((r) => r.platforms.length > 1))[0]!;
    const sheet = ((await server.call("vndb_vn_sheet", { id: vn.id })).structured as unknown as SheetResult).vn;
    const platformName = new Map<string, string>(PLATFORM.map((p) => [p.id, p.label]));
    const languageName = new Map<string, string>(LANGUAGE.map((l) => [l.id, l.label]));
    expect(sheet.platforms.length).toBeGreaterThan(1);
    for (const p of sheet.platforms) expect(p).toMatch(/^.+ \(([a-z0-9]+)\)$/);
    for (const p of sheet.platforms) expect(p).toBe(`${platformName.get(/\(([a-z0-9]+)\)$/.exec(p)![1]!)} (${/\(([a-z0-9]+)\)$/.exec(p)![1]})`);
    const text = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,platforms,olang" });
    expect(text.text).toContain(`olang: ${vn.olang} (${languageName.get(vn.olang)})`);
    const code = /\(([a-z0-9]+)\)$/.exec(sheet.platforms[0]!)![1]!;
    expect(text.text).toContain(`${code} (${platformName.get(code)})`);
  });

  it("the sheet's rating is on the search answers' scale", async () => {
    const vn = facts.popular((v) => v.rating !== null)[0]!;
    const text = await server.call("vndb_search_vn", { filters: { id: vn.id }, fields: "title,rating" });
    const shown = /rating: ([0-9.]+)/.exec(text.text)![1]!;
    const sheet = ((await server.call("vndb_vn_sheet", { id: vn.id })).structured as unknown as SheetResult).vn;
    expect(ratingText(sheet.rating, null)).toContain(shown);
  });
});
