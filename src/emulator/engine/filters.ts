// Filter evaluation with VNDB's semantics (reference §8, lib/VNWeb/AdvSearch.pm).
//
// A validated Filter is compiled once per request into a predicate over the rows of its
// entity type. Nested-entity predicates (a VN's `release`, a release's `vn`, ...) compile
// their inner query once and memoise its result per related entry, so a query costs
// about one evaluation per (entry, related entry) pair.
//
// SQL three-valued logic only matters at predicate level here: no NOT ever wraps a
// combinator (a nested `!=` is NOT IN over a subquery, which is two-valued). It does matter
// for the `=`-only filters whose `=` can be NULL (a nullable column): VNDB's automatic
// `!=` is `NOT (=)`, which stays NULL there, so such rows match neither operator. Those
// filters are built with `triEq`; the others cannot yield NULL and use `eqOnly`.
import type { EntityType, Filter, FilterOperator } from "../../kana/types.js";
import type {
  CharacterRow,
  ExtlinkRow,
  ProducerRow,
  QuoteRow,
  ReleaseRow,
  TagRow,
  TraitRow,
  VnRow,
} from "../catalogue/types.js";
import { getUlist, isUlistPrivate, type StaffAliasEntry } from "../database.js";
import { cmp, idNum } from "./compare.js";
import { canReadList, type EngineContext } from "./context.js";
import { searchFilter } from "./search.js";
import { canonical } from "./canon.js";
import { listGroups } from "./list-groups.js";
import { creditRoles, staffCredits, vaByCharacter } from "./indexes.js";
import { pickRandomQuote, quoteRandPoints } from "./random-quote.js";

/**
 * The join row through which a nested query reached its entry. VNDB resolves a few
 * fields against it when the parent query is a VN query: a release's `rtype`
 * (releases_vn.rtype), a character's `role` (chars_vns.role), a staff alias's `role`
 * (its credits in that VN).
 */
export interface Link {
  vn: string;
  rtype?: string;
  role?: string;
}

export type Row = VnRow | ReleaseRow | ProducerRow | CharacterRow | StaffAliasEntry | TagRow | TraitRow | QuoteRow;
export type Predicate<T> = (row: T, link: Link | null) => boolean;

/** VN length buckets in minutes (VN_LENGTH in lib/VNDB/Types.pm; reference §8.4). */
const LENGTH_BUCKETS: Record<number, [number, number]> = {
  0: [0, 0],
  1: [1, 120],
  2: [120, 600],
  3: [600, 1800],
  4: [1800, 3000],
  5: [3000, 32767],
};

/** Cup sizes in enum order; '' (unknown) sorts before all of them. */
const CUP_ORDER = ["", "AAA", "AA", ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("")];

/** resolution_aspect compares integer ratios scaled by this factor (reference §8.4). */
const ASPECT_SCALE = 100000;

type Compiled = Predicate<any>;

export function compileFilter<T extends Row>(
  ctx: EngineContext,
  type: EntityType,
  filter: Filter | null,
): Predicate<T> {
  if (filter === null) return () => true;
  return compile(ctx, type, canonical(type, filter)) as Predicate<T>;
}

/** Compiles a canonical filter (canon.ts). */
function compile(ctx: EngineContext, type: EntityType, f: Filter): Compiled {
  const head = f[0];
  if (head === "and" || head === "or") {
    const { groups, rest } = listGroups(ctx, type, f as ["and" | "or", ...Filter[]]);
    const kids = [...rest.map((k) => compile(ctx, type, k)), ...groups];
    return head === "and"
      ? (row, link) => kids.every((k) => k(row, link))
      : (row, link) => kids.some((k) => k(row, link));
  }
  const [field, op, value] = f as [string, FilterOperator, unknown];
  const make = FIELDS[type][field];
  if (!make) throw new Error(`engine: no evaluator for ${type}.${field}`);
  return make(ctx, op, value);
}

type FieldMaker = (ctx: EngineContext, op: FilterOperator, value: unknown) => Compiled;

/** Builds a predicate for an `=`-only filter: `!=` is its negation (AdvSearch `f`). */
function eqOnly<T>(test: (ctx: EngineContext, value: unknown) => (row: T, link: Link | null) => boolean): FieldMaker {
  return (ctx, op, value) => {
    const t = test(ctx, value);
    return op === "!=" ? (row: T, link: Link | null) => !t(row, link) : t;
  };
}

