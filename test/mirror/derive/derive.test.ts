// The other derivations, one case per rule over small hand-made tables; expected values are
// worked out from VNDB's SQL (sql/func.sql, API.pm) in the comments.
import { afterAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { createDeriver } from "../../../src/mirror/derive/index.js";
import { MirrorInputError } from "../../../src/mirror/errors.js";
import { array } from "../../../src/mirror/derive/copy-values.js";
import { cleanup, releaseRow, run, table, tagRow, userRow, vnRow, vnTitle } from "./harness.js";

afterAll(cleanup);

describe("update_vncache: c_released, c_languages, c_platforms", () => {
  const today = 20261128;
  const tables = () => ({
    vn: table("vn", [vnRow("v1", { olang: "ja" })]),
    vn_titles: table("vn_titles", [vnTitle("v1")]),
    releases: table("releases", [
      releaseRow("r1", { released: 20100101, official: true }), // complete, official: counts for all three
      releaseRow("r2", { released: 20050101 }), // trial: counts for nothing
      releaseRow("r3", { released: 20040101, official: false }), // unofficial: not c_released, but languages/platforms
      releaseRow("r4", { released: 20300101 }), // future: c_released only (> today for languages/platforms)
      releaseRow("r5", { released: 0 }), // unknown date: not c_released; 0 <= today, so languages/platforms
    ]),
    releases_vn: table("releases_vn", [
      { id: "r1", vid: "v1", rtype: "complete" },
      { id: "r2", vid: "v1", rtype: "trial" },
      { id: "r3", vid: "v1", rtype: "partial" },
      { id: "r4", vid: "v1", rtype: "complete" },
      { id: "r5", vid: "v1", rtype: "partial" },
    ]),
    releases_titles: table("releases_titles", [
      { id: "r1", lang: "pt-br", mtl: false, title: "a", latin: null },
      { id: "r2", lang: "de", mtl: false, title: "b", latin: null },
      { id: "r3", lang: "pt-pt", mtl: false, title: "c", latin: null },
      { id: "r3", lang: "ru", mtl: true, title: "c", latin: null }, // machine translation: not a language
      { id: "r4", lang: "fr", mtl: false, title: "d", latin: null },
      { id: "r5", lang: "ja", mtl: false, title: "e", latin: null },
    ]),
    releases_platforms: table("releases_platforms", [
      { id: "r1", platform: "win" },
      { id: "r2", platform: "ps4" },
      { id: "r3", platform: "lin" },
      { id: "r4", platform: "swi" },
      { id: "r5", platform: "mac" },
    ]),
  });

  it("follows the SQL's filters, and sorts in the enum's order, not by name", async () => {
    const { catalogue } = await run(tables(), { today });
    const v = catalogue.vn[0]!;
    // MIN over official, non-trial, known dates: r1 (2010), r4 (2030) → 20100101; r3 is unofficial.
    expect(v.cReleased).toBe(20100101);
    // language enum: … ja(28) … pt-pt(40), pt-br(41) …; r4 is after today, r2 a trial, ru mtl.
    expect(v.cLanguages).toEqual(["ja", "pt-pt", "pt-br"]);
    // platform enum: win, dos, lin, mac …
    expect(v.cPlatforms).toEqual(["win", "lin", "mac"]);
  });

  it("takes `today` as given: a release dated today counts, one dated tomorrow does not", async () => {
    const t = tables();
    const { catalogue: onDay } = await run(t, { today: 20300101 });
    expect(onDay.vn[0]!.cLanguages).toContain("fr");
    const { catalogue: before } = await run(t, { today: 20291231 });
    expect(before.vn[0]!.cLanguages).not.toContain("fr");
  });
});

describe("vn columns VNDB caches in the dump", () => {
  it("c_rating and c_average are ×100; the catalogue (and API.pm) divide by 10; votecount as is", async () => {
    const { catalogue } = await run({
      vn: table("vn", [vnRow("v1", { c_rating: 734, c_average: 701, c_votecount: 1234 }), vnRow("v2")]),
      vn_titles: table("vn_titles", [vnTitle("v1"), vnTitle("v2")]),
    });
    expect(catalogue.vn.map((v) => [v.rating, v.average, v.votecount])).toEqual([
      [73.4, 70.1, 1234],
      [null, null, 0],
    ]);
  });

  it("c_length / c_lengthnum are the recorded play time; `length` 0 stays 0 (unknown)", async () => {
    const { catalogue } = await run({
      vn: table("vn", [vnRow("v1", { c_length: 1234, c_lengthnum: 7, length: 0 }), vnRow("v2", { length: 3 })]),
      vn_titles: table("vn_titles", [vnTitle("v1"), vnTitle("v2")]),
    });
    expect(catalogue.vn[0]).toMatchObject({ cLengthMinutes: 1234, cLengthVotes: 7, length: 0 });
    expect(catalogue.vn[1]!.cLengthMinutes).toBeUndefined();
    expect(catalogue.vn[1]!.length).toBe(3);
  });

  it("c_image is the VN's image when the dump has it; else `image`", async () => {
    const now = await run({ vn: table("vn", [vnRow("v1", { image: "cv1", c_image: "cv2" })]), vn_titles: table("vn_titles", [vnTitle("v1")]) });
    expect(now.catalogue.vn[0]!.image).toBe("cv2");
    const old = await run({ vn: table("vn", [vnRow("v1", { image: "cv1" })], ["id", "olang", "image", "c_votecount", "length", "devstatus", "alias", "description"]), vn_titles: table("vn_titles", [vnTitle("v1")]) });
    expect(old.catalogue.vn[0]!.image).toBe("cv1");
  });
});

describe("update_vn_length_cache, for a dump without c_length (the 2024 dump)", () => {
  const oldVnColumns = ["id", "olang", "image", "c_votecount", "c_rating", "c_average", "length", "devstatus", "alias", "description"];
  const vote = (vid: string, uid: string | null, length: number, speed: number | null) => ({ vid, uid, date: "2026-01-01", length, speed, rid: [], notes: "" });

  it("speed-adjusted median over counted votes, rounded half to even", async () => {
    const { catalogue } = await run({
      vn: table("vn", [vnRow("v1"), vnRow("v2", { devstatus: 1 })], oldVnColumns),
      vn_titles: table("vn_titles", [vnTitle("v1"), vnTitle("v2")]),
      users: table("users", [userRow("u1"), userRow("u2"), userRow("u3"), userRow("u4", { perm_lengthvote: false })]),
      vn_length_votes: table("vn_length_votes", [
        // slow (0): 100 + 100/4*(0-1) = 75; normal: 101; fast (2): 202 + 50*1 = 252
        vote("v1", "u1", 100, 0),
        vote("v1", "u2", 101, 1),
        vote("v1", "u3", 202, 2),
        vote("v1", "u4", 9999, 1), // user without perm_lengthvote: not counted
        vote("v1", null, 9999, 1), // deleted account: u.id IS NULL, not counted
        vote("v1", "u1", 9999, null), // no speed: uncounted
        vote("v2", "u1", 60, 1), // devstatus 1: not counted
      ], ["vid", "uid", "date", "length", "speed", "rid", "notes"]),
    });
    // median of 75, 101, 252 = 101
    expect(catalogue.vn[0]).toMatchObject({ cLengthMinutes: 101, cLengthVotes: 3 });
    expect(catalogue.vn[1]!.cLengthMinutes).toBeUndefined();
    expect(catalogue.vn[1]!.cLengthVotes).toBeUndefined();
    // GET /user lengthvotes: every public vote of a known user, raw length.
    expect(catalogue.lengthVotes.filter((l) => l.uid === "u1").map((l) => l.minutes).sort()).toEqual([100, 60, 9999].sort());
  });

  it("an even count takes the mean of the middle two, then rounds half to even", async () => {
    const { catalogue } = await run({
      vn: table("vn", [vnRow("v1")], oldVnColumns),
      vn_titles: table("vn_titles", [vnTitle("v1")]),
      users: table("users", [userRow("u1"), userRow("u2")]),
      // 60 and 61 → 60.5 → 60 (even); PostgreSQL's float8 → smallint cast.
      vn_length_votes: table("vn_length_votes", [vote("v1", "u1", 60, 1), vote("v1", "u2", 61, 1)], ["vid", "uid", "date", "length", "speed", "rid", "notes"]),
    });
    expect(catalogue.vn[0]!.cLengthMinutes).toBe(60);
  });
});

describe("images", () => {
  it("flag averages ×100 → 0..2 as float4 (API.pm c_sexual_avg::real/100)", async () => {
    const { catalogue } = await run({
      images: table("images", [
        { id: "cv1", width: 256, height: 300, c_votecount: 3, c_sexual_avg: 133, c_sexual_stddev: 0, c_violence_avg: 0, c_violence_stddev: 0, c_weight: 1 },
        { id: "ch2", width: 10, height: 20, c_votecount: 0, c_sexual_avg: 200, c_sexual_stddev: 0, c_violence_avg: 200, c_violence_stddev: 0, c_weight: 1 },
      ]),
    });
    expect(catalogue.images).toEqual([
      { id: "cv1", width: 256, height: 300, sexual: 1.33, violence: 0, votecount: 3 },
      { id: "ch2", width: 10, height: 20, sexual: 2, violence: 2, votecount: 0 },
    ]);
  });
});

describe("characters", () => {
  const char = (id: string) => ({ id, bloodt: "unknown", cup_size: "", sex: "", main_spoil: 0, s_bust: 0, s_waist: 0, s_hip: 0, birthday: 0, height: 0, description: "" });

  it("main name: the name in one of its VNs' olang (edit_committed's c_lang); 'ja' without a VN", async () => {
    const { catalogue } = await run({
      vn: table("vn", [vnRow("v1", { olang: "en" })]),
      vn_titles: table("vn_titles", [vnTitle("v1", "V", "en")]),
      chars: table("chars", [char("c1"), char("c2")]),
      chars_names: table("chars_names", [
        { id: "c1", lang: "en", name: "Alice", latin: null },
        { id: "c1", lang: "ja", name: "アリス", latin: "Arisu" },
        { id: "c2", lang: "en", name: "Bob", latin: null },
        { id: "c2", lang: "ja", name: "ボブ", latin: "Bobu" },
      ]),
      chars_vns: table("chars_vns", [{ id: "c1", vid: "v1", rid: null, role: "main", spoil: 0 }]),
    });
    expect(catalogue.character.map((c) => [c.id, c.name, c.latin])).toEqual([
      ["c1", "Alice", null],
      ["c2", "ボブ", "Bobu"],
    ]);
  });

  it("birthday mmdd, blood type 'unknown' → null, cup '' → null, sex '' → null; traits as given", async () => {
    const { catalogue } = await run({
      chars: table("chars", [{ ...char("c1"), birthday: 1224, bloodt: "ab", sex: "f", spoil_sex: "m", cup_size: "C" }, char("c2")]),
      chars_names: table("chars_names", [
        { id: "c1", lang: "ja", name: "A", latin: null },
        { id: "c2", lang: "ja", name: "B", latin: null },
      ]),
      traits: table("traits", [{ id: "i1", gorder: 0, defaultspoil: 0, sexual: false, searchable: true, applicable: true, name: "t", alias: "", description: "" }]),
      chars_traits: table("chars_traits", [{ id: "c1", tid: "i1", spoil: 2, lie: true }]),
    });
    expect(catalogue.character[0]).toMatchObject({ birthday: [12, 24], bloodType: "ab", sex: "f", spoilSex: "m", cup: "C", traits: [{ trait: "i1", spoiler: 2, lie: true }] });
    expect(catalogue.character[1]).toMatchObject({ birthday: null, bloodType: null, sex: null, cup: null, traits: [] });
  });

  it("the 2024 dump's chars: name/latin/alias on the row, b_month/b_day", async () => {
    const cols = ["id", "image", "gender", "spoil_gender", "bloodt", "cup_size", "main", "s_bust", "s_waist", "s_hip", "b_month", "b_day", "height", "weight", "main_spoil", "age", "name", "latin", "alias", "description"];
    const { catalogue } = await run({
      chars: table("chars", [{ id: "c1", bloodt: "o", cup_size: "", s_bust: 0, s_waist: 0, s_hip: 0, b_month: 3, b_day: 9, height: 160, main_spoil: 0, name: "花子", latin: "Hanako", alias: "Hana\nHa-chan", description: "" }], cols),
    });
    expect(catalogue.character[0]).toMatchObject({ name: "花子", latin: "Hanako", aliases: [{ name: "Hana", latin: null }, { name: "Ha-chan", latin: null }], birthday: [3, 9], height: 160 });
  });
});

describe("late foreign keys", () => {
  it("relations to a VN the dump lacks are dropped and counted; a screenshot of a hidden release keeps its id (the API shows null)", async () => {
    const { catalogue, result } = await run({
      vn: table("vn", [vnRow("v1"), vnRow("v2")]),
      vn_titles: table("vn_titles", [vnTitle("v1"), vnTitle("v2")]),
      vn_relations: table("vn_relations", [
        { id: "v1", vid: "v2", relation: "seq", official: true },
        { id: "v1", vid: "v3", relation: "preq", official: true },
      ]),
      vn_screenshots: table("vn_screenshots", [
        { id: "v1", scr: "sf1", rid: "r99" },
        { id: "v1", scr: "sf2", rid: null },
      ]),
    });
    expect(catalogue.vn[0]!.relations).toEqual([{ vn: "v2", relation: "seq", official: true }]);
    expect(catalogue.vn[0]!.screenshots).toEqual([{ image: "sf1", release: "r99" }]);
    expect(result.dropped).toEqual({ relations: 1, screenshotsWithoutRelease: 1 });
  });

  it("parents absent from the dump are dropped; the main parent comes first, then by id", async () => {
    const { catalogue } = await run({
      tags: table("tags", [tagRow("g1"), tagRow("g2"), tagRow("g10"), tagRow("g20")]),
      tags_parents: table("tags_parents", [
        { id: "g20", parent: "g10", main: false },
        { id: "g20", parent: "g2", main: false },
        { id: "g20", parent: "g1", main: true },
        { id: "g20", parent: "g7", main: false },
      ]),
    });
    expect(catalogue.tag.find((t) => t.id === "g20")!.parents).toEqual(["g1", "g2", "g10"]);
  });
});

describe("releases", () => {
  it("animation bit flags, engine names, gtin 0, drm names, numeric and text links", async () => {
    const { catalogue } = await run({
      releases: table("releases", [
        releaseRow("r1", { ani_story_sp: 0, ani_story_cg: 1, ani_cutscene: 4 + 256, ani_ero_sp: 8 + 16, ani_ero_cg: null, engine: 3, gtin: "4580147070143" }),
        releaseRow("r2"),
      ]),
      engines: table("engines", [{ id: 3, name: "KiriKiri", description: "" }]),
      drm: table("drm", [{ id: 1, disc: false, cdkey: true, activate: false, alimit: false, account: false, online: false, cloud: false, physical: false, name: "Serial key", description: "" }]),
      releases_drm: table("releases_drm", [{ id: "r1", drm: 1, notes: "" }]),
      extlinks: table("extlinks", [
        { id: 1, site: "steam", value: "12345" },
        { id: 2, site: "website", value: "https://example.org/" },
      ]),
      releases_extlinks: table("releases_extlinks", [
        { id: "r1", link: 1 },
        { id: "r1", link: 2 },
      ]),
    });
    expect(catalogue.release[0]).toMatchObject({
      aniStorySp: "no",
      aniStoryCg: "na",
      aniCutscene: "hand",
      aniEroSp: "vect",
      aniEroCg: null,
      engine: "KiriKiri",
      gtin: "4580147070143",
      drm: ["Serial key"],
      extlinks: [
        { site: "steam", value: 12345 },
        { site: "website", value: "https://example.org/" },
      ],
    });
    expect(catalogue.release[1]).toMatchObject({ engine: "", gtin: "", drm: [], extlinks: [] });
  });
});

describe("input errors", () => {
  it("a table without a needed column is a MirrorInputError naming the table and column", () => {
    const d = createDeriver({ today: 20261128 });
    expect(() => d.table("vn_titles", ["id", "lang", "title"])).toThrow(MirrorInputError);
    expect(() => d.table("vn_titles", ["id", "lang", "title"])).toThrow(/vn_titles lacks column official/);
  });

  it("a value that does not parse names the table and row, or the part of the build", async () => {
    const d = createDeriver({ today: 20261128 });
    const sink = d.table("tags_vn", ["date", "tag", "vid", "uid", "vote", "spoiler", "ignore", "lie", "notes"]);
    expect(() => sink.row(["2026-01-01", "g1", "v1", "u1", "2", null, "maybe", null, ""])).toThrow(/dump table tags_vn, row 1: not a boolean: "maybe"/);
    await expect(run({ releases: table("releases", [releaseRow("r1", { released: "soon" })]) })).rejects.toThrow(/deriving releases: not a number: "soon"/);
  });

  it("a bad `today` is refused", () => {
    expect(() => createDeriver({ today: 2026 })).toThrow(/YYYYMMDD/);
  });

  it("array literals as PostgreSQL prints them", () => {
    expect(array('{a,"b c","d\\"e",NULL,"NULL",""}')).toEqual(["a", "b c", 'd"e', null, "NULL", ""]);
    expect(array("{}")).toEqual([]);
    expect(() => array("{a")).toThrow(MirrorInputError);
  });
});

describe("the tags and traits JSON dumps", () => {
  it("stand in for a database dump without the tags table", async () => {
    const dir = mkdtempSync(join(tmpdir(), "derive-json-"));
    const file = join(dir, "vndb-tags-2026-11-27.json.gz");
    writeFileSync(file, gzipSync(JSON.stringify([{ id: 5, name: "Fantasy", description: "d", vns: 9, cat: "cont", aliases: ["a"], meta: false, searchable: true, applicable: true, parents: [2] }, { id: 2, name: "Theme", description: "", vns: 1, cat: "cont", aliases: [], meta: true, searchable: false, applicable: false, parents: [] }])));
    const { catalogue } = await run({}, { extras: { tagsJson: file } });
    expect(catalogue.tag).toEqual([
      { id: "g5", name: "Fantasy", aliases: ["a"], description: "d", category: "cont", searchable: true, applicable: true, parents: ["g2"] },
      { id: "g2", name: "Theme", aliases: [], description: "", category: "cont", searchable: false, applicable: false, parents: [] },
    ]);
  });
});
