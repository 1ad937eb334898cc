// Rows added by hand, for cases the tests need that the real data (../shared/kana-data/real)
// does not have: quotes, editions, release images, extlinks of many sites, the rarer
// release and character columns, hidden entries, private labels and entries, tokens.
// They are not part of the default catalogue: the `test` preset (src/emulator/presets/test.ts)
// adds them on top of it (with-manual-rows.ts); only the tokens are built into the default.
//
// Every entity row says `manual: true`. Made-up entries use ids from 900001 upwards
// (far above VNDB's real ids in these sources), so they never collide with real rows;
// quotes too (q900001…); releases of real VNs (real titles,
// made-up ids) start at r900101. Names are made up and say "test"
// where a name allows it, so nobody mistakes them for VNDB entries. Where a manual row
// touches a real entry (a quote of a real VN, a list entry on a real VN), its comment says so.
import { blankCharacter, blankRelease, blankVn } from "./blank-rows.js";
import type {
  Catalogue,
  CharacterRow,
  ImageRow,
  LabelRow,
  ProducerRow,
  QuoteRow,
  ReleaseRow,
  RlistRow,
  StaffRow,
  TokenRow,
  UlistRow,
  UserRow,
  VnRow,
} from "./types.js";

/** Every catalogue table except the tags and traits, which come whole from the dumps. */
export interface ManualRows extends Omit<Catalogue, "meta" | "tag" | "trait"> {
  /**
   * Tags applied by hand to real VNs (the real VN records carry no tags). Each is one
   * aggregated VnRow.tags entry, appended to the real VN's tags by the build; hand-made
   * VNs set their tags in their own row instead.
   */
  vnTags: ManualVnTag[];
}

/** A hand-added VnRow.tags entry on a real VN: a rating aggregated over made-up votes. */
export interface ManualVnTag {
  manual: true;
  vn: string;
  tag: string;
  rating: number;
  spoiler: 0 | 1 | 2;
  lie: boolean;
}

/** 2024-01-01T00:00:00Z: a fixed time base for hand-made list timestamps. */
const T0 = 1704067200;
const DAY = 86400;

const images: ImageRow[] = [
  // Cover larger than the 256×400 thumbnail box, with flagging votes: thumbnail scaling
  // and image.sexual/violence/votecount on VNs.
  { id: "cv900001", manual: true, width: 512, height: 720, sexual: 0.4, violence: 0.1, votecount: 12 },
  // Cover inside the box (thumbnail = full URL), suggestive.
  { id: "cv900002", manual: true, width: 200, height: 280, sexual: 1.2, violence: 0, votecount: 5 },
  // Release images (pkgfront, pkgback, dig photo): release.images[].
  { id: "cv900003", manual: true, width: 1000, height: 1400, sexual: 0, violence: 0, votecount: 3 },
  { id: "cv900004", manual: true, width: 1000, height: 1400, sexual: 0, violence: 0.5, votecount: 2 },
  { id: "cv900005", manual: true, width: 1600, height: 1200, sexual: 2, violence: 0, votecount: 4 },
  // Screenshots with sexual/violence votes: safe, suggestive, explicit, violent.
  { id: "sf900001", manual: true, width: 1280, height: 720, sexual: 0, violence: 0, votecount: 8 },
  { id: "sf900002", manual: true, width: 1280, height: 720, sexual: 1.5, violence: 0, votecount: 6 },
  { id: "sf900003", manual: true, width: 1280, height: 720, sexual: 2, violence: 1, votecount: 9 },
  { id: "sf900004", manual: true, width: 800, height: 600, sexual: 0, violence: 2, votecount: 7 },
  // Character image.
  { id: "ch900001", manual: true, width: 256, height: 300, sexual: 0, violence: 0, votecount: 3 },
];