/** SQL's three-valued boolean: null is NULL (unknown). */
type Tri = boolean | null;

/**
 * Like eqOnly for a test that can be NULL: `=` matches where it is true, `!=` (VNDB's
 * `NOT (=)`) where it is false, and neither where it is NULL.
 */
function triEq<T>(test: (ctx: EngineContext, value: unknown) => (row: T, link: Link | null) => Tri): FieldMaker {
  return (ctx, op, value) => {
    const t = test(ctx, value);
    return op === "!=" ? (row: T, link: Link | null) => t(row, link) === false : (row: T, link: Link | null) => t(row, link) === true;
  };
}

/** SQL OR over three-valued operands. */
function or3(...xs: Tri[]): Tri {
  if (xs.includes(true)) return true;
  return xs.includes(null) ? null : false;
}

/** A nested query: compiled once, memoised per related entry (and link). */
function nested<T extends Row>(
  ctx: EngineContext,
  type: EntityType,
  value: unknown,
  key: (row: T, link: Link | null) => string,
): Predicate<T> {
  const inner = compile(ctx, type, value as Filter);
  const memo = new Map<string, boolean>();
  return (row, link) => {
    // Reached through a link (one VN's releases, characters, staff), the same row and link
    // never come twice: a memo would only grow.
    if (link !== null) return inner(row, link);
    const k = key(row, link);
    let r = memo.get(k);
    if (r === undefined) {
      r = inner(row, link);
      memo.set(k, r);
    }
    return r;
  };
}

const linkKey = (link: Link | null) => (link ? `|${link.vn}|${link.rtype ?? ""}|${link.role ?? ""}` : "");
const rowId = (row: { id: string }, link: Link | null) => row.id + linkKey(link);
const staffKey = (row: StaffAliasEntry, link: Link | null) => `${row.alias.aid}${linkKey(link)}`;

const num = (v: unknown) => Number(v);
const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Date values: 1 = today (at query time), else the stored YYYYMMDD integer. */
function dateValue(ctx: EngineContext, v: unknown): number {
  const n = num(v ?? 0);
  return n === 1 ? ctx.today : n;
}

function idFilter(): FieldMaker {
  return (_ctx, op, value) => {
    const want = idNum(str(value));
    return (row: { id: string }) => cmp(idNum(row.id), op, want);
  };
}

function searchField(type: EntityType): FieldMaker {
  return eqOnly((ctx, value) => searchFilter(ctx, type, value));
}

function extlinkMatch(links: ExtlinkRow[], value: unknown): boolean {
  if (Array.isArray(value)) {
    const [site, v] = value as [string, unknown];
    return links.some((l) => l.site === site && String(l.value) === String(v));
  }
  const site = str(value);
  return links.some((l) => l.site === site);
}

/** The tag filters (tag: tags_vn_inherit, dtag: tags_vn_direct), reference §8.4. */
function tagFilter(direct: boolean): FieldMaker {
  return eqOnly((ctx, value) => {
    const [tag, spoilerV, levelV, lieV] = value as [string, unknown, unknown, unknown];
    const maxSpoiler = num(spoilerV ?? 0);
    const minLevel = num(levelV ?? 0);
    const noLies = num(lieV ?? 0) === 1;
    const ok = (t: { rating: number; spoiler: number; lie: boolean } | undefined) =>
      t !== undefined &&
      (maxSpoiler >= 2 || t.spoiler <= maxSpoiler) &&
      (minLevel <= 0 || t.rating >= minLevel) &&
      (!noLies || !t.lie);
    return (v: VnRow) => {
      if (direct) {
        const row = ctx.db.tag.get(tag);
        if (!row || row.hidden) return false;
        return v.tags.some((t) => t.tag === tag && ok(t));
      }
      return ok(ctx.db.inheritedTags.get(v.id)?.get(tag));
    };
  });
}

function traitFilter(direct: boolean): FieldMaker {
  return eqOnly((ctx, value) => {
    const [trait, spoilerV, lieV] = value as [string, unknown, unknown];
    const maxSpoiler = num(spoilerV ?? 0);
    const noLies = num(lieV ?? 0) === 1;
    const ok = (t: { spoiler: number; lie: boolean } | undefined) =>
      t !== undefined && (maxSpoiler >= 2 || t.spoiler <= maxSpoiler) && (!noLies || !t.lie);
    return (c: CharacterRow) =>
      direct
        ? c.traits.some((t) => t.trait === trait && ok(t))
        : ok(ctx.db.charCache.get(c.id)?.inheritedTraits.get(trait));
  });
}

