// Builds result objects from catalogue rows (reference §6, the `fields` definitions of
// each api_query in lib/VNWeb/API.pm).
//
// Entity objects (top-level results and nested entries: relations, vns, producers,
// developers, staff, tags, traits, screenshot/character-vn releases, quote vn/character,
// ulist vn/releases, va.staff/character) always carry their `id`; other nested objects
// (image, titles, media, labels, extlinks, ...) carry only the selected keys. Objects are
// built in response key order (key-order.ts) so the serialiser need not re-key them; what
// a link adds to a nested entry (a credit's role, a relation's type) comes in as `link`
// and takes its place among the entry's own keys.
import type { FieldSelection } from "../../kana/types.js";
import type {
  CharacterRow,
  ProducerRow,
  QuoteRow,
  RDate,
  ReleaseRow,
  TagRow,
  TraitRow,
  UlistRow,
  VnRow,
} from "../catalogue/types.js";
import type { StaffAliasEntry } from "../database.js";
import { canReadList, type EngineContext } from "./context.js";
import { vnStaffCredits, vnVoiceCredits } from "./credits.js";
import { characterGender, characterSex, mainTitle, nstr } from "./derive.js";
import { extlinkObjects } from "./extlinks.js";
import { imageObject } from "./images.js";
import { orderedKeys } from "./key-order.js";
import type { ExtlinkEntity } from "../../schema/index.js";

type Obj = Record<string, unknown>;
type Sel = FieldSelection;

/** The sub-selection of an object field (callers only pass object fields). */
const sub = (sel: Sel, k: string): Sel => (sel[k] === true ? {} : (sel[k] as Sel));