const producer: ProducerRow[] = [
  // Producer relations (sub-brand, former name), extlinks of several producer sites.
  {
    id: "p900001",
    manual: true,
    type: "co",
    lang: "ja",
    name: "かなでソフト",
    latin: "Kanade Soft",
    aliases: ["Kanade-soft", "KNDS"],
    description: "A made-up brand for the emulator's tests. Its doujin circle is [url=/p900002]Kanade Circle[/url].",
    extlinks: [
      { site: "website", value: "https://example.org/kanade-soft" },
      { site: "wikidata", value: 900001 },
      { site: "twitter", value: "kanade_soft_test" },
    ],
    relations: [
      { producer: "p900002", relation: "sub" },
      { producer: "p900003", relation: "old" },
    ],
  },
  {
    id: "p900002",
    manual: true,
    type: "ng",
    lang: "ja",
    name: "かなでサークル",
    latin: "Kanade Circle",
    aliases: [],
    description: "",
    extlinks: [{ site: "pixiv", value: 900002 }],
    relations: [{ producer: "p900001", relation: "par" }],
  },
  // Hidden producer still named by a release (release producers are not filtered, §6).
  {
    id: "p900003",
    manual: true,
    hidden: true,
    type: "in",
    lang: "en",
    name: "Old Kanade Test",
    latin: null,
    aliases: [],
    description: "",
    extlinks: [],
    relations: [{ producer: "p900001", relation: "new" }],
  },
];

const staff: StaffRow[] = [
  // A person with several aliases (one without romanisation), voice credits and links.
  {
    id: "s900001",
    manual: true,
    lang: "ja",
    gender: "f",
    type: "person",
    description: "A made-up [i]voice actress[/i] for the emulator's tests.",
    mainAid: 900001,
    aliases: [
      { aid: 900001, name: "試験 花子", latin: "Shiken Hanako" },
      { aid: 900002, name: "カナ", latin: "Kana" },
      { aid: 900003, name: "TestVoice", latin: null },
    ],
    extlinks: [
      { site: "website", value: "https://example.org/shiken-hanako" },
      { site: "wikidata", value: 900003 },
      { site: "twitter", value: "shiken_hanako_test" },
      { site: "anidb", value: 900001 },
      { site: "vgmdb", value: 900001 },
    ],
  },
  // A company credited for one edition only (staff.eid non-null).
  {
    id: "s900002",
    manual: true,
    lang: "en",
    gender: null,
    type: "company",
    description: "",
    mainAid: 900004,
    aliases: [{ aid: 900004, name: "Kanade Test Localization", latin: null }],
    extlinks: [],
  },
  // Hidden staff credited on a VN: filtered out of vn.staff (§6).
  {
    id: "s900003",
    manual: true,
    hidden: true,
    lang: "ja",
    gender: "m",
    type: "person",
    description: "",
    mainAid: 900005,
    aliases: [{ aid: 900005, name: "消えた 作画", latin: "Kieta Sakuga" }],
    extlinks: [],
  },
];

