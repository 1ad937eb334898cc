// Issue 31 item 2 (import) through a real SDK client on the emulator with a writer token:
// the dry run (added, changed, already there, ambiguous, unknown, duplicate), one
// confirmation for the whole batch (declined: nothing written), writes read back, undo, and a
// batch interrupted by the rate budget that says exactly which rows were written and can be
// undone. The list state is read straight from the emulator, not from the tool's answers.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ElicitResult } from "@modelcontextprotocol/client";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";
import { connect, testConfig, type Connected } from "../helpers/mcp-client.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { KanaClient } from "../../src/client/kana-client.js";
import { KanaError } from "../../src/kana/errors.js";
import type { VndbApi } from "../../src/tools/api.js";

let reply: ElicitResult = { action: "accept", content: { confirm: true } };
const asked: string[] = [];
let s: Emulated;
beforeAll(async () => {
  s = await startEmulated({
    config: { token: TOKENS.u2Writer },
    elicit: (message) => {
      asked.push(message);
      return reply;
    },
  });
}, 60_000);
afterAll(async () => {
  await s.close();
});

type Entry = { id: string; vote: number | null; labels: { id: number; label: string }[] };
const listOf = async (api: VndbApi) => {
  const r = await api.query("ulist", { user: "u2", fields: "vote,labels{id,label}", results: 100 } as never);
  return (r.results as unknown as Entry[]).map((e) => ({ id: e.id, vote: e.vote, labels: e.labels.map((l) => l.id).sort() })).sort((a, b) => a.id.localeCompare(b.id));
};

const ROWS = ["https://vndb.org/v17", "v4", "Saya no Uta", "Higurashi", "qqzzxx no such game at all", "v2", "v17"].join("\n");

describe("import: dry run", () => {
  it("sorts every row into add, already there, ambiguous, unknown and duplicate, and writes nothing", async () => {
    const before = await listOf(s.api);
    expect(before.some((e) => e.id === "v2")).toBe(true);
    expect(before.some((e) => ["v17", "v4", "v97"].includes(e.id))).toBe(false);
    const r = await s.call("vndb_update_list_entry", { import: ROWS });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain("7 rows read as one VN per line (titles, ids or vndb.org links)");
    expect(r.text).toMatch(/^Add 3: line 1 v17 .*\[id\].*; line 2 v4 CLANNAD \[id\].*; line 3 v97 Saya no Uta \[exact title\]/m);
    expect(r.text).toMatch(/^Already there 1: line 6 v2 /m);
    expect(r.text).toMatch(/^Ambiguous \(not written; give the id instead\) 1: line 4 "Higurashi" → v\d+/m);
    expect(r.text).toMatch(/^Unknown \(not written\) 1: line 5 "qqzzxx no such game at all"/m);
    expect(r.text).toMatch(/^Duplicates \(not written\) 1: line 7 v17 .*same VN as line 1/m);
    expect(r.text).toContain("Dry run: nothing was written.");
    expect(r.text).toContain("Rows without a status get no label");
    expect(asked).toEqual([]);
    expect(await listOf(s.api)).toEqual(before);
  });
});

