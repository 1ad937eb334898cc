// A synthetic catalogue N times the bundled one, generated in memory for the emulator
// benchmark (bench/emulator.bench.ts). Never written to the repository.
//
// How: the bundled catalogue is copy 0, unchanged. Copies 1..N-1 clone every row of the
// entity and list tables under new ids and perturb it with a seeded PRNG, so the same
// (base, factor, seed) always gives the same catalogue:
//  - every reference inside a copy points at the same copy's clone of its target (a VN's
//    releases, staff aliases, characters, screenshots … all move together), so the copy is
//    as consistent as the base; hidden rows stay hidden;
//  - titles and names get a made-up word appended (searches and title sorts see distinct
//    rows, not 100 identical ones), numbers are jittered (ratings, vote counts, dates,
//    measurements, list votes), and VNs and characters get extra tags and traits drawn from
//    the taxonomy (the bundled data has tags on 2 VNs only; real VNDB entries carry dozens),
//    mostly from a "popular" subset so tag filters hit many rows, as they do on VNDB.
// What is not scaled: the tag and trait taxonomies (VNDB's are a fixed ~3 000 each, not
// proportional to the VN count), users, labels and tokens (each user's list grows
// instead, so /ulist pages through a heavy list).
import { MAX_VNDBID_NUMBER } from "../src/kana/filters.js";
import type {
  Catalogue,
  CharacterRow,
  ImageRow,
  ProducerRow,
  QuoteRow,
  RDate,
  ReleaseRow,
  StaffRow,
  UlistRow,
  VnRow,
} from "../src/emulator/catalogue/types.js";

/** Tables whose row count is multiplied by the factor. */
export const SCALED_TABLES = [
  "images",
  "vn",
  "release",
  "producer",
  "character",
  "staff",
  "quote",
  "ulist",
  "rlist",
  "lengthVotes",
] as const satisfies readonly (keyof Catalogue)[];

/** Tables copied as they are. */
export const FIXED_TABLES = ["tag", "trait", "users", "labels", "tokens"] as const satisfies readonly (keyof Catalogue)[];

/**
 * First id number of the clones: a round number above every bundled id (the manual test
 * rows go up to 900006), so a synthetic id is recognisable at a glance. The clones must
 * stay within VNDB's 7-digit vndbid range (MAX_VNDBID_NUMBER) or filters could not name them.
 */
export const SYNTHETIC_ID_BASE = 1_000_000;

export const DEFAULT_SEED = 0x5eed;

/** Extra tags per cloned VN: real VNDB VNs with votes carry tens of tags. */
const EXTRA_TAGS = { min: 3, max: 25 } as const;
/** Extra traits per cloned character. */
const EXTRA_TRAITS = { min: 2, max: 12 } as const;
/** Size of the "popular" tag/trait subset most extra tags come from, and that share. */
const POPULAR_POOL = 150;
const POPULAR_SHARE = 0.7;
/** Date shifts of a clone, in years either way (dates stay plausible). */
const YEAR_SHIFT = 3;
const YEAR_RANGE = { min: 1980, max: 2030 } as const;
/** Rating jitter in rating units ×10 (ratings are 10..100). */
const RATING_JITTER = 8;
const VOTE_JITTER = 10;
/** List timestamps move by up to this many seconds (30 days). */
const TIME_JITTER_S = 30 * 86_400;

const SYLLABLES = ["ka", "na", "ri", "to", "mi", "se", "yu", "ho", "ra", "ne", "shi", "ko", "sa", "ki", "mo", "ha", "ru", "te", "no", "a", "e", "o"];

export interface SyntheticOptions {
  /** Rows per scaled table = factor × the base's (1 returns a copy of the base). */
  factor: number;
  seed?: number;
}