const vn: VnRow[] = [
  // The kitchen-sink VN: several titles (one unofficial), aliases, editions, staff per
  // edition, voice actors (one of a hidden character), screenshots with votes (one of a
  // hidden release), relations (one to a hidden VN), tags with every spoiler level and a
  // lie, extlinks, anime, a review, length votes (see lengthVotes below).
  {
    id: "v900001",
    manual: true,
    olang: "ja",
    titles: [
      { lang: "ja", title: "奏でるテストの物語", latin: "Kanaderu Test no Monogatari", official: true },
      { lang: "en", title: "The Story Kanade Tests", latin: null, official: true },
      { lang: "zh-Hans", title: "奏响测试的故事", latin: "Zouxiang Ceshi de Gushi", official: false },
    ],
    aliases: ["KanaTest", "奏テス"],
    devstatus: 0,
    description:
      "A made-up [b]test[/b] entry for the emulator. [url=/c900001]Tesuko[/url] wakes up in an empty classroom.\n\n" +
      "[spoiler]The narrator is the test suite.[/spoiler]",
    image: "cv900001",
    length: 3,
    lengthVotes: [],
    rating: 78.4,
    average: 80.2,
    votecount: 2345,
    screenshots: [
      { image: "sf900001", release: "r900001" },
      { image: "sf900002", release: "r900001" },
      { image: "sf900003", release: "r900002" },
      { image: "sf900004", release: "r900006" },
    ],
    relations: [
      { vn: "v900002", relation: "seq", official: true },
      { vn: "v900003", relation: "side", official: false },
      { vn: "v900004", relation: "fan", official: false },
    ],
    tags: [
      { tag: "g133", rating: 2.8, spoiler: 0, lie: false },
      { tag: "g96", rating: 2.1, spoiler: 0, lie: false },
      { tag: "g148", rating: 2, spoiler: 1, lie: false },
      { tag: "g152", rating: 1.5, spoiler: 2, lie: false },
      { tag: "g249", rating: 0.8, spoiler: 0, lie: true },
      { tag: "g23", rating: 1, spoiler: 0, lie: false },
      { tag: "g32", rating: 3, spoiler: 0, lie: false },
    ],
    editions: [
      { eid: 0, lang: "ja", name: "Original edition", official: true },
      { eid: 1, lang: "en", name: "English edition", official: true },
      { eid: 2, lang: null, name: "Fan translation", official: false },
    ],
    staff: [
      { aid: 900001, eid: null, role: "scenario", note: "" },
      { aid: 900001, eid: null, role: "director", note: "Main story" },
      { aid: 900004, eid: 1, role: "translator", note: "English edition" },
      { aid: 900005, eid: null, role: "art", note: "" },
    ],
    va: [
      { aid: 900002, character: "c900001", note: "Credited as Kana" },
      { aid: 900001, character: "c900002", note: "" },
    ],
    extlinks: [
      { site: "wikidata", value: 900002 },
      { site: "renai", value: "kanade-test" },
    ],
    anime: [900001],
    hasReview: true,
  },
  // A VN whose only release is "TBA", in development, unrated.
  {
    ...blankVn("v900002", "ja"),
    manual: true,
    titles: [{ lang: "ja", title: "未定テスト", latin: "Mitei Test", official: true }],
    devstatus: 1,
    image: "cv900002",
    relations: [{ vn: "v900001", relation: "preq", official: true }],
  },
  // A hidden VN referenced by a public one (relations keep it, character vns drop it).
  {
    ...blankVn("v900003", "en"),
    manual: true,
    hidden: true,
    titles: [{ lang: "en", title: "Deleted Test Entry", latin: null, official: true }],
    relations: [{ vn: "v900001", relation: "par", official: false }],
  },
  // A cancelled VN whose release date is known to the year only ("2019").
  {
    ...blankVn("v900004", "en"),
    manual: true,
    titles: [{ lang: "en", title: "Half-Dated Test", latin: null, official: true }],
    devstatus: 2,
    length: 1,
    relations: [{ vn: "v900001", relation: "orig", official: false }],
  },
];

/**
 * Defaults of a release; each manual release spells out what it is for, and always sets
 * its own id, olang, titles and vns (the blank ones are placeholders).
 */
const releaseBase = { ...blankRelease("", ""), manual: true };

