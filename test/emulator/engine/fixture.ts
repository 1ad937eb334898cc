// A small hand-made catalogue for the engine tests, independent of the real-data
// catalogue. Every row exists to exercise a rule of reference §6–§8 and §11; the
// comments say which.
import type {
  Catalogue,
  CharacterRow,
  ReleaseRow,
  StaffRow,
  VnRow,
} from "../../../src/emulator/catalogue/types.js";
import { blankCharacter, blankRelease, blankVn } from "../../../src/emulator/catalogue/blank-rows.js";
import { createDatabase, type Database } from "../../../src/emulator/database.js";
import type { QueryRequest, Session } from "../../../src/kana/types.js";

/** The fixed "today" of the tests: 2024-06-15. */
export const TODAY = new Date(Date.UTC(2024, 5, 15, 12, 0, 0));
export const clock = { now: () => TODAY };

function vn(id: string, o: Partial<VnRow>): VnRow {
  return { ...blankVn(id, "en"), titles: [{ lang: "en", title: id, latin: null, official: true }], ...o };
}

function release(id: string, o: Partial<ReleaseRow>): ReleaseRow {
  return { ...blankRelease(id, "en"), titles: [{ lang: "en", title: id, latin: null, mtl: false }], ...o };
}

function character(id: string, o: Partial<CharacterRow>): CharacterRow {
  return { ...blankCharacter(id, id), ...o };
}

function staff(id: string, o: Partial<StaffRow>): StaffRow {
  return {
    id,
    lang: "ja",
    gender: null,
    type: "person",
    description: "",
    mainAid: 0,
    aliases: [],
    extlinks: [],
    ...o,
  };
}

