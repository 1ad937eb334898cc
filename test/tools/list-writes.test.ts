// Every write rule of issue 5 item 5, through a real SDK Client against the emulator. The
// list state is checked with direct POST /ulist calls on the client, not through the tool.

import { afterEach, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";

let env: Emulated | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function writer(options: Parameters<typeof startEmulated>[0] = {}): Promise<Emulated> {
  env = await startEmulated({ ...options, config: { token: TOKENS.u2Writer, ...options.config } });
  return env;
}

/** The entry as VNDB stores it, read directly (not through the tools). */
async function stored(e: Emulated, vid: string) {
  const r = await e.api.query("ulist", {
    filters: ["id", "=", vid],
    user: "u2",
    fields: "vote,started,finished,notes,labels{id,label},releases{list_status}",
  });
  return r.results[0] as unknown as
    | { vote: number | null; started: string | null; notes: string | null; labels: { id: number; label: string }[]; releases: { id: string; list_status: number }[] }
    | undefined;
}

const labelIds = (entry: { labels: { id: number }[] } | undefined) => entry?.labels.map((l) => l.id).sort((a, b) => a - b);

describe("vndb_update_list_entry", () => {
  it("adds a VN that is not on the list, says so, and reads the entry back", async () => {
    const e = await writer();
    expect(await stored(e, "v17")).toBeUndefined();
    const r = await e.call("vndb_update_list_entry", { vn: "v17", labels_set: ["Finished"], vote: 9 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Added v17/);
    expect(r.text).toMatch(/always adds the VN/);
    const now = await stored(e, "v17");
    expect(now?.vote).toBe(90);
    expect(labelIds(now)).toEqual([2, 7]);
    // Read after write: the tool's answer is the stored state.
    expect(r.structured?.created).toBe(true);
    expect((r.structured?.entry as { vote: number }).vote).toBe(90);
    expect(r.text).toMatch(/vote 9\/10/);
  });

  it.each([
    ["by name, any case", ["finished", "WISHLIST"], [2, 5]],
    ["by id", [2, 5], [2, 5]],
    ["by numeric string and custom name", ["5", "Favourites"], [5, 10]],
  ])("sets labels %s", async (_label, set, expected) => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v473", labels_set: set });
    expect(r.isError, r.text).toBe(false);
    expect(labelIds(await stored(e, "v473"))).toEqual(expected);
  });

  it("labels_set/labels_unset keep the Voted label", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v1", labels_set: ["Finished"], labels_unset: ["Dropped"] });
    expect(r.isError, r.text).toBe(false);
    expect(labelIds(await stored(e, "v1"))).toEqual([2, 7]);
  });

  it("`labels` replaces the set, drops Voted although the vote remains, and says so", async () => {
    const e = await writer();
    const before = await stored(e, "v2");
    expect(labelIds(before)).toContain(7);
    const r = await e.call("vndb_update_list_entry", { vn: "v2", labels: ["Finished"] });
    expect(r.isError, r.text).toBe(false);
    const after = await stored(e, "v2");
    expect(after?.vote).toBe(before?.vote);
    expect(labelIds(after)).toEqual([2]);
    expect(r.text).toMatch(/dropped the Voted label/);
  });

  it.each([
    [{ labels_set: ["Voted"] }, /Label 7 \(Voted\) cannot be set/],
    [{ labels_unset: [7] }, /Label 7 \(Voted\) cannot be set/],
    [{ labels_set: ["Nonexistent"] }, /no list label called "Nonexistent"[\s\S]*Finished \(id 2\)[\s\S]*cannot be created through the API/],
    [{ labels_set: [0] }, /out of range/],
    [{ started: "2022-11-31" }, /started must be a real date/],
    [{ finished: "1969-05-01" }, /finished must be a real date/],
    [{ vn: "x17" }, /"x17" is not a visual novel id/],
    // Past 2,000 characters: VNDB's own message, checked before sending (kana/list-write.ts).
    [{ notes: "x".repeat(2001) }, /Invalid 'notes' member/],
  ])("refuses %j before writing anything", async (args, message) => {
    const e = await writer();
    const before = await stored(e, "v1");
    const r = await e.call("vndb_update_list_entry", { vn: "v1", ...args });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(message);
    expect(await stored(e, "v1")).toEqual(before);
  });

  it.each([
    [{ started: null }],
    [{ vote: 0 }],
    [{ vote: 11 }],
    [{ labels: "Finished" }],
    [{ label: ["Finished"] }],
  ])("rejects invalid arguments %j at the schema", async (args) => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v1", ...args });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Input validation error/);
  });

  it("sets dates and notes, and removes a vote with null (Voted follows)", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v3", vote: null, started: "2024-02-29", notes: "reread" });
    expect(r.isError, r.text).toBe(false);
    const now = await stored(e, "v3");
    expect(now).toMatchObject({ vote: null, started: "2024-02-29", notes: "reread" });
    expect(labelIds(now)).toEqual([2]);
  });

  it("reports a missing listwrite permission with how to fix it", async () => {
    env = await startEmulated({ config: { token: TOKENS.u2Reader } });
    const r = await env.call("vndb_update_list_entry", { vn: "v17", vote: 8 });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/may not change the list/);
    expect(r.text).toMatch(/https:\/\/vndb\.org\/u2\/tokens/);
    expect(await stored(env, "v17")).toBeUndefined();
  });

  it("takes a title that matches one VN exactly, and says which VN it wrote", async () => {
    const e = await writer();
    const direct = await e.api.query("vn", { filters: ["id", "=", "v17"], fields: "title" });
    const title = direct.results[0]!.title as string;
    const r = await e.call("vndb_update_list_entry", { vn: title.toUpperCase(), vote: 9 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`= v17 ${title}`);
    expect((await stored(e, "v17"))?.vote).toBe(90);
  });

  it("refuses a title that is only a search hit, naming the candidate, and writes nothing", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "Ever1", vote: 9 });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/"Ever1" is not a visual novel id/);
    expect(r.text).toMatch(/closest match is v17 /);
    expect(await stored(e, "v17")).toBeUndefined();
  });

  it("takes \"today\" for a date, as the local date", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "V3", finished: "today" });
    expect(r.isError, r.text).toBe(false);
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    const r2 = await e.api.query("ulist", { filters: ["id", "=", "v3"], user: "u2", fields: "finished" });
    expect(r2.results[0]!.finished).toBe(today);
  });

  it("passes VNDB's refusal of an unknown VN on with its message", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v9999999", vote: 8 });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Visual novel not found/);
  });
});