const release: ReleaseRow[] = [
  // Every rare release column set: machine-translated language, release images, media,
  // resolution, engine, DRM, uncensored true, voiced, animation, GTIN, catalog, shop links.
  {
    ...releaseBase,
    id: "r900001",
    olang: "ja",
    titles: [
      { lang: "ja", title: "奏でるテストの物語 初回限定版", latin: "Kanaderu Test no Monogatari Shokai Genteiban", mtl: false },
      { lang: "en", title: "The Story Kanade Tests - Limited Edition", latin: null, mtl: false },
      { lang: "zh-Hans", title: null, latin: null, mtl: true },
    ],
    platforms: ["lin", "swi", "win"],
    media: [
      { medium: "dvd", qty: 1 },
      { medium: "in", qty: 0 },
    ],
    vns: [{ vn: "v900001", rtype: "complete" }],
    producers: [
      { producer: "p900001", developer: true, publisher: true },
      { producer: "p900002", developer: false, publisher: true },
    ],
    images: [
      { image: "cv900003", type: "pkgfront", vn: "v900001", languages: null, photo: false },
      { image: "cv900004", type: "pkgback", vn: null, languages: ["ja"], photo: false },
      { image: "cv900005", type: "dig", vn: "v900001", languages: ["en", "ja"], photo: true },
    ],
    released: 20200401,
    minage: 18,
    hasEro: true,
    uncensored: true,
    resoX: 1920,
    resoY: 1080,
    engine: "KiriKiri",
    voiced: 4,
    notes: "Limited edition with an [b]art book[/b].",
    // EAN-13 with a valid check digit (456090000100 → 3).
    gtin: "4560900001003",
    catalog: "KNDS-0001",
    aniStory: 2,
    aniEro: 3,
    aniStorySp: "hand",
    aniStoryCg: "vect",
    aniCutscene: "3d",
    aniEroSp: "hand",
    aniEroCg: "live",
    aniBg: true,
    aniFace: false,
    drm: ["DLsite", "Steam"],
    extlinks: [
      { site: "website", value: "https://example.org/kanade-test" },
      { site: "egs", value: 900001 },
      { site: "steam", value: 900001 },
      { site: "dlsite", value: "RJ900001" },
      { site: "gog", value: "kanade_test" },
      { site: "mg", value: 900001 },
    ],
  },
  // A freeware trial: uncensored false, non-standard resolution (0×1), partly voiced.
  {
    ...releaseBase,
    id: "r900002",
    olang: "en",
    titles: [{ lang: "en", title: "The Story Kanade Tests - Trial", latin: null, mtl: false }],
    platforms: ["web"],
    media: [{ medium: "in", qty: 0 }],
    vns: [{ vn: "v900001", rtype: "trial" }],
    producers: [{ producer: "p900001", developer: true, publisher: false }],
    released: 20191201,
    minage: 0,
    freeware: true,
    uncensored: false,
    resoX: 0,
    resoY: 1,
    engine: "Ren'Py",
    voiced: 1,
    extlinks: [{ site: "steam", value: 900002 }],
  },
  // An unofficial fan patch by a hidden producer; uncensored unknown (null).
  {
    ...releaseBase,
    id: "r900003",
    olang: "en",
    titles: [{ lang: "en", title: "Kanade Test English Patch", latin: null, mtl: false }],
    platforms: ["win"],
    media: [{ medium: "in", qty: 0 }],
    vns: [{ vn: "v900001", rtype: "partial" }],
    producers: [{ producer: "p900003", developer: true, publisher: true }],
    released: 20210615,
    patch: true,
    freeware: true,
    doujin: true,
    official: false,
    resoX: 800,
    resoY: 600,
    voiced: 0,
  },
  // The "TBA" release of v900002.
  {
    ...releaseBase,
    id: "r900004",
    olang: "ja",
    titles: [{ lang: "ja", title: "未定テスト", latin: "Mitei Test", mtl: false }],
    platforms: ["win"],
    vns: [{ vn: "v900002", rtype: "complete" }],
    producers: [{ producer: "p900002", developer: true, publisher: true }],
    released: 99999999,
  },
  // A release dated to the year only (stored 20199999), of the cancelled v900004.
  {
    ...releaseBase,
    id: "r900005",
    olang: "en",
    titles: [{ lang: "en", title: "Half-Dated Test Chapter 1", latin: null, mtl: false }],
    platforms: ["mac", "win"],
    vns: [{ vn: "v900004", rtype: "partial" }],
    producers: [{ producer: "p900001", developer: true, publisher: true }],
    released: 20199999,
    minage: 12,
  },
  // A hidden release: a screenshot of v900001 names it (its `release` becomes null).
  {
    ...releaseBase,
    id: "r900006",
    hidden: true,
    olang: "ja",
    titles: [{ lang: "ja", title: "奏でるテストの物語 削除版", latin: "Kanaderu Test no Monogatari Sakujoban", mtl: false }],
    vns: [{ vn: "v900001", rtype: "complete" }],
    released: 20200101,
  },
  // The flagship question "which English-translated nakige by Key have a rating above 80?"
  // (scripts/demo.ts, test/catalogue/flagship.test.ts): the real Key VNs (v4, v5, v751,
  // v20424, v3079) have ratings but no releases, so neither `developer` nor `lang` could
  // match them. Real ids, real titles; the Japanese dates are the VNs' own recorded release
  // dates (sora list), English ones are given to the year only. Left out where unsure: the
  // English releases of Summer Pockets and Kud Wafter, the publishers of Little Busters!
  // English Edition and the English Rewrite, age ratings of Rewrite and of English releases.
  {
    ...releaseBase,
    id: "r900101",
    olang: "ja",
    titles: [{ lang: "ja", title: "CLANNAD", latin: null, mtl: false }],
    platforms: ["win"],
    vns: [{ vn: "v4", rtype: "complete" }],
    producers: [{ producer: "p24", developer: true, publisher: true }],
    released: 20040428,
    minage: 0,
  },
  {
    ...releaseBase,
    id: "r900102",
    olang: "en",
    titles: [{ lang: "en", title: "CLANNAD", latin: null, mtl: false }],
    platforms: ["win"],
    vns: [{ vn: "v4", rtype: "complete" }],
    producers: [
      { producer: "p24", developer: true, publisher: false },
      { producer: "p162", developer: false, publisher: true },
    ],
    released: 20159999,
  },
  {
    ...releaseBase,
    id: "r900103",
    olang: "ja",
    titles: [{ lang: "ja", title: "リトルバスターズ！", latin: "Little Busters!", mtl: false }],
    platforms: ["win"],
    vns: [{ vn: "v5", rtype: "complete" }],
    producers: [{ producer: "p24", developer: true, publisher: true }],
    released: 20070727,
    minage: 0,
  },
  {
    ...releaseBase,
    id: "r900104",
    olang: "en",
    titles: [{ lang: "en", title: "Little Busters! English Edition", latin: null, mtl: false }],
    platforms: ["win"],
    vns: [{ vn: "v5", rtype: "complete" }],
    producers: [{ producer: "p24", developer: true, publisher: false }],
    released: 20179999,
  },
  {
    ...releaseBase,
    id: "r900105",
    olang: "ja",
    titles: [{ lang: "ja", title: "Rewrite", latin: null, mtl: false }],
    platforms: ["win"],
    vns: [{ vn: "v751", rtype: "complete" }],
    producers: [{ producer: "p24", developer: true, publisher: true }],
    released: 20110624,
  },
  {
    ...releaseBase,
    id: "r900106",
    olang: "en",
    titles: [{ lang: "en", title: "Rewrite", latin: null, mtl: false }],
    platforms: ["win"],
    vns: [{ vn: "v751", rtype: "complete" }],
    producers: [{ producer: "p24", developer: true, publisher: false }],
    released: 20169999,
  },
  {
    ...releaseBase,
    id: "r900107",
    olang: "ja",
    titles: [{ lang: "ja", title: "Summer Pockets", latin: null, mtl: false }],
    platforms: ["win"],
    vns: [{ vn: "v20424", rtype: "complete" }],
    producers: [{ producer: "p24", developer: true, publisher: true }],
    released: 20180629,
    minage: 0,
  },
  {
    ...releaseBase,
    id: "r900108",
    olang: "ja",
    titles: [{ lang: "ja", title: "クドわふたー", latin: "Kud Wafter", mtl: false }],
    platforms: ["win"],
    vns: [{ vn: "v3079", rtype: "complete" }],
    producers: [{ producer: "p24", developer: true, publisher: true }],
    released: 20100625,
    minage: 18,
    hasEro: true,
  },
];