describe("import: a title that is one VN's exactly", () => {
  it("means that VN even where its sequels score close (an eval player saw it refused as ambiguous)", async () => {
    const r = await s.call("vndb_update_list_entry", { import: "Gyakuten Saiban\nGyakuten Saiban 3" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/^Add 2: line 1 v711 Gyakuten Saiban \[exact title\].*; line 2 v716 Gyakuten Saiban 3 \[exact title\]/m);
    expect(r.text).not.toContain("Ambiguous");
  });
});

describe("import: this server's own export", () => {
  it("is recognised, and importing a list's export into the same list finds every row already there", async () => {
    const r0 = await s.client.readResource({ uri: "vndb://user/u2/list.csv" });
    const csv = (r0.contents[0] as { text: string }).text;
    const entries = (await listOf(s.api)).length;
    const r = await s.call("vndb_update_list_entry", { import: csv });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(`${entries} rows read as this server's CSV export.`);
    expect(r.text).toMatch(new RegExp(`^Already there ${entries}: `, "m"));
    expect(r.text).toContain("Nothing to write.");
  });
});

describe("import: one confirmation", () => {
  it("declined: nothing is written", async () => {
    const before = await listOf(s.api);
    reply = { action: "decline" };
    asked.length = 0;
    const r = await s.call("vndb_update_list_entry", { import: ROWS, confirm: true });
    expect(r.text).toBe("The user did not confirm; nothing was written.");
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^Write 3 rows to Yorhel \(u2\)'s list \(add 3, change 0\): v17 .*, v4 CLANNAD, v97 Saya no Uta\?$/);
    expect(await listOf(s.api)).toEqual(before);
  });

  it("accepted: the batch is written with its default label, read back, and undone", async () => {
    const before = await listOf(s.api);
    reply = { action: "accept", content: { confirm: true } };
    asked.length = 0;
    const r = await s.call("vndb_update_list_entry", { import: ROWS, confirm: true, labels_set: ["Wishlist"] });
    expect(r.isError, r.text).toBe(false);
    expect(asked).toHaveLength(1);
    expect(r.text).toContain("Written: 3 of 3.");
    for (const id of ["v17", "v4", "v97"]) expect(r.text).toMatch(new RegExp(`^line \\d ${id} .*: added \\(read back: now Wishlist\\)$`, "m"));
    const after = await listOf(s.api);
    for (const id of ["v17", "v4", "v97"]) expect(after.find((e) => e.id === id)?.labels).toEqual([5]);
    const batch = r.structured!.batch as string;
    // Each written row carries its way back, for a client that cannot reach this session again.
    const rows = r.structured!.rows as { vn?: string; outcome?: string; undo?: unknown }[];
    expect(rows.filter((x) => x.undo !== undefined).map((x) => [x.vn, x.undo])).toEqual([["v17", "remove"], ["v4", "remove"], ["v97", "remove"]]);
    expect(r.text).toContain(`Undo: {"undo":"${batch}","confirm":true}`);

    const preview = await s.call("vndb_update_list_entry", { undo: batch });
    expect(preview.text).toMatch(/^Preview: undoing .* remove it \(it was added\)/);
    expect(await listOf(s.api)).toEqual(after);
    const undo = await s.call("vndb_update_list_entry", { undo: batch, confirm: true });
    expect(undo.isError, undo.text).toBe(false);
    expect(undo.text).toContain(`Undid ${batch}: 3 rows.`);
    expect(await listOf(s.api)).toEqual(before);
    const again = await s.call("vndb_update_list_entry", { undo: batch, confirm: true });
    expect(again.isError).toBe(true);
    expect(again.text).toContain(`${batch} was already undone in this session`);
    expect(await listOf(s.api)).toEqual(before);
  });

  it("a tracker CSV changes an entry already there (adds a label, changes the vote), and undo puts it back with Voted kept", async () => {
    const before = await listOf(s.api);
    const v2 = before.find((e) => e.id === "v2")!;
    expect(v2.labels).toContain(7);
    const csv = `series_title,my_status,my_score\n"${"Tsukihime"}",Plan to Read,0\nvndb.org/v2,Playing,80\n`;
    const r = await s.call("vndb_update_list_entry", { import: csv, confirm: true });
    expect(r.text).toContain("read as CSV with columns");
    expect(r.text).toMatch(/line 3 v2 .*: changed \(read back: now [^)]*Playing[^)]*vote 8\)/);
    const undoOfV2 = (r.structured!.rows as { vn?: string; undo?: unknown }[]).find((x) => x.vn === "v2")!.undo;
    expect(undoOfV2).toEqual({ labels_unset: [1], vote: v2.vote });
    const mid = (await listOf(s.api)).find((e) => e.id === "v2")!;
    expect(mid.vote).toBe(80);
    expect(mid.labels).toContain(1);
    const undo = await s.call("vndb_update_list_entry", { undo: r.structured!.batch as string, confirm: true });
    expect(undo.isError, undo.text).toBe(false);
    expect(await listOf(s.api)).toEqual(before);
  });
});

/** The client's own failure when its rate budget is spent (client/kana-client.ts). */
const budgetSpent = (method: string) =>
  new KanaError({ kind: "budget", status: null, message: "rate budget exhausted (window); a slot frees up in 300 s", method, endpoint: "/ulist", attempts: 0, retryAfterMs: 300_000 });

