// Issue 10 item 5: a list write is never misreported and never loses data silently. Each
// case goes through a real SDK client and the emulator, with the upstream failure injected
// by the emulator's fault queue (src/emulator/http/faults.ts). The stored state is checked
// with direct POST /ulist calls, not through the tools.

import { KanaClient } from "../../src/client/kana-client.js";
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

/** What the emulator holds, read by a client of its own (the server's may have seen VNDB "down"). */
async function stored(e: Emulated, vid: string) {
  const reader = new KanaClient({ baseUrl: e.emulator.url, token: TOKENS.u2Writer, logger: () => undefined });
  const r = await reader.query("ulist", {
    filters: ["id", "=", vid],
    user: "u2",
    fields: "vote,notes,labels{id,label},releases{list_status}",
  });
  await reader.close();
  return r.results[0] as unknown as
    | { vote: number | null; notes: string | null; labels: { id: number }[]; releases: { id: string; list_status: number }[] }
    | undefined;
}
const labelIds = (entry: { labels: { id: number }[] } | undefined) => entry?.labels.map((l) => l.id).sort((a, b) => a - b);

/** Every attempt of the client (3, with retries) answered by the fault. */
const ALL_ATTEMPTS = 3;

describe("`labels` (replace) never drops labels the call did not name", () => {
  it("refuses a replace that would drop Playing and Favourites, names them, and writes nothing", async () => {
    const e = await writer();
    expect(labelIds(await stored(e, "v6540"))).toEqual([1, 10]);
    const r = await e.call("vndb_update_list_entry", { vn: "v6540", labels: ["Finished"] });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/would remove Playing \(id 1\), Favourites \(id 10\)/);
    expect(r.text).toMatch(/labels_set\/labels_unset/);
    expect(r.text).toMatch(/"drop_other_labels": true/);
    expect(labelIds(await stored(e, "v6540"))).toEqual([1, 10]);
  });

  it("replaces with drop_other_labels: true and says which labels were removed", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v6540", labels: ["Finished"], drop_other_labels: true });
    expect(r.isError, r.text).toBe(false);
    expect(labelIds(await stored(e, "v6540"))).toEqual([2]);
    expect(r.text).toMatch(/labels removed: Playing \(id 1\), Favourites \(id 10\)/);
    expect(r.text).toMatch(/label added: Finished \(id 2\)/);
  });

  it("lets a replace through when every label kept is named", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v6540", labels: ["Playing", "Favourites", "Finished"] });
    expect(r.isError, r.text).toBe(false);
    expect(labelIds(await stored(e, "v6540"))).toEqual([1, 2, 10]);
  });
});

describe("the write succeeded but the read-back failed", () => {
  it("update: says written, could not read it back, and what was sent", async () => {
    const e = await writer();
    // The first POST /ulist is the read before the write; the next one (a 500 is not retried) fails.
    e.emulator.faults.inject({ kind: "internal-error", method: "POST", path: "/ulist", skip: 1 });
    const r = await e.call("vndb_update_list_entry", { vn: "v17", vote: 9, labels_set: ["Finished"] });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Written: VNDB confirmed the write to v17/);
    expect(r.text).toMatch(/could not be read back \(VNDB refused POST \/ulist \(HTTP 500\)/);
    expect(r.text).toMatch(/Sent: vote 9\/10; add Finished \(id 2\)\./);
    expect(r.text).toMatch(/vndb_get_user_list \{"filters":\{"id":"v17"\}/);
    expect((await stored(e, "v17"))?.vote).toBe(90);
  });

  it("delete: says removed, could not read it back", async () => {
    const e = await writer();
    e.emulator.faults.inject({ kind: "internal-error", method: "POST", path: "/ulist", skip: 1 });
    const r = await e.call("vndb_remove_list_entry", { vn: "v3", confirm: true });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Written: VNDB confirmed the removal of v3 /);
    expect(r.text).toMatch(/could not be read back/);
    expect(await stored(e, "v3")).toBeUndefined();
  });

  it("release delete: says removed, could not read it back", async () => {
    const e = await writer();
    // readReleaseEntry reads /release then /ulist, before and after: fail the second /ulist.
    e.emulator.faults.inject({ kind: "internal-error", method: "POST", path: "/ulist", skip: 1 });
    const r = await e.call("vndb_remove_release_entry", { release: "r1006", confirm: true });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Written: VNDB confirmed the removal of r1006 /);
    expect((await stored(e, "v473"))?.releases ?? []).toHaveLength(0);
  });
});