const character: CharacterRow[] = [
  // Every character column set: measurements, cup, age, birthday, blood type, sex and
  // gender with spoiler values, aliases with and without romanisation, traits at every
  // spoiler level plus a lie and a sexual trait, VN links with a release and a hidden VN.
  {
    id: "c900001",
    manual: true,
    name: "奏 テス子",
    latin: "Kanade Tesuko",
    aliases: [
      { name: "カナ", latin: "Kana" },
      { name: "Test-chan", latin: null },
    ],
    description: "A made-up heroine. [spoiler]She is the test suite's narrator.[/spoiler]",
    image: "ch900001",
    bloodType: "o",
    height: 158,
    bust: 82,
    waist: 56,
    hips: 84,
    weight: 45,
    age: 17,
    cup: "C",
    birthday: [3, 14],
    sex: "f",
    spoilSex: "m",
    gender: "f",
    spoilGender: "o",
    vns: [
      { vn: "v900001", release: "r900001", spoiler: 0, role: "main" },
      { vn: "v900002", release: null, spoiler: 1, role: "side" },
      { vn: "v900003", release: null, spoiler: 0, role: "appears" },
    ],
    traits: [
      { trait: "i8", spoiler: 0, lie: false },
      { trait: "i19", spoiler: 0, lie: false },
      { trait: "i146", spoiler: 0, lie: false },
      { trait: "i217", spoiler: 1, lie: false },
      { trait: "i91", spoiler: 2, lie: false },
      { trait: "i49", spoiler: 2, lie: false },
      { trait: "i78", spoiler: 0, lie: true },
      { trait: "i592", spoiler: 0, lie: false },
    ],
  },
  // A hidden character referenced by a public VN's voice credits and by a quote.
  {
    ...blankCharacter("c900002", "消えた テスト"),
    manual: true,
    hidden: true,
    latin: "Kieta Test",
    vns: [{ vn: "v900001", release: null, spoiler: 0, role: "side" }],
  },
];

