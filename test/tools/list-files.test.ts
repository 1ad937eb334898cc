// Issue 31 items 2 (export) and 4 (what is coming) through a real SDK client on the emulator:
// the list as CSV/JSON resources, upcoming releases as an answer and as a text/calendar
// resource. Expected rows come from direct API reads, not from the code under test.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";
import { upcomingCalendar } from "../../src/tools/insight/calendar.js";

let anon: Emulated;
let owner: Emulated;
beforeAll(async () => {
  anon = await startEmulated();
  owner = await startEmulated({ config: { token: TOKENS.u2Writer } });
}, 60_000);
afterAll(async () => {
  await anon.close();
  await owner.close();
});

const read = async (s: Emulated, uri: string) => {
  const r = await s.client.readResource({ uri });
  const [c] = r.contents as { mimeType: string; text: string }[];
  return c!;
};

/** A CSV parser for the test (RFC 4180 quoting), independent of the exporter. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(cell), (cell = "");
    else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      (row = []), (cell = ""), i++;
    } else cell += ch;
  }
  return rows;
}

describe("a list read page by page points at the whole list as a file", () => {
  type Content = { type: string; text?: string; uri?: string; mimeType?: string; name?: string };
  const call = async (s: Emulated, args: Record<string, unknown>) => (await s.client.callTool({ name: "vndb_get_user_list", arguments: args })).content as Content[];
  const fileLinks = (content: Content[]) => content.filter((c) => c.type === "resource_link" && c.uri?.startsWith("vndb://user/"));

  it("the first page of a longer list links list.csv and list.json, and reading the CSV link gives every entry", async () => {
    const all = (await owner.api.query("ulist", { user: "u2", fields: "vote", results: 100 } as never)).results as unknown as { id: string }[];
    expect(all.length).toBeGreaterThan(3);
    const content = await call(owner, { results: 3 });
    const text = content.find((c) => c.type === "text")!.text!;
    expect(text).toContain("Whole list in one read (no paging): resource vndb://user/u2/list.csv (or list.json).");
    const links = fileLinks(content);
    expect(links.map((l) => [l.uri, l.mimeType])).toEqual([
      ["vndb://user/u2/list.csv", "text/csv"],
      ["vndb://user/u2/list.json", "application/json"],
    ]);
    // The entries' own links are still there, before the files.
    expect(content.filter((c) => c.type === "resource_link" && c.uri?.startsWith("vndb://vn/")).length).toBe(3);
    const csv = await read(owner, links[0]!.uri!);
    expect(csv.mimeType).toBe("text/csv");
    const [head, ...rows] = parseCsv(csv.text);
    expect(head![0]).toBe("vn_id");
    expect(rows.map((r) => r[0]).sort()).toEqual(all.map((e) => e.id).sort());
  });

  it("another reader's list by name links that reader's files by id; a list that fits one page, and later pages, link none", async () => {
    const theirs = await call(anon, { user: "hillie", results: 2 });
    expect(fileLinks(theirs).map((l) => l.uri)).toEqual(["vndb://user/u4/list.csv", "vndb://user/u4/list.json"]);
    const json = JSON.parse((await read(anon, "vndb://user/u4/list.json")).text);
    expect(json.private_entries_included).toBe(false);
    expect(json.entries.length).toBeGreaterThan(2);
    const whole = await call(owner, { results: 100 });
    expect(fileLinks(whole)).toEqual([]);
    expect(whole.find((c) => c.type === "text")!.text).not.toContain("Whole list in one read");
    expect(fileLinks(await call(owner, { results: 3, page: 2 }))).toEqual([]);
  });
});

describe("list export", () => {
  it("CSV: a row per entry with labels, vote and notes; quoting survives commas and quotes", async () => {
    await owner.api.patchUlist("v17", { notes: 'He said "hi", then left', vote: 85, labels_set: [2] });
    const all = (await owner.api.query("ulist", { user: "u2", fields: "vote", results: 100 } as never)).results as unknown as { id: string; vote: number | null }[];
    const file = await read(owner, "vndb://user/u2/list.csv");
    expect(file.mimeType).toBe("text/csv");
    const [head, ...rows] = parseCsv(file.text);
    expect(head).toEqual(["vn_id", "title", "labels", "vote", "voted", "added", "lastmod", "started", "finished", "notes", "releases"]);
    expect(rows.map((r) => r[0]).sort()).toEqual(all.map((e) => e.id).sort());
    const v17 = rows.find((r) => r[0] === "v17")!;
    expect(v17[3]).toBe("8.5");
    expect(v17[9]).toBe('He said "hi", then left');
    expect(v17[2]!.split("; ")).toContain("Finished");
    // A release on the release list shows with its status.
    const v473 = rows.find((r) => r[0] === "v473")!;
    expect(v473[10]).toMatch(/^r1006 obtained/);
  });

  it("JSON: the owner's export includes private entries, another reader's does not, and says so", async () => {
    const mine = JSON.parse((await read(owner, "vndb://user/u2/list.json")).text);
    const theirs = JSON.parse((await read(anon, "vndb://user/Yorhel/list.json")).text);
    expect(mine.private_entries_included).toBe(true);
    expect(theirs.private_entries_included).toBe(false);
    // v900001's only label is private (emulator/catalogue/manual.ts).
    expect(mine.entries.some((e: { vn: string }) => e.vn === "v900001")).toBe(true);
    expect(theirs.entries.some((e: { vn: string }) => e.vn === "v900001")).toBe(false);
  });

  it("an empty list exports a header alone; a user that does not exist is an error", async () => {
    const empty = await read(anon, "vndb://user/u1/list.csv");
    expect(parseCsv(empty.text)).toHaveLength(1);
    await expect(anon.client.readResource({ uri: "vndb://user/no-such-reader-31/list.csv" })).rejects.toThrow(/No VNDB user is called/);
  });
});

describe("what is coming", () => {
  it("a wishlisted VN's release still to come is listed, in the reader's languages, and in the calendar", async () => {
    const today = new Date().toISOString().slice(0, 10);
    // Something still to come in Japanese on Windows (u2's release list has both): "TBA" always is.
    const [coming] = (await owner.api.query("release", {
      filters: ["and", ["released", ">", today], ["lang", "=", "ja"], ["platform", "=", "win"]],
      fields: "released,vns{id}",
      sort: "released",
      results: 1,
    } as never)).results as unknown as { id: string; released: string; vns: { id: string }[] }[];
    expect(coming).toBeDefined();
    const vn = coming!.vns[0]!.id;
    await owner.api.patchUlist(vn, { labels_set: [5] });
    const r = await owner.call("vndb_list_insight", { upcoming: true });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Upcoming releases of the \d+ VNs on Yorhel \(u2\)'s list \(Dropped and Blacklist left out\), in [^:]*ja[^:]* \(from \d+ releases on the release list\):/);
    expect(r.text).toContain(`${coming!.released} ${coming!.id} `);
    const ics = await read(owner, "vndb://user/u2/upcoming.ics");
    expect(ics.mimeType).toBe("text/calendar");
    expect(ics.text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    if (/^\d{4}-\d{2}-\d{2}$/.test(coming!.released)) expect(ics.text).toContain(`DTSTART;VALUE=DATE:${coming!.released.replace(/-/g, "")}`);
    else expect(ics.text).not.toContain(`UID:${coming!.id}-`);
    // Dropped: no longer waited for.
    await owner.api.patchUlist(vn, { labels: [4] });
    const after = await owner.call("vndb_list_insight", { upcoming: true });
    expect(after.text).not.toContain(` ${coming!.id} `);
  });

  it("a reader without a release list: any language, and said so; an empty list: none", async () => {
    const r = await anon.call("vndb_list_insight", { user: "u1", upcoming: true });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain("in any language and on any platform (no releases on the release list to tell which)");
    expect(r.text).toMatch(/^none\.$/m);
  });

  it("the calendar: full dates only, RFC 5545 escaping and folding", () => {
    const { ics, events, undated } = upcomingCalendar(
      {
        user: "u9",
        label: "u9",
        vns: 2,
        languages: ["en"],
        platforms: [],
        from: "given",
        releases: [
          { id: "r1", title: "A; B, C\\D", released: "2031-02-28", vns: [{ id: "v1", title: "X".repeat(120) }], languages: ["en"], platforms: ["win"], mtl: false },
          { id: "r2", title: "Later", released: "2031-05", vns: [], languages: ["en"], platforms: [], mtl: false },
          { id: "r3", title: "Someday", released: "TBA", vns: [], languages: ["en"], platforms: [], mtl: true },
        ],
      },
      new Date("2030-01-01T00:00:00Z"),
    );
    expect([events, undated]).toEqual([1, 2]);
    expect(ics).toContain("SUMMARY:A\\; B\\, C\\\\D [en\\; win]\r\n");
    expect(ics).toContain("DTSTART;VALUE=DATE:20310228\r\nDTEND;VALUE=DATE:20310301\r\n");
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain("UID:r2-");
  });
});
