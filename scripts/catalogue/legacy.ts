// The recorded responses of the old TCP API (legacy-tcp-api/, 2020), converted to
// today's row layout. Mapping per research/real-data.md; every default is listed in
// docs/catalogue.md.
import type {
  CharacterRow,
  ExtlinkRow,
  ReleaseRow,
  StaffRow,
} from "../../src/emulator/catalogue/types.js";
import { addImage, defaultImage, hintVn, type Draft } from "./draft.js";
import { blankVn, blankRelease } from "../../src/emulator/catalogue/blank-rows.js";
import { readJson } from "./sources.js";
import { imageIdFromUrl, splitAliases, toRDate } from "./values.js";

interface Envelope<T> {
  items: T[];
}

interface LegacyVn {
  id: number;
  title: string;
  original: string | null;
  aliases: string | null;
  description: string | null;
  orig_lang: string[];
  languages: string[];
  platforms: string[];
  released: string | null;
  length: number | null;
  image: string | null;
  image_nsfw: boolean;
  rating: number;
  votecount: number;
  links: { wikidata: string | null; renai: string | null };
  anime: { id: number }[];
  relations: { id: number; relation: string; official: boolean }[];
  tags: [number, number, number][];
  screens: { image: string; rid: number; nsfw: boolean; width: number; height: number }[];
  staff: { sid: number; aid: number; name: string; original: string | null; role: string; note: string | null }[];
}

interface LegacyRelease {
  id: number;
  title: string;
  original: string | null;
  released: string | null;
  type: "trial" | "partial" | "complete";
  patch: boolean;
  freeware: boolean;
  doujin: boolean;
  languages: string[];
  website: string | null;
  notes: string | null;
  minage: number | null;
  gtin: string | null;
  catalog: string | null;
  platforms: string[];
  media: { medium: string; qty: number | null }[];
  resolution: string | null;
  voiced: number | null;
  animation: [number | null, number | null];
  vn: { id: number; title: string; original: string | null }[];
  producers: { id: number; developer: boolean; publisher: boolean }[];
}

interface LegacyProducer {
  id: number;
  links: { homepage: string | null; wikidata: string | null };
  relations: { id: number; relation: string }[];
}

interface LegacyCharacter {
  id: number;
  name: string;
  original: string | null;
  gender: "m" | "f" | "b" | null;
  bloodt: "a" | "b" | "ab" | "o" | null;
  /** The old API's order is [day, month]. */
  birthday: [number | null, number | null];
  aliases: string | null;
  description: string | null;
  image: string | null;
  bust: number | null;
  waist: number | null;
  hip: number | null;
  height: number | null;
  weight: number | null;
  traits: [number, number][];
  vns: [number, number, number, "main" | "primary" | "side" | "appears"][];
  voiced: { id: number; aid: number; vid: number; note: string | null }[];
}

interface LegacyStaff {
  id: number;
  language: string;
  gender: "m" | "f" | null;
  description: string | null;
  main_alias: number;
  aliases: [number, string, string | null][];
  links: {
    homepage: string | null;
    wikidata: string | null;
    twitter: string | null;
    anidb: number | null;
    pixiv: number | null;
  };
  vns: { id: number; aid: number; role: string; note: string | null }[];
}

interface LegacyUlist {
  uid: number;
  vn: number;
  added: number;
  lastmod: number;
  voted: number | null;
  vote: number | null;
  started: string | null;
  finished: string | null;
  notes: string;
  labels: { id: number }[];
}

/** A romanised name plus optional original script → (original-script name, romanisation). */
function nameColumns(name: string, original: string | null): { name: string; latin: string | null } {
  return original ? { name: original, latin: name } : { name, latin: null };
}

/** "Q10847068" → 10847068: Wikidata links are stored as numbers (url format Q%d). */
function wikidataId(q: string): number {
  return Number(q.replace(/^Q/, ""));
}

/** A staff row known only from a credit: one alias, every other column at its default. */
function creditedStaff(draft: Draft, sid: number, aid: number, name: string, original: string | null): void {
  const id = `s${sid}`;
  const row: StaffRow = draft.staff.get(id) ?? {
    id,
    lang: "ja",
    gender: null,
    type: "person",
    description: "",
    mainAid: aid,
    aliases: [],
    extlinks: [],
  };
  if (!row.aliases.some((a) => a.aid === aid)) row.aliases.push({ aid, ...nameColumns(name, original) });
  draft.staff.set(id, row);
}

