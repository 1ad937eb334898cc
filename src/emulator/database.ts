// The emulator's in-memory database: the read-only catalogue indexed by id, the caches
// VNDB keeps in c_* columns and helper tables (computed here once, at load), and the
// mutable list state (users, labels, ulist, rlist, tokens) that the list-write rules
// change through the small primitives at the end of this file.
//
// Cache semantics follow VNDB's own SQL (sql/func.sql): update_vncache for a VN's
// released/languages/platforms/developers, tag_vn_calc / traits_chars_calc for the
// inherited tag and trait tables and their item counts, update_vn_length_cache for
// length_minutes. Nothing in the catalogue changes on list writes, so only the list
// maps are mutable; everything that reads list state (on_list, label filters, /ulist,
// /ulist_labels) reads the live maps on every request.
import type {
  Catalogue,
  CharacterRow,
  ImageRow,
  LabelRow,
  ProducerRow,
  QuoteRow,
  RDate,
  ReleaseRow,
  RlistRow,
  StaffAliasRow,
  StaffRow,
  TagRow,
  TokenRow,
  TraitRow,
  UlistRow,
  UserRow,
  VnRow,
} from "./catalogue/types.js";
import { mainTitle } from "./engine/derive.js";

/** tag_vn_calc walks at most 15 parent levels (its `lvl` counter starts at 15). */
const MAX_INHERIT_DEPTH = 15;

/** A tag or trait reached from a directly applied one, merged over all paths. */
export interface InheritedTag {
  tag: string;
  /** AVG of the ratings of the direct tags it was reached from. */
  rating: number;
  /** MIN of the spoiler levels of those direct tags. */
  spoiler: number;
  /** True when every direct tag it was reached from is marked as a lie. */
  lie: boolean;
}

export interface InheritedTrait {
  trait: string;
  spoiler: number;
  lie: boolean;
}

/** VNDB's c_* columns of a VN plus the reverse links the engine needs. */
export interface VnCache {
  /** The main title and original-script title (vnt view, derive.ts mainTitle). */
  title: string;
  alttitle: string | null;
  /** c_released: earliest official, non-trial, non-hidden, known release date; 0 if none. */
  released: RDate;
  /** c_languages / c_platforms: sorted, from non-trial non-hidden releases already out. */
  languages: string[];
  platforms: string[];
  /** c_developers: developers of official non-hidden releases, sorted by id. */
  developers: string[];
  /** Every release (hidden or not) linking to this VN, by id. */
  releases: string[];
  /** length_minutes (median of the votes, rounded half to even) and length_votes. */
  lengthMinutes: number | null;
  lengthVotes: number;
  /** popularity field: min(100, votecount/150) as the reference (§6.1) gives it. */
  popularity: number;
  /** Rank by rating (1 = best), null when unrated; rank by popularity (1 = most votes). */
  ratingRank: number | null;
  popularityRank: number;
  /** Credits resolved on the VN's first projection with them (engine/credits.ts). */
  staffCredits?: VnStaffCredit[];
  voiceCredits?: VnVoiceCredit[];
}

/** A staff credit of a VN whose staff entry is visible, with the fields the credit adds to it. */
export interface VnStaffCredit {
  entry: StaffAliasEntry;
  link: { eid: number | null; role: string; note: string | null };
}

/** A voice credit of a VN whose staff entry and character are both visible. */
export interface VnVoiceCredit {
  entry: StaffAliasEntry;
  character: CharacterRow;
  note: string | null;
}

export interface CharacterCache {
  /** traits_chars: non-hidden searchable traits incl. ancestors of the direct ones. */
  inheritedTraits: ReadonlyMap<string, InheritedTrait>;
}

/** The mutable part, keyed for the lookups the HTTP layer and the engine make. */
export interface ListState {
  users: Map<string, UserRow>;
  /** uid → label id → label. */
  labels: Map<string, Map<number, LabelRow>>;
  /** uid → vid → list entry. */
  ulist: Map<string, Map<string, UlistRow>>;
  /** uid → rid → release-list entry. */
  rlist: Map<string, Map<string, RlistRow>>;
  /** Token without dashes → token row. */
  tokens: Map<string, TokenRow>;
  lengthVotes: { uid: string; vid: string; minutes: number }[];
}