/**
 * The label filter with its privacy rules (reference §8.5, _sql_where_label). Evaluated
 * per predicate; VNDB batches label predicates of one combinator into a single array
 * test, which gives the same result.
 */
function labelFilter(): FieldMaker {
  return (ctx, op, value) => {
    const [uid, labelV] = value as [string, unknown];
    const label = num(labelV);
    const own = canReadList(ctx.session, uid, true);
    const neg = op === "!=";
    if (label === 0) {
      // Unlabelled entries are only visible to the owner; for others both = and != fail.
      if (!own) return () => false;
      return (v: VnRow) => {
        const e = getUlist(ctx.db, uid, v.id);
        const unlabeled = e !== undefined && e.labels.every((l) => l === 7);
        return neg ? !unlabeled : unlabeled;
      };
    }
    if (!own && label !== 7) {
      const l = ctx.db.lists.labels.get(uid)?.get(label);
      if (!l || l.private) return () => neg;
    }
    return (v: VnRow) => {
      const e = getUlist(ctx.db, uid, v.id);
      const has = e !== undefined && e.labels.includes(label) && (own || !isUlistPrivate(ctx.db, e));
      return neg ? !has : has;
    };
  };
}

/** Character measurements where 0 means unknown (height, bust, waist, hips). */
function zeroUnknown(get: (c: CharacterRow) => number): FieldMaker {
  return (_ctx, op, value) => {
    if (value === null || value === undefined) return (c: CharacterRow) => cmp(get(c), op, 0);
    const n = num(value);
    return (c: CharacterRow) => get(c) !== 0 && cmp(get(c), op, n);
  };
}

/** Nullable character numbers (weight, age): null value tests known-ness. */
function nullUnknown(get: (c: CharacterRow) => number | null): FieldMaker {
  return (_ctx, op, value) => {
    if (value === null || value === undefined) {
      return op === "=" ? (c: CharacterRow) => get(c) === null : (c: CharacterRow) => get(c) !== null;
    }
    const n = num(value);
    return (c: CharacterRow) => cmp(get(c), op, n);
  };
}

/** Gender filter values that also look at the sex of a character without a gender. */
const SEX_FALLBACK = new Set(["", "m", "f"]);

/** Sex/gender filter values: "unknown" and "" (and null) all mean not recorded. */
const unknownToEmpty = (v: unknown) => (v === null || v === undefined || v === "unknown" ? "" : String(v));

function boolField<T>(get: (row: T) => boolean): FieldMaker {
  return eqOnly(() => (row: T) => get(row));
}

/**
 * The animation flags: `NOT r.patch AND r.ani_x <test>`, where the value null asks for
 * unknown (`IS NULL`) and any other value is NULL on an unknown flag. So `=` never matches
 * a patch, `!=` always does, and an unknown flag matches neither when a value is given.
 */
function aniField(get: (r: ReleaseRow) => string | boolean | null): FieldMaker {
  return triEq((_ctx, value) => {
    const unknown = value === null || value === undefined;
    return (r: ReleaseRow): Tri => {
      if (r.patch) return false;
      const x = get(r);
      if (unknown) return x === null;
      if (x === null) return null;
      // ani_bg/ani_face hold booleans and take 0/1; the others hold their enum strings.
      return typeof x === "boolean" ? x === (num(value) === 1) : x === String(value);
    };
  });
}