/** mulberry32: small, fast and good enough to perturb data; seeded so runs repeat. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Perturb {
  readonly rand: () => number;
  constructor(seed: number) {
    this.rand = prng(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.rand() * (max - min + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)]!;
  }
  jitter(x: number, spread: number, min: number, max: number): number {
    return Math.min(max, Math.max(min, Math.round(x + (this.rand() * 2 - 1) * spread)));
  }
  word(): string {
    let w = "";
    for (let n = this.int(2, 4); n > 0; n--) w += this.pick(SYLLABLES);
    return w[0]!.toUpperCase() + w.slice(1);
  }
  /** Shifts a known full or partial date by whole years; unknown (0) and TBA stay. */
  date(d: RDate): RDate {
    if (d === 0 || d === 99999999) return d;
    const year = Math.floor(d / 10000);
    let rest = d % 10000;
    if (rest === 229) rest = 228; // no 29 February in most target years
    const y = Math.min(YEAR_RANGE.max, Math.max(YEAR_RANGE.min, year + this.int(-YEAR_SHIFT, YEAR_SHIFT)));
    return y * 10000 + rest;
  }
  /** Picks n distinct ids, mostly from the popular pool, never one in `have`. */
  sample(n: number, popular: readonly string[], all: readonly string[], have: Set<string>): string[] {
    const out: string[] = [];
    for (let tries = 0; out.length < n && tries < n * 10; tries++) {
      const id = this.pick(this.rand() < POPULAR_SHARE ? popular : all);
      if (!have.has(id)) {
        have.add(id);
        out.push(id);
      }
    }
    return out;
  }
  spoiler(): 0 | 1 | 2 {
    const r = this.rand();
    return r < 0.8 ? 0 : r < 0.95 ? 1 : 2;
  }
}

const numOf = (id: string) => Number(/[0-9]+$/.exec(id)![0]);
const prefixOf = (id: string) => /^[a-z]+/.exec(id)![0];

/** Hands out new id numbers per prefix, above SYNTHETIC_ID_BASE and every base id. */
class Ids {
  #next = new Map<string, number>();
  constructor(floor: Map<string, number>) {
    for (const [prefix, max] of floor) this.#next.set(prefix, Math.max(SYNTHETIC_ID_BASE, max + 1));
  }
  take(prefix: string): number {
    const n = this.#next.get(prefix) ?? SYNTHETIC_ID_BASE;
    if (n > MAX_VNDBID_NUMBER) throw new Error(`synthetic catalogue: ${prefix} ids exceed the 7-digit vndbid range`);
    this.#next.set(prefix, n + 1);
    return n;
  }
}

/** One copy's old → new id maps. */
interface CopyIds {
  vn: Map<string, string>;
  release: Map<string, string>;
  producer: Map<string, string>;
  character: Map<string, string>;
  staff: Map<string, string>;
  quote: Map<string, string>;
  image: Map<string, string>;
  aid: Map<number, number>;
}

function lookup<K, V>(map: Map<K, V>, key: K, what: string): V {
  const v = map.get(key);
  if (v === undefined) throw new Error(`synthetic catalogue: the base references a missing ${what} ${String(key)}`);
  return v;
}

/** Base rows ordered by id, so a popular pool does not depend on file order. */
function poolOf(rows: { id: string; hidden?: boolean; applicable: boolean }[], used: Set<string>, rnd: Perturb) {
  const all = rows.filter((r) => r.applicable && !r.hidden).map((r) => r.id);
  const popular = all.filter((id) => used.has(id));
  const rest = all.filter((id) => !used.has(id));
  while (popular.length < Math.min(POPULAR_POOL, all.length) && rest.length > 0) {
    popular.push(rest.splice(Math.floor(rnd.rand() * rest.length), 1)[0]!);
  }
  return { all, popular };
}

