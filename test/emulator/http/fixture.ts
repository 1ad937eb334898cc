// A small catalogue for the HTTP-layer tests: a few VNs and releases (one release of two
// VNs, one hidden VN), users with public, private and custom labels, list entries that are
// public, private by their labels, or private for having none, and tokens of every kind.
import { encodeToken } from "../../../src/kana/token.js";
import type { Catalogue, LabelRow, UlistRow } from "../../../src/emulator/catalogue/types.js";
import { stubRelease, stubVn, vectorsCatalogue } from "../../../src/emulator/presets/vectors.js";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../../src/emulator/index.js";

const bytes = (fill: number) => new Uint8Array(16).fill(fill);

export const TOKENS = {
  u2rw: "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy",
  u2read: encodeToken(2, bytes(1)),
  u2none: encodeToken(2, bytes(2)),
  u3read: "nreo-yretn-reoyr-etnr-eoyre-tnreo-gret",
  u3rw: encodeToken(3, bytes(3)),
  /** u4 is a user moderator (may read private labels) without token permissions. */
  u4mod: "rety-yetnr-etyye-tnre-tyyet-nrety-eetn",
  /** Well-formed, embeds u2, unknown to the database. */
  unknown: encodeToken(2, bytes(9)),
} as const;

/** The epoch second the tests' clocks start at. */
export const T0 = Date.UTC(2024, 0, 2, 3, 4, 5);

const label = (uid: string, id: number, text: string, priv: boolean): LabelRow => ({ uid, id, label: text, private: priv });
const entry = (uid: string, vid: string, labels: number[], vote: number | null = null): UlistRow => ({
  uid,
  vid,
  added: 1000,
  lastmod: 2000,
  voteDate: vote === null ? null : 1500,
  vote,
  started: null,
  finished: null,
  notes: "",
  labels,
});

export function fixtureCatalogue(): Catalogue {
  const c = vectorsCatalogue();
  c.vn = ["v1", "v2", "v3", "v4", "v5", "v11", "v17"].map(stubVn);
  c.vn.push({ ...stubVn("v9"), hidden: true });
  const r2 = stubRelease("r2", "v1");
  r2.vns.push({ vn: "v2", rtype: "complete" });
  c.release = [stubRelease("r1", "v1"), r2, stubRelease("r3", "v3"), { ...stubRelease("r8", "v1"), hidden: true }];
  c.users = [
    { id: "u2", username: "testuser" },
    { id: "u3", username: "reader" },
    { id: "u4", username: "nobody", usermod: true },
    { id: "u7", username: null },
  ];
  c.labels = [
    label("u2", 1, "Playing", false),
    label("u2", 2, "Finished", false),
    label("u2", 5, "Wishlist", false),
    label("u2", 7, "Voted", true),
    label("u2", 10, "Secret", true),
    label("u2", 11, "Alpha", false),
    label("u2", 12, "Zeta", false),
  ];
  c.ulist = [
    entry("u2", "v1", [1]),
    entry("u2", "v2", [10]),
    entry("u2", "v3", []),
    entry("u2", "v4", [7], 80),
    entry("u2", "v5", [1, 7], 70),
  ];
  c.lengthVotes = [
    { uid: "u2", vid: "v1", minutes: 300 },
    { uid: "u2", vid: "v2", minutes: 600 },
  ];
  c.tokens = [
    { token: TOKENS.u2rw, uid: "u2", listread: true, listwrite: true, note: "" },
    { token: TOKENS.u2read, uid: "u2", listread: true, listwrite: false, note: "" },
    { token: TOKENS.u2none, uid: "u2", listread: false, listwrite: false, note: "" },
    { token: TOKENS.u3read, uid: "u3", listread: true, listwrite: false, note: "" },
    { token: TOKENS.u3rw, uid: "u3", listread: true, listwrite: true, note: "" },
    { token: TOKENS.u4mod, uid: "u4", listread: false, listwrite: false, note: "" },
  ];
  return c;
}

/** The fixture behind the `catalogue` preset's rules (calendar dates checked). */
export function startFixture(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ port: 0, preset: "catalogue", catalogue: fixtureCatalogue(), ...options });
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** One request; `token` becomes the Authorization header, a `json` body gets its Content-Type. */
export async function call(
  emulator: Emulator,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token !== undefined) headers.Authorization = `Token ${opts.token}`;
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers["Content-Type"] ??= "application/json";
  }
  const res = await fetch(`${emulator.url}${path}`, { method, headers, body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