const FIELDS: Record<EntityType, Record<string, FieldMaker>> = {
  vn: {
    id: idFilter(),
    search: searchField("vn"),
    lang: eqOnly((ctx, v) => (vn: VnRow) => ctx.db.vnCache.get(vn.id)!.languages.includes(str(v))),
    olang: eqOnly((_ctx, v) => (vn: VnRow) => vn.olang === str(v)),
    platform: eqOnly((ctx, v) => (vn: VnRow) => ctx.db.vnCache.get(vn.id)!.platforms.includes(str(v))),
    length: eqOnly((ctx, v) => {
      const n = num(v);
      const [lo, hi] = LENGTH_BUCKETS[n] ?? [-1, -1];
      return (vn: VnRow) => {
        const m = ctx.db.vnCache.get(vn.id)!.lengthMinutes;
        // COALESCE(c_length BETWEEN lo AND hi, length = n): the old field only without votes.
        return m !== null ? m >= lo && m <= hi : vn.length === n;
      };
    }),
    developer_id: eqOnly((ctx, v) => (vn: VnRow) => ctx.db.vnCache.get(vn.id)!.developers.includes(str(v))),
    released: (ctx, op, v) => {
      const d = dateValue(ctx, v);
      return (vn: VnRow) => cmp(ctx.db.vnCache.get(vn.id)!.released, op, d);
    },
    tag: tagFilter(false),
    dtag: tagFilter(true),
    // Deprecated; reference §8.4: votecount OP value*150.
    popularity: (_ctx, op, v) => {
      const n = num(v) * 150;
      return (vn: VnRow) => cmp(vn.votecount, op, n);
    },
    rating: (_ctx, op, v) => {
      const n = num(v);
      return (vn: VnRow) => cmp(vn.rating, op, n);
    },
    votecount: (_ctx, op, v) => {
      const n = num(v);
      return (vn: VnRow) => cmp(vn.votecount, op, n);
    },
    label: labelFilter(),
    anime_id: eqOnly((_ctx, v) => (vn: VnRow) => vn.anime.includes(num(v))),
    release: eqOnly((ctx, v) => {
      const sub = nested<ReleaseRow>(ctx, "release", v, rowId);
      return (vn: VnRow) =>
        ctx.db.vnCache.get(vn.id)!.releases.some((rid) => {
          const r = ctx.db.release.get(rid);
          if (!r || r.hidden) return false;
          const rtype = r.vns.find((x) => x.vn === vn.id)?.rtype;
          return sub(r, { vn: vn.id, rtype });
        });
    }),
    character: eqOnly((ctx, v) => {
      const sub = nested<CharacterRow>(ctx, "character", v, rowId);
      return (vn: VnRow) =>
        (ctx.db.charactersByVn.get(vn.id) ?? []).some((cid) => {
          const c = ctx.db.character.get(cid);
          if (!c || c.hidden) return false;
          return c.vns.some((cv) => cv.vn === vn.id && sub(c, { vn: vn.id, role: cv.role }));
        });
    }),
    staff: eqOnly((ctx, v) => {
      const sub = nested<StaffAliasEntry>(ctx, "staff", v, staffKey);
      return (vn: VnRow) => {
        const aids = new Set([...vn.staff.map((s) => s.aid), ...vn.va.map((s) => s.aid)]);
        for (const aid of aids) {
          const e = ctx.db.staffAlias.get(aid);
          if (e && !e.staff.hidden && sub(e, { vn: vn.id })) return true;
        }
        return false;
      };
    }),
    developer: eqOnly((ctx, v) => {
      const sub = nested<ProducerRow>(ctx, "producer", v, rowId);
      return (vn: VnRow) =>
        ctx.db.vnCache.get(vn.id)!.developers.some((pid) => {
          const p = ctx.db.producer.get(pid);
          return p !== undefined && !p.hidden && sub(p, null);
        });
    }),
    has_description: boolField((vn: VnRow) => vn.description !== ""),
    has_anime: boolField((vn: VnRow) => vn.anime.length > 0),
    has_screenshot: boolField((vn: VnRow) => vn.screenshots.length > 0),
    has_review: boolField((vn: VnRow) => vn.hasReview),
    on_list: eqOnly((ctx) => {
      const s = ctx.session;
      if (!s) return () => false;
      return (vn: VnRow) => {
        const e = getUlist(ctx.db, s.userId, vn.id);
        return e !== undefined && (s.listread || !isUlistPrivate(ctx.db, e));
      };
    }),
    devstatus: eqOnly((_ctx, v) => (vn: VnRow) => vn.devstatus === num(v)),
  },

  release: {
    id: idFilter(),
    search: searchField("release"),
    lang: eqOnly((_ctx, v) => (r: ReleaseRow) => r.titles.some((t) => !t.mtl && t.lang === str(v))),
    platform: eqOnly((_ctx, v) =>
      v === null || v === undefined
        ? (r: ReleaseRow) => r.platforms.length === 0
        : (r: ReleaseRow) => r.platforms.includes(str(v)),
    ),
    developer_id: eqOnly((_ctx, v) => (r: ReleaseRow) =>
      r.producers.some((p) => p.developer && p.producer === str(v)),
    ),
    producer_id: eqOnly((_ctx, v) => (r: ReleaseRow) => r.producers.some((p) => p.producer === str(v))),
    released: (ctx, op, v) => {
      const d = dateValue(ctx, v);
      return (r: ReleaseRow) => cmp(r.released, op, d);
    },
    // `reso_x OP w AND reso_y OP h` (plus "known" when w > 0); patches are not excluded
    // (reference §8.4 — older VNDB code had `NOT r.patch` here, the current code has not).
    resolution: (_ctx, op, v) => {
      const [w, h] = (v as unknown[]).map(num);
      return (r: ReleaseRow) => cmp(r.resoX, op, w) && cmp(r.resoY, op, h) && (w === 0 || r.resoX > 0);
    },
    resolution_aspect: (_ctx, op, v) => {
      const [w, h] = (v as unknown[]).map(num);
      const ratio = Math.trunc((w * ASPECT_SCALE) / Math.max(1, h));
      return (r: ReleaseRow) =>
        cmp(r.resoX, op, w) &&
        cmp(r.resoY, op, h) &&
        Math.trunc((r.resoX * ASPECT_SCALE) / Math.max(1, r.resoY)) === ratio &&
        (w === 0 || r.resoX > 0);
    },
    minage: (_ctx, op, v) => {
      if (v === null || v === undefined) {
        return op === "=" ? (r: ReleaseRow) => r.minage === null : (r: ReleaseRow) => r.minage !== null;
      }
      const n = num(v);
      return (r: ReleaseRow) => cmp(r.minage, op, n);
    },
    medium: eqOnly((_ctx, v) =>
      v === null || v === undefined
        ? (r: ReleaseRow) => r.media.length === 0
        : (r: ReleaseRow) => r.media.some((m) => m.medium === str(v)),
    ),
    // `r.voiced = n`: unlike the animation filters, patches take part (reference §8.4).
    voiced: eqOnly((_ctx, v) => {
      const n = num(v ?? 0);
      return (r: ReleaseRow) => r.voiced === n;
    }),
    animation_ero: eqOnly((_ctx, v) => (r: ReleaseRow) => !r.patch && r.aniEro === num(v)),
    animation_story: eqOnly((_ctx, v) => (r: ReleaseRow) => !r.patch && r.aniStory === num(v)),
    engine: eqOnly((_ctx, v) => (r: ReleaseRow) => r.engine === str(v)),
    rtype: eqOnly((_ctx, v) => (r: ReleaseRow, link) =>
      link?.rtype !== undefined ? link.rtype === str(v) : r.vns.some((x) => x.rtype === str(v)),
    ),
    // Anonymous: `1=0` whatever the operator (its sql_list ignores the negation there),
    // so unlike on_list even `!=` matches nothing (reference §8.4: "anonymous → never").
    rlist: (ctx, op, v) => {
      const s = ctx.session;
      if (!s) return () => false;
      const n = num(v);
      const has = (r: ReleaseRow) => ctx.db.lists.rlist.get(s.userId)?.get(r.id)?.status === n;
      return op === "!=" ? (r: ReleaseRow) => !has(r) : has;
    },
    extlink: eqOnly((_ctx, v) => (r: ReleaseRow) => extlinkMatch(r.extlinks, v)),
    drm: eqOnly((_ctx, v) => {
      const name = str(v);
      return (r: ReleaseRow) => (name === "" ? r.drm.length === 0 : r.drm.includes(name));
    }),
    vn: eqOnly((ctx, v) => {
      const sub = nested<VnRow>(ctx, "vn", v, rowId);
      return (r: ReleaseRow) =>
        r.vns.some((x) => {
          const vn = ctx.db.vn.get(x.vn);
          return vn !== undefined && !vn.hidden && sub(vn, null);
        });
    }),
    producer: eqOnly((ctx, v) => {
      const sub = nested<ProducerRow>(ctx, "producer", v, rowId);
      return (r: ReleaseRow) =>
        r.producers.some((x) => {
          const p = ctx.db.producer.get(x.producer);
          return p !== undefined && !p.hidden && sub(p, null);
        });
    }),
    patch: boolField((r: ReleaseRow) => r.patch),
    freeware: boolField((r: ReleaseRow) => r.freeware),
    doujin: boolField((r: ReleaseRow) => r.doujin),
    // `i` flag: unknown (null) matches neither = nor !=.
    uncensored: (_ctx, op) => (r: ReleaseRow) => r.uncensored !== null && (op === "=" ? r.uncensored : !r.uncensored),
    official: boolField((r: ReleaseRow) => r.official),
    has_ero: boolField((r: ReleaseRow) => r.hasEro),
    image: eqOnly((_ctx, v) =>
      v === null || v === undefined
        ? (r: ReleaseRow) => r.images.length === 0
        : (r: ReleaseRow) => r.images.some((i) => i.type === str(v)),
    ),
    ani_story_sp: aniField((r) => r.aniStorySp),
    ani_story_cg: aniField((r) => r.aniStoryCg),
    ani_cutscene: aniField((r) => r.aniCutscene),
    ani_ero_sp: aniField((r) => r.aniEroSp),
    ani_ero_cg: aniField((r) => r.aniEroCg),
    ani_bg: aniField((r) => r.aniBg),
    ani_face: aniField((r) => r.aniFace),
  },

  character: {
    id: idFilter(),
    search: searchField("character"),
    role: eqOnly((_ctx, v) => (c: CharacterRow, link) =>
      link?.role !== undefined ? link.role === str(v) : c.vns.some((x) => x.role === str(v)),
    ),
    blood_type: eqOnly((_ctx, v) => {
      const want = str(v) === "unknown" ? null : str(v);
      return (c: CharacterRow) => c.bloodType === want;
    }),
    sex: eqOnly((_ctx, v) => {
      const want = unknownToEmpty(v);
      return (c: CharacterRow) => (c.sex ?? "") === want;
    }),
    sex_spoil: eqOnly((_ctx, v) => {
      const want = unknownToEmpty(v);
      return (c: CharacterRow) => ((c.sex ?? "") === want && c.spoilSex === null) || c.spoilSex === want;
    }),
    height: zeroUnknown((c) => c.height),
    weight: nullUnknown((c) => c.weight),
    bust: zeroUnknown((c) => c.bust),
    waist: zeroUnknown((c) => c.waist),
    hips: zeroUnknown((c) => c.hips),
    cup: (_ctx, op, v) => {
      const ord = (x: string | null) => CUP_ORDER.indexOf(x ?? "");
      if (v === null || v === undefined) return (c: CharacterRow) => cmp(ord(c.cup), op, 0);
      const want = ord(str(v));
      return (c: CharacterRow) => c.cup !== null && c.cup !== "" && cmp(ord(c.cup), op, want);
    },
    age: nullUnknown((c) => c.age),
    trait: traitFilter(false),
    dtrait: traitFilter(true),
    birthday: eqOnly((_ctx, v) => {
      const [m, d] = Array.isArray(v) ? v.map(num) : [0, 0];
      return (c: CharacterRow) => {
        const [bm, bd] = c.birthday ?? [0, 0];
        return bm === m && (d === 0 || bd === d);
      };
    }),
    // `c.gender = x`, and for m/f/unknown `OR (c.gender IS NULL AND c.sex = x)`: a
    // character without a gender counts by its sex, where only an unknown sex is
    // "unknown" (reference §8.4). NULL (no gender, other sex) matches neither = nor !=.
    gender: triEq((_ctx, v) => {
      const want = unknownToEmpty(v);
      const bySex = SEX_FALLBACK.has(want);
      return (c: CharacterRow): Tri => {
        if (c.gender !== null) return c.gender === want;
        return bySex && (c.sex ?? "") === want ? true : null;
      };
    }),
    // (gender = x AND spoil_gender IS NULL) OR spoil_gender = x, and for m/f/unknown
    // OR (spoil_gender IS NULL AND gender IS NULL AND (spoil_sex = x OR (spoil_sex IS
    // NULL AND sex = x))), evaluated with NULLs as PostgreSQL does.
    gender_spoil: triEq((_ctx, v) => {
      const want = unknownToEmpty(v);
      const bySex = SEX_FALLBACK.has(want);
      return (c: CharacterRow): Tri => {
        const g = c.gender;
        const sg = c.spoilGender;
        const byGender: Tri = g === null ? (sg === null ? null : false) : g === want && sg === null;
        const bySpoilGender: Tri = sg === null ? null : sg === want;
        if (!bySex) return or3(byGender, bySpoilGender);
        const realSex: Tri = c.spoilSex !== null ? c.spoilSex === want : (c.sex ?? "") === want ? true : null;
        return or3(byGender, bySpoilGender, sg === null && g === null ? realSex : false);
      };
    }),
    // Voiced by a matching alias in any VN, even when nested under a VN filter (AdvSearch XXX note).
    seiyuu: eqOnly((ctx, v) => {
      const sub = nested<StaffAliasEntry>(ctx, "staff", v, staffKey);
      const byChar = vaByCharacter(ctx.db);
      return (c: CharacterRow) =>
        (byChar.get(c.id) ?? []).some((aid) => {
          const e = ctx.db.staffAlias.get(aid);
          return e !== undefined && !e.staff.hidden && sub(e, null);
        });
    }),
    vn: eqOnly((ctx, v) => {
      const sub = nested<VnRow>(ctx, "vn", v, rowId);
      return (c: CharacterRow) =>
        c.vns.some((x) => {
          const vn = ctx.db.vn.get(x.vn);
          return vn !== undefined && !vn.hidden && sub(vn, null);
        });
    }),
  },

  staff: {
    id: (_ctx, op, value) => {
      const want = idNum(str(value));
      return (e: StaffAliasEntry) => cmp(idNum(e.staff.id), op, want);
    },
    search: searchField("staff"),
    lang: eqOnly((_ctx, v) => (e: StaffAliasEntry) => e.staff.lang === str(v)),
    gender: eqOnly((_ctx, v) => {
      const want = unknownToEmpty(v);
      return (e: StaffAliasEntry) => (e.staff.gender ?? "") === want;
    }),
    role: eqOnly((ctx, v) => {
      const role = str(v);
      const credits = staffCredits(ctx.db);
      // Under a VN filter: a lookup of the alias's roles in that VN, not a walk over all its
      // credits (a prolific seiyuu has thousands) for every VN the outer query visits.
      const roles = creditRoles(ctx.db);
      return (e: StaffAliasEntry, link) => {
        if (link) return roles.get(e.alias.aid)?.get(link.vn)?.has(role) ?? false;
        return (credits.get(e.alias.aid) ?? []).some((c) => {
          if (role === "seiyuu" ? c.role !== null : c.role !== role) return false;
          const vn = ctx.db.vn.get(c.vn);
          return vn !== undefined && !vn.hidden;
        });
      };
    }),
    extlink: eqOnly((_ctx, v) => (e: StaffAliasEntry) => extlinkMatch(e.staff.extlinks, v)),
    type: eqOnly((_ctx, v) => (e: StaffAliasEntry) => e.staff.type === str(v)),
    ismain: boolField((e: StaffAliasEntry) => e.alias.aid === e.staff.mainAid),
    aid: eqOnly((_ctx, v) => (e: StaffAliasEntry) => e.alias.aid === num(v)),
  },

  producer: {
    id: idFilter(),
    search: searchField("producer"),
    lang: eqOnly((_ctx, v) => (p: ProducerRow) => p.lang === str(v)),
    type: eqOnly((_ctx, v) => (p: ProducerRow) => p.type === str(v)),
    extlink: eqOnly((_ctx, v) => (p: ProducerRow) => extlinkMatch(p.extlinks, v)),
  },

  tag: {
    id: idFilter(),
    search: searchField("tag"),
    category: eqOnly((_ctx, v) => (t: TagRow) => t.category === str(v)),
  },

  trait: {
    id: idFilter(),
    search: searchField("trait"),
  },

  quote: {
    id: idFilter(),
    vn: eqOnly((ctx, v) => {
      const sub = nested<VnRow>(ctx, "vn", v, rowId);
      return (q: QuoteRow) => {
        const vn = ctx.db.vn.get(q.vn);
        return vn !== undefined && !vn.hidden && sub(vn, null);
      };
    }),
    character: eqOnly((ctx, v) => {
      const sub = nested<CharacterRow>(ctx, "character", v, rowId);
      return (q: QuoteRow) => {
        const c = q.character === null ? undefined : ctx.db.character.get(q.character);
        return c !== undefined && !c.hidden && sub(c, null);
      };
    }),
    // One quote drawn per request: a visible VN uniformly, then one of its quotes weighted
    // by score (random-quote.ts).
    random: eqOnly((ctx) => {
      const pick = pickRandomQuote(quoteRandPoints(ctx.db), Math.random());
      return (q: QuoteRow) => q.id === pick;
    }),
  },
};
