// The projection of every field of every endpoint (reference §6), including nested and
// inherited objects, always-present ids, hidden-entry rules and derived values.
// Expected objects were written by hand from the fixture and the rules.
import { describe, expect, it } from "vitest";
import { executeQuery } from "../../../src/emulator/engine/execute.js";
import { formatGtin, formatRdate } from "../../../src/emulator/engine/project.js";
import { fitSize, imageUrl } from "../../../src/emulator/engine/images.js";
import { formatUrl } from "../../../src/emulator/engine/extlinks.js";
import { canonicalJson } from "../../../src/emulator/engine/json.js";
import type { FieldSelection, Filter, QueryEndpoint, Session } from "../../../src/kana/types.js";
import { OTHER, OWNER, clock, fixtureDb, request } from "./fixture.js";

function one(endpoint: QueryEndpoint, id: Filter, fields: FieldSelection, session: Session | null = null, user: string | null = null) {
  const out = executeQuery(fixtureDb(), request(endpoint, { filters: id, fields, user }), session, clock);
  if (!out.ok) throw new Error(out.failure.message);
  return out.body.results as Record<string, unknown>[];
}

const IMG = { id: true, url: true, dims: true, sexual: true, violence: true, votecount: true } as const;
const EXT = { name: true, label: true, id: true, url: true } as const;