const quote: QuoteRow[] = [
  // Quotes of the real v6540, taken from its real description text; the speaker is the
  // "mysterious voice", not a character: quotes without a character.
  { id: "q900001", manual: true, vn: "v6540", character: null, quote: "The game will now begin.", score: 7 },
  // Score 0: never picked by the `random` filter.
  { id: "q900002", manual: true, vn: "v6540", character: null, quote: "Withdrawal from the game will result in death.", score: 0 },
  // The real character c1 of the real v38; her catchphrase per her real description.
  { id: "q900003", manual: true, vn: "v38", character: "c1", quote: "Miyah!", score: 4 },
  // Made-up quotes of the made-up VN: positive and negative scores, a hidden speaker.
  { id: "q900004", manual: true, vn: "v900001", character: "c900001", quote: "Every test deserves a second run.", score: 12 },
  { id: "q900005", manual: true, vn: "v900001", character: "c900002", quote: "Nobody remembers me.", score: 2 },
  { id: "q900006", manual: true, vn: "v900001", character: "c900001", quote: "Green means nothing was checked.", score: -2 },
  // A hidden quote: never a result.
  { id: "q900007", manual: true, hidden: true, vn: "v900001", character: null, quote: "This quote was deleted.", score: 3 },
];

const users: UserRow[] = [
  // A deleted account: GET /user answers {id, username: null} (reference §4.3 quirk).
  { id: "u6", username: null, manual: true },
];

