// Issue 12 item 6: the list rules are said where the model reads labels and in the update
// tool; one label format everywhere; notes and dates (or "none") in list entries and write
// replies; whose list an answer shows; whether a release write added its VN; a readable
// release list. Through a real SDK client against the emulator.

import { afterEach, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";

let env: Emulated | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

async function writer(): Promise<Emulated> {
  env = await startEmulated({ config: { token: TOKENS.u2Writer } });
  return env;
}

describe("vndb_get_user_list", () => {
  it("says whose list it shows: the token owner by name, or the user asked for", async () => {
    const e = await writer();
    const mine = await e.call("vndb_get_user_list", {});
    expect(mine.text).toMatch(/^List of Yorhel \(u2, the token owner\)\./);
    const byName = await e.call("vndb_get_user_list", { user: "yorhel" });
    expect(byName.text).toMatch(/^List of Yorhel \(u2\)\./);
    const byId = await e.call("vndb_get_user_list", { user: "u2" });
    expect(byId.text).toMatch(/^List of Yorhel \(u2\)\./);
  });

  it("shows labels in the one format, names empty dates and notes, and release statuses by name", async () => {
    const e = await writer();
    const r = await e.call("vndb_get_user_list", { fields: "full", filters: { id: "v473" } });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/releases: r1006 [^\n]*\(obtained\)/);
    expect(r.text).not.toMatch(/list_status/);
    for (const blank of ["vote: none", "labels: none", "started: none", "finished: none", "notes: none"]) expect(r.text).toContain(blank);
    const labelled = await e.call("vndb_get_user_list", { fields: "standard", filters: { id: "v6540" } });
    expect(labelled.text).toContain("labels: Playing (id 1), Favourites (id 10)");
    expect(labelled.text).toContain("started: 2024-02-20");
  });
});

describe("write replies", () => {
  it("name notes and dates, \"none\" when empty, in the label format of vndb_list_labels", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v2", vote: 7 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Updated v2 .* on Yorhel's list: vote 6\/10 → 7\/10\./);
    expect(r.text).toContain("Now: vote 7/10; labels: Finished (id 2), Voted (id 7); started none; finished none; notes: none");
  });

  it("a release write says plainly that its VN was already on the VN list", async () => {
    const e = await writer();
    // A release of a VN on u2's list (with only that VN), not itself on the release list.
    const onList = ["v1", "v2", "v3", "v5", "v7", "v10", "v6540"];
    const rel = await e.api.query("release", { filters: ["or", ...onList.map((v) => ["vn", "=", ["id", "=", v]])], fields: "vns{id}", results: 100 });
    const row = rel.results.find((x) => (x.vns as { id: string }[]).length === 1)!;
    const vid = (row.vns as { id: string }[])[0]!.id;
    const r = await e.call("vndb_update_release_entry", { release: row.id as string, status: "pending" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/status none → pending/);
    expect(r.text).toContain(`The VN list is unchanged: ${vid} was already on it.`);
    expect(r.text).not.toMatch(/Also added/);
  });
});

describe("the rules where the model reads them", () => {
  it("the update tool's description says Voted is automatic, labels cannot be created, `labels` replaces", async () => {
    const e = await writer();
    const { tools } = await e.client.listTools();
    const update = tools.find((t) => t.name === "vndb_update_list_entry")!;
    expect(update.description).toMatch(/Voted follows the vote/);
    expect(update.description).toMatch(/labels cannot be created/);
    expect(update.description).toMatch(/`labels` replaces all/);
    expect(Object.keys(update.inputSchema.properties ?? {})).toContain("drop_other_labels");
  });
});
