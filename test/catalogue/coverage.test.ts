// Every field of every endpoint (the api_fields tree of src/schema/snapshot.json) is
// non-null — and, for arrays and "empty string → null" texts, non-empty — in at least one
// visible result the catalogue can produce. The table below maps each API field to the
// row columns it comes from (reference §6); a field of the tree without an entry here,
// or an entry for a field the tree no longer has, fails the test.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { testCatalogue } from "../../src/emulator/presets/test.js";
import type { Catalogue } from "../../src/emulator/catalogue/types.js";

type FieldTree = { [name: string]: FieldTree | string | null };

const snapshot = JSON.parse(
  readFileSync(new URL("../../src/schema/snapshot.json", import.meta.url), "utf8"),
) as { api_fields: Record<string, FieldTree> };

/**
 * Field paths of one endpoint: leaves, plus each object field that inherits another
 * entity's fields (the inherited fields are covered under that entity's own endpoint).
 */
function fieldPaths(tree: FieldTree, prefix = ""): string[] {
  const out: string[] = [];
  for (const [name, sub] of Object.entries(tree)) {
    if (name === "_inherit") continue;
    const path = prefix + name;
    if (sub === null || typeof sub === "string") out.push(path);
    else {
      if ("_inherit" in sub) out.push(path);
      out.push(...fieldPaths(sub, `${path}.`));
    }
  }
  return out;
}

/** The visible rows and lookups the checks need. */
function context(c: Catalogue) {
  const vis = <T extends { hidden?: boolean }>(rows: T[]) => rows.filter((r) => !r.hidden);
  const vn = vis(c.vn);
  const release = vis(c.release);
  const character = vis(c.character);
  const staff = vis(c.staff);
  const visibleVn = new Set(vn.map((v) => v.id));
  const visibleRelease = new Set(release.map((r) => r.id));
  const visibleChar = new Set(character.map((x) => x.id));
  const visibleTag = new Set(vis(c.tag).map((t) => t.id));
  const visibleTrait = new Set(vis(c.trait).map((t) => t.id));
  const visibleAid = new Set(staff.flatMap((s) => s.aliases.map((a) => a.aid)));
  const images = new Map(c.images.map((i) => [i.id, i]));
  const mainTitle = (v: Catalogue["vn"][number]) => v.titles.find((t) => t.lang === v.olang);
  const mainRelTitle = (r: Catalogue["release"][number]) => r.titles.find((t) => t.lang === r.olang);
  const ulist = c.ulist.filter((e) => visibleVn.has(e.vid));
  const anyVnScreenshot = (f: (s: Catalogue["vn"][number]["screenshots"][number]) => boolean) =>
    vn.some((v) => v.screenshots.some((s) => images.has(s.image) && f(s)));
  const anyReleaseImage = (f: (i: Catalogue["release"][number]["images"][number]) => boolean) =>
    release.some((r) => r.images.some((i) => images.has(i.image) && f(i)));
  const hasCover = vn.some((v) => v.image !== null && images.has(v.image));
  const hasCharImage = character.some((x) => x.image !== null && images.has(x.image));
  return {
    c, vn, release, character, staff, visibleVn, visibleRelease, visibleChar, visibleTag,
    visibleTrait, visibleAid, images, mainTitle, mainRelTitle, ulist, anyVnScreenshot,
    anyReleaseImage, hasCover, hasCharImage,
    producer: vis(c.producer),
    tag: vis(c.tag),
    trait: vis(c.trait),
    quote: vis(c.quote),
  };
}

type Ctx = ReturnType<typeof context>;
type Check = (x: Ctx) => boolean;

const any = <T>(rows: T[], f: (r: T) => boolean): boolean => rows.some(f);
const nonEmpty = (s: string | null | undefined): boolean => typeof s === "string" && s !== "";