/** Stored release date → API string: null unknown, "TBA", "YYYY", "YYYY-MM", "YYYY-MM-DD" (rdate). */
export function formatRdate(d: RDate): string | null {
  if (!d) return null;
  if (d === 99999999) return "TBA";
  const y = Math.floor(d / 10000);
  const m = Math.floor(d / 100) % 100;
  const day = d % 100;
  const yyyy = String(y).padStart(4, "0");
  if (m === 99) return yyyy;
  if (day === 99) return `${yyyy}-${String(m).padStart(2, "0")}`;
  return `${yyyy}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * `f` of each item, less the items it gives undefined for: what flatMap with [] and [x] gives,
 * without V8's slow generic flatMap and an array per item (a page of list entries with
 * their labels spent a fifth of its time there).
 */
function mapDefined<T, U>(items: readonly T[], f: (item: T) => U | undefined): U[] {
  const out: U[] = [];
  for (const item of items) {
    const u = f(item);
    if (u !== undefined) out.push(u);
  }
  return out;
}

/** Picks the selected keys of a plain object. */
function pick(src: Obj, sel: Sel): Obj {
  const out: Obj = {};
  for (const k of orderedKeys(sel, false)) if (k in src) out[k] = src[k];
  return out;
}

function extlinks(entity: ExtlinkEntity, links: VnRow["extlinks"], sel: Sel): Obj[] {
  return extlinkObjects(entity, links).map((l) => pick(l, sel));
}

// --- VN ---------------------------------------------------------------------------------

export function projectVn(ctx: EngineContext, v: VnRow, sel: Sel, link?: Obj): Obj {
  const { db } = ctx;
  const cache = db.vnCache.get(v.id)!;
  const out: Obj = {};
  for (const k of orderedKeys(sel, true)) {
    switch (k) {
      case "id":
        out.id = v.id;
        break;
      case "title":
        out.title = cache.title;
        break;
      case "alttitle":
        out.alttitle = cache.alttitle;
        break;
      case "titles":
        out.titles = v.titles.map((t) =>
          pick({ lang: t.lang, title: t.title, latin: t.latin, official: t.official, main: t.lang === v.olang }, sub(sel, k)),
        );
        break;
      case "aliases":
        out.aliases = v.aliases.filter((a) => a !== "");
        break;
      case "olang":
        out.olang = v.olang;
        break;
      case "devstatus":
        out.devstatus = v.devstatus;
        break;
      case "released":
        out.released = formatRdate(cache.released);
        break;
      case "languages":
        out.languages = [...cache.languages];
        break;
      case "platforms":
        out.platforms = [...cache.platforms];
        break;
      case "image":
        out.image = v.image === null ? null : imageObject(db, v.image, sub(sel, k), "cover");
        break;
      case "length":
        out.length = v.length || null;
        break;
      case "length_minutes":
        out.length_minutes = cache.lengthMinutes;
        break;
      case "length_votes":
        out.length_votes = cache.lengthVotes;
        break;
      case "description":
        out.description = nstr(v.description);
        break;
      case "average":
        out.average = v.average;
        break;
      case "rating":
        out.rating = v.rating;
        break;
      case "popularity":
        out.popularity = cache.popularity;
        break;
      case "votecount":
        out.votecount = v.votecount;
        break;
      case "screenshots": {
        const s = sub(sel, k);
        out.screenshots = v.screenshots.map((sc) => {
          const link: Obj = {};
          if ("release" in s) {
            const r = db.release.get(sc.release);
            link.release = r && !r.hidden ? projectRelease(ctx, r, sub(s, "release")) : null;
          }
          return imageObject(db, sc.image, s, "screenshot", link);
        });
        break;
      }
      case "relations": {
        const s = sub(sel, k);
        // Hidden related VNs are not filtered out (reference §6).
        out.relations = mapDefined(v.relations, (rel) => {
          const rv = db.vn.get(rel.vn);
          if (!rv) return undefined;
          return projectVn(ctx, rv, s, { relation: rel.relation, relation_official: rel.official });
        });
        break;
      }
      case "tags": {
        const s = sub(sel, k);
        out.tags = mapDefined(v.tags, (t) => {
          const row = db.tag.get(t.tag);
          if (!row || row.hidden) return undefined;
          return projectTag(ctx, row, s, { rating: t.rating, spoiler: t.spoiler, lie: t.lie });
        });
        break;
      }
      case "developers":
        out.developers = mapDefined(cache.developers, (pid) => {
          const p = db.producer.get(pid);
          return p ? projectProducer(ctx, p, sub(sel, k)) : undefined;
        });
        break;
      case "editions":
        out.editions = v.editions.map((e) =>
          pick({ eid: e.eid, lang: e.lang, name: e.name, official: e.official }, sub(sel, k)),
        );
        break;
      case "staff": {
        const s = sub(sel, k);
        out.staff = vnStaffCredits(db, v, cache).map((c) => projectStaff(ctx, c.entry, s, c.link));
        break;
      }
      case "va": {
        const s = sub(sel, k);
        const keys = orderedKeys(s, false);
        out.va = vnVoiceCredits(db, v, cache).map((va) => {
          const o: Obj = {};
          for (const key of keys) {
            if (key === "character") o.character = projectCharacter(ctx, va.character, sub(s, key));
            else if (key === "note") o.note = va.note;
            else if (key === "staff") o.staff = projectStaff(ctx, va.entry, sub(s, key));
          }
          return o;
        });
        break;
      }
      case "extlinks":
        out.extlinks = extlinks("vn", v.extlinks, sub(sel, k));
        break;
      default:
        if (link !== undefined && k in link) out[k] = link[k];
    }
  }
  return out;
}

// --- Release ----------------------------------------------------------------------------

/** GTIN check-digit validation and padding (gtintype in lib/VNDB/Func.pm, reference §6.2). */
export function formatGtin(raw: string): string | null {
  if (!/^[0-9]+$/.test(raw)) return null;
  const digits = raw.replace(/^0+/, "");
  if (digits === "" || digits.length > 14) return null;
  const code = digits.padStart(12, "0");
  const body = [...code].map(Number);
  const check = body.pop()!;
  let sum = 0;
  body.reverse().forEach((d, i) => (sum += d * (i % 2 === 0 ? 3 : 1)));
  return (10 - (sum % 10)) % 10 === check ? code : null;
}

export function projectRelease(ctx: EngineContext, r: ReleaseRow, sel: Sel, link?: Obj): Obj {
  const { db } = ctx;
  const out: Obj = {};
  let main: ReturnType<typeof mainTitle> | undefined;
  const titles = () => (main ??= mainTitle(r.titles, r.olang));
  for (const k of orderedKeys(sel, true)) {
    switch (k) {
      case "id":
        out.id = r.id;
        break;
      case "title":
        out.title = titles().title;
        break;
      case "alttitle":
        out.alttitle = titles().alttitle;
        break;
      case "languages":
        out.languages = r.titles.map((t) =>
          pick({ lang: t.lang, title: t.title, latin: t.latin, mtl: t.mtl, main: t.lang === r.olang }, sub(sel, k)),
        );
        break;
      case "platforms":
        out.platforms = [...r.platforms];
        break;
      case "media":
        out.media = r.media.map((m) => pick({ medium: m.medium, qty: m.qty }, sub(sel, k)));
        break;
      case "vns": {
        const s = sub(sel, k);
        out.vns = mapDefined(r.vns, (x) => {
          const v = db.vn.get(x.vn);
          if (!v) return undefined;
          return projectVn(ctx, v, s, { rtype: x.rtype });
        });
        break;
      }
      case "producers": {
        const s = sub(sel, k);
        out.producers = mapDefined(r.producers, (x) => {
          const p = db.producer.get(x.producer);
          if (!p) return undefined;
          return projectProducer(ctx, p, s, { developer: x.developer, publisher: x.publisher });
        });
        break;
      }
      case "images": {
        const s = sub(sel, k);
        out.images = r.images.map((i) => {
          const link: Obj = { type: i.type, vn: i.vn, photo: i.photo };
          if ("languages" in s) link.languages = i.languages === null ? null : [...i.languages];
          return imageObject(db, i.image, s, "release", link);
        });
        break;
      }
      case "released":
        out.released = formatRdate(r.released);
        break;
      case "minage":
        out.minage = r.minage;
        break;
      case "patch":
        out.patch = r.patch;
        break;
      case "freeware":
        out.freeware = r.freeware;
        break;
      case "uncensored":
        out.uncensored = r.uncensored;
        break;
      case "official":
        out.official = r.official;
        break;
      case "has_ero":
        out.has_ero = r.hasEro;
        break;
      case "resolution":
        // 0×0 unknown, 0×N non-standard (API.pm resolution proc).
        out.resolution = r.resoX === 0 ? (r.resoY === 0 ? null : "non-standard") : [r.resoX, r.resoY];
        break;
      case "engine":
        out.engine = nstr(r.engine);
        break;
      case "voiced":
        out.voiced = r.voiced || null;
        break;
      case "notes":
        out.notes = nstr(r.notes);
        break;
      case "gtin":
        out.gtin = formatGtin(r.gtin);
        break;
      case "catalog":
        out.catalog = nstr(r.catalog);
        break;
      case "extlinks":
        out.extlinks = extlinks("release", r.extlinks, sub(sel, k));
        break;
      default:
        if (link !== undefined && k in link) out[k] = link[k];
    }
  }
  return out;
}

// --- Producer ---------------------------------------------------------------------------

export function projectProducer(_ctx: EngineContext, p: ProducerRow, sel: Sel, link?: Obj): Obj {
  const out: Obj = {};
  for (const k of orderedKeys(sel, true)) {
    switch (k) {
      case "id":
        out.id = p.id;
        break;
      case "name":
        out.name = p.latin ?? p.name;
        break;
      case "original":
        out.original = p.latin !== null && p.latin !== p.name ? p.name : null;
        break;
      case "aliases":
        out.aliases = p.aliases.filter((a) => a !== "");
        break;
      case "lang":
        out.lang = p.lang;
        break;
      case "type":
        out.type = p.type;
        break;
      case "description":
        out.description = nstr(p.description);
        break;
      case "extlinks":
        out.extlinks = extlinks("producer", p.extlinks, sub(sel, k));
        break;
      default:
        if (link !== undefined && k in link) out[k] = link[k];
    }
  }
  return out;
}

// --- Character --------------------------------------------------------------------------

export function projectCharacter(ctx: EngineContext, c: CharacterRow, sel: Sel, link?: Obj): Obj {
  const { db } = ctx;
  const out: Obj = {};
  for (const k of orderedKeys(sel, true)) {
    switch (k) {
      case "id":
        out.id = c.id;
        break;
      case "name":
        out.name = c.latin ?? c.name;
        break;
      case "original":
        out.original = c.latin !== null && c.latin !== c.name ? c.name : null;
        break;
      case "aliases": {
        const names: string[] = [];
        for (const a of c.aliases) {
          if (a.name !== "") names.push(a.name);
          if (a.latin) names.push(a.latin);
        }
        out.aliases = names;
        break;
      }
      case "description":
        out.description = nstr(c.description);
        break;
      case "image":
        out.image = c.image === null ? null : imageObject(db, c.image, sub(sel, k), "none");
        break;
      case "blood_type":
        out.blood_type = c.bloodType;
        break;
      case "height":
        out.height = c.height || null;
        break;
      case "weight":
        out.weight = c.weight;
        break;
      case "bust":
        out.bust = c.bust || null;
        break;
      case "waist":
        out.waist = c.waist || null;
        break;
      case "hips":
        out.hips = c.hips || null;
        break;
      case "cup":
        out.cup = nstr(c.cup);
        break;
      case "age":
        out.age = c.age;
        break;
      case "birthday":
        out.birthday = c.birthday && c.birthday[0] ? [c.birthday[0], c.birthday[1]] : null;
        break;
      case "sex":
        out.sex = characterSex(c);
        break;
      case "gender": {
        const g = characterGender(c);
        out.gender = g[0] === null && g[1] === null ? null : g;
        break;
      }
      case "vns": {
        const s = sub(sel, k);
        out.vns = mapDefined(c.vns, (cv) => {
          const v = db.vn.get(cv.vn);
          if (!v || v.hidden) return undefined;
          const link: Obj = { spoiler: cv.spoiler, role: cv.role };
          if ("release" in s) {
            const r = cv.release === null ? undefined : db.release.get(cv.release);
            link.release = r && !r.hidden ? projectRelease(ctx, r, sub(s, "release")) : null;
          }
          return projectVn(ctx, v, s, link);
        });
        break;
      }
      case "traits": {
        const s = sub(sel, k);
        out.traits = mapDefined(c.traits, (t) => {
          const row = db.trait.get(t.trait);
          if (!row || row.hidden) return undefined;
          return projectTrait(ctx, row, s, { spoiler: t.spoiler, lie: t.lie });
        });
        break;
      }
      default:
        if (link !== undefined && k in link) out[k] = link[k];
    }
  }
  return out;
}

// --- Staff (one object per alias) -------------------------------------------------------

export function projectStaff(_ctx: EngineContext, e: StaffAliasEntry, sel: Sel, link?: Obj): Obj {
  const { staff: s, alias: a } = e;
  const out: Obj = {};
  for (const k of orderedKeys(sel, true)) {
    switch (k) {
      case "id":
        out.id = s.id;
        break;
      case "aid":
        out.aid = a.aid;
        break;
      case "ismain":
        out.ismain = a.aid === s.mainAid;
        break;
      case "name":
        out.name = a.latin ?? a.name;
        break;
      case "original":
        out.original = a.latin !== null && a.latin !== a.name ? a.name : null;
        break;
      case "lang":
        out.lang = s.lang;
        break;
      case "gender":
        out.gender = s.gender;
        break;
      case "description":
        out.description = nstr(s.description);
        break;
      case "extlinks":
        out.extlinks = extlinks("staff", s.extlinks, sub(sel, k));
        break;
      case "aliases":
        out.aliases = s.aliases.map((x) =>
          pick({ aid: x.aid, name: x.name, latin: x.latin, ismain: x.aid === s.mainAid }, sub(sel, k)),
        );
        break;
      default:
        if (link !== undefined && k in link) out[k] = link[k];
    }
  }
  return out;
}

// --- Tag, trait, quote ------------------------------------------------------------------

/** How each field of an entry is read; only the selected ones run. */
type Getters<R> = Readonly<Record<string, (ctx: EngineContext, row: R) => unknown>>;

/** Fields tags and traits share (both are entries of a tree with the same columns). */
const TREE_ENTRY: Getters<TagRow | TraitRow> = {
  id: (_ctx, t) => t.id,
  name: (_ctx, t) => t.name,
  aliases: (_ctx, t) => t.aliases.filter((a) => a !== ""),
  description: (_ctx, t) => t.description,
  searchable: (_ctx, t) => t.searchable,
  applicable: (_ctx, t) => t.applicable,
};

const TAG: Getters<TagRow> = {
  ...TREE_ENTRY,
  category: (_ctx, t) => t.category,
  vn_count: (ctx, t) => ctx.db.tagVnCount.get(t.id) ?? 0,
};

const traitGroup = (ctx: EngineContext, t: TraitRow) => ctx.db.traitGroup.get(t.id) ?? null;

const TRAIT: Getters<TraitRow> = {
  ...TREE_ENTRY,
  sexual: (_ctx, t) => t.sexual,
  group_id: traitGroup,
  group_name: (ctx, t) => {
    const gid = traitGroup(ctx, t);
    return gid === null ? null : (ctx.db.trait.get(gid)?.name ?? null);
  },
  char_count: (ctx, t) => ctx.db.traitCharCount.get(t.id) ?? 0,
};

/** An entity from its field getters: a page of VNs carries hundreds of tags, so only what is selected is computed. */
function projectBy<R>(getters: Getters<R>, ctx: EngineContext, row: R, sel: Sel, link: Obj | undefined): Obj {
  const out: Obj = {};
  for (const k of orderedKeys(sel, true)) {
    if (Object.hasOwn(getters, k)) out[k] = getters[k]!(ctx, row);
    else if (link !== undefined && k in link) out[k] = link[k];
  }
  return out;
}

export function projectTag(ctx: EngineContext, t: TagRow, sel: Sel, link?: Obj): Obj {
  return projectBy(TAG, ctx, t, sel, link);
}

export function projectTrait(ctx: EngineContext, t: TraitRow, sel: Sel, link?: Obj): Obj {
  return projectBy(TRAIT, ctx, t, sel, link);
}

export function projectQuote(ctx: EngineContext, q: QuoteRow, sel: Sel): Obj {
  const { db } = ctx;
  const out: Obj = {};
  for (const k of orderedKeys(sel, true)) {
    switch (k) {
      case "id":
        out.id = q.id;
        break;
      case "quote":
        out.quote = q.quote;
        break;
      case "score":
        out.score = q.score;
        break;
      case "vn": {
        const v = db.vn.get(q.vn);
        out.vn = v && !v.hidden ? projectVn(ctx, v, sub(sel, k)) : null;
        break;
      }
      case "character": {
        const c = q.character === null ? undefined : db.character.get(q.character);
        out.character = c && !c.hidden ? projectCharacter(ctx, c, sub(sel, k)) : null;
        break;
      }
    }
  }
  return out;
}

// --- Ulist ------------------------------------------------------------------------------

export function projectUlist(ctx: EngineContext, e: UlistRow, sel: Sel): Obj {
  const { db } = ctx;
  const out: Obj = {};
  for (const k of orderedKeys(sel, true)) {
    switch (k) {
      case "id":
        out.id = e.vid;
        break;
      case "added":
        out.added = e.added;
        break;
      case "lastmod":
        out.lastmod = e.lastmod;
        break;
      case "voted":
        out.voted = e.voteDate;
        break;
      case "vote":
        out.vote = e.vote;
        break;
      case "started":
        out.started = e.started;
        break;
      case "finished":
        out.finished = e.finished;
        break;
      case "notes":
        out.notes = nstr(e.notes);
        break;
      case "labels": {
        // Only labels with a row in the owner's table; private ones only with list-read
        // rights (label 7 included, reference §11).
        const priv = canReadList(ctx.session, e.uid, false);
        const table = db.lists.labels.get(e.uid);
        out.labels = mapDefined(e.labels, (id) => {
          const l = table?.get(id);
          if (!l || (l.private && !priv)) return undefined;
          return pick({ id: l.id, label: l.label }, sub(sel, k));
        });
        break;
      }
      case "vn": {
        const v = db.vn.get(e.vid);
        out.vn = v ? projectVn(ctx, v, sub(sel, k)) : null;
        break;
      }
      case "releases": {
        const s = sub(sel, k);
        const rl = db.lists.rlist.get(e.uid);
        const rids = db.vnCache.get(e.vid)?.releases ?? [];
        out.releases = mapDefined(rids, (rid) => {
          const entry = rl?.get(rid);
          const r = db.release.get(rid);
          if (!entry || !r || r.hidden) return undefined;
          return projectRelease(ctx, r, s, { list_status: entry.status });
        });
        break;
      }
    }
  }
  return out;
}