export function convertLegacyVn(dir: string, draft: Draft): void {
  for (const v of readJson<Envelope<LegacyVn>>(dir, "legacy-tcp-api/vn.json").items) {
    const id = `v${v.id}`;
    const row = blankVn(id, v.orig_lang[0]);
    hintVn(draft, id, { title: v.title, original: v.original, olang: v.orig_lang[0] });
    row.aliases = splitAliases(v.aliases);
    row.description = v.description ?? "";
    row.length = v.length ?? 0;
    // Old ratings are on a 1..10 scale; Kana uses 10..100. The plain average is not in
    // the record, so it is taken equal to the rating.
    row.rating = Math.round(v.rating * 100) / 10;
    row.average = row.rating;
    row.votecount = v.votecount;
    row.cReleased = toRDate(v.released);
    row.cLanguages = [...v.languages].sort();
    row.cPlatforms = [...v.platforms].sort();
    if (v.image) {
      row.image = imageIdFromUrl(v.image);
      addImage(draft, { ...defaultImage(row.image), sexual: v.image_nsfw ? 2 : 0 });
    }
    for (const s of v.screens) {
      const image = imageIdFromUrl(s.image);
      // The old API only had an nsfw flag: read it as the extreme vote, without votes.
      addImage(draft, {
        id: image,
        width: s.width,
        height: s.height,
        sexual: s.nsfw ? 2 : 0,
        violence: 0,
        votecount: 0,
      });
      row.screenshots.push({ image, release: `r${s.rid}` });
    }
    row.relations = v.relations.map((r) => ({ vn: `v${r.id}`, relation: r.relation, official: r.official }));
    for (const [tag, rating, spoiler] of v.tags) {
      if (!draft.tag.has(`g${tag}`)) {
        draft.dropped.push(`${id} tag g${tag} (not in the 2024 tags dump)`);
        continue;
      }
      row.tags.push({ tag: `g${tag}`, rating, spoiler: spoiler as 0 | 1 | 2, lie: false });
    }
    for (const s of v.staff) {
      creditedStaff(draft, s.sid, s.aid, s.name, s.original);
      row.staff.push({ aid: s.aid, eid: null, role: s.role, note: s.note ?? "" });
    }
    row.anime = v.anime.map((a) => a.id);
    if (v.links.wikidata) row.extlinks.push({ site: "wikidata", value: wikidataId(v.links.wikidata) });
    if (v.links.renai) row.extlinks.push({ site: "renai", value: v.links.renai });
    draft.vn.set(id, row);
  }
}

export function convertLegacyReleases(dir: string, draft: Draft): void {
  for (const r of readJson<Envelope<LegacyRelease>>(dir, "legacy-tcp-api/release.json").items) {
    const id = `r${r.id}`;
    const olang = r.languages[0];
    const row: ReleaseRow = blankRelease(id, olang);
    const main = nameColumns(r.title, r.original);
    // The old API had one title per release; it belongs to the main language, and the
    // other languages (none in this file) would share it (title null = same as main).
    row.titles = r.languages.map((lang) =>
      lang === olang
        ? { lang, title: main.name, latin: main.latin, mtl: false }
        : { lang, title: null, latin: null, mtl: false },
    );
    row.platforms = [...r.platforms];
    row.media = r.media.map((m) => ({ medium: m.medium, qty: m.qty ?? 0 }));
    row.vns = r.vn.map((v) => ({ vn: `v${v.id}`, rtype: r.type }));
    for (const v of r.vn) hintVn(draft, `v${v.id}`, { title: v.title, original: v.original, olang });
    row.producers = r.producers.map((p) => ({
      producer: `p${p.id}`,
      developer: p.developer,
      publisher: p.publisher,
    }));
    row.released = toRDate(r.released);
    row.minage = r.minage;
    row.patch = r.patch;
    row.freeware = r.freeware;
    row.doujin = r.doujin;
    // has_ero is newer than the old API: an 18+ release is taken to contain erotic scenes.
    row.hasEro = r.minage === 18;
    const reso = r.resolution ? /^(\d+)x(\d+)$/.exec(r.resolution) : null;
    if (reso) {
      row.resoX = Number(reso[1]);
      row.resoY = Number(reso[2]);
    }
    row.voiced = r.voiced ?? 0;
    row.notes = r.notes ?? "";
    row.gtin = r.gtin ?? "";
    row.catalog = r.catalog ?? "";
    row.aniStory = r.animation[0] ?? 0;
    row.aniEro = r.animation[1] ?? 0;
    if (r.website) row.extlinks.push({ site: "website", value: r.website });
    draft.release.set(id, row);
  }
}

/** Links and relations of the four legacy producers, merged onto their CSV rows. */
export function convertLegacyProducers(dir: string, draft: Draft): void {
  for (const p of readJson<Envelope<LegacyProducer>>(dir, "legacy-tcp-api/producer.json").items) {
    const row = draft.allProducers.get(`p${p.id}`);
    if (!row) throw new Error(`Legacy producer p${p.id} is not in the producers dump`);
    const links: ExtlinkRow[] = [];
    if (p.links.homepage) links.push({ site: "website", value: p.links.homepage });
    if (p.links.wikidata) links.push({ site: "wikidata", value: wikidataId(p.links.wikidata) });
    row.extlinks = links;
    row.relations = p.relations.map((r) => ({ producer: `p${r.id}`, relation: r.relation }));
  }
}

/**
 * Staff named only by id (the characters' `voiced` entries carry staff and alias ids but
 * no names): the name column gets the staff id as a neutral placeholder.
 */
