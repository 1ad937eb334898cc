// List writes over HTTP (reference §12): order of checks, label rules and the Voted-label
// trigger with its quirk, timestamps under an injected clock, the release list adding VNs,
// deletes and their cascade. Expected values are worked out from the reference's rules.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UlistRow } from "../../../src/emulator/catalogue/types.js";
import { getRlist, getUlist } from "../../../src/emulator/database.js";
import { manualClock, startEmulator, type Emulator, type ManualClock } from "../../../src/emulator/index.js";
import { patchedUlistRow } from "../../../src/emulator/lists/list-writes.js";
import { call, fixtureCatalogue, startFixture, T0, TOKENS } from "../http/fixture.js";

let emulator: Emulator;
let clock: ManualClock;
const sec = (ms: number) => Math.floor(ms / 1000);

beforeEach(async () => {
  clock = manualClock(T0);
  emulator = await startFixture({ clock });
});
afterEach(async () => {
  await emulator.close();
});

const row = (uid: string, vid: string) => getUlist(emulator.database, uid, vid);
/** null sends no Authorization header. */
const patch = (path: string, json: unknown, token: string | null = TOKENS.u2rw) =>
  call(emulator, "PATCH", path, { token: token ?? undefined, json });

describe("order of checks for PATCH (§12.1)", () => {
  it.each([
    ["body errors come before authentication", null, "/ulist/v1", { vote: 5 }, 400, "Invalid 'vote' member.\n"],
    ["an invalid token still loses to a body error", "yyyy", "/ulist/v1", { vote: 5 }, 400, "Invalid 'vote' member.\n"],
    ["then the token format", "yyyy", "/ulist/v1", { vote: 60 }, 401, "Invalid token format.\n"],
    ["an unknown well-formed token", TOKENS.unknown, "/ulist/v1", { vote: 60 }, 401, "Invalid token.\n"],
    ["anonymous", null, "/ulist/v1", { vote: 60 }, 401, "Unauthorized\n"],
    ["without listwrite", TOKENS.u2read, "/ulist/v1", { vote: 60 }, 401, "Unauthorized\n"],
    ["then existence, before label 7", TOKENS.u2rw, "/ulist/v1234", { labels: [7] }, 404, "Visual novel not found\n"],
    ["a hidden VN does not exist", TOKENS.u2rw, "/ulist/v9", {}, 404, "Visual novel not found\n"],
    ["a hidden release does not exist", TOKENS.u2rw, "/rlist/r8", {}, 404, "Release not found\n"],
    ["label 7 in labels", TOKENS.u2rw, "/ulist/v1", { labels: [7] }, 400, "Label id 7 cannot be used here\n"],
    ["label 7 in labels_set", TOKENS.u2rw, "/ulist/v1", { labels_set: [7] }, 400, "Label id 7 cannot be used here\n"],
    ["label 7 in labels_unset", TOKENS.u2rw, "/ulist/v1", { labels_unset: [7] }, 400, "Label id 7 cannot be used here\n"],
  ] as const)("%s", async (_name, token, path, json, status, text) => {
    const before = row("u2", "v1");
    const r = await patch(path, json, token);
    expect([r.status, r.text]).toEqual([status, text]);
    if (status === 401) expect(r.headers.get("www-authenticate")).toBe("Token");
    expect(row("u2", "v1")).toEqual(before);
  });

  it("refuses a body that is not a JSON object, whatever the token", async () => {
    for (const body of ["[]", "{bad", ""]) {
      const r = await call(emulator, "PATCH", "/ulist/v1", { body, headers: { "Content-Type": "application/json" } });
      expect([r.status, r.text]).toEqual([400, "Invalid request body.\n"]);
    }
    const r = await call(emulator, "PATCH", "/ulist/v1", { token: TOKENS.u2rw, body: "{}", headers: { "Content-Type": "text/plain" } });
    expect([r.status, r.text]).toEqual([400, "Invalid request body.\n"]);
  });
});

