// Behaviour the recorded vectors cannot show (their stub database returns no rows) but the
// reference specifies, checked over HTTP against a small catalogue built here. Each case
// names the rule it checks; where the reference is terse, the SQL it was written from
// (lib/VNWeb/AdvSearch.pm at the reference's snapshot) decides, and the comment says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blankCharacter, blankRelease, blankVn } from "../../../src/emulator/catalogue/blank-rows.js";
import type { Catalogue, CharacterRow, ReleaseRow } from "../../../src/emulator/catalogue/types.js";
import { startEmulator, type Emulator } from "../../../src/emulator/index.js";
import { vectorsCatalogue } from "../../../src/emulator/presets/vectors.js";
import { call } from "./fixture.js";

function release(id: string, o: Partial<ReleaseRow>): ReleaseRow {
  return { ...blankRelease(id, "en"), titles: [{ lang: "en", title: id, latin: null, mtl: false }], vns: [{ vn: "v1", rtype: "complete" }], ...o };
}

function character(id: string, o: Partial<CharacterRow>): CharacterRow {
  return { ...blankCharacter(id, id), vns: [{ vn: "v1", release: null, spoiler: 0, role: "main" }], ...o };
}

/**
 * Releases: r1 a plain 800×600 release, r2 a patch with a known resolution and voicing,
 * r3 a patch without animation data, r4 a release whose animation is unknown.
 */
function catalogue(): Catalogue {
  const c = vectorsCatalogue();
  const vn = (id: string, lengthVotes: number[]) => ({
    ...blankVn(id, "en"),
    titles: [{ lang: "en", title: id, latin: null, official: true }],
    lengthVotes,
  });
  c.vn = [vn("v1", []), vn("v2", [100, 101]), vn("v3", [101, 102]), vn("v4", [100, 110, 130])];
  c.release = [
    release("r1", { resoX: 800, resoY: 600, voiced: 4, aniStorySp: "hand", aniBg: true }),
    release("r2", { patch: true, resoX: 800, resoY: 600, voiced: 4, aniStorySp: "hand", aniBg: true }),
    release("r3", { patch: true }),
    release("r4", {}),
  ];
  c.character = [
    character("c1", { sex: "f" }), // no gender recorded, female
    character("c2", { sex: "b" }), // no gender recorded, sex "both"
    character("c3", { sex: null }), // nothing recorded
    character("c4", { sex: "m", gender: "f" }),
    character("c5", { sex: "f", spoilSex: "m" }), // no gender, real sex differs
    character("c6", { sex: "m", gender: "m", spoilGender: "o" }),
  ];
  return c;
}

let kana: Emulator;
beforeAll(async () => {
  kana = await startEmulator({ port: 0, preset: "catalogue", catalogue: catalogue() });
});
afterAll(async () => {
  await kana.close();
});

async function ids(endpoint: string, filters: unknown, token?: string): Promise<string[]> {
  const r = await call(kana, "POST", `/${endpoint}`, { json: { filters, results: 100 }, token });
  expect(r.status, r.text).toBe(200);
  return (JSON.parse(r.text).results as { id: string }[]).map((x) => x.id);
}

describe("release filters and patches (§8.4 /release)", () => {
  it.each([
    // `reso_x OP w AND reso_y OP h`: nothing about patches — a patch's resolution counts.
    [["resolution", "=", [800, 600]], ["r1", "r2"]],
    [["resolution_aspect", ">=", [640, 480]], ["r1", "r2"]],
    // voiced: `r.voiced = n`, patches included (only the animation filters exclude them).
    [["voiced", "=", 4], ["r1", "r2"]],
  ])("%j matches %j", async (filter, want) => {
    expect(await ids("release", filter)).toEqual(want);
  });
});

describe("animation flags: patches and unknown values (§8.4 ani_*)", () => {
  // `NOT r.patch AND r.ani_x <test>`; `!=` is the SQL NOT of that, so a patch (where `=` is
  // false) matches `!=`, while an unknown flag (where `=` is NULL) matches neither.
  it.each([
    [["ani_story_sp", "=", "hand"], ["r1"]],
    [["ani_story_sp", "!=", "hand"], ["r2", "r3"]],
    [["ani_story_sp", "=", null], ["r4"]], // a patch never matches `=`, not even "unknown"
    [["ani_story_sp", "!=", null], ["r1", "r2", "r3"]],
    [["ani_bg", "=", 1], ["r1"]],
    [["ani_bg", "!=", 1], ["r2", "r3"]],
    [["ani_bg", "!=", 0], ["r1", "r2", "r3"]],
    [["ani_face", "=", null], ["r1", "r4"]],
    // The legacy fields have the same shape (and never hold NULL).
    [["animation_story", "!=", 0], ["r2", "r3"]],
  ])("%j matches %j", async (filter, want) => {
    expect(await ids("release", filter)).toEqual(want);
  });
});

describe("rlist without a session (§8.4: anonymous → never)", () => {
  // The filter answers `1=0` for anonymous requests whatever the operator.
  it.each([
    ["=", 0],
    ["!=", 0],
    ["!=", 2],
  ])("rlist %s %i matches nothing", async (op, value) => {
    expect(await ids("release", ["rlist", op, value])).toEqual([]);
  });
});

describe("character gender filters (§8.4 gender, gender_spoil)", () => {
  // gender: `c.gender = x`, for x in m/f/unknown `OR (c.gender IS NULL AND c.sex = x)`:
  // "also matches characters without a gender whose sex matches" — sex "b" is not unknown.
  // With no gender recorded and a non-matching sex the test is NULL, so such characters
  // match neither `=` nor `!=`.
  it.each([
    [["gender", "=", "f"], ["c1", "c4", "c5"]],
    [["gender", "=", "unknown"], ["c3"]],
    [["gender", "=", ""], ["c3"]],
    [["gender", "!=", "f"], ["c6"]],
    [["gender", "!=", "m"], ["c4"]],
    [["gender", "=", "o"], []],
    [["gender", "!=", "o"], ["c4", "c6"]],
    // gender_spoil: the spoiler gender, else the gender, else (for m/f/unknown) the real
    // sex — again only an unknown sex counts as "unknown".
    [["gender_spoil", "=", "m"], ["c5"]],
    [["gender_spoil", "=", "unknown"], ["c3"]],
    [["gender_spoil", "=", "o"], ["c6"]],
    // `!=` needs a definite answer: only a recorded spoiler gender (or a recorded gender
    // with none) gives one when the test fails.
    [["gender_spoil", "!=", "f"], ["c6"]],
    [["gender_spoil", "!=", "m"], ["c6"]],
  ])("%j matches %j", async (filter, want) => {
    expect(await ids("character", filter)).toEqual(want);
  });
});

describe("length_minutes (§6.1)", () => {
  // c_length is percentile_cont(0.5) of the votes stored in a smallint column: the median,
  // with PostgreSQL's float-to-integer rounding (half to even).
  it("is the median of the votes, .5 rounded to even", async () => {
    const r = await call(kana, "POST", "/vn", { json: { fields: "length_minutes,length_votes", results: 10 } });
    expect(JSON.parse(r.text).results).toEqual([
      { id: "v1", length_minutes: null, length_votes: 0 },
      { id: "v2", length_minutes: 100, length_votes: 2 },
      { id: "v3", length_minutes: 102, length_votes: 2 },
      { id: "v4", length_minutes: 110, length_votes: 3 },
    ]);
  });
});