export interface StaffAliasEntry {
  staff: StaffRow;
  alias: StaffAliasRow;
}

export interface Database {
  catalogue: Catalogue;
  images: Map<string, ImageRow>;
  vn: Map<string, VnRow>;
  release: Map<string, ReleaseRow>;
  producer: Map<string, ProducerRow>;
  character: Map<string, CharacterRow>;
  staff: Map<string, StaffRow>;
  tag: Map<string, TagRow>;
  trait: Map<string, TraitRow>;
  quote: Map<string, QuoteRow>;
  /** Staff alias id → its staff entry and alias row. */
  staffAlias: Map<number, StaffAliasEntry>;
  vnCache: Map<string, VnCache>;
  /** tags_vn_inherit: vid → non-hidden searchable tags incl. ancestors of the direct ones. */
  inheritedTags: ReadonlyMap<string, ReadonlyMap<string, InheritedTag>>;
  /** vid → every character appearing in that VN (hidden or not). */
  charactersByVn: Map<string, string[]>;
  charCache: ReadonlyMap<string, CharacterCache>;
  /** A tag or trait id → itself and all its ancestors (any depth, hidden ones included). */
  tagAncestors: Map<string, Set<string>>;
  traitAncestors: Map<string, Set<string>>;
  /** tags.c_items / traits.c_items. */
  tagVnCount: Map<string, number>;
  traitCharCount: Map<string, number>;
  /** The top-level ancestor of a trait (its group) following primary parents; null for groups. */
  traitGroup: Map<string, string | null>;
  /** vid → quotes of that VN; staff aid → VNs crediting it (staff or va). */
  quotesByVn: Map<string, string[]>;
  /** Lazily filled caches owned by engine modules (search labels, etc.). */
  memo: Map<string, unknown>;
  lists: ListState;
}

export interface CreateDatabaseOptions {
  /**
   * The date used for the "already released" condition of c_languages/c_platforms, as
   * YYYYMMDD. VNDB recomputes these daily; the emulator computes them once at load.
   * Defaults to the current UTC date.
   */
  today?: number;
  /** Every VN's caches, computed before for this catalogue and a `today` they hold for (catalogue/prebuilt.ts). */
  vnCache?: Map<string, VnCache>;
}

/** The current UTC date of `d` as a YYYYMMDD integer. */
export function rdateOf(d: Date): number {
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

function byId<T extends { id: string }>(rows: T[]): Map<string, T> {
  return new Map(rows.map((r) => [r.id, r]));
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Ancestor closure of a parent graph, cycle-safe, including the node itself. */
function ancestorClosure(rows: { id: string; parents: string[] }[]): Map<string, Set<string>> {
  const parents = new Map(rows.map((r) => [r.id, r.parents]));
  const out = new Map<string, Set<string>>();
  for (const r of rows) {
    const seen = new Set<string>([r.id]);
    const stack = [...r.parents];
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (seen.has(p)) continue;
      seen.add(p);
      for (const pp of parents.get(p) ?? []) stack.push(pp);
    }
    out.set(r.id, seen);
  }
  return out;
}

/**
 * Walks parents up to MAX_INHERIT_DEPTH levels as tag_vn_calc/traits_chars_calc do,
 * calling `visit` for the node and each ancestor reached (duplicates included, so
 * that the caller can merge them the way SQL's GROUP BY does).
 */
function walkUp(
  start: string,
  parentsOf: (id: string) => string[],
  visit: (id: string) => void,
  skip: (id: string) => boolean,
): void {
  let frontier = [start];
  visit(start);
  for (let lvl = MAX_INHERIT_DEPTH; lvl > 0 && frontier.length > 0; lvl--) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const p of parentsOf(id)) {
        if (skip(p)) continue;
        visit(p);
        next.push(p);
      }
    }
    frontier = next;
  }
}

/**
 * PostgreSQL's float-to-integer cast (rint): to the nearest integer, halves to even. c_length
 * is a percentile_cont() (double) stored in a smallint column.
 */
function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Standard competition ranking (SQL rank()): equal keys share a rank. */
function competitionRanks<T>(items: T[], key: (t: T) => number): Map<T, number> {
  const sorted = [...items].sort((a, b) => key(b) - key(a));
  const ranks = new Map<T, number>();
  sorted.forEach((item, i) => {
    const prev = sorted[i - 1];
    ranks.set(item, i > 0 && key(prev) === key(item) ? ranks.get(prev)! : i + 1);
  });
  return ranks;
}