describe("PATCH /ulist creates and updates entries (§12.2)", () => {
  it("creates the entry for {} with added = lastmod = now and nothing else", async () => {
    const r = await patch("/ulist/v11", {});
    expect([r.status, r.text, r.headers.get("content-type")]).toEqual([204, "", null]);
    expect(row("u2", "v11")).toEqual({
      uid: "u2", vid: "v11", added: sec(T0), lastmod: sec(T0), voteDate: null, vote: null,
      started: null, finished: null, notes: "", labels: [],
    });
  });

  it("a first vote adds label 7 and stamps voted; changing it keeps the date", async () => {
    await patch("/ulist/v11", { vote: 60, labels: [1] });
    expect(row("u2", "v11")).toMatchObject({ vote: 60, voteDate: sec(T0), labels: [1, 7] });
    clock.advance(3_600_000);
    await patch("/ulist/v11", { vote: 75 });
    expect(row("u2", "v11")).toMatchObject({ vote: 75, voteDate: sec(T0), added: sec(T0), lastmod: sec(T0) + 3600, labels: [1, 7] });
  });

  it("a first vote on an existing unvoted entry stamps voted now", async () => {
    clock.advance(10_000);
    await patch("/ulist/v1", { vote: 90 });
    expect(row("u2", "v1")).toMatchObject({ vote: 90, voteDate: sec(T0) + 10, added: 1000, labels: [1, 7] });
  });

  it("vote null clears vote, voted and label 7", async () => {
    await patch("/ulist/v5", { vote: null });
    expect(row("u2", "v5")).toMatchObject({ vote: null, voteDate: null, labels: [1] });
  });

  it("replacing labels drops label 7 although the vote stays (the trigger's quirk)", async () => {
    await patch("/ulist/v5", { labels: [2] });
    expect(row("u2", "v5")).toMatchObject({ vote: 70, voteDate: 1500, labels: [2] });
  });

  it("labels_set / labels_unset keep label 7 of a voted entry", async () => {
    await patch("/ulist/v5", { labels_set: [3, 4], labels_unset: [4, 5] });
    expect(row("u2", "v5")?.labels).toEqual([1, 3, 7]);
  });

  it.each([
    [{ labels: [1, 2], labels_set: [3], labels_unset: [2] }, [1, 3]],
    [{ labels: [6, 5, 4] }, [4, 5, 6]],
    [{ labels: null }, []],
    [{ labels_set: [1, 1, 2] }, [1, 2]],
    [{ labels_unset: [1] }, []],
    [{ labels_set: [12], labels_unset: [12] }, [1]],
  ])("labels of an existing entry [1] after %j", async (json, labels) => {
    await patch("/ulist/v1", json);
    expect(row("u2", "v1")?.labels).toEqual(labels);
  });

  it("sets notes, dates; notes null is the empty string", async () => {
    await patch("/ulist/v1", { notes: "  good  ", started: "2023-01-05", finished: "2023-02-01" });
    expect(row("u2", "v1")).toMatchObject({ notes: "good", started: "2023-01-05", finished: "2023-02-01" });
    await patch("/ulist/v1", { notes: null });
    expect(row("u2", "v1")).toMatchObject({ notes: "", started: "2023-01-05", finished: "2023-02-01" });
  });

  it("an impossible calendar day fails as the database would (500), and writes nothing", async () => {
    const r = await patch("/ulist/v1", { started: "2022-02-30" });
    expect([r.status, r.text]).toEqual([500, "Internal server error. Can be temporary, but usually points to a server bug.\n"]);
    expect(row("u2", "v1")?.started).toBeNull();
  });

  it("the vectors preset stores it, as the recorded stub did", async () => {
    const stub = await startEmulator({ port: 0, preset: "vectors" });
    try {
      const r = await call(stub, "PATCH", "/ulist/v17", { token: TOKENS.u2rw, json: { started: "2022-02-30" } });
      expect(r.status).toBe(204);
      expect(getUlist(stub.database, "u2", "v17")?.started).toBe("2022-02-30");
    } finally {
      await stub.close();
    }
  });

  it("writes only the token owner's list", async () => {
    await patch("/ulist/v11", { vote: 50 }, TOKENS.u3rw);
    expect(row("u3", "v11")?.vote).toBe(50);
    expect(row("u2", "v11")).toBeUndefined();
  });
});

