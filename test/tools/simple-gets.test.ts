// The five simple GET tools, valid and invalid arguments, against the emulator.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";

let anon: Emulated;
let writer: Emulated;
beforeAll(async () => {
  anon = await startEmulated();
  writer = await startEmulated({ config: { token: TOKENS.u2Writer } });
});
afterAll(async () => {
  await anon.close();
  await writer.close();
});

describe("vndb_get_stats", () => {
  it("reports every count GET /stats gives", async () => {
    const direct = await anon.api.stats();
    const r = await anon.call("vndb_get_stats");
    expect(r.isError).toBe(false);
    expect(r.structured).toEqual(direct);
    for (const [k, v] of Object.entries(direct)) expect(r.text).toContain(`${k}: ${v.toLocaleString("en-US")}`);
  });
  it("rejects arguments it does not take", async () => {
    expect((await anon.call("vndb_get_stats", { vn: 1 })).isError).toBe(true);
  });
});

describe("vndb_get_schema", () => {
  it("summarises endpoints and enumerations without dumping the schema", async () => {
    const r = await anon.call("vndb_get_schema");
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/^Endpoints and their top-level fields:/);
    expect(r.text).toContain("/vn: ");
    expect(r.text.length).toBeLessThan(JSON.stringify(await anon.api.schema()).length / 3);
  });
  it("shows one endpoint's fields, objects with their sub-fields", async () => {
    const r = await anon.call("vndb_get_schema", { endpoint: "vn" });
    expect(r.text).toMatch(/image\{[^}]*url/);
    expect(r.text).toContain("…all /vn fields");
  });
  it.each([
    ["platform", "win=Windows"],
    ["language", "ja=Japanese"],
  ])("lists the %s enumeration", async (list, expected) => {
    const r = await anon.call("vndb_get_schema", { list });
    expect(r.text).toContain(expected);
  });
  it("lists extlink sites of an endpoint", async () => {
    const r = await anon.call("vndb_get_schema", { list: "extlinks", endpoint: "release" });
    expect(r.text).toMatch(/steam \(Steam\)/);
  });
  it("rejects an unknown endpoint", async () => {
    const r = await anon.call("vndb_get_schema", { endpoint: "games" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Input validation error/);
  });
});

describe("vndb_get_user", () => {
  it("finds users by id and by name and reports unknown ones", async () => {
    const r = await anon.call("vndb_get_user", { users: ["u2", "AYO", "nobody-here"], lengthvotes: true });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/u2: u2 Yorhel/);
    expect(r.text).toMatch(/AYO: u3 ayo/);
    expect(r.text).toMatch(/nobody-here: no such user/);
    expect(r.text).toMatch(/play-time votes/);
  });
  it.each([[{ users: [] }], [{ users: [""] }], [{}]])("rejects %j", async (args) => {
    expect((await anon.call("vndb_get_user", args)).isError).toBe(true);
  });
});

describe("vndb_get_auth_info", () => {
  it("explains that no token is configured", async () => {
    const r = await anon.call("vndb_get_auth_info");
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/No VNDB token is configured/);
  });
  it("names the token's user and permissions", async () => {
    const r = await writer.call("vndb_get_auth_info");
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/Token of Yorhel \(u2\); permissions: listread, listwrite/);
  });
  it("says how to get a missing permission", async () => {
    const reader = await startEmulated({ config: { token: TOKENS.u2Reader } });
    try {
      const r = await reader.call("vndb_get_auth_info");
      expect(r.text).toMatch(/lacks listwrite/);
      expect(r.text).toMatch(/vndb\.org\/u2\/tokens/);
    } finally {
      await reader.close();
    }
  });
});

describe("vndb_list_labels", () => {
  it("lists the token owner's labels with counts, private ones included", async () => {
    const direct = await writer.api.ulistLabels({ fields: "count" });
    const r = await writer.call("vndb_list_labels");
    expect(r.isError).toBe(false);
    for (const l of direct.labels.filter((x) => x.id !== 0)) {
      expect(r.text).toContain(`- ${l.label} (id ${l.id}${l.private ? ", private" : ""}) — ${l.count} ${l.count === 1 ? "entry" : "entries"}`);
    }
    expect(r.text).toMatch(/Hidden gems \(id 11, private\)/);
    // The virtual "No label" row says what it is rather than looking like a label to set.
    expect(r.text).toMatch(/- "No label" \(id 0\): entries with no label other than Voted; filter with label 0/);
    // Whose labels, and the rules a model would otherwise learn from a failed write.
    expect(r.text).toMatch(/^\d+ labels of Yorhel \(u2, the token owner\):/);
    expect(r.text).toMatch(/Voted \(id 7\) follows the vote/);
    expect(r.text).toMatch(/Labels cannot be created through the API/);
    expect(r.text).toMatch(/`labels` replaces the whole set/);
  });
  it("lists another user's public labels by username", async () => {
    const r = await anon.call("vndb_list_labels", { user: "yorhel" });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/labels of Yorhel \(u2\):/);
    expect(r.text).toContain("- Finished (id 2)");
    // Without a token nothing can be written: no editing rules or hints (issue 21).
    expect(r.text).not.toMatch(/vndb_update_list_entry/);
    expect(r.text).not.toMatch(/set or remove a vote|cannot be created/);
    expect(r.text).toMatch(/Voted \(id 7\) is the entries with a vote/);
    expect(r.text).not.toContain("Hidden gems");
  });
  it.each([
    [{}, /No VNDB token is configured/],
    [{ user: "nobody-here" }, /No VNDB user is called "nobody-here"/],
  ])("refuses %j without a token", async (args, message) => {
    const r = await anon.call("vndb_list_labels", args);
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(message);
  });
});