/** Normalises a token for lookups: VNDB compares tokens with all dashes removed. */
export function tokenKey(token: string): string {
  return token.replace(/-/g, "");
}

export function createDatabase(catalogue: Catalogue, opts: CreateDatabaseOptions = {}): Database {
  return new LazyDatabase(catalogue, opts.today ?? rdateOf(new Date()), opts.vnCache);
}

/** Builds every index and cache now (an emulator that is not lazy, a benchmark's load time). */
export function buildAll(db: Database): Database {
  for (const key of LAZY_PARTS) void db[key];
  return db;
}

/** Every lazily built part of a database, in buildAll's order (a caller may build them one at a time). */
export const LAZY_PARTS = [
  "images",
  "vn",
  "release",
  "producer",
  "character",
  "staff",
  "tag",
  "trait",
  "quote",
  "staffAlias",
  "vnCache",
  "inheritedTags",
  "charactersByVn",
  "charCache",
  "tagAncestors",
  "traitAncestors",
  "traitGroup",
  "quotesByVn",
] as const satisfies readonly (keyof Database)[];

/**
 * The database with each index and cache built on first use, so that the first query
 * reads and indexes only the tables it needs (a VN search: VNs and releases), not the
 * tags, characters, staff and traits too; the catalogue from loadCatalogue() reads each table's
 * file on first use as well. Nothing here changes once built.
 */
class LazyDatabase implements Database {
  memo = new Map<string, unknown>();
  lists: ListState;
  #images?: Map<string, ImageRow>;
  #vn?: Map<string, VnRow>;
  #release?: Map<string, ReleaseRow>;
  #producer?: Map<string, ProducerRow>;
  #character?: Map<string, CharacterRow>;
  #staff?: Map<string, StaffRow>;
  #tag?: Map<string, TagRow>;
  #trait?: Map<string, TraitRow>;
  #quote?: Map<string, QuoteRow>;
  #staffAlias?: Map<number, StaffAliasEntry>;
  #vnCache?: Map<string, VnCache>;
  #inheritedTags?: ReadonlyMap<string, ReadonlyMap<string, InheritedTag>>;
  #tagVnCount?: Map<string, number>;
  #charactersByVn?: Map<string, string[]>;
  #charCache?: ReadonlyMap<string, CharacterCache>;
  #traitCharCount?: Map<string, number>;
  #tagAncestors?: Map<string, Set<string>>;
  #traitAncestors?: Map<string, Set<string>>;
  #traitGroup?: Map<string, string | null>;
  #quotesByVn?: Map<string, string[]>;

  constructor(
    readonly catalogue: Catalogue,
    private readonly today: number,
    vnCache?: Map<string, VnCache>,
  ) {
    this.lists = createListState(catalogue);
    this.#vnCache = vnCache;
  }