describe("PATCH /rlist (§12.3)", () => {
  it("creates with status 0, adds the release's missing VNs as bare entries, leaves present ones", async () => {
    clock.advance(5_000);
    const r = await patch("/rlist/r2", {});
    expect(r.status).toBe(204);
    expect(getRlist(emulator.database, "u2", "r2")).toEqual({ uid: "u2", rid: "r2", status: 0, added: sec(T0) + 5 });
    expect(row("u2", "v1")).toMatchObject({ labels: [1], added: 1000 });
    const other = await startFixture({ clock });
    try {
      await call(other, "PATCH", "/rlist/r3", { token: TOKENS.u3rw, json: { status: 2 } });
      expect(getUlist(other.database, "u3", "v3")).toEqual({
        uid: "u3", vid: "v3", added: sec(T0) + 5, lastmod: sec(T0) + 5, voteDate: null, vote: null,
        started: null, finished: null, notes: "", labels: [],
      } satisfies UlistRow);
      expect(getRlist(other.database, "u3", "r3")?.status).toBe(2);
    } finally {
      await other.close();
    }
  });

  it("updates the status only when given", async () => {
    await patch("/rlist/r1", { status: 3 });
    await patch("/rlist/r1", {});
    expect(getRlist(emulator.database, "u2", "r1")?.status).toBe(3);
    await patch("/rlist/r1", { status: null });
    expect(getRlist(emulator.database, "u2", "r1")?.status).toBe(0);
    const r = await patch("/rlist/r1", { status: 5 });
    expect([r.status, r.text]).toEqual([400, "Invalid 'status' member.\n"]);
  });
});

describe("DELETE (§12.4)", () => {
  it("deleting a VN removes the release-list entries of its releases only", async () => {
    await patch("/rlist/r1", { status: 2 });
    await patch("/rlist/r2", { status: 2 });
    await patch("/rlist/r3", { status: 2 });
    const r = await call(emulator, "DELETE", "/ulist/v1", { token: TOKENS.u2rw });
    expect([r.status, r.text, r.headers.get("content-type")]).toEqual([204, "", null]);
    expect(row("u2", "v1")).toBeUndefined();
    expect(getRlist(emulator.database, "u2", "r1")).toBeUndefined();
    expect(getRlist(emulator.database, "u2", "r2")).toBeUndefined();
    expect(getRlist(emulator.database, "u2", "r3")).toBeDefined();
  });

  it("deleting a release entry leaves the VN entry", async () => {
    await patch("/rlist/r3", {});
    await call(emulator, "DELETE", "/rlist/r3", { token: TOKENS.u2rw });
    expect(getRlist(emulator.database, "u2", "r3")).toBeUndefined();
    expect(row("u2", "v3")).toBeDefined();
  });

  it("needs listwrite first, never checks existence", async () => {
    expect((await call(emulator, "DELETE", "/ulist/v1")).status).toBe(401);
    expect((await call(emulator, "DELETE", "/ulist/v1", { token: TOKENS.u2read })).text).toBe("Unauthorized\n");
    expect((await call(emulator, "DELETE", "/ulist/v9999", { token: TOKENS.u2rw })).status).toBe(204);
    expect((await call(emulator, "DELETE", "/rlist/r0", { token: TOKENS.u2rw })).status).toBe(404);
    expect(row("u2", "v1")).toBeDefined();
  });
});

describe("patchedUlistRow (the pure rule)", () => {
  const base = fixtureCatalogue().ulist.find((r) => r.vid === "v4")!; // labels [7], vote 80
  it.each([
    ["vote kept, labels untouched", {}, { vote: 80, labels: [7], voteDate: 1500 }],
    ["vote changed", { vote: 20 }, { vote: 20, labels: [7], voteDate: 1500 }],
    ["vote removed", { vote: null }, { vote: null, labels: [], voteDate: null }],
    ["labels replaced", { labels: [3] }, { vote: 80, labels: [3], voteDate: 1500 }],
    ["labels replaced while the vote goes", { labels: [3], vote: null }, { vote: null, labels: [3], voteDate: null }],
  ])("%s", (_n, p, want) => {
    expect(patchedUlistRow(base, "u2", "v4", p, 9999)).toMatchObject({ ...want, lastmod: 9999, added: 1000 });
  });
});