const labels: LabelRow[] = [
  // Custom labels (ids ≥ 10), one public and one private per user, for /ulist_labels
  // ordering by label text and for label privacy (§4.5, §8.5).
  { uid: "u2", id: 10, label: "Favourites", private: false, manual: true },
  { uid: "u2", id: 11, label: "Hidden gems", private: true, manual: true },
  { uid: "u3", id: 10, label: "Owned", private: true, manual: true },
  { uid: "u3", id: 12, label: "Recommended", private: false, manual: true },
];

const ulist: UlistRow[] = [
  // A private entry (its only label is private), with dates and notes; no vote, since a
  // vote brings the public Voted label (trigger ulist_voted_label).
  {
    uid: "u2",
    vid: "v900001",
    added: T0,
    lastmod: T0 + 40 * DAY,
    voteDate: null,
    vote: null,
    started: "2024-01-05",
    finished: "2024-02-10",
    notes: "Replayed the true route.",
    labels: [11],
    manual: true,
  },
  // Public entry on a real VN, labelled Playing + a public custom label, no vote.
  {
    uid: "u2",
    vid: "v6540",
    added: T0 + 50 * DAY,
    lastmod: T0 + 50 * DAY,
    voteDate: null,
    vote: null,
    started: "2024-02-20",
    finished: null,
    notes: "",
    labels: [1, 10],
    manual: true,
  },
  // No labels at all (private): what the rlist trigger creates for u2's r1006 (v473).
  {
    uid: "u2",
    vid: "v473",
    added: T0 + 60 * DAY,
    lastmod: T0 + 60 * DAY,
    voteDate: null,
    vote: null,
    started: null,
    finished: null,
    notes: "",
    labels: [],
    manual: true,
  },
  // A label id without a label row (50): stored but never shown (§6.9).
  {
    uid: "u3",
    vid: "v900001",
    added: T0 + 10 * DAY,
    lastmod: T0 + 20 * DAY,
    voteDate: T0 + 20 * DAY,
    vote: 70,
    started: null,
    finished: "2024-01-21",
    notes: "",
    labels: [2, 7, 50],
    manual: true,
  },
  // Private because its only label is u3's private "Owned".
  {
    uid: "u3",
    vid: "v6540",
    added: T0 + 30 * DAY,
    lastmod: T0 + 30 * DAY,
    voteDate: null,
    vote: null,
    started: null,
    finished: null,
    notes: "",
    labels: [10],
    manual: true,
  },
  // Wishlisted TBA VN.
  {
    uid: "u4",
    vid: "v900002",
    added: T0 + 5 * DAY,
    lastmod: T0 + 5 * DAY,
    voteDate: null,
    vote: null,
    started: null,
    finished: null,
    notes: "",
    labels: [5],
    manual: true,
  },
];

const rlist: RlistRow[] = [
  // Release-list entries, every status but Unknown; each VN is on the owner's list.
  { uid: "u2", rid: "r1006", status: 2, added: T0 + 60 * DAY, manual: true },
  { uid: "u2", rid: "r900001", status: 1, added: T0 + DAY, manual: true },
  { uid: "u2", rid: "r900002", status: 4, added: T0 + 2 * DAY, manual: true },
  { uid: "u3", rid: "r900001", status: 3, added: T0 + 11 * DAY, manual: true },
  { uid: "u3", rid: "r900003", status: 0, added: T0 + 12 * DAY, manual: true },
];

/**
 * Test tokens (reference §2.3): fixed strings, verified by decoding in
 * test/catalogue/tokens.test.ts. The three tokens of ../shared/kana-vectors/README.md
 * are reused with the same users and permissions, so the recorded auth vectors work
 * against this catalogue too; the others embed the uid with 16 bytes taken from
 * sha256("vndb-mcp catalogue token u<uid> <permissions>").
 */