  get images() {
    return (this.#images ??= byId(this.catalogue.images));
  }
  get vn() {
    return (this.#vn ??= byId(this.catalogue.vn));
  }
  get release() {
    return (this.#release ??= byId(this.catalogue.release));
  }
  get producer() {
    return (this.#producer ??= byId(this.catalogue.producer));
  }
  get character() {
    return (this.#character ??= byId(this.catalogue.character));
  }
  get staff() {
    return (this.#staff ??= byId(this.catalogue.staff));
  }
  get tag() {
    return (this.#tag ??= byId(this.catalogue.tag));
  }
  get trait() {
    return (this.#trait ??= byId(this.catalogue.trait));
  }
  get quote() {
    return (this.#quote ??= byId(this.catalogue.quote));
  }
  get staffAlias() {
    if (this.#staffAlias === undefined) {
      this.#staffAlias = new Map();
      for (const s of this.catalogue.staff) {
        for (const a of s.aliases) this.#staffAlias.set(a.aid, { staff: s, alias: a });
      }
    }
    return this.#staffAlias;
  }
  get vnCache() {
    if (this.#vnCache === undefined) {
      this.#vnCache = new Map();
      computeVnCaches(this, this.#vnCache, this.today);
    }
    return this.#vnCache;
  }
  // Apart from the VN caches: a VN search or a page of titles needs no tags.
  get inheritedTags() {
    if (this.#inheritedTags === undefined) {
      this.#tagVnCount = new Map();
      this.#inheritedTags = computeInheritedTags(this, this.#tagVnCount);
    }
    return this.#inheritedTags;
  }
  get tagVnCount() {
    return this.inheritedTags && this.#tagVnCount!;
  }
  get charactersByVn() {
    if (this.#charactersByVn === undefined) {
      const out = new Map<string, string[]>();
      for (const c of this.catalogue.character) {
        for (const id of new Set(c.vns.map((v) => v.vn))) pushTo(out, id, c.id);
      }
      this.#charactersByVn = out;
    }
    return this.#charactersByVn;
  }
  get charCache() {
    if (this.#charCache === undefined) {
      this.#traitCharCount = new Map();
      this.#charCache = computeCharCaches(this, this.#traitCharCount);
    }
    return this.#charCache;
  }
  get traitCharCount() {
    return this.charCache && this.#traitCharCount!;
  }
  get tagAncestors() {
    return (this.#tagAncestors ??= ancestorClosure(this.catalogue.tag));
  }
  get traitAncestors() {
    return (this.#traitAncestors ??= ancestorClosure(this.catalogue.trait));
  }
  get traitGroup() {
    if (this.#traitGroup === undefined) {
      // Trait groups: the root reached by following primary parents.
      const out = new Map<string, string | null>();
      for (const t of this.catalogue.trait) {
        let cur = t;
        const seen = new Set<string>();
        while (cur.parents.length > 0 && !seen.has(cur.id)) {
          seen.add(cur.id);
          const p = this.trait.get(cur.parents[0]);
          if (!p) break;
          cur = p;
        }
        out.set(t.id, cur.id === t.id ? null : cur.id);
      }
      this.#traitGroup = out;
    }
    return this.#traitGroup;
  }
  get quotesByVn() {
    if (this.#quotesByVn === undefined) {
      this.#quotesByVn = new Map();
      for (const q of this.catalogue.quote) pushTo(this.#quotesByVn, q.vn, q.id);
    }
    return this.#quotesByVn;
  }
}

function computeVnCaches(db: Database, vnCache: Map<string, VnCache>, today: number): void {
  const releasesByVn = new Map<string, ReleaseRow[]>();
  for (const r of db.catalogue.release) for (const v of r.vns) pushTo(releasesByVn, v.vn, r);

  const visibleVns = db.catalogue.vn.filter((v) => !v.hidden);
  // update_vnvotestats ranks hidden VNs after all others; they never surface, so ranking
  // the visible ones is equivalent.
  const ratingRanks = competitionRanks(
    visibleVns.filter((v) => v.rating !== null),
    (v) => v.rating!,
  );
  const popRanks = competitionRanks(visibleVns, (v) => v.votecount);

  for (const v of db.catalogue.vn) {
    const rels = releasesByVn.get(v.id) ?? [];
    const rtypeOf = (r: ReleaseRow) => r.vns.find((x) => x.vn === v.id)!.rtype;
    const live = rels.filter((r) => !r.hidden);
    const nonTrial = live.filter((r) => rtypeOf(r) !== "trial");
    const dates = nonTrial.filter((r) => r.official && r.released !== 0).map((r) => r.released);
    const out = nonTrial.filter((r) => r.released <= today);
    const languages = new Set<string>();
    const platforms = new Set<string>();
    for (const r of out) {
      for (const t of r.titles) if (!t.mtl) languages.add(t.lang);
      for (const p of r.platforms) platforms.add(p);
    }
    const developers = new Set<string>();
    for (const r of live) {
      if (!r.official) continue;
      for (const p of r.producers) if (p.developer) developers.add(p.producer);
    }
    // update_vn_length_cache ignores votes on VNs still in development (devstatus 1).
    const votes = v.devstatus === 1 ? [] : v.lengthVotes;

    const main = mainTitle(v.titles, v.olang);
    vnCache.set(v.id, {
      // Named, not spread: with a spread here the full set's database took twice as long to build.
      title: main.title,
      alttitle: main.alttitle,
      // Recorded c_* values win: the catalogue sets them where it lacks the releases.
      released: v.cReleased ?? (dates.length > 0 ? Math.min(...dates) : 0),
      languages: v.cLanguages ? [...v.cLanguages] : [...languages].sort(),
      platforms: v.cPlatforms ? [...v.cPlatforms] : [...platforms].sort(),
      developers: [...developers].sort(compareIds),
      releases: rels.map((r) => r.id),
      // A recorded aggregate wins where the catalogue lacks the per-user votes.
      lengthMinutes: v.cLengthMinutes ?? (votes.length > 0 ? roundHalfEven(median(votes)) : null),
      lengthVotes: v.cLengthVotes ?? votes.length,
      popularity: Math.min(100, v.votecount / 150),
      ratingRank: ratingRanks.get(v) ?? null,
      popularityRank: popRanks.get(v) ?? visibleVns.length + 1,
    });
  }

}

/** tags_vn_inherit for every VN, and the tags' c_items (visible VNs carrying each). */
function computeInheritedTags(db: Database, tagVnCount: Map<string, number>): ReadonlyMap<string, ReadonlyMap<string, InheritedTag>> {
  for (const t of db.catalogue.tag) tagVnCount.set(t.id, 0);
  const packed = new PackedBuilder();
  // What walkUp visits from a tag depends on the tag alone: walked once per tag, not once per
  // vote (a full-size mirror has millions of direct tags on 60,000 VNs; bench:mirror).
  const walks = new Map<string, string[]>();
  const walkOf = (tag: string): string[] => {
    let visited = walks.get(tag);
    if (visited === undefined) {
      const list: string[] = [];
      walkUp(tag, (id) => db.tag.get(id)?.parents ?? [], (id) => list.push(id), () => false);
      walks.set(tag, (visited = list));
    }
    return visited;
  };
  for (const v of db.catalogue.vn) {
    const tags = inheritTags(db, v, walkOf);
    packed.row(v.id);
    for (const t of tags.values()) packed.entry(t.tag, t.rating, t.spoiler, t.lie);
    if (v.hidden) continue;
    for (const tag of tags.keys()) tagVnCount.set(tag, (tagVnCount.get(tag) ?? 0) + 1);
  }
  return packed.done((tag, rating, spoiler, lie): InheritedTag => ({ tag, rating, spoiler, lie }));
}

/**
 * tags_vn_inherit for one VN: direct tags of non-hidden tags plus their ancestors. The rating
 * is the AVG of the direct ratings reached from: summed in the order reached and divided by
 * their count, as adding them up from a list in that order did.
 */
function inheritTags(db: Database, v: VnRow, walkOf: (tag: string) => string[]): Map<string, InheritedTag> {
  const acc = new Map<string, { sum: number; spoiler: number; lies: number; n: number }>();
  if (v.hidden) return new Map();
  for (const d of v.tags) {
    const row = db.tag.get(d.tag);
    if (!row || row.hidden) continue;
    for (const id of walkOf(d.tag)) {
      let a = acc.get(id);
      if (a === undefined) acc.set(id, (a = { sum: 0, spoiler: 2, lies: 0, n: 0 }));
      a.sum += d.rating;
      a.spoiler = Math.min(a.spoiler, d.spoiler);
      a.n++;
      if (d.lie) a.lies++;
    }
  }
  const out = new Map<string, InheritedTag>();
  for (const [id, a] of acc) {
    const row = db.tag.get(id);
    if (!row || !row.searchable) continue;
    out.set(id, { tag: id, rating: a.sum / a.n, spoiler: a.spoiler, lie: a.lies === a.n });
  }
  return out;
}

function computeCharCaches(db: Database, traitCharCount: Map<string, number>): ReadonlyMap<string, CharacterCache> {
  for (const t of db.catalogue.trait) traitCharCount.set(t.id, 0);
  const packed = new PackedBuilder();
  for (const c of db.catalogue.character) {
    const acc = new Map<string, { spoiler: number; lies: number; n: number }>();
    if (!c.hidden) {
      for (const d of c.traits) {
        const row = db.trait.get(d.trait);
        if (!row || row.hidden) continue;
        walkUp(
          d.trait,
          (id) => db.trait.get(id)?.parents ?? [],
          (id) => {
            const a = acc.get(id) ?? { spoiler: 2, lies: 0, n: 0 };
            a.spoiler = Math.min(a.spoiler, d.spoiler);
            a.n++;
            if (d.lie) a.lies++;
            acc.set(id, a);
          },
          // traits_chars_calc does not climb through hidden parents.
          (id) => db.trait.get(id)?.hidden === true,
        );
      }
    }
    packed.row(c.id);
    for (const [id, a] of acc) {
      if (!db.trait.get(id)?.searchable) continue;
      packed.entry(id, 0, a.spoiler, a.lies === a.n);
      if (!c.hidden) traitCharCount.set(id, (traitCharCount.get(id) ?? 0) + 1);
    }
  }
  const traits = packed.done((trait, _rating, spoiler, lie): InheritedTrait => ({ trait, spoiler, lie }));
  return new MappedValues(traits, (inheritedTraits) => ({ inheritedTraits }));
}

// ---------------------------------------------------------------------------------------
// Inherited tags and traits, packed. A full-size mirror has millions of inherited votes: as a
// Map per row holding an object per vote they took 306 MiB (the VNs' tags) and 132 MiB (the
// characters' traits) of the heap (bench:mirror); as a slice per row of flat typed arrays they
// take a tenth. Read as maps (get, iteration) through views made on each lookup.

/** Collects rows and their entries in order, then packs them. */
class PackedBuilder {
  #ids: string[] = [];
  #offsets: number[] = [0];
  #names: string[] = [];
  #nameIndex = new Map<string, number>();
  #keys: number[] = [];
  #rating: number[] = [];
  #spoiler: number[] = [];
  #lie: number[] = [];

  row(id: string): void {
    if (this.#ids.length > 0) this.#offsets.push(this.#keys.length);
    this.#ids.push(id);
  }

  entry(name: string, rating: number, spoiler: number, lie: boolean): void {
    let k = this.#nameIndex.get(name);
    if (k === undefined) {
      this.#nameIndex.set(name, (k = this.#names.length));
      this.#names.push(name);
    }
    this.#keys.push(k);
    this.#rating.push(rating);
    this.#spoiler.push(spoiler);
    this.#lie.push(lie ? 1 : 0);
  }

  done<T>(make: (name: string, rating: number, spoiler: number, lie: boolean) => T): PackedRows<T> {
    if (this.#ids.length > 0) this.#offsets.push(this.#keys.length);
    const positions = new Map<string, number>();
    this.#ids.forEach((id, i) => positions.set(id, i));
    return new PackedRows({
      ids: this.#ids,
      positions,
      offsets: Int32Array.from(this.#offsets),
      names: this.#names,
      nameIndex: this.#nameIndex,
      keys: Int32Array.from(this.#keys),
      rating: Float64Array.from(this.#rating),
      spoiler: Uint8Array.from(this.#spoiler),
      lie: Uint8Array.from(this.#lie),
      make,
    });
  }
}

interface Packed<T> {
  ids: string[];
  positions: Map<string, number>;
  /** Row i's entries are [offsets[i], offsets[i + 1]). */
  offsets: Int32Array;
  names: string[];
  nameIndex: Map<string, number>;
  keys: Int32Array;
  rating: Float64Array;
  spoiler: Uint8Array;
  lie: Uint8Array;
  make: (name: string, rating: number, spoiler: number, lie: boolean) => T;
}

/** Row id → its entries (a PackedRow), as a read-only map. */
class PackedRows<T> implements ReadonlyMap<string, ReadonlyMap<string, T>> {
  constructor(private readonly p: Packed<T>) {}
  get size(): number {
    return this.p.ids.length;
  }
  get(id: string): ReadonlyMap<string, T> | undefined {
    const i = this.p.positions.get(id);
    return i === undefined ? undefined : new PackedRow(this.p, i);
  }
  has(id: string): boolean {
    return this.p.positions.has(id);
  }
  *entries(): MapIterator<[string, ReadonlyMap<string, T>]> {
    for (let i = 0; i < this.p.ids.length; i++) yield [this.p.ids[i]!, new PackedRow(this.p, i)];
  }
  *keys(): MapIterator<string> {
    yield* this.p.ids;
  }
  *values(): MapIterator<ReadonlyMap<string, T>> {
    for (let i = 0; i < this.p.ids.length; i++) yield new PackedRow(this.p, i);
  }
  [Symbol.iterator](): MapIterator<[string, ReadonlyMap<string, T>]> {
    return this.entries();
  }
  forEach(fn: (value: ReadonlyMap<string, T>, key: string, map: ReadonlyMap<string, ReadonlyMap<string, T>>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}

/** One row's entries (name → value made on each read), as a read-only map. */
class PackedRow<T> implements ReadonlyMap<string, T> {
  constructor(
    private readonly p: Packed<T>,
    private readonly row: number,
  ) {}
  #at(j: number): T {
    const p = this.p;
    return p.make(p.names[p.keys[j]!]!, p.rating[j]!, p.spoiler[j]!, p.lie[j] === 1);
  }
  #find(name: string): number {
    const k = this.p.nameIndex.get(name);
    if (k === undefined) return -1;
    const { keys, offsets } = this.p;
    for (let j = offsets[this.row]!, end = offsets[this.row + 1]!; j < end; j++) if (keys[j] === k) return j;
    return -1;
  }
  get size(): number {
    return this.p.offsets[this.row + 1]! - this.p.offsets[this.row]!;
  }
  get(name: string): T | undefined {
    const j = this.#find(name);
    return j < 0 ? undefined : this.#at(j);
  }
  has(name: string): boolean {
    return this.#find(name) >= 0;
  }
  *entries(): MapIterator<[string, T]> {
    const { offsets, names, keys } = this.p;
    for (let j = offsets[this.row]!, end = offsets[this.row + 1]!; j < end; j++) yield [names[keys[j]!]!, this.#at(j)];
  }
  *keys(): MapIterator<string> {
    for (const [k] of this.entries()) yield k;
  }
  *values(): MapIterator<T> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): MapIterator<[string, T]> {
    return this.entries();
  }
  forEach(fn: (value: T, key: string, map: ReadonlyMap<string, T>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}

/** A read-only map whose values are another map's, each passed through `wrap` on reading. */
class MappedValues<A, B> implements ReadonlyMap<string, B> {
  constructor(
    private readonly inner: ReadonlyMap<string, A>,
    private readonly wrap: (a: A) => B,
  ) {}
  get size(): number {
    return this.inner.size;
  }
  get(id: string): B | undefined {
    const a = this.inner.get(id);
    return a === undefined ? undefined : this.wrap(a);
  }
  has(id: string): boolean {
    return this.inner.has(id);
  }
  *entries(): MapIterator<[string, B]> {
    for (const [k, a] of this.inner) yield [k, this.wrap(a)];
  }
  keys(): MapIterator<string> {
    return this.inner.keys();
  }
  *values(): MapIterator<B> {
    for (const a of this.inner.values()) yield this.wrap(a);
  }
  [Symbol.iterator](): MapIterator<[string, B]> {
    return this.entries();
  }
  forEach(fn: (value: B, key: string, map: ReadonlyMap<string, B>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }
}

/** Numeric comparison of two prefixed ids of the same type ("v9" < "v10"). */
export function compareIds(a: string, b: string): number {
  return idNum(a) - idNum(b);
}

export function idNum(id: string): number {
  return Number(id.replace(/^[a-z]+/, ""));
}

// ---------------------------------------------------------------------------------------
// List state and its primitives.

function createListState(c: Pick<Catalogue, "users" | "labels" | "ulist" | "rlist" | "tokens" | "lengthVotes">): ListState {
  const s: ListState = {
    users: new Map(),
    labels: new Map(),
    ulist: new Map(),
    rlist: new Map(),
    tokens: new Map(),
    lengthVotes: c.lengthVotes.map((v) => ({ ...v })),
  };
  // Rows are copied so that several databases made from one catalogue stay independent.
  for (const u of c.users) s.users.set(u.id, { ...u });
  for (const l of c.labels) putLabelIn(s, { ...l });
  for (const r of c.ulist) putUlistIn(s, { ...r, labels: [...r.labels] });
  for (const r of c.rlist) putRlistIn(s, { ...r });
  for (const t of c.tokens) s.tokens.set(tokenKey(t.token), { ...t });
  return s;
}

function putLabelIn(s: ListState, l: LabelRow): void {
  let m = s.labels.get(l.uid);
  if (!m) s.labels.set(l.uid, (m = new Map()));
  m.set(l.id, l);
}

function putUlistIn(s: ListState, r: UlistRow): void {
  let m = s.ulist.get(r.uid);
  if (!m) s.ulist.set(r.uid, (m = new Map()));
  m.set(r.vid, r);
}

function putRlistIn(s: ListState, r: RlistRow): void {
  let m = s.rlist.get(r.uid);
  if (!m) s.rlist.set(r.uid, (m = new Map()));
  m.set(r.rid, r);
}

export function getUser(db: Database, uid: string): UserRow | undefined {
  return db.lists.users.get(uid);
}

/** Usernames compare case-insensitively (GET /user). */
export function findUserByName(db: Database, name: string): UserRow | undefined {
  const want = name.toLowerCase();
  for (const u of db.lists.users.values()) if (u.username?.toLowerCase() === want) return u;
  return undefined;
}

/** The token row for a token as sent (dashes anywhere), or undefined. */
export function findToken(db: Database, token: string): TokenRow | undefined {
  return db.lists.tokens.get(tokenKey(token));
}

/** A user's label rows, unordered. */
export function labelsOf(db: Database, uid: string): LabelRow[] {
  return [...(db.lists.labels.get(uid)?.values() ?? [])];
}

export function getUlist(db: Database, uid: string, vid: string): UlistRow | undefined {
  return db.lists.ulist.get(uid)?.get(vid);
}

export function putUlist(db: Database, row: UlistRow): void {
  putUlistIn(db.lists, row);
}

export function deleteUlist(db: Database, uid: string, vid: string): boolean {
  return db.lists.ulist.get(uid)?.delete(vid) ?? false;
}

/** A user's VN list entries, unordered. */
export function ulistOf(db: Database, uid: string): UlistRow[] {
  return [...(db.lists.ulist.get(uid)?.values() ?? [])];
}

export function getRlist(db: Database, uid: string, rid: string): RlistRow | undefined {
  return db.lists.rlist.get(uid)?.get(rid);
}

export function putRlist(db: Database, row: RlistRow): void {
  putRlistIn(db.lists, row);
}

export function deleteRlist(db: Database, uid: string, rid: string): boolean {
  return db.lists.rlist.get(uid)?.delete(rid) ?? false;
}

export function rlistOf(db: Database, uid: string): RlistRow[] {
  return [...(db.lists.rlist.get(uid)?.values() ?? [])];
}

/**
 * c_private of a list entry (update_users_ulist_private): private unless at least one of
 * its labels exists in the owner's label table and is public. No labels → private.
 */
export function isUlistPrivate(db: Database, row: UlistRow): boolean {
  const labels = db.lists.labels.get(row.uid);
  return !row.labels.some((id) => labels?.get(id)?.private === false);
}

/** Non-hidden VN / release lookups, as PATCH's existence check needs them. */
export function visibleVn(db: Database, vid: string): VnRow | undefined {
  const v = db.vn.get(vid);
  return v && !v.hidden ? v : undefined;
}

export function visibleRelease(db: Database, rid: string): ReleaseRow | undefined {
  const r = db.release.get(rid);
  return r && !r.hidden ? r : undefined;
}

/** A snapshot of the mutable state, as plain rows (for the state file). */
export function exportListState(db: Database): Pick<
  Catalogue,
  "users" | "labels" | "ulist" | "rlist" | "tokens" | "lengthVotes"
> {
  const s = db.lists;
  return {
    users: [...s.users.values()].map((u) => ({ ...u })),
    labels: [...s.labels.values()].flatMap((m) => [...m.values()].map((l) => ({ ...l }))),
    ulist: [...s.ulist.values()].flatMap((m) =>
      [...m.values()].map((r) => ({ ...r, labels: [...r.labels] })),
    ),
    rlist: [...s.rlist.values()].flatMap((m) => [...m.values()].map((r) => ({ ...r }))),
    tokens: [...s.tokens.values()].map((t) => ({ ...t })),
    lengthVotes: s.lengthVotes.map((v) => ({ ...v })),
  };
}

/** Replaces the mutable state with a snapshot made by exportListState. */
export function importListState(db: Database, state: ReturnType<typeof exportListState>): void {
  db.lists = createListState(state);
}