export function syntheticCatalogue(base: Catalogue, options: SyntheticOptions): Catalogue {
  const { factor, seed = DEFAULT_SEED } = options;
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`synthetic catalogue: factor must be a positive integer, got ${factor}`);
  const rnd = new Perturb(seed);

  const floor = new Map<string, number>();
  const bump = (prefix: string, n: number) => floor.set(prefix, Math.max(floor.get(prefix) ?? 0, n));
  for (const rows of [base.vn, base.release, base.producer, base.character, base.staff, base.quote, base.images]) {
    for (const r of rows) bump(prefixOf(r.id), numOf(r.id));
  }
  for (const s of base.staff) for (const a of s.aliases) bump("aid", a.aid);
  const ids = new Ids(floor);

  const tags = poolOf(base.tag, new Set(base.vn.flatMap((v) => v.tags.map((t) => t.tag))), rnd);
  const traits = poolOf(base.trait, new Set(base.character.flatMap((c) => c.traits.map((t) => t.trait))), rnd);

  const out: Catalogue = {
    meta: { ...base.meta, source: `${base.meta.source} (synthetic ×${factor}, seed ${seed})` },
    images: [...base.images],
    vn: [...base.vn],
    release: [...base.release],
    producer: [...base.producer],
    character: [...base.character],
    staff: [...base.staff],
    tag: base.tag,
    trait: base.trait,
    quote: [...base.quote],
    users: base.users,
    labels: base.labels,
    ulist: [...base.ulist],
    rlist: [...base.rlist],
    tokens: base.tokens,
    lengthVotes: [...base.lengthVotes],
  };

  for (let k = 1; k < factor; k++) {
    // Every new id first, so rows can point at clones defined later in the tables.
    const idMap = <T extends { id: string }>(rows: T[]) =>
      new Map(rows.map((r) => [r.id, `${prefixOf(r.id)}${ids.take(prefixOf(r.id))}`] as const));
    const m: CopyIds = {
      vn: idMap(base.vn),
      release: idMap(base.release),
      producer: idMap(base.producer),
      character: idMap(base.character),
      staff: idMap(base.staff),
      quote: idMap(base.quote),
      image: idMap(base.images),
      aid: new Map(base.staff.flatMap((s) => s.aliases.map((a) => [a.aid, ids.take("aid")] as const))),
    };
    const vn = (id: string) => lookup(m.vn, id, "VN");
    const release = (id: string) => lookup(m.release, id, "release");
    const image = (id: string) => lookup(m.image, id, "image");
    const aid = (n: number) => lookup(m.aid, n, "staff alias");

    for (const i of base.images) out.images.push(cloneImage(i, image(i.id), rnd));
    for (const v of base.vn) out.vn.push(cloneVn(v, m, rnd, tags));
    for (const r of base.release) {
      const word = rnd.word();
      out.release.push({
        ...r,
        id: release(r.id),
        titles: r.titles.map((t) => ({ ...t, title: t.title === null ? null : `${t.title} ${word}`, latin: t.latin === null ? null : `${t.latin} ${word}` })),
        vns: r.vns.map((x) => ({ ...x, vn: vn(x.vn) })),
        producers: r.producers.map((p) => ({ ...p, producer: lookup(m.producer, p.producer, "producer") })),
        images: r.images.map((i) => ({ ...i, image: image(i.image), vn: i.vn === null ? null : vn(i.vn) })),
        released: rnd.date(r.released),
      } satisfies ReleaseRow);
    }
    for (const p of base.producer) {
      const word = rnd.word();
      out.producer.push({
        ...p,
        id: lookup(m.producer, p.id, "producer"),
        ...(p.latin === null ? { name: `${p.name} ${word}` } : { latin: `${p.latin} ${word}` }),
        ...(p.relations ? { relations: p.relations.map((x) => ({ ...x, producer: lookup(m.producer, x.producer, "producer") })) } : {}),
      } satisfies ProducerRow);
    }
    for (const c of base.character) out.character.push(cloneCharacter(c, m, rnd, traits));
    for (const s of base.staff) {
      out.staff.push({
        ...s,
        id: lookup(m.staff, s.id, "staff"),
        mainAid: aid(s.mainAid),
        aliases: s.aliases.map((a) => {
          const word = rnd.word();
          return { aid: aid(a.aid), name: a.latin === null ? `${a.name} ${word}` : a.name, latin: a.latin === null ? null : `${a.latin} ${word}` };
        }),
      } satisfies StaffRow);
    }
    for (const q of base.quote) {
      out.quote.push({
        ...q,
        id: lookup(m.quote, q.id, "quote"),
        vn: vn(q.vn),
        character: q.character === null ? null : lookup(m.character, q.character, "character"),
        score: rnd.jitter(q.score, 5, -100, 1000),
      } satisfies QuoteRow);
    }
    for (const e of base.ulist) out.ulist.push(cloneUlist(e, vn(e.vid), rnd));
    for (const e of base.rlist) out.rlist.push({ ...e, rid: release(e.rid) });
    // Copied unperturbed: each VN's lengthVotes must stay equal to its per-user votes.
    for (const e of base.lengthVotes) out.lengthVotes.push({ ...e, vid: vn(e.vid) });
  }
  return out;
}