const tokens: TokenRow[] = [
  { token: "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy", uid: "u2", listread: true, listwrite: true, note: "u2, read and write own lists (uid 2 with sixteen zero bytes, as in the vectors)" },
  { token: "dd4y-yia7e-zayy8-octd-foyra-corgy-fxfw", uid: "u2", listread: true, listwrite: false, note: "u2, read own private list data only" },
  { token: "w6hy-y76yd-48yyw-imp8-ayyke-k8keo-rypb", uid: "u2", listread: false, listwrite: false, note: "u2, no permissions (authenticates only)" },
  { token: "uqjo-bujau-zfobx-emh3-pyyyk-49eyo-8thf", uid: "u3", listread: true, listwrite: true, note: "u3, read and write own lists" },
  { token: "nreo-yretn-reoyr-etnr-eoyre-tnreo-gret", uid: "u3", listread: true, listwrite: false, note: "u3, read only (the vectors' reader token)" },
  { token: "cdhy-bqy1q-6zobu-8w9k-xobxh-wzz4o-84fn", uid: "u3", listread: true, listwrite: false, note: "u3, read only (the token of the API docs' /authinfo example)" },
  { token: "ujwy-ydpqz-u8yyn-eman-hobzf-zzy7o-8r3t", uid: "u3", listread: false, listwrite: false, note: "u3, no permissions" },
  { token: "rety-yetnr-etyye-tnre-tyyet-nrety-eetn", uid: "u4", listread: false, listwrite: false, note: "u4, no permissions (the vectors' nobody token)" },
  { token: "97yy-bwa63-wxobp-6zbu-sobif-q33wo-m6wr", uid: "u5", listread: true, listwrite: true, note: "u5 (the sora list owner), read and write" },
];

/**
 * Play-time votes. u2's nine votes sum to 9685 minutes, matching the API docs' example
 * `GET /user?q=yorhel&fields=lengthvotes,lengthvotes_sum` (9 and 9685); which VNs and
 * how the minutes split is made up. The others give v900001 an odd vote count for the
 * median.
 */
const lengthVotes: ManualRows["lengthVotes"] = [
  { uid: "u2", vid: "v1", minutes: 600 },
  { uid: "u2", vid: "v2", minutes: 1200 },
  { uid: "u2", vid: "v3", minutes: 900 },
  { uid: "u2", vid: "v5", minutes: 2400 },
  { uid: "u2", vid: "v7", minutes: 1500 },
  { uid: "u2", vid: "v10", minutes: 800 },
  { uid: "u2", vid: "v17", minutes: 1300 },
  { uid: "u2", vid: "v6540", minutes: 485 },
  { uid: "u2", vid: "v900001", minutes: 500 },
  { uid: "u3", vid: "v900001", minutes: 720 },
  { uid: "u3", vid: "v6540", minutes: 1900 },
  { uid: "u4", vid: "v900001", minutes: 660 },
];

/**
 * The flagship question's tags (see the r900101… releases): Nakige (g596), Drama (g147)
 * and Romance (g96) on the five real Key VNs, Kud Wafter (70.8) included so that
 * "rating above 80" visibly drops it. The ratings are plausible, not VNDB's.
 */
const vnTags: ManualVnTag[] = [
  ...(
    [
      // [vn, nakige, drama, romance]
      ["v4", 2.9, 2.8, 2.4],
      ["v5", 2.8, 2.5, 2.3],
      ["v751", 2.1, 2.2, 2.2],
      ["v20424", 2.7, 2.5, 2.3],
      ["v3079", 2.3, 2.0, 2.9],
    ] as const
  ).flatMap(([vn, nakige, drama, romance]): ManualVnTag[] => [
    { manual: true, vn, tag: "g596", rating: nakige, spoiler: 0, lie: false },
    { manual: true, vn, tag: "g147", rating: drama, spoiler: 0, lie: false },
    { manual: true, vn, tag: "g96", rating: romance, spoiler: 0, lie: false },
  ]),
];

export const MANUAL: ManualRows = {
  images,
  vn,
  release,
  producer,
  character,
  staff,
  quote,
  users,
  labels,
  ulist,
  rlist,
  tokens,
  lengthVotes,
  vnTags,
};