describe("the write landed but VNDB's answer was lost", () => {
  it("update, read-back works: reports the write as applied, from the read-back", async () => {
    const e = await writer();
    e.emulator.faults.inject({ kind: "lost-answer", method: "PATCH", count: ALL_ATTEMPTS });
    const r = await e.call("vndb_update_list_entry", { vn: "v1", vote: 8 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Updated v1 .*: vote 3\/10 → 8\/10\./);
    expect(r.text).toMatch(/answer to the write was lost .*the read-back shows it applied/);
    expect((await stored(e, "v1"))?.vote).toBe(80);
  });

  it("update, read-back fails too: says it may have been applied and how to check", async () => {
    const e = await writer();
    e.emulator.faults.inject({ kind: "lost-answer", method: "PATCH", count: ALL_ATTEMPTS });
    e.emulator.faults.inject({ kind: "reset", method: "POST", path: "/ulist", skip: 1, count: ALL_ATTEMPTS });
    const r = await e.call("vndb_update_list_entry", { vn: "v1", vote: 8 });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/may have been applied: VNDB's answer was lost/);
    expect(r.text).not.toMatch(/^VNDB request/);
    expect(r.text).toMatch(/Sent: vote 8\/10\./);
    expect(r.text).toMatch(/Check with vndb_get_user_list \{"filters":\{"id":"v1"\}.* before trying again/);
    expect((await stored(e, "v1"))?.vote).toBe(80);
  });

  it("release write: reports it applied, and that its VN was added", async () => {
    const e = await writer();
    e.emulator.faults.inject({ kind: "lost-answer", method: "PATCH", count: ALL_ATTEMPTS });
    const r = await e.call("vndb_update_release_entry", { release: "r1001", status: "obtained" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Added r1001 .*: status none → obtained\./);
    expect(r.text).toMatch(/answer to the write was lost/);
    expect(r.text).toMatch(/Also added v469 to Yorhel's VN list/);
  });
});

describe("what VNDB stored is compared with what was asked", () => {
  it("a 200 with a garbage body and nothing stored is reported as not applied", async () => {
    const e = await writer();
    e.emulator.faults.inject({ kind: "malformed-json", method: "PATCH" });
    const r = await e.call("vndb_update_list_entry", { vn: "v2", vote: 10 });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^Not applied as asked: .*vote is 6\/10, not 10\/10/);
    expect(r.text).not.toMatch(/Updated/);
    expect((await stored(e, "v2"))?.vote).toBe(60);
  });

  it("labels_set with an id that is no label says so instead of \"Updated\"", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v2", labels_set: [99] });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/no label with id 99 exists on this list/);
    expect(r.text).not.toMatch(/Updated/);
  });

  it("blank notes on an entry without notes are a no-op, reported as one", async () => {
    const e = await writer();
    const r = await e.call("vndb_update_list_entry", { vn: "v2", notes: "   " });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^No change: v2 .* already had what was asked/);
  });

  it("a release write that VNDB acknowledged without storing is not applied", async () => {
    const e = await writer();
    e.emulator.faults.inject({ kind: "malformed-json", method: "PATCH" });
    const r = await e.call("vndb_update_release_entry", { release: "r1006", status: "on_loan" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^Not applied as asked: .*status is obtained, not on_loan/);
  });

  it("a delete VNDB acknowledged without removing says it was not removed", async () => {
    const e = await writer();
    e.emulator.faults.inject({ kind: "malformed-json", method: "DELETE" });
    const r = await e.call("vndb_remove_list_entry", { vn: "v3", confirm: true });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/^Not removed: /);
    expect(await stored(e, "v3")).toBeDefined();
  });
});