function placeholderStaff(draft: Draft, sid: number, aid: number): void {
  if (!draft.staff.has(`s${sid}`)) creditedStaff(draft, sid, aid, `s${sid}`, null);
}

export function convertLegacyCharacters(dir: string, draft: Draft): void {
  for (const c of readJson<Envelope<LegacyCharacter>>(dir, "legacy-tcp-api/character.json").items) {
    const id = `c${c.id}`;
    const image = c.image ? imageIdFromUrl(c.image) : null;
    if (image) addImage(draft, defaultImage(image));
    const [day, month] = c.birthday;
    const row: CharacterRow = {
      id,
      ...nameColumns(c.name, c.original),
      aliases: splitAliases(c.aliases).map((name) => ({ name, latin: null })),
      description: c.description ?? "",
      image,
      bloodType: c.bloodt,
      height: c.height ?? 0,
      bust: c.bust ?? 0,
      waist: c.waist ?? 0,
      hips: c.hip ?? 0,
      weight: c.weight,
      age: null,
      cup: null,
      birthday: day && month ? [month, day] : null,
      // The old `gender` field is today's apparent sex; Kana's gender came later and is
      // derived from the sex when not recorded.
      sex: c.gender,
      spoilSex: null,
      gender: null,
      spoilGender: null,
      vns: c.vns.map(([vid, rid, spoiler, role]) => ({
        vn: `v${vid}`,
        release: rid ? `r${rid}` : null,
        spoiler,
        role,
      })),
      traits: [],
    };
    for (const [trait, spoiler] of c.traits) {
      if (!draft.trait.has(`i${trait}`)) {
        draft.dropped.push(`${id} trait i${trait} (not in the 2022 traits dump)`);
        continue;
      }
      row.traits.push({ trait: `i${trait}`, spoiler: spoiler as 0 | 1 | 2, lie: false });
    }
    for (const v of c.vns) hintVn(draft, `v${v[0]}`);
    for (const va of c.voiced) {
      placeholderStaff(draft, va.id, va.aid);
      hintVn(draft, `v${va.vid}`);
      draft.pendingVa.push({ vn: `v${va.vid}`, aid: va.aid, character: id, note: va.note ?? "" });
    }
    draft.character.set(id, row);
  }
}

export function convertLegacyStaff(dir: string, draft: Draft): void {
  for (const s of readJson<Envelope<LegacyStaff>>(dir, "legacy-tcp-api/staff.json").items) {
    const id = `s${s.id}`;
    const extlinks: ExtlinkRow[] = [];
    // Wikipedia links are now derived from Wikidata, so the old `wikipedia` key is dropped.
    if (s.links.homepage) extlinks.push({ site: "website", value: s.links.homepage });
    if (s.links.wikidata) extlinks.push({ site: "wikidata", value: wikidataId(s.links.wikidata) });
    if (s.links.twitter) extlinks.push({ site: "twitter", value: s.links.twitter });
    if (s.links.anidb) extlinks.push({ site: "anidb", value: s.links.anidb });
    if (s.links.pixiv) extlinks.push({ site: "pixiv", value: s.links.pixiv });
    draft.staff.set(id, {
      id,
      lang: s.language,
      gender: s.gender,
      type: "person",
      description: s.description ?? "",
      mainAid: s.main_alias,
      aliases: s.aliases.map(([aid, name, original]) => ({ aid, ...nameColumns(name, original) })),
      extlinks,
    });
    for (const credit of s.vns) {
      hintVn(draft, `v${credit.id}`);
      draft.pendingStaff.push({ vn: `v${credit.id}`, aid: credit.aid, role: credit.role, note: credit.note ?? "" });
    }
  }
}

/** Adds the queued staff and voice credits to their VN rows (which exist by now). */
export function applyPendingCredits(draft: Draft): void {
  for (const c of draft.pendingStaff.splice(0)) {
    const vn = draft.vn.get(c.vn)!;
    const dup = vn.staff.some((s) => s.aid === c.aid && s.role === c.role && s.note === c.note);
    if (!dup) vn.staff.push({ aid: c.aid, eid: null, role: c.role, note: c.note });
  }
  for (const c of draft.pendingVa.splice(0)) {
    draft.vn.get(c.vn)!.va.push({ aid: c.aid, character: c.character, note: c.note });
  }
}

export function convertLegacyLists(dir: string, draft: Draft): void {
  for (const u of readJson<Envelope<{ id: number; username: string }>>(dir, "legacy-tcp-api/user.json").items) {
    draft.users.set(`u${u.id}`, { id: `u${u.id}`, username: u.username });
  }
  for (const e of readJson<Envelope<LegacyUlist>>(dir, "legacy-tcp-api/ulist.json").items) {
    hintVn(draft, `v${e.vn}`);
    draft.ulist.push({
      uid: `u${e.uid}`,
      vid: `v${e.vn}`,
      added: e.added,
      lastmod: e.lastmod,
      voteDate: e.voted,
      vote: e.vote,
      started: e.started,
      finished: e.finished,
      notes: e.notes,
      labels: e.labels.map((l) => l.id).sort((a, b) => a - b),
    });
  }
}