/** GTIN check digit (EAN-8/UPC-A/EAN-13/ISBN-13): the API returns null for invalid ones. */
function validGtin(g: string): boolean {
  if (!/^\d{8}$|^\d{12,13}$/.test(g) || /^0+$/.test(g)) return false;
  const digits = [...g.padStart(13, "0")].map(Number);
  const sum = digits.slice(0, 12).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const vnDeveloper: Check = (x) =>
  any(x.release, (r) => r.official && r.vns.some((v) => x.visibleVn.has(v.vn)) && r.producers.some((p) => p.developer));

const CHECKS: Record<string, Record<string, Check>> = {
  "/vn": {
    id: (x) => x.vn.length > 0,
    title: (x) => any(x.vn, (v) => x.mainTitle(v) !== undefined),
    alttitle: (x) => any(x.vn, (v) => nonEmpty(x.mainTitle(v)?.latin)),
    "titles.lang": (x) => any(x.vn, (v) => v.titles.length > 0),
    "titles.title": (x) => any(x.vn, (v) => v.titles.length > 0),
    "titles.latin": (x) => any(x.vn, (v) => v.titles.some((t) => nonEmpty(t.latin))),
    "titles.official": (x) => any(x.vn, (v) => v.titles.length > 0),
    "titles.main": (x) => any(x.vn, (v) => x.mainTitle(v) !== undefined),
    aliases: (x) => any(x.vn, (v) => v.aliases.length > 0),
    olang: (x) => any(x.vn, (v) => nonEmpty(v.olang)),
    devstatus: (x) => x.vn.length > 0,
    released: (x) =>
      any(x.vn, (v) => (v.cReleased ?? 0) > 0) ||
      any(x.release, (r) => r.released > 0 && r.official && r.vns.some((v) => v.rtype !== "trial")),
    languages: (x) =>
      any(x.vn, (v) => (v.cLanguages ?? []).length > 0) || any(x.release, (r) => r.titles.some((t) => !t.mtl)),
    platforms: (x) =>
      any(x.vn, (v) => (v.cPlatforms ?? []).length > 0) || any(x.release, (r) => r.platforms.length > 0),
    "image.id": (x) => x.hasCover,
    "image.url": (x) => x.hasCover,
    "image.dims": (x) => x.hasCover,
    "image.sexual": (x) => x.hasCover,
    "image.violence": (x) => x.hasCover,
    "image.votecount": (x) => x.hasCover,
    "image.thumbnail": (x) => x.hasCover,
    "image.thumbnail_dims": (x) => x.hasCover,
    length: (x) => any(x.vn, (v) => v.length > 0),
    length_minutes: (x) => any(x.vn, (v) => v.devstatus !== 1 && v.lengthVotes.length > 0),
    length_votes: (x) => x.vn.length > 0,
    description: (x) => any(x.vn, (v) => nonEmpty(v.description)),
    average: (x) => any(x.vn, (v) => v.average !== null),
    rating: (x) => any(x.vn, (v) => v.rating !== null),
    popularity: (x) => any(x.vn, (v) => v.votecount > 0),
    votecount: (x) => x.vn.length > 0,
    "screenshots.id": (x) => x.anyVnScreenshot(() => true),
    "screenshots.url": (x) => x.anyVnScreenshot(() => true),
    "screenshots.dims": (x) => x.anyVnScreenshot(() => true),
    "screenshots.sexual": (x) => x.anyVnScreenshot(() => true),
    "screenshots.violence": (x) => x.anyVnScreenshot(() => true),
    "screenshots.votecount": (x) => x.anyVnScreenshot(() => true),
    "screenshots.thumbnail": (x) => x.anyVnScreenshot(() => true),
    "screenshots.thumbnail_dims": (x) => x.anyVnScreenshot(() => true),
    "screenshots.release": (x) => x.anyVnScreenshot((s) => x.visibleRelease.has(s.release)),
    relations: (x) => any(x.vn, (v) => v.relations.length > 0),
    "relations.relation": (x) => any(x.vn, (v) => v.relations.length > 0),
    "relations.relation_official": (x) => any(x.vn, (v) => v.relations.length > 0),
    tags: (x) => any(x.vn, (v) => v.tags.some((t) => x.visibleTag.has(t.tag))),
    "tags.rating": (x) => any(x.vn, (v) => v.tags.some((t) => x.visibleTag.has(t.tag))),
    "tags.spoiler": (x) => any(x.vn, (v) => v.tags.some((t) => x.visibleTag.has(t.tag))),
    "tags.lie": (x) => any(x.vn, (v) => v.tags.some((t) => x.visibleTag.has(t.tag))),
    developers: vnDeveloper,
    "editions.eid": (x) => any(x.vn, (v) => v.editions.length > 0),
    "editions.lang": (x) => any(x.vn, (v) => v.editions.some((e) => e.lang !== null)),
    "editions.name": (x) => any(x.vn, (v) => v.editions.some((e) => nonEmpty(e.name))),
    "editions.official": (x) => any(x.vn, (v) => v.editions.length > 0),
    staff: (x) => any(x.vn, (v) => v.staff.some((s) => x.visibleAid.has(s.aid))),
    "staff.eid": (x) => any(x.vn, (v) => v.staff.some((s) => x.visibleAid.has(s.aid) && s.eid !== null)),
    "staff.role": (x) => any(x.vn, (v) => v.staff.some((s) => x.visibleAid.has(s.aid))),
    "staff.note": (x) => any(x.vn, (v) => v.staff.some((s) => x.visibleAid.has(s.aid) && nonEmpty(s.note))),
    "va.staff": (x) => any(x.vn, (v) => v.va.some((a) => x.visibleAid.has(a.aid))),
    "va.character": (x) => any(x.vn, (v) => v.va.some((a) => x.visibleAid.has(a.aid) && x.visibleChar.has(a.character))),
    "va.note": (x) => any(x.vn, (v) => v.va.some((a) => x.visibleAid.has(a.aid) && nonEmpty(a.note))),
    "extlinks.id": (x) => any(x.vn, (v) => v.extlinks.length > 0),
    "extlinks.label": (x) => any(x.vn, (v) => v.extlinks.length > 0),
    "extlinks.name": (x) => any(x.vn, (v) => v.extlinks.length > 0),
    "extlinks.url": (x) => any(x.vn, (v) => v.extlinks.length > 0),
  },
  "/release": {
    id: (x) => x.release.length > 0,
    title: (x) => any(x.release, (r) => x.mainRelTitle(r) !== undefined),
    alttitle: (x) => any(x.release, (r) => nonEmpty(x.mainRelTitle(r)?.latin)),
    "languages.lang": (x) => any(x.release, (r) => r.titles.length > 0),
    "languages.title": (x) => any(x.release, (r) => r.titles.some((t) => nonEmpty(t.title))),
    "languages.latin": (x) => any(x.release, (r) => r.titles.some((t) => nonEmpty(t.latin))),
    "languages.mtl": (x) => any(x.release, (r) => r.titles.some((t) => t.mtl)),
    "languages.main": (x) => any(x.release, (r) => x.mainRelTitle(r) !== undefined),
    platforms: (x) => any(x.release, (r) => r.platforms.length > 0),
    "media.medium": (x) => any(x.release, (r) => r.media.length > 0),
    "media.qty": (x) => any(x.release, (r) => r.media.some((m) => m.qty > 0)),
    vns: (x) => any(x.release, (r) => r.vns.some((v) => x.visibleVn.has(v.vn))),
    "vns.rtype": (x) => any(x.release, (r) => r.vns.length > 0),
    producers: (x) => any(x.release, (r) => r.producers.length > 0),
    "producers.developer": (x) => any(x.release, (r) => r.producers.some((p) => p.developer)),
    "producers.publisher": (x) => any(x.release, (r) => r.producers.some((p) => p.publisher)),
    "images.id": (x) => x.anyReleaseImage(() => true),
    "images.url": (x) => x.anyReleaseImage(() => true),
    "images.dims": (x) => x.anyReleaseImage(() => true),
    "images.sexual": (x) => x.anyReleaseImage(() => true),
    "images.violence": (x) => x.anyReleaseImage(() => true),
    "images.votecount": (x) => x.anyReleaseImage(() => true),
    "images.thumbnail": (x) => x.anyReleaseImage(() => true),
    "images.thumbnail_dims": (x) => x.anyReleaseImage(() => true),
    "images.type": (x) => x.anyReleaseImage(() => true),
    "images.vn": (x) => x.anyReleaseImage((i) => i.vn !== null),
    "images.languages": (x) => x.anyReleaseImage((i) => i.languages !== null),
    "images.photo": (x) => x.anyReleaseImage((i) => i.photo),
    released: (x) => any(x.release, (r) => r.released > 0),
    minage: (x) => any(x.release, (r) => r.minage !== null),
    patch: (x) => any(x.release, (r) => r.patch),
    freeware: (x) => any(x.release, (r) => r.freeware),
    official: (x) => any(x.release, (r) => r.official),
    has_ero: (x) => any(x.release, (r) => r.hasEro),
    uncensored: (x) =>
      any(x.release, (r) => r.uncensored === true) && any(x.release, (r) => r.uncensored === false),
    resolution: (x) =>
      any(x.release, (r) => r.resoX > 0) && any(x.release, (r) => r.resoX === 0 && r.resoY === 1),
    engine: (x) => any(x.release, (r) => nonEmpty(r.engine)),
    voiced: (x) => any(x.release, (r) => r.voiced > 0),
    notes: (x) => any(x.release, (r) => nonEmpty(r.notes)),
    gtin: (x) => any(x.release, (r) => validGtin(r.gtin)),
    catalog: (x) => any(x.release, (r) => nonEmpty(r.catalog)),
    "extlinks.id": (x) => any(x.release, (r) => r.extlinks.length > 0),
    "extlinks.label": (x) => any(x.release, (r) => r.extlinks.length > 0),
    "extlinks.name": (x) => any(x.release, (r) => r.extlinks.length > 0),
    "extlinks.url": (x) => any(x.release, (r) => r.extlinks.length > 0),
  },
  "/producer": {
    id: (x) => x.producer.length > 0,
    name: (x) => x.producer.length > 0,
    original: (x) => any(x.producer, (p) => nonEmpty(p.latin)),
    aliases: (x) => any(x.producer, (p) => p.aliases.length > 0),
    lang: (x) => any(x.producer, (p) => nonEmpty(p.lang)),
    type: (x) => x.producer.length > 0,
    description: (x) => any(x.producer, (p) => nonEmpty(p.description)),
    "extlinks.id": (x) => any(x.producer, (p) => p.extlinks.length > 0),
    "extlinks.label": (x) => any(x.producer, (p) => p.extlinks.length > 0),
    "extlinks.name": (x) => any(x.producer, (p) => p.extlinks.length > 0),
    "extlinks.url": (x) => any(x.producer, (p) => p.extlinks.length > 0),
  },
  "/character": {
    id: (x) => x.character.length > 0,
    name: (x) => x.character.length > 0,
    original: (x) => any(x.character, (ch) => nonEmpty(ch.latin)),
    aliases: (x) => any(x.character, (ch) => ch.aliases.length > 0),
    description: (x) => any(x.character, (ch) => nonEmpty(ch.description)),
    "image.id": (x) => x.hasCharImage,
    "image.url": (x) => x.hasCharImage,
    "image.dims": (x) => x.hasCharImage,
    "image.sexual": (x) => x.hasCharImage,
    "image.violence": (x) => x.hasCharImage,
    "image.votecount": (x) => x.hasCharImage,
    blood_type: (x) => any(x.character, (ch) => ch.bloodType !== null),
    height: (x) => any(x.character, (ch) => ch.height > 0),
    weight: (x) => any(x.character, (ch) => ch.weight !== null),
    bust: (x) => any(x.character, (ch) => ch.bust > 0),
    waist: (x) => any(x.character, (ch) => ch.waist > 0),
    hips: (x) => any(x.character, (ch) => ch.hips > 0),
    cup: (x) => any(x.character, (ch) => ch.cup !== null),
    age: (x) => any(x.character, (ch) => ch.age !== null),
    birthday: (x) => any(x.character, (ch) => ch.birthday !== null),
    sex: (x) => any(x.character, (ch) => ch.sex !== null) && any(x.character, (ch) => ch.spoilSex !== null),
    gender: (x) =>
      any(x.character, (ch) => ch.gender !== null) && any(x.character, (ch) => ch.spoilGender !== null),
    vns: (x) => any(x.character, (ch) => ch.vns.some((v) => x.visibleVn.has(v.vn))),
    "vns.spoiler": (x) => any(x.character, (ch) => ch.vns.some((v) => x.visibleVn.has(v.vn))),
    "vns.role": (x) => any(x.character, (ch) => ch.vns.some((v) => x.visibleVn.has(v.vn))),
    "vns.release": (x) =>
      any(x.character, (ch) => ch.vns.some((v) => x.visibleVn.has(v.vn) && v.release !== null && x.visibleRelease.has(v.release))),
    traits: (x) => any(x.character, (ch) => ch.traits.some((t) => x.visibleTrait.has(t.trait))),
    "traits.spoiler": (x) => any(x.character, (ch) => ch.traits.some((t) => t.spoiler > 0)),
    "traits.lie": (x) => any(x.character, (ch) => ch.traits.some((t) => t.lie)),
  },
  "/staff": {
    id: (x) => x.staff.length > 0,
    aid: (x) => x.staff.length > 0,
    ismain: (x) => x.staff.length > 0,
    name: (x) => x.staff.length > 0,
    original: (x) => any(x.staff, (s) => s.aliases.some((a) => nonEmpty(a.latin))),
    lang: (x) => any(x.staff, (s) => nonEmpty(s.lang)),
    gender: (x) => any(x.staff, (s) => s.gender !== null),
    description: (x) => any(x.staff, (s) => nonEmpty(s.description)),
    "extlinks.id": (x) => any(x.staff, (s) => s.extlinks.length > 0),
    "extlinks.label": (x) => any(x.staff, (s) => s.extlinks.length > 0),
    "extlinks.name": (x) => any(x.staff, (s) => s.extlinks.length > 0),
    "extlinks.url": (x) => any(x.staff, (s) => s.extlinks.length > 0),
    "aliases.aid": (x) => any(x.staff, (s) => s.aliases.length > 1),
    "aliases.name": (x) => any(x.staff, (s) => s.aliases.length > 1),
    "aliases.latin": (x) => any(x.staff, (s) => s.aliases.some((a) => nonEmpty(a.latin))),
    "aliases.ismain": (x) => any(x.staff, (s) => s.aliases.length > 1),
  },
  "/tag": {
    id: (x) => x.tag.length > 0,
    name: (x) => x.tag.length > 0,
    aliases: (x) => any(x.tag, (t) => t.aliases.length > 0),
    description: (x) => any(x.tag, (t) => nonEmpty(t.description)),
    category: (x) => new Set(x.tag.map((t) => t.category)).size === 3,
    searchable: (x) => any(x.tag, (t) => t.searchable) && any(x.tag, (t) => !t.searchable),
    applicable: (x) => any(x.tag, (t) => t.applicable) && any(x.tag, (t) => !t.applicable),
    vn_count: (x) => any(x.vn, (v) => v.tags.length > 0),
  },
  "/trait": {
    id: (x) => x.trait.length > 0,
    name: (x) => x.trait.length > 0,
    aliases: (x) => any(x.trait, (t) => t.aliases.length > 0),
    description: (x) => any(x.trait, (t) => nonEmpty(t.description)),
    searchable: (x) => any(x.trait, (t) => t.searchable) && any(x.trait, (t) => !t.searchable),
    applicable: (x) => any(x.trait, (t) => t.applicable) && any(x.trait, (t) => !t.applicable),
    sexual: (x) => any(x.trait, (t) => t.sexual) && any(x.trait, (t) => !t.sexual),
    group_id: (x) => any(x.trait, (t) => t.parents.length > 0),
    group_name: (x) => any(x.trait, (t) => t.parents.length > 0),
    char_count: (x) => any(x.character, (ch) => ch.traits.length > 0),
  },
  "/quote": {
    id: (x) => x.quote.length > 0,
    quote: (x) => any(x.quote, (q) => nonEmpty(q.quote)),
    score: (x) => any(x.quote, (q) => q.score > 0) && any(x.quote, (q) => q.score === 0),
    vn: (x) => any(x.quote, (q) => x.visibleVn.has(q.vn)),
    character: (x) => any(x.quote, (q) => q.character !== null && x.visibleChar.has(q.character)),
  },
  "/ulist": {
    id: (x) => x.ulist.length > 0,
    added: (x) => x.ulist.length > 0,
    lastmod: (x) => x.ulist.length > 0,
    voted: (x) => any(x.ulist, (e) => e.voteDate !== null),
    vote: (x) => any(x.ulist, (e) => e.vote !== null),
    started: (x) => any(x.ulist, (e) => e.started !== null),
    finished: (x) => any(x.ulist, (e) => e.finished !== null),
    notes: (x) => any(x.ulist, (e) => nonEmpty(e.notes)),
    "labels.id": (x) => any(x.ulist, (e) => e.labels.some((l) => x.c.labels.some((r) => r.uid === e.uid && r.id === l))),
    "labels.label": (x) => any(x.ulist, (e) => e.labels.some((l) => x.c.labels.some((r) => r.uid === e.uid && r.id === l))),
    vn: (x) => x.ulist.length > 0,
    releases: (x) =>
      any(x.c.rlist, (e) => x.visibleRelease.has(e.rid) && x.ulist.some((u) => u.uid === e.uid)),
    "releases.list_status": (x) => any(x.c.rlist, (e) => x.visibleRelease.has(e.rid)),
  },
};

// The test preset: the real catalogue plus the hand-made rows, which cover what the real data lacks.
const cat = testCatalogue();
const ctx = context(cat);

describe("catalogue field coverage", () => {
  for (const [endpoint, tree] of Object.entries(snapshot.api_fields)) {
    const paths = fieldPaths(tree);
    const checks = CHECKS[endpoint] ?? {};

    it(`${endpoint}: the map covers exactly the fields of the schema snapshot`, () => {
      expect(Object.keys(checks).sort()).toEqual([...paths].sort());
    });

    it.each(paths)(`${endpoint} %s is non-null in some visible row`, (path) => {
      const check = checks[path];
      expect(check, `no column mapping for ${endpoint} ${path}`).toBeDefined();
      expect(check(ctx)).toBe(true);
    });
  }

  it("finds nothing in an empty catalogue (the checks can fail)", () => {
    const empty = Object.fromEntries(
      Object.entries(cat).map(([k, v]) => [k, Array.isArray(v) ? [] : v]),
    ) as unknown as Catalogue;
    const emptyCtx = context(empty);
    const passing = Object.entries(CHECKS).flatMap(([e, checks]) =>
      Object.entries(checks)
        .filter(([, check]) => check(emptyCtx))
        .map(([p]) => `${e} ${p}`),
    );
    expect(passing).toEqual([]);
  });
});