describe("projection", () => {
  it("vn: every scalar field", () => {
    const [v] = one("vn", ["id", "=", "v1"], {
      title: true, alttitle: true, aliases: true, olang: true, devstatus: true, released: true, languages: true,
      platforms: true, length: true, length_minutes: true, length_votes: true, description: true, average: true,
      rating: true, popularity: true, votecount: true,
    });
    expect(v).toEqual({
      id: "v1", title: "Clannad", alttitle: "クラナド", aliases: ["CL", "Kuranado"], olang: "ja", devstatus: 0,
      released: "2004-04-28", languages: ["en", "ja"], platforms: ["win"], length: 4, length_minutes: 3000,
      length_votes: 3, description: "A [b]story[/b].", average: 85.1, rating: 87.2, popularity: 2, votecount: 300,
    });
  });

  it("vn: null rules (empty description, length 0, unrated, no cover, TBA, no votes)", () => {
    const [v] = one("vn", ["id", "=", "v3"], {
      alttitle: true, released: true, length: true, length_minutes: true, length_votes: true, description: true,
      rating: true, average: true, image: { url: true }, languages: true,
    });
    expect(v).toEqual({
      id: "v3", alttitle: null, released: "TBA", length: 1, length_minutes: null, length_votes: 0,
      description: "Small", rating: null, average: null, image: null, languages: [],
    });
    const [z] = one("vn", ["id", "=", "v5"], { released: true, length: true, description: true, popularity: true });
    expect(z).toEqual({ id: "v5", released: "2010", length: null, description: null, popularity: 100 / 150 });
  });

  it("vn: titles, image with thumbnail rules, screenshots, editions, extlinks", () => {
    const [v] = one("vn", ["id", "=", "v1"], {
      titles: { lang: true, title: true, latin: true, official: true, main: true },
      image: { ...IMG, thumbnail: true, thumbnail_dims: true },
      screenshots: { ...IMG, thumbnail: true, thumbnail_dims: true, release: { title: true } },
      editions: { eid: true, lang: true, name: true, official: true },
      extlinks: EXT,
    });
    expect(v).toEqual({
      id: "v1",
      titles: [
        { lang: "ja", title: "クラナド", latin: "Clannad", official: true, main: true },
        { lang: "en", title: "Clannad", latin: null, official: true, main: false },
      ],
      // 200×300 fits the 256×400 box: the thumbnail is the image itself.
      image: {
        id: "cv1", url: "https://t.vndb.org/cv/01/1.jpg", dims: [200, 300], sexual: 0, violence: 0, votecount: 3,
        thumbnail: "https://t.vndb.org/cv/01/1.jpg", thumbnail_dims: [200, 300],
      },
      screenshots: [
        {
          id: "sf1", url: "https://t.vndb.org/sf/01/1.jpg", dims: [1920, 1080], sexual: 0, violence: 2, votecount: 7,
          thumbnail: "https://t.vndb.org/sf.t/01/1.jpg", thumbnail_dims: [136, 77],
          release: { id: "r1", title: "Clannad" },
        },
      ],
      editions: [{ eid: 1, lang: "en", name: "English edition", official: true }],
      extlinks: [
        { name: "wikidata", label: "Wikidata", id: 12345, url: "https://www.wikidata.org/wiki/Q12345" },
        { name: "renai", label: "Renai.us", id: "clannad", url: "https://renai.us/game/clannad" },
      ],
    });
    const [w] = one("vn", ["id", "=", "v2"], { image: { thumbnail: true, thumbnail_dims: true } });
    expect(w.image).toEqual({ thumbnail: "https://t.vndb.org/cv.t/02/2.jpg", thumbnail_dims: [256, 256] });
  });

  it("vn: relations (hidden kept), tags (hidden dropped), developers, staff per alias, va", () => {
    const [v] = one("vn", ["id", "=", "v1"], {
      relations: { relation: true, relation_official: true, title: true },
      tags: { name: true, rating: true, spoiler: true, lie: true, vn_count: true },
      developers: { name: true },
      staff: { name: true, aid: true, ismain: true, eid: true, role: true, note: true },
      va: { note: true, staff: { name: true }, character: { name: true } },
    });
    expect(v).toEqual({
      id: "v1",
      relations: [
        { id: "v2", relation: "seq", relation_official: true, title: "Tomoyo After" },
        { id: "v4", relation: "fan", relation_official: false, title: "Hidden Novel" },
      ],
      tags: [
        { id: "g2", name: "High Fantasy", rating: 2.5, spoiler: 0, lie: false, vn_count: 1 },
        { id: "g4", name: "Sexual Content", rating: 1, spoiler: 2, lie: true, vn_count: 1 },
      ],
      developers: [{ id: "p1", name: "Key" }],
      staff: [
        { id: "s1", aid: 1, name: "Maeda Jun", ismain: true, eid: null, role: "scenario", note: null },
        { id: "s1", aid: 2, name: "だーまえ", ismain: false, eid: 1, role: "songs", note: "Lyrics" },
      ],
      va: [{ note: null, staff: { id: "s2", name: "Nakahara Mai" }, character: { id: "c1", name: "Furukawa Nagisa" } }],
    });
    // Hidden staff credits disappear; ids are present even when only other keys are selected.
    const [v3] = one("vn", ["id", "=", "v3"], { staff: { role: true } });
    expect(v3.staff).toEqual([{ id: "s4", role: "art" }]);
  });

  it("release: every field", () => {
    const [r] = one("release", ["id", "=", "r1"], {
      title: true, alttitle: true, platforms: true, released: true, minage: true, patch: true, freeware: true,
      official: true, has_ero: true, uncensored: true, resolution: true, engine: true, voiced: true, notes: true,
      gtin: true, catalog: true,
      languages: { lang: true, title: true, latin: true, mtl: true, main: true },
      media: { medium: true, qty: true },
      vns: { rtype: true, title: true },
      producers: { developer: true, publisher: true, name: true },
      images: { ...IMG, thumbnail: true, thumbnail_dims: true, type: true, vn: true, languages: true, photo: true },
      extlinks: EXT,
    });
    expect(r).toEqual({
      id: "r1", title: "Clannad", alttitle: "クラナド", platforms: ["win"], released: "2004-04-28", minage: 18,
      patch: false, freeware: false, official: true, has_ero: true, uncensored: null, resolution: [800, 600],
      engine: null, voiced: 4, notes: null, gtin: null, catalog: "KEY-0001",
      languages: [
        { lang: "ja", title: "クラナド", latin: "Clannad", mtl: false, main: true },
        { lang: "en", title: null, latin: null, mtl: false, main: false },
      ],
      media: [{ medium: "dvd", qty: 1 }],
      vns: [{ id: "v1", rtype: "complete", title: "Clannad" }],
      producers: [{ id: "p1", developer: true, publisher: true, name: "Key" }],
      images: [
        {
          id: "cv101", url: "https://t.vndb.org/cv/01/101.jpg", dims: [512, 800], sexual: 0, violence: 0, votecount: 1,
          thumbnail: "https://t.vndb.org/cv.t/01/101.jpg", thumbnail_dims: [256, 400], type: "pkgfront", vn: "v1",
          languages: ["ja"], photo: false,
        },
      ],
      extlinks: [
        { name: "website", label: "Official website", id: "https://key.example/", url: "https://key.example/" },
        { name: "steam", label: "Steam", id: 702050, url: "https://store.steampowered.com/app/702050/" },
        { name: "steamdb", label: "SteamDB", id: 702050, url: "https://steamdb.info/app/702050/info" },
      ],
    });
  });

  it("release: resolution, voiced, gtin and engine rules; hidden producers still listed", () => {
    const rows = one("release", ["or", ["id", "=", "r2"], ["id", "=", "r3"], ["id", "=", "r4"], ["id", "=", "r6"]], {
      resolution: true, voiced: true, gtin: true, engine: true, producers: { name: true }, released: true,
    });
    expect(rows).toEqual([
      { id: "r2", resolution: [640, 480], voiced: null, gtin: "4560123456789", engine: null, producers: [{ id: "p2", name: "Visual Arts" }], released: "2004-01-01" },
      { id: "r3", resolution: "non-standard", voiced: 2, gtin: "012345678905", engine: null, producers: [{ id: "p1", name: "Key" }, { id: "p3", name: "Ghost Circle" }], released: "2005-11-25" },
      { id: "r4", resolution: [1280, 720], voiced: null, gtin: null, engine: "Ren'Py", producers: [{ id: "p4", name: "Indie Dev" }], released: "TBA" },
      { id: "r6", resolution: null, voiced: null, gtin: null, engine: null, producers: [], released: "2010" },
    ]);
  });

  it("producer: every field", () => {
    const rows = one("producer", ["id", "<=", "p2"], {
      name: true, original: true, aliases: true, lang: true, type: true, description: true, extlinks: { name: true, url: true },
    });
    expect(rows).toEqual([
      { id: "p1", name: "Key", original: null, aliases: ["Key Visual Arts"], lang: "ja", type: "co", description: "Studio", extlinks: [{ name: "twitter", url: "https://x.com/key_official" }] },
      { id: "p2", name: "Visual Arts", original: "ビジュアルアーツ", aliases: [], lang: "ja", type: "co", description: null, extlinks: [] },
    ]);
  });

  it("character: every field", () => {
    const [c] = one("character", ["id", "=", "c1"], {
      name: true, original: true, aliases: true, description: true, image: { ...IMG, }, blood_type: true,
      height: true, weight: true, bust: true, waist: true, hips: true, cup: true, age: true, birthday: true, sex: true,
      gender: true, vns: { spoiler: true, role: true, title: true, release: { title: true } },
      traits: { name: true, spoiler: true, lie: true, group_id: true, group_name: true },
    });
    expect(c).toEqual({
      id: "c1", name: "Furukawa Nagisa", original: "古河 渚", aliases: ["なぎさ", "Nagisa"], description: null,
      image: { id: "ch1", url: "https://t.vndb.org/ch/01/1.jpg", dims: [100, 200], sexual: 0, violence: 0, votecount: 2 },
      blood_type: "a", height: 155, weight: null, bust: 80, waist: 57, hips: 81, cup: "B", age: 17, birthday: [12, 24],
      sex: ["f", "f"], gender: ["f", "f"],
      vns: [{ id: "v1", spoiler: 0, role: "main", title: "Clannad", release: { id: "r1", title: "Clannad" } }],
      traits: [
        { id: "i2", name: "Blond", spoiler: 0, lie: false, group_id: "i1", group_name: "Hair" },
        { id: "i4", name: "Kind", spoiler: 1, lie: true, group_id: "i3", group_name: "Personality" },
      ],
    });
  });

  it("character: sex/gender derivation, null measurements, hidden traits and VNs dropped", () => {
    const rows = one("character", ["id", ">=", "c2"], {
      sex: true, gender: true, height: true, cup: true, birthday: true, weight: true, blood_type: true,
      vns: { role: true, release: { id: true } }, traits: { id: true }, original: true,
    });
    expect(rows).toEqual([
      {
        id: "c2", sex: ["m", "f"], gender: ["m", "o"], height: null, cup: "AA", birthday: [10, 0], weight: 60, blood_type: null,
        vns: [{ id: "v1", role: "primary", release: null }, { id: "v2", role: "main", release: { id: "r3" } }],
        traits: [{ id: "i4" }], original: null,
      },
      {
        id: "c4", sex: null, gender: ["a", "a"], height: null, cup: null, birthday: null, weight: null, blood_type: null,
        vns: [{ id: "v3", role: "side", release: null }], traits: [], original: null,
      },
    ]);
  });

  it("staff: one row per alias with every field", () => {
    const rows = one("staff", ["id", "=", "s1"], {
      aid: true, ismain: true, name: true, original: true, lang: true, gender: true, description: true,
      extlinks: { name: true, url: true }, aliases: { aid: true, name: true, latin: true, ismain: true },
    });
    const aliases = [
      { aid: 1, name: "麻枝 准", latin: "Maeda Jun", ismain: true },
      { aid: 2, name: "だーまえ", latin: null, ismain: false },
    ];
    const common = { id: "s1", lang: "ja", gender: "m", description: "Writer", extlinks: [{ name: "twitter", url: "https://x.com/maeda" }], aliases };
    expect(rows).toEqual([
      { ...common, aid: 1, ismain: true, name: "Maeda Jun", original: "麻枝 准" },
      { ...common, aid: 2, ismain: false, name: "だーまえ", original: null },
    ]);
    const [company] = one("staff", ["id", "=", "s4"], { gender: true, description: true });
    expect(company).toEqual({ id: "s4", gender: null, description: null });
  });

  it("tag and trait: every field, counts include inheritance", () => {
    const tags = one("tag", ["id", "<=", "g2"], {
      name: true, aliases: true, description: true, category: true, searchable: true, applicable: true, vn_count: true,
    });
    expect(tags).toEqual([
      { id: "g1", name: "Fantasy", aliases: ["Magic World"], description: "", category: "cont", searchable: true, applicable: true, vn_count: 2 },
      { id: "g2", name: "High Fantasy", aliases: [], description: "Desc", category: "cont", searchable: true, applicable: true, vn_count: 1 },
    ]);
    const traits = one("trait", ["id", "<=", "i3"], {
      name: true, aliases: true, description: true, searchable: true, applicable: true, sexual: true,
      group_id: true, group_name: true, char_count: true,
    });
    expect(traits).toEqual([
      { id: "i1", name: "Hair", aliases: [], description: "", searchable: false, applicable: false, sexual: false, group_id: null, group_name: null, char_count: 0 },
      { id: "i2", name: "Blond", aliases: ["Golden Hair"], description: "Yellow", searchable: true, applicable: true, sexual: false, group_id: "i1", group_name: "Hair", char_count: 1 },
      { id: "i3", name: "Personality", aliases: [], description: "", searchable: true, applicable: false, sexual: false, group_id: null, group_name: null, char_count: 2 },
    ]);
  });

  it("quote: every field; hidden vn/character become null", () => {
    const rows = one("quote", null as unknown as Filter, { quote: true, score: true, vn: { title: true }, character: { name: true } });
    expect(rows).toEqual([
      { id: "q1", quote: "Dango dango", score: 10, vn: { id: "v1", title: "Clannad" }, character: { id: "c1", name: "Furukawa Nagisa" } },
      { id: "q2", quote: "Second", score: 0, vn: { id: "v2", title: "Tomoyo After" }, character: null },
      { id: "q3", quote: "From a hidden VN", score: 5, vn: null, character: null },
    ]);
  });

  it("ulist: every field for the owner", () => {
    const rows = one("ulist", ["id", "=", "v1"], {
      added: true, lastmod: true, voted: true, vote: true, started: true, finished: true, notes: true,
      labels: { id: true, label: true }, vn: { title: true }, releases: { list_status: true, title: true },
    }, OWNER);
    expect(rows).toEqual([
      {
        id: "v1", added: 100, lastmod: 200, voted: 1000, vote: 90, started: "2020-01-01", finished: "2020-02-01", notes: "great",
        // label 99 has no label row and is omitted
        labels: [{ id: 2, label: "Finished" }, { id: 7, label: "Voted" }],
        vn: { id: "v1", title: "Clannad" },
        releases: [{ id: "r1", list_status: 2, title: "Clannad" }, { id: "r2", list_status: 1, title: "Clannad Trial" }],
      },
    ]);
  });

  it("ulist: private labels only with list-read rights, including Voted", () => {
    const anon = one("ulist", null as unknown as Filter, { labels: { id: true }, notes: true }, null, "u2");
    expect(anon).toEqual([
      { id: "v1", labels: [{ id: 2 }, { id: 7 }], notes: "great" },
      { id: "v5", labels: [{ id: 7 }, { id: 11 }], notes: null },
    ]);
    // u3's only entry is private (its Voted label is private): invisible to others …
    expect(one("ulist", null as unknown as Filter, { labels: { id: true } }, null, "u3")).toEqual([]);
    // … and visible with the Voted label to the owner.
    expect(one("ulist", null as unknown as Filter, { labels: { label: true } }, OTHER, "u3")).toEqual([
      { id: "v1", labels: [{ label: "Voted" }] },
    ]);
  });

  it("helpers: dates, gtin, image urls, sizes, url templates, canonical json", () => {
    expect([0, 99999999, 20229999, 20220199, 20220105].map(formatRdate)).toEqual([null, "TBA", "2022", "2022-01", "2022-01-05"]);
    expect([formatGtin("0"), formatGtin(""), formatGtin("4560123456789"), formatGtin("4560123456788")]).toEqual([null, null, "4560123456789", null]);
    expect(imageUrl("cv95420", false)).toBe("https://t.vndb.org/cv/20/95420.jpg");
    expect(imageUrl("sf7", true)).toBe("https://t.vndb.org/sf.t/07/7.jpg");
    expect(fitSize(100, 100, [256, 400])).toEqual([100, 100]);
    expect(fitSize(1024, 768, [136, 102])).toEqual([136, 102]);
    expect(formatUrl("https://www.digiket.com/work/show/_data/ID=ITM%07d/", 1234, "digiket")).toBe("https://www.digiket.com/work/show/_data/ID=ITM0001234/");
    expect(formatUrl("https://www.dlsite.com/%s/work/=/product_id/%s.html", "VJ01000", "dlsite")).toBe("https://www.dlsite.com/pro/work/=/product_id/VJ01000.html");
    expect(canonicalJson({ b: 1, a: [{ z: null, y: "é" }], "10": true, "9": false })).toBe('{"10":true,"9":false,"a":[{"y":"é","z":null}],"b":1}');
  });
});