describe("vndb_remove_list_entry", () => {
  it("previews by an exact title, naming the id to confirm with, but removes by id only", async () => {
    const e = await writer();
    const direct = await e.api.query("vn", { filters: ["id", "=", "v3"], fields: "title" });
    const title = direct.results[0]!.title as string;
    const preview = await e.call("vndb_remove_list_entry", { vn: title });
    expect(preview.isError, preview.text).toBe(false);
    expect(preview.text).toContain(`= v3 ${title}`);
    expect(preview.text).toContain(`{"vn":"v3","confirm":true}`);
    const byTitle = await e.call("vndb_remove_list_entry", { vn: title, confirm: true });
    expect(byTitle.isError).toBe(true);
    expect(byTitle.text).toMatch(/confirmed by id only/);
    expect(await stored(e, "v3")).toBeDefined();
  });

  it("previews without confirm and leaves the entry alone", async () => {
    const e = await writer();
    const r = await e.call("vndb_remove_list_entry", { vn: "v3" });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/^Preview: this would remove v3/);
    expect(r.text).toMatch(/confirm": true/);
    expect(await stored(e, "v3")).toBeDefined();
  });

  it("removes with confirm when the client cannot ask the user", async () => {
    const e = await writer();
    const r = await e.call("vndb_remove_list_entry", { vn: "v3", confirm: true });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Removed v3/);
    expect(await stored(e, "v3")).toBeUndefined();
  });

  it.each([
    ["accepts", { action: "accept" as const, content: { confirm: true } }, true],
    ["declines", { action: "decline" as const }, false],
    ["accepts but unticks", { action: "accept" as const, content: { confirm: false } }, false],
  ])("asks the user through elicitation; the user %s", async (_label, answer, removed) => {
    const asked: string[] = [];
    const e = await writer({ elicit: (m) => (asked.push(m), answer) });
    const r = await e.call("vndb_remove_list_entry", { vn: "v3", confirm: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/Remove v3/);
    expect(r.isError).toBe(false);
    expect((await stored(e, "v3")) === undefined).toBe(removed);
    if (!removed) expect(r.text).toMatch(/nothing was removed/);
  });

  it("never removes by title: names the id to confirm instead", async () => {
    const e = await writer();
    const direct = await e.api.query("vn", { filters: ["id", "=", "v3"], fields: "title" });
    const r = await e.call("vndb_remove_list_entry", { vn: direct.results[0]!.title as string, confirm: true });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/call again with "vn": "v3"/);
    expect(await stored(e, "v3")).toBeDefined();
  });

  it("says when the VN is not on the list", async () => {
    const e = await writer();
    const r = await e.call("vndb_remove_list_entry", { vn: "v17", confirm: true });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/not on Yorhel's list; nothing to remove/);
  });
});

describe("release list", () => {
  it("adds a release with a status, adds its VN, and reads the status back", async () => {
    const e = await writer();
    expect(await stored(e, "v469")).toBeUndefined();
    const r = await e.call("vndb_update_release_entry", { release: "r1001", status: "obtained" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/Added r1001 .*: status none → obtained/);
    expect(r.text).toMatch(/Also added v469 to Yorhel's VN list/);
    expect(r.structured?.status).toBe("obtained");
    const vnEntry = await stored(e, "v469");
    expect(vnEntry?.releases).toEqual([expect.objectContaining({ id: "r1001", list_status: 2 })]);
  });

  it("changes the status of a release already on the list", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_release_entry", { release: "r1006", status: "on_loan" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Updated r1006/);
    expect((await stored(e, "v473"))?.releases[0]?.list_status).toBe(3);
  });

  it("previews, then removes with confirm, keeping the VN on the list", async () => {
    const e = await writer();
    const preview = await e.call("vndb_remove_release_entry", { release: "r1006" });
    expect(preview.text).toMatch(/^Preview: this would remove r1006/);
    expect((await stored(e, "v473"))?.releases).toHaveLength(1);
    const r = await e.call("vndb_remove_release_entry", { release: "r1006", confirm: true });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Removed r1006/);
    const vn = await stored(e, "v473");
    expect(vn).toBeDefined();
    expect(vn?.releases ?? []).toHaveLength(0);
  });

  it.each([
    [{ release: "r99999999" }, /Input validation|not a release id/],
    [{ release: "r1001", status: "lost" }, /Input validation error/],
  ])("refuses %j", async (args, message) => {
    const e = await writer();
    const r = await e.call("vndb_update_release_entry", args);
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(message);
  });
});
