// Issue 21, cause 3 through a real SDK client against the emulator: with a token that reads
// its owner's list, "is it on my list?" needs no extra call. Search hits carry the list status,
// a release search the release-list status, a list lookup that misses names the VN it looked
// for, and the write tools say up front what a refusal writes and what the reply shows.
// Expected statuses come from direct API calls as the token owner.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";
import { RELEASE_STATUSES } from "../../src/tools/lists/list-entries.js";

let owner: Emulated;
let anon: Emulated;
let noRead: Emulated;
beforeAll(async () => {
  owner = await startEmulated({ config: { token: TOKENS.u2Writer } });
  anon = await startEmulated();
  noRead = await startEmulated({ config: { token: TOKENS.u2Nothing } });
});
afterAll(async () => {
  await owner.close();
  await anon.close();
  await noRead.close();
});

type Entry = { id: string; vote: number | null; labels: { id: number; label: string }[]; releases?: { id: string; list_status: number }[] };
const entries = async (filters: unknown, fields: string) =>
  (await owner.api.query("ulist", { user: "u2", filters, fields, results: 100 } as never)).results as unknown as Entry[];

describe("search hits carry the token owner's list status", () => {
  it("a VN search says which hits are on the list, with labels and vote, and which are not", async () => {
    const r = await owner.call("vndb_search_vn", { query: "utawarerumono", fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    const hits = (r.structured!.results as { id: string }[]).map((x) => x.id);
    const listed = await entries(["or", ...hits.map((id) => ["id", "=", id])], "vote,labels{id,label}");
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(hits.length);
    for (const e of listed) {
      const labels = e.labels.filter((l) => l.id !== 7).map((l) => l.label);
      expect(r.text).toContain(`${e.id} (${[...labels, ...(e.vote ? [`vote ${e.vote / 10}/10`] : [])].join(", ") || "no label"})`);
    }
    const off = hits.filter((id) => !listed.some((e) => e.id === id));
    expect(r.text).toContain(`Not on it: ${off.join(", ")}.`);
  });

  it("a release search says the release-list status of each hit", async () => {
    const r = await owner.call("vndb_search_release", { query: "H2O", fields: "brief", results: 5 });
    expect(r.isError, r.text).toBe(false);
    const onList = (await entries(["id", "=", "v473"], "releases{list_status}")).flatMap((e) => e.releases ?? []);
    expect(onList.length).toBeGreaterThan(0);
    for (const rel of onList) expect(r.text).toContain(`${rel.id} (${RELEASE_STATUSES[rel.list_status]})`);
    expect(r.text).toMatch(/^On Yorhel's release list: /m);
  });

  it("says nothing of a list without a token, or with a token that may not read the list", async () => {
    for (const server of [anon, noRead]) {
      const r = await server.call("vndb_search_vn", { query: "utawarerumono", fields: "brief" });
      expect(r.isError, r.text).toBe(false);
      expect(r.text).not.toMatch(/on it|'s list/i);
    }
  });
});

describe("a list lookup that misses", () => {
  it("names the VN it looked for", async () => {
    expect(await entries(["id", "=", "v17"], "vote")).toEqual([]);
    const r = await owner.call("vndb_get_user_list", { filters: { id: "v17" } });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain("Not on this list: v17 Ever17 -the out of infinity-.");
  });

  it("a lookup by title names the VN the title finds on VNDB, which is not on the list", async () => {
    const [best] = (await owner.api.query("vn", { filters: ["search", "=", "Ever17"], fields: "title", sort: "searchrank", results: 1 } as never)).results as { id: string; title: string }[];
    expect(best).toBeDefined();
    expect(await entries(["id", "=", best!.id], "vote")).toEqual([]);
    const r = await owner.call("vndb_get_user_list", { query: "Ever17" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`VNDB's best match for "Ever17" is ${best!.id} ${best!.title}, which is not on this list.`);
    // With another filter, the entry may be on the list outside it: not claimed absent.
    const [onList] = (await owner.api.query("ulist", { user: "u2", filters: ["search", "=", "H2O"], fields: "vn{title}", results: 1 } as never)).results as { id: string }[];
    expect(onList).toBeDefined();
    const f = await owner.call("vndb_get_user_list", { query: "H2O", filters: { label: "Finished" } });
    expect(f.text).toMatch(/No list entries found/);
    expect(f.text).toMatch(/best match for "H2O" is v\d+ [^\n]*; it is not among the list entries these filters select\./);
    expect(f.text).not.toMatch(/which is not on this list/);
  });

  it("says when the VN is on the list but outside the other filters", async () => {
    const [e] = await entries(["id", "=", "v473"], "labels{id,label}");
    expect(e).toBeDefined();
    expect(e!.labels.some((l) => l.label === "Finished")).toBe(false);
    const r = await owner.call("vndb_get_user_list", { filters: { id: "v473", label: "Finished" } });
    expect(r.text).toMatch(/v473 H2O -FOOTPRINTS IN THE SAND- is on this list \([^)]*\) but outside the other filters\./);
  });
});

describe("write tools say up front what a refusal writes and what the reply shows", () => {
  it("the update tools promise before → after and that a refused label or date writes nothing", async () => {
    const { tools } = await owner.client.listTools();
    const update = tools.find((t) => t.name === "vndb_update_list_entry")!;
    expect(update.description).toMatch(/labels cannot be created: an unknown one or a bad date is refused, nothing written/);
    expect(update.description).toMatch(/before → after/);
    expect(tools.find((t) => t.name === "vndb_update_release_entry")!.description).toMatch(/before → after/);
  });

  it("and keeps the promise: a refused label leaves the entry as it was", async () => {
    const before = await entries(["id", "=", "v473"], "vote,labels{id,label}");
    const r = await owner.call("vndb_update_list_entry", { vn: "v473", labels_set: ["No such label"], vote: 7 });
    expect(r.isError).toBe(true);
    expect(await entries(["id", "=", "v473"], "vote,labels{id,label}")).toEqual(before);
  });
});