describe("import: interrupted by the rate budget", () => {
  let emulator: Emulator;
  let inner: KanaClient;
  let c: Connected;
  /** After this many PATCH requests, every request fails as a spent budget does, until lifted. */
  let allowedPatches = Infinity;
  let spent = false;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, preset: "test" });
    inner = new KanaClient({ baseUrl: emulator.url, token: TOKENS.u2Writer, rateLimit: { maxRequests: 100_000 }, logger: () => {} });
    const api = new Proxy(inner, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (typeof value !== "function" || prop === "close") return value;
        return (...args: unknown[]) => {
          if (!spent && prop === "patchUlist" && allowedPatches-- <= 0) spent = true;
          if (spent) return Promise.reject(budgetSpent(prop === "query" ? "POST" : "PATCH"));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as VndbApi;
    c = await connect(testConfig({ token: TOKENS.u2Writer }), api, { elicit: () => ({ action: "accept", content: { confirm: true } }) });
  }, 60_000);
  afterAll(async () => {
    await c.close();
    await inner.close();
    await emulator.close();
  });

  const call = async (args: Record<string, unknown>) => {
    const r = await c.client.callTool({ name: "vndb_update_list_entry", arguments: args });
    return { text: (r.content as { text: string }[])[0]!.text, structured: r.structuredContent as Record<string, unknown>, isError: r.isError === true };
  };

  it("says exactly which rows were written, and undo puts back just those", async () => {
    const before = await listOf(inner);
    allowedPatches = 2;
    const r = await call({ import: "v17\nv4\nv97\nv11", confirm: true, labels_set: ["Wishlist"] });
    expect(r.text).toMatch(/^Stopped at line 3 \(v97 Saya no Uta\): VNDB request PATCH \/ulist failed \(budget\): rate budget exhausted.*Written before it: 2 of 4; the rest were not attempted\.$/m);
    expect(r.text).toMatch(/^line 1 v17 .*: sent; VNDB accepted the write; not read back/m);
    expect(r.text).toMatch(/^line 2 v4 CLANNAD: sent; VNDB accepted the write; not read back/m);
    expect(r.text).toMatch(/^line 3 v97 Saya no Uta: not written: VNDB request PATCH \/ulist failed \(budget\)/m);
    expect(r.text).toMatch(/^line 4 v11 .*: not attempted$/m);
    // The emulator holds exactly the two rows the answer calls written.
    const after = await listOf(inner);
    const added = after.filter((e) => !before.some((b) => b.id === e.id)).map((e) => e.id).sort();
    expect(added).toEqual(["v17", "v4"]);
    // Budget back: undo the partial batch.
    spent = false;
    allowedPatches = Infinity;
    const undo = await call({ undo: r.structured.batch as string, confirm: true });
    expect(undo.isError, undo.text).toBe(false);
    expect(undo.text).toContain("2 rows.");
    expect(await listOf(inner)).toEqual(before);
  });
});

describe("import: bad input", () => {
  it("refuses single-entry arguments beside import, too many rows, and an empty text", async () => {
    const mixed = await s.call("vndb_update_list_entry", { import: "v17", vn: "v17" });
    expect(mixed.isError).toBe(true);
    expect(mixed.text).toContain("import takes no vn");
    const many = await s.call("vndb_update_list_entry", { import: Array.from({ length: 51 }, (_, i) => `v${i + 1}`).join("\n") });
    expect(many.isError).toBe(true);
    expect(many.text).toContain("51 rows; one import takes at most 50");
    const empty = await s.call("vndb_update_list_entry", { import: "\n\n" });
    expect(empty.isError).toBe(true);
    expect(empty.text).toContain("No rows to import.");
    const stray = await s.call("vndb_update_list_entry", { vn: "v17", confirm: true });
    expect(stray.isError).toBe(true);
  });
});

describe("import: batch ids across sessions", () => {
  // Two sessions (two connections) of one user on the same VNDB: ids used to restart at import-1 in each.
  it("differ between two sessions of one user, and an undo names what this session knows instead of a bare 'unknown'", async () => {
    const other = await connect(testConfig({ token: TOKENS.u2Writer }), s.api, { elicit: () => ({ action: "accept", content: { confirm: true } }) });
    try {
      reply = { action: "accept", content: { confirm: true } };
      const before = await listOf(s.api);
      const first = await s.call("vndb_update_list_entry", { import: "v17", confirm: true, labels_set: ["Wishlist"] });
      const r2 = await other.client.callTool({ name: "vndb_update_list_entry", arguments: { import: "v4", confirm: true, labels_set: ["Wishlist"] } });
      const a = first.structured!.batch as string;
      const b = (r2.structuredContent as { batch: string }).batch;
      expect(a).toMatch(/^import-[0-9a-f]{8}-\d+$/);
      expect(b).toMatch(/^import-[0-9a-f]{8}-\d+$/);
      expect(a).not.toBe(b);

      // The other session's batch: said to be another session's, with this session's own batch named, and nothing changed.
      const wrong = await s.call("vndb_update_list_entry", { undo: b, confirm: true });
      expect(wrong.isError).toBe(true);
      expect(wrong.text).toContain(`${b} was made in another session (this session's ids start ${a.replace(/\d+$/, "")})`);
      expect(wrong.text).toContain(`This session's imports that can be undone: ${a} (1 row).`);
      expect((await listOf(s.api)).some((e) => e.id === "v4")).toBe(true);

      // An id of no session at all.
      const never = await s.call("vndb_update_list_entry", { undo: "import-1" });
      expect(never.isError).toBe(true);
      expect(never.text).toContain("No import import-1 in this session.");
      expect(never.text).toContain("rows[].undo");

      // Each session undoes its own batch.
      expect((await s.call("vndb_update_list_entry", { undo: a, confirm: true })).isError).toBe(false);
      const undoB = await other.client.callTool({ name: "vndb_update_list_entry", arguments: { undo: b, confirm: true } });
      expect(undoB.isError).toBeFalsy();
      expect(await listOf(s.api)).toEqual(before);
      const none = await s.call("vndb_update_list_entry", { undo: "import-00000000-9" });
      expect(none.text).toContain("This session has no import to undo.");
    } finally {
      await other.close();
    }
  });
});