function cloneImage(i: ImageRow, id: string, rnd: Perturb): ImageRow {
  const flag = (x: number) => Math.round(Math.min(2, Math.max(0, x + (rnd.rand() - 0.5) * 0.6)) * 100) / 100;
  return { ...i, id, sexual: flag(i.sexual), violence: flag(i.violence), votecount: rnd.jitter(i.votecount, 3, 0, 1_000_000) };
}

function cloneVn(v: VnRow, m: CopyIds, rnd: Perturb, tags: { all: string[]; popular: string[] }): VnRow {
  const vn = (id: string) => lookup(m.vn, id, "VN");
  const image = (id: string) => lookup(m.image, id, "image");
  const aid = (n: number) => lookup(m.aid, n, "staff alias");
  const word = rnd.word();
  const votecount = v.votecount === 0 ? 0 : Math.max(1, Math.round(v.votecount * (0.5 + rnd.rand())));
  const have = new Set(v.tags.map((t) => t.tag));
  const extra = rnd.sample(rnd.int(EXTRA_TAGS.min, EXTRA_TAGS.max), tags.popular, tags.all, have).map((tag) => ({
    tag,
    rating: Math.round((0.5 + rnd.rand() * 2.5) * 10) / 10,
    spoiler: rnd.spoiler(),
    lie: rnd.rand() < 0.02,
  }));
  return {
    ...v,
    id: vn(v.id),
    titles: v.titles.map((t) => ({ ...t, title: `${t.title} ${word}`, latin: t.latin === null ? null : `${t.latin} ${word}` })),
    image: v.image === null ? null : image(v.image),
    rating: v.rating === null ? null : rnd.jitter(v.rating, RATING_JITTER, 10, 100),
    average: v.average === null ? null : rnd.jitter(v.average, RATING_JITTER, 10, 100),
    votecount,
    screenshots: v.screenshots.map((s) => ({ image: image(s.image), release: lookup(m.release, s.release, "release") })),
    relations: v.relations.map((r) => ({ ...r, vn: vn(r.vn) })),
    tags: [...v.tags, ...extra],
    staff: v.staff.map((s) => ({ ...s, aid: aid(s.aid) })),
    va: v.va.map((s) => ({ ...s, aid: aid(s.aid), character: lookup(m.character, s.character, "character") })),
    ...(v.cReleased === undefined ? {} : { cReleased: rnd.date(v.cReleased) }),
  };
}

function cloneCharacter(c: CharacterRow, m: CopyIds, rnd: Perturb, traits: { all: string[]; popular: string[] }): CharacterRow {
  const word = rnd.word();
  const size = (x: number) => (x === 0 ? 0 : rnd.jitter(x, 4, 1, 300));
  const have = new Set(c.traits.map((t) => t.trait));
  const extra = rnd
    .sample(rnd.int(EXTRA_TRAITS.min, EXTRA_TRAITS.max), traits.popular, traits.all, have)
    .map((trait) => ({ trait, spoiler: rnd.spoiler(), lie: rnd.rand() < 0.02 }));
  return {
    ...c,
    id: lookup(m.character, c.id, "character"),
    ...(c.latin === null ? { name: `${c.name} ${word}` } : { latin: `${c.latin} ${word}` }),
    image: c.image === null ? null : lookup(m.image, c.image, "image"),
    height: size(c.height),
    bust: size(c.bust),
    waist: size(c.waist),
    hips: size(c.hips),
    age: c.age === null ? null : rnd.jitter(c.age, 3, 1, 1000),
    vns: c.vns.map((x) => ({
      ...x,
      vn: lookup(m.vn, x.vn, "VN"),
      release: x.release === null ? null : lookup(m.release, x.release, "release"),
    })),
    traits: [...c.traits, ...extra],
  };
}

function cloneUlist(e: UlistRow, vid: string, rnd: Perturb): UlistRow {
  const added = e.added + rnd.int(-TIME_JITTER_S, TIME_JITTER_S);
  return {
    ...e,
    vid,
    added,
    lastmod: Math.max(added, e.lastmod + rnd.int(-TIME_JITTER_S, TIME_JITTER_S)),
    // A vote stays a vote (label 7 "Voted" is kept exactly on the entries with one).
    vote: e.vote === null ? null : rnd.jitter(e.vote, VOTE_JITTER, 10, 100),
    labels: [...e.labels],
  };
}