export function fixtureCatalogue(): Catalogue {
  return {
    meta: { source: "test fixture", built: "2024-06-15", attribution: "test" },
    images: [
      { id: "cv1", width: 200, height: 300, sexual: 0, violence: 0, votecount: 3 }, // fits 256×400
      { id: "cv2", width: 1000, height: 1000, sexual: 1.5, violence: 0.25, votecount: 4 },
      { id: "cv101", width: 512, height: 800, sexual: 0, violence: 0, votecount: 1 }, // a release image
      { id: "sf1", width: 1920, height: 1080, sexual: 0, violence: 2, votecount: 7 },
      { id: "ch1", width: 100, height: 200, sexual: 0, violence: 0, votecount: 2 },
    ],
    tag: [
      { id: "g1", name: "Fantasy", aliases: ["Magic World"], description: "", category: "cont", searchable: true, applicable: true, parents: [] },
      { id: "g2", name: "High Fantasy", aliases: [], description: "Desc", category: "cont", searchable: true, applicable: true, parents: ["g1"] },
      { id: "g3", hidden: true, name: "Gone", aliases: [], description: "", category: "cont", searchable: true, applicable: true, parents: [] },
      { id: "g4", name: "Sexual Content", aliases: [], description: "", category: "ero", searchable: true, applicable: true, parents: [] },
      { id: "g5", name: "Meta", aliases: [], description: "", category: "tech", searchable: false, applicable: false, parents: [] },
      { id: "g6", name: "Meta Child", aliases: [], description: "", category: "tech", searchable: true, applicable: true, parents: ["g5"] },
    ],
    trait: [
      { id: "i1", name: "Hair", aliases: [], description: "", searchable: false, applicable: false, sexual: false, parents: [] },
      { id: "i2", name: "Blond", aliases: ["Golden Hair"], description: "Yellow", searchable: true, applicable: true, sexual: false, parents: ["i1"] },
      { id: "i3", name: "Personality", aliases: [], description: "", searchable: true, applicable: false, sexual: false, parents: [] },
      { id: "i4", name: "Kind", aliases: [], description: "", searchable: true, applicable: true, sexual: false, parents: ["i3"] },
      { id: "i5", hidden: true, name: "Removed", aliases: [], description: "", searchable: true, applicable: true, sexual: true, parents: ["i3"] },
    ],
    producer: [
      { id: "p1", type: "co", lang: "ja", name: "Key", latin: null, aliases: ["Key Visual Arts"], description: "Studio", extlinks: [{ site: "twitter", value: "key_official" }] },
      { id: "p2", type: "co", lang: "ja", name: "ビジュアルアーツ", latin: "Visual Arts", aliases: [], description: "", extlinks: [] },
      { id: "p3", hidden: true, type: "ng", lang: "ja", name: "Ghost Circle", latin: null, aliases: [], description: "", extlinks: [] },
      { id: "p4", type: "in", lang: "en", name: "Indie Dev", latin: null, aliases: [], description: "", extlinks: [] },
    ],
    vn: [
      vn("v1", {
        olang: "ja",
        titles: [
          { lang: "ja", title: "クラナド", latin: "Clannad", official: true },
          { lang: "en", title: "Clannad", latin: null, official: true },
        ],
        aliases: ["CL", "Kuranado"],
        description: "A [b]story[/b].",
        image: "cv1",
        length: 4,
        lengthVotes: [3000, 2000, 4000], // median 3000: bucket 4 and 5 (boundary)
        rating: 87.2,
        average: 85.1,
        votecount: 300,
        screenshots: [{ image: "sf1", release: "r1" }],
        relations: [
          { vn: "v2", relation: "seq", official: true },
          { vn: "v4", relation: "fan", official: false }, // hidden, still listed
        ],
        tags: [
          { tag: "g2", rating: 2.5, spoiler: 0, lie: false },
          { tag: "g4", rating: 1.0, spoiler: 2, lie: true },
          { tag: "g3", rating: 3.0, spoiler: 0, lie: false }, // hidden tag
        ],
        editions: [{ eid: 1, lang: "en", name: "English edition", official: true }],
        staff: [
          { aid: 1, eid: null, role: "scenario", note: "" },
          { aid: 2, eid: 1, role: "songs", note: "Lyrics" },
        ],
        va: [{ aid: 3, character: "c1", note: "" }],
        extlinks: [
          { site: "renai", value: "clannad" },
          { site: "wikidata", value: 12345 },
        ],
        anime: [100],
        hasReview: true,
      }),
      vn("v2", {
        olang: "ja",
        titles: [{ lang: "ja", title: "智代アフター", latin: "Tomoyo After", official: true }],
        image: "cv2",
        length: 3,
        rating: 80,
        average: 79,
        votecount: 100,
        relations: [{ vn: "v1", relation: "preq", official: true }],
        tags: [{ tag: "g1", rating: 1.5, spoiler: 1, lie: false }],
        staff: [{ aid: 1, eid: null, role: "scenario", note: "" }],
      }),
      vn("v3", {
        titles: [{ lang: "en", title: "Indie Game", latin: null, official: true }],
        devstatus: 1,
        description: "Small",
        lengthVotes: [100], // ignored: in development
        length: 1,
        staff: [
          { aid: 5, eid: null, role: "art", note: "" },
          { aid: 4, eid: null, role: "music", note: "" }, // hidden staff
        ],
        tags: [{ tag: "g6", rating: 2, spoiler: 0, lie: false }],
      }),
      vn("v4", { hidden: true, titles: [{ lang: "en", title: "Hidden Novel", latin: null, official: true }], votecount: 999 }),
      vn("v5", {
        titles: [{ lang: "en", title: "Zeta", latin: null, official: true }],
        rating: 80,
        average: 80,
        votecount: 100,
      }),
    ],
    release: [
      release("r1", {
        olang: "ja",
        titles: [
          { lang: "ja", title: "クラナド", latin: "Clannad", mtl: false },
          { lang: "en", title: null, latin: null, mtl: false },
        ],
        platforms: ["win"],
        media: [{ medium: "dvd", qty: 1 }],
        vns: [{ vn: "v1", rtype: "complete" }],
        producers: [{ producer: "p1", developer: true, publisher: true }],
        images: [{ image: "cv101", type: "pkgfront", vn: "v1", languages: ["ja"], photo: false }],
        released: 20040428,
        minage: 18,
        hasEro: true,
        resoX: 800,
        resoY: 600,
        voiced: 4,
        gtin: "4988126512345", // invalid check digit (…345 should end in 2)
        catalog: "KEY-0001",
        aniStory: 2,
        aniStorySp: "hand",
        aniBg: true,
        extlinks: [
          { site: "steam", value: 702050 },
          { site: "website", value: "https://key.example/" },
        ],
      }),
      release("r2", {
        olang: "ja",
        titles: [{ lang: "ja", title: "クラナド体験版", latin: "Clannad Trial", mtl: false }],
        platforms: ["ps2"],
        vns: [{ vn: "v1", rtype: "trial" }],
        producers: [{ producer: "p2", developer: false, publisher: true }],
        released: 20040101, // a trial: not the VN's release date
        gtin: "4560123456789", // valid EAN-13
        resoX: 640,
        resoY: 480,
      }),
      release("r3", {
        olang: "ja",
        titles: [
          { lang: "ja", title: "智代アフター", latin: "Tomoyo After", mtl: false },
          { lang: "en", title: "Tomoyo After", latin: null, mtl: true },
        ],
        platforms: ["win"],
        vns: [{ vn: "v2", rtype: "complete" }],
        producers: [{ producer: "p1", developer: true, publisher: false }, { producer: "p3", developer: true, publisher: false }],
        released: 20051125,
        minage: 18,
        patch: true,
        voiced: 2,
        uncensored: true,
        resoX: 0,
        resoY: 1,
        gtin: "12345678905", // valid UPC without its leading zero
      }),
      release("r4", {
        titles: [{ lang: "en", title: "Indie Game Demo", latin: null, mtl: false }],
        platforms: ["lin"],
        vns: [{ vn: "v3", rtype: "partial" }],
        producers: [{ producer: "p4", developer: true, publisher: true }],
        released: 99999999,
        freeware: true,
        doujin: true,
        uncensored: false,
        resoX: 1280,
        resoY: 720,
        engine: "Ren'Py",
        drm: ["Steam"],
        aniEro: 1,
      }),
      release("r5", { hidden: true, vns: [{ vn: "v2", rtype: "complete" }], released: 20000101, platforms: ["dos"] }),
      release("r6", {
        titles: [{ lang: "en", title: "Zeta", latin: null, mtl: false }],
        vns: [{ vn: "v5", rtype: "complete" }],
        released: 20109999,
        platforms: ["win", "mac"],
        media: [{ medium: "in", qty: 0 }],
        minage: 0,
      }),
      release("r7", {
        titles: [{ lang: "de", title: "Zeta DE", latin: null, mtl: false }],
        vns: [{ vn: "v5", rtype: "complete" }],
        released: 20100599, // unofficial: not the VN's date
        official: false,
      }),
    ],
    character: [
      character("c1", {
        name: "古河 渚",
        latin: "Furukawa Nagisa",
        aliases: [{ name: "なぎさ", latin: "Nagisa" }],
        image: "ch1",
        bloodType: "a",
        height: 155,
        bust: 80,
        waist: 57,
        hips: 81,
        age: 17,
        cup: "B",
        birthday: [12, 24],
        sex: "f",
        vns: [{ vn: "v1", release: "r1", spoiler: 0, role: "main" }],
        traits: [
          { trait: "i2", spoiler: 0, lie: false },
          { trait: "i4", spoiler: 1, lie: true },
        ],
      }),
      character("c2", {
        name: "Okazaki Tomoya",
        sex: "m",
        spoilSex: "f",
        spoilGender: "o",
        weight: 60,
        cup: "AA",
        birthday: [10, 0],
        vns: [
          { vn: "v1", release: null, spoiler: 1, role: "primary" },
          { vn: "v2", release: "r3", spoiler: 0, role: "main" },
        ],
        traits: [{ trait: "i4", spoiler: 0, lie: false }, { trait: "i5", spoiler: 0, lie: false }],
      }),
      character("c3", { hidden: true, name: "Hidden Girl", vns: [{ vn: "v1", release: null, spoiler: 0, role: "side" }] }),
      character("c4", { name: "Nobody", gender: "a", vns: [{ vn: "v3", release: null, spoiler: 0, role: "side" }, { vn: "v4", release: null, spoiler: 0, role: "main" }] }),
    ],
    staff: [
      staff("s1", {
        gender: "m",
        description: "Writer",
        mainAid: 1,
        aliases: [
          { aid: 1, name: "麻枝 准", latin: "Maeda Jun" },
          { aid: 2, name: "だーまえ", latin: null },
        ],
        extlinks: [{ site: "twitter", value: "maeda" }],
      }),
      staff("s2", { gender: "f", mainAid: 3, aliases: [{ aid: 3, name: "中原 麻衣", latin: "Nakahara Mai" }] }),
      staff("s3", { hidden: true, mainAid: 4, aliases: [{ aid: 4, name: "Ghost", latin: null }] }),
      staff("s4", { lang: "en", type: "company", mainAid: 5, aliases: [{ aid: 5, name: "Studio", latin: null }] }),
    ],
    quote: [
      { id: "q1", vn: "v1", character: "c1", quote: "Dango dango", score: 10 },
      { id: "q2", vn: "v2", character: null, quote: "Second", score: 0 },
      { id: "q3", vn: "v4", character: "c3", quote: "From a hidden VN", score: 5 },
      { id: "q4", hidden: true, vn: "v1", character: null, quote: "Hidden quote", score: 3 },
    ],
    users: [
      { id: "u2", username: "testuser" },
      { id: "u3", username: "reader" },
      { id: "u4", username: null },
    ],
    labels: [
      { uid: "u2", id: 1, label: "Playing", private: false },
      { uid: "u2", id: 2, label: "Finished", private: false },
      { uid: "u2", id: 5, label: "Wishlist", private: true },
      { uid: "u2", id: 7, label: "Voted", private: false },
      { uid: "u2", id: 10, label: "Zed custom", private: true },
      { uid: "u2", id: 11, label: "A custom", private: false },
      { uid: "u3", id: 7, label: "Voted", private: true },
    ],
    ulist: [
      { uid: "u2", vid: "v1", added: 100, lastmod: 200, voteDate: 1000, vote: 90, started: "2020-01-01", finished: "2020-02-01", notes: "great", labels: [2, 7, 99] },
      { uid: "u2", vid: "v2", added: 150, lastmod: 150, voteDate: null, vote: null, started: null, finished: null, notes: "", labels: [5] }, // private: only a private label
      { uid: "u2", vid: "v3", added: 120, lastmod: 300, voteDate: null, vote: null, started: "2021-05-05", finished: null, notes: "", labels: [] }, // private: no label
      { uid: "u2", vid: "v5", added: 100, lastmod: 100, voteDate: 900, vote: 70, started: null, finished: null, notes: "", labels: [7, 11] },
      { uid: "u2", vid: "v4", added: 50, lastmod: 50, voteDate: null, vote: null, started: null, finished: null, notes: "", labels: [1] }, // hidden VN
      { uid: "u3", vid: "v1", added: 10, lastmod: 10, voteDate: 10, vote: 50, started: null, finished: null, notes: "", labels: [7] }, // only a private Voted
    ],
    rlist: [
      { uid: "u2", rid: "r1", status: 2, added: 100 },
      { uid: "u2", rid: "r2", status: 1, added: 100 },
      { uid: "u2", rid: "r5", status: 2, added: 100 }, // hidden release
    ],
    tokens: [{ token: "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy", uid: "u2", listread: true, listwrite: true, note: "test" }],
    lengthVotes: [
      { uid: "u2", vid: "v1", minutes: 3000 },
      { uid: "u2", vid: "v2", minutes: 600 },
    ],
  };
}

export function fixtureDb(): Database {
  return createDatabase(fixtureCatalogue(), { today: 20240615 });
}

export const OWNER: Session = { userId: "u2", userName: "testuser", listread: true, listwrite: true };
export const OWNER_NO_READ: Session = { userId: "u2", userName: "testuser", listread: false, listwrite: false };
export const OTHER: Session = { userId: "u3", userName: "reader", listread: true, listwrite: false };
export const USERMOD: Session = { userId: "u4", userName: null, listread: false, listwrite: false, usermod: true };

/** A QueryRequest with the service's defaults. */
export function request(endpoint: QueryRequest["endpoint"], o: Partial<QueryRequest> = {}): QueryRequest {
  return {
    endpoint,
    filters: null,
    fields: {},
    sort: "id",
    reverse: false,
    results: 100,
    page: 1,
    count: false,
    user: null,
    time: false,
    ...o,
  };
}
