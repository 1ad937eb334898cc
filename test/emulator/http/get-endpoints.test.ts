// GET /user, /authinfo, /ulist_labels (privacy rules of §4.5), /stats and /schema over HTTP.
// The fixture's u2 has public labels 1, 2, 5, 11 "Alpha", 12 "Zeta", private 7 "Voted" and
// 10 "Secret"; entries v1 [1], v2 [10] (private), v3 [] (private), v4 [7] vote 80
// (private: Voted is private for u2), v5 [1,7] vote 70.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/emulator/index.js";
import { call, startFixture, TOKENS } from "./fixture.js";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startFixture();
});
afterAll(async () => {
  await emulator.close();
});

const get = (path: string, token?: string) => call(emulator, "GET", path, { token });
const json = async (path: string, token?: string) => {
  const r = await get(path, token);
  expect(r.status, r.text).toBe(200);
  expect(r.headers.get("content-type")).toBe("application/json");
  return JSON.parse(r.text) as unknown;
};

const PUBLIC_VIEW = [
  { id: 1, label: "Playing", private: false, count: 2 },
  { id: 2, label: "Finished", private: false, count: 0 },
  { id: 5, label: "Wishlist", private: false, count: 0 },
  { id: 7, label: "Voted", private: true, count: 1 },
  { id: 11, label: "Alpha", private: false, count: 0 },
  { id: 12, label: "Zeta", private: false, count: 0 },
];
const OWNER_VIEW = [
  { id: 1, label: "Playing", private: false, count: 2 },
  { id: 2, label: "Finished", private: false, count: 0 },
  { id: 5, label: "Wishlist", private: false, count: 0 },
  { id: 7, label: "Voted", private: true, count: 2 },
  { id: 11, label: "Alpha", private: false, count: 0 },
  { id: 10, label: "Secret", private: true, count: 1 },
  { id: 12, label: "Zeta", private: false, count: 0 },
  { id: 0, label: "No label", private: true, count: 2 },
];

describe("GET /ulist_labels privacy", () => {
  it.each([
    ["anonymous", undefined, PUBLIC_VIEW],
    ["u2 without listread", TOKENS.u2none, PUBLIC_VIEW],
    ["u3 with listread (another user)", TOKENS.u3read, PUBLIC_VIEW],
    ["u2 with listread", TOKENS.u2read, OWNER_VIEW],
    ["u2 with listread + listwrite", TOKENS.u2rw, OWNER_VIEW],
    ["a user moderator", TOKENS.u4mod, OWNER_VIEW],
  ])("%s sees the right labels and counts", async (_who, token, want) => {
    expect(await json("/ulist_labels?user=u2&fields=count", token)).toEqual({ labels: want });
  });

  it("omits count unless asked, and defaults to the authenticated user", async () => {
    const body = (await json("/ulist_labels", TOKENS.u2read)) as { labels: object[] };
    expect(body.labels).toEqual(OWNER_VIEW.map(({ count: _c, ...rest }) => rest));
  });

  it("a bare number is a user id; an unknown user has no labels", async () => {
    expect(await json("/ulist_labels?user=2&fields=count")).toEqual({ labels: PUBLIC_VIEW });
    expect(await json("/ulist_labels?user=u99")).toEqual({ labels: [] });
  });

  it.each(["", "?user=x", "?user=u0", "?user=U2", "?user=u2&user=u3", "?user=u2&fields=COUNT", "?user=u2&fields=count,count", "?user=%C3%28"])(
    "answers 400 Invalid argument for %s (anonymous)",
    async (query) => {
      const r = await get(`/ulist_labels${query}`);
      expect([r.status, r.text, r.headers.get("content-type")]).toEqual([400, "Invalid argument\n", "text"]);
    },
  );

  it("turns a bad token into 400 Invalid argument with a leftover WWW-Authenticate", async () => {
    const r = await get("/ulist_labels?user=u2", TOKENS.unknown);
    expect([r.status, r.text, r.headers.get("www-authenticate")]).toEqual([400, "Invalid argument\n", "Token"]);
  });
});

describe("GET /user", () => {
  it("looks ids up exactly and names case-insensitively, keyed as given", async () => {
    expect(await json("/user?q=u2&q=READER&q=U3&q=nobody&q=u7&q=ghost")).toEqual({
      u2: { id: "u2", username: "testuser" },
      READER: { id: "u3", username: "reader" },
      U3: null,
      nobody: { id: "u4", username: "nobody" },
      u7: { id: "u7", username: null },
      ghost: null,
    });
  });

  it("adds the length-vote fields when asked (repeated or comma separated)", async () => {
    const want = { u2: { id: "u2", username: "testuser", lengthvotes: 2, lengthvotes_sum: 900 } };
    expect(await json("/user?q=u2&fields=lengthvotes,lengthvotes_sum")).toEqual(want);
    expect(await json("/user?q=u2&fields=lengthvotes&fields=lengthvotes_sum")).toEqual(want);
    expect(await json("/user?q=u3&fields=lengthvotes")).toEqual({ u3: { id: "u3", username: "reader", lengthvotes: 0 } });
  });

  it("ignores tokens, even broken ones", async () => {
    const r = await call(emulator, "GET", "/user?q=u2", { headers: { Authorization: "Bearer x" } });
    expect(r.status).toBe(200);
  });

  it.each(["", "?q=", "?q=%20", "?fields=lengthvotes", "?q=u2&fields=id", "?q=u2&fields=lengthvotes,,lengthvotes_sum", `?${Array.from({ length: 101 }, (_, i) => `q=u${i + 1}`).join("&")}`])(
    "answers 400 Invalid argument for %s",
    async (query) => {
      const r = await get(`/user${query}`);
      expect([r.status, r.text]).toEqual([400, "Invalid argument\n"]);
    },
  );
});

describe("GET /authinfo", () => {
  it.each([
    [TOKENS.u2rw, { id: "u2", username: "testuser", permissions: ["listread", "listwrite"] }],
    [TOKENS.u2read, { id: "u2", username: "testuser", permissions: ["listread"] }],
    [TOKENS.u2none, { id: "u2", username: "testuser", permissions: [] }],
  ])("reports the token's permissions", async (token, want) => {
    expect(await json("/authinfo", token)).toEqual(want);
  });

  it.each([
    [undefined, "Unauthorized\n"],
    [TOKENS.unknown, "Invalid token.\n"],
    ["yyyy", "Invalid token format.\n"],
  ])("answers 401 for %s", async (token, text) => {
    const r = await get("/authinfo", token);
    expect([r.status, r.text, r.headers.get("www-authenticate")]).toEqual([401, text, "Token"]);
  });

  it("treats the site's own Origin as a cookie session and ignores the token", async () => {
    const r = await call(emulator, "GET", "/authinfo", { token: TOKENS.u2rw, headers: { Origin: "https://vndb.org" } });
    expect([r.status, r.text]).toEqual([401, "Unauthorized\n"]);
  });
});

describe("GET /stats and /schema", () => {
  it("counts the non-hidden entries", async () => {
    expect(await json("/stats")).toEqual({ chars: 0, producers: 0, releases: 3, staff: 0, tags: 0, traits: 0, vn: 7 });
  });

  it("serves the committed schema snapshot", async () => {
    const snapshot = JSON.parse(readFileSync(new URL("../../../src/schema/snapshot.json", import.meta.url), "utf8")) as unknown;
    expect(await json("/schema")).toEqual(snapshot);
  });
});
