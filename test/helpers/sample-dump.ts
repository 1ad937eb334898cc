// The inverse of src/mirror/derive: the bundled sample catalogue as the database dump tables
// VNDB would publish for it (today's schema, src/mirror/dump/dump-schema.ts), plus synthetic
// raw tag votes, and the catalogue a faithful derive must give back from them (`reference`).
//
// What a dump cannot carry, and so what `reference` changes in the sample (each a fact about
// the dump, not a choice of derive):
// - `hidden` rows: dbdump.pl exports none; relations to them go too (vn-rows.ts says why).
// - the sample's recorded c_released / c_languages / c_platforms overrides (cReleased …): VNDB
//   does not export them; the mirror computes them from the releases (update_vncache), so the
//   reference carries what update_vncache gives for the sample's releases.
// - `derived` and `manual` markers: notes of the sample's build, not data.
// - users, labels, lists, tokens: the mirror sends lists to VNDB; its users come from `users`.
// - the sample's v6540 tags carry ratings rounded to 2 decimals (an old API answer): no set of
//   votes gives those exact values, so votes are chosen whose tag_vn_calc rating rounds to the
//   sample's, and the reference holds the exact float4 rating of those votes.
// - VN tags are put in tag id order (the API gives no order; derive writes by id).
import { blankCatalogue } from "../../src/emulator/catalogue/blank-rows.js";
import type { Catalogue, ExtlinkRow, ReleaseRow, VnRow } from "../../src/emulator/catalogue/types.js";
import { DUMP_TABLES } from "../../src/mirror/dump/dump-schema.js";
import { byLanguage, byPlatform } from "../../src/mirror/derive/vn-cache.js";
import type { DumpTableData, DumpValue } from "./dump-writer.js";

export interface TagVote {
  tag: string;
  vid: string;
  uid: string | null;
  vote: number;
  spoiler: number | null;
  ignore?: boolean;
  lie?: boolean | null;
}

export interface SyntheticTagCase {
  /** What the case shows (a rule of tag_vn_calc). */
  rule: string;
  votes: TagVote[];
  /** The direct tag row tag_vn_calc gives, by reasoning from its SQL; null = no row. */
  expected: { rating: number; spoiler: 0 | 1 | 2; lie: boolean } | null;
}

/** Users of the synthetic votes: u900 lacks perm_tag. */
export const SYNTHETIC_USERS = [
  { id: "u900", username: "no-tag-rights", perm_tag: false },
  { id: "u901", username: "tagger-a", perm_tag: true },
  { id: "u902", username: "tagger-b", perm_tag: true },
  { id: "u903", username: "tagger-c", perm_tag: true },
  { id: "u904", username: "tagger-d", perm_tag: true },
];

const v = (tag: string, vid: string, uid: string | null, vote: number, spoiler: number | null, more: Partial<TagVote> = {}): TagVote => ({ tag, vid, uid, vote, spoiler, ...more });

/**
 * Hand-made tag_vn_calc cases on sample VNs (v17, v11, v4, v2002, v7). Expected values are
 * worked out from the SQL (sql/func.sql tag_vn_calc), not from derive:
 *   rating = COALESCE(AVG(vote>0), 3) * SUM(sign(vote)) / COUNT(vote), as float4.
 */
export function syntheticTagCases(): SyntheticTagCase[] {
  return [
    // 3,3,2 → avg 8/3, sum sign 3, count 3 → 8/3 = 2.6666667 (float4). No spoiler votes → defaultspoil of g32 (0 in the sample dump).
    { rule: "rating is the mean of positive votes; no spoiler votes → defaultspoil", votes: [v("g32", "v17", "u901", 3, null), v("g32", "v17", "u902", 3, null), v("g32", "v17", "u903", 2, null)], expected: { rating: 2.6666667, spoiler: 0, lie: false } },
    // 3,3,-1 → avg(>0) 3, sum sign 1, count 3 → 3*1/3 = 1.
    { rule: "a downvote lowers the rating through the sign sum", votes: [v("g7", "v17", "u901", 3, 0), v("g7", "v17", "u902", 3, 0), v("g7", "v17", "u903", -1, 0)], expected: { rating: 1, spoiler: 0, lie: false } },
    // 2,-2 → sum sign 0 → HAVING fails: no row.
    { rule: "sign sum 0 → no tag", votes: [v("g8", "v17", "u901", 2, 0), v("g8", "v17", "u902", -2, 0)], expected: null },
    // u900 has no perm_tag, its 3 is dropped; ignored -3 dropped; left: 1 → 1.
    { rule: "votes of users without perm_tag and ignored votes do not count", votes: [v("g19", "v17", "u900", 3, 2), v("g19", "v17", "u901", 1, 0), v("g19", "v17", "u902", -3, 0, { ignore: true })], expected: { rating: 1, spoiler: 0, lie: false } },
    // Only negative votes: avg(>0) NULL → 3; sum sign -2 → no row.
    { rule: "only downvotes → no tag", votes: [v("g23", "v17", "u901", -1, null), v("g23", "v17", "u902", -3, null)], expected: null },
    // Spoilers 2,1 → avg 1.5 > 1.3 → 2.
    { rule: "average spoiler above 1.3 → 2", votes: [v("g48", "v11", "u901", 2, 2), v("g48", "v11", "u902", 2, 1)], expected: { rating: 2, spoiler: 2, lie: false } },
    // Spoilers 1,0,0 → avg 0.333 ≤ 0.4 → 0; 1,1,0 → 0.667 → 1. Votes 1,2,3 → avg 2.
    { rule: "average spoiler at most 0.4 → 0", votes: [v("g84", "v11", "u901", 1, 1), v("g84", "v11", "u902", 2, 0), v("g84", "v11", "u903", 3, 0)], expected: { rating: 2, spoiler: 0, lie: false } },
    { rule: "average spoiler above 0.4 → 1", votes: [v("g105", "v11", "u901", 1, 1), v("g105", "v11", "u902", 2, 1), v("g105", "v11", "u903", 3, 0)], expected: { rating: 2, spoiler: 1, lie: false } },
    // Spoilers NULL, 2 → COUNT(spoiler) = 1, avg 2 → 2 (NULLs do not count).
    { rule: "null spoiler votes do not count in the average", votes: [v("g108", "v4", "u901", 3, null), v("g108", "v4", "u902", 3, 2)], expected: { rating: 3, spoiler: 2, lie: false } },
    // lie: t, t, f → 2 ≥ 1 → lie; t, f, f → 1 < 2 → not.
    { rule: "lie when lie votes are at least the non-lie votes", votes: [v("g117", "v4", "u901", 2, 0, { lie: true }), v("g117", "v4", "u902", 2, 0, { lie: true }), v("g117", "v4", "u903", 2, 0, { lie: false })], expected: { rating: 2, spoiler: 0, lie: true } },
    { rule: "no lie when lie votes are fewer", votes: [v("g133", "v4", "u901", 2, 0, { lie: true }), v("g133", "v4", "u902", 2, 0, { lie: false }), v("g133", "v4", "u903", 2, 0, { lie: false })], expected: { rating: 2, spoiler: 0, lie: false } },
    // A deleted account (uid NULL) counts: 2, 3 → 2.5.
    { rule: "votes of deleted accounts (uid NULL) count", votes: [v("g143", "v2002", null, 2, 0), v("g143", "v2002", "u901", 3, 0)], expected: { rating: 2.5, spoiler: 0, lie: false } },
    // 3, 1, -1, -2 → avg(>0) 2, sum sign 0 → no row; with 1 more upvote 2: avg 2, sign 1, count 5 → 0.4.
    { rule: "rating = avg(positive) × sign sum / count", votes: [v("g148", "v2002", "u901", 3, 0), v("g148", "v2002", "u902", 1, 0), v("g148", "v2002", "u903", -1, 0), v("g148", "v2002", "u904", -2, 0), v("g148", "v2002", null, 2, 0)], expected: { rating: 0.4, spoiler: 0, lie: false } },
    // A vote on a tag that is not in the dump (hidden): no row.
    { rule: "votes on hidden tags do not count", votes: [v("g999999", "v7", "u901", 3, 0)], expected: null },
    // A vote on a VN that is not in the dump (hidden): no row.
    { rule: "votes on hidden VNs do not count", votes: [v("g32", "v9318", "u901", 3, 0)], expected: null },
  ];
}

/** tag_vn_calc's rating for `count` positive votes summing to `sum` and `down` downvotes (float4, as PostgreSQL prints it). */
function exactRating(sum: number, up: number, down: number): number {
  const x = Math.fround(((sum / up) * (up - down)) / (up + down));
  for (let p = 1; p <= 9; p++) {
    const c = Number(x.toPrecision(p));
    if (Math.fround(c) === x) return c;
  }
  return x;
}

/** Most voters votesFor uses for one tag. */
const MAX_VOTERS = 60;

const votesForCache = new Map<number, { votes: number[]; rating: number }>();

/** Votes (up to MAX_VOTERS voters) whose tag_vn_calc rating rounds to `target` at 2 decimals. */
function votesFor(target: number): { votes: number[]; rating: number } {
  let found = votesForCache.get(target);
  if (!found) votesForCache.set(target, (found = searchVotes(target)));
  return { votes: [...found.votes], rating: found.rating };
}

function searchVotes(target: number): { votes: number[]; rating: number } {
  for (let n = 1; n <= MAX_VOTERS; n++) {
    for (let down = 0; down < n; down++) {
      const up = n - down;
      for (let sum = up; sum <= 3 * up; sum++) {
        const r = exactRating(sum, up, down);
        if (Math.round(r * 100) === Math.round(target * 100)) {
          const votes: number[] = [];
          let left = sum;
          for (let i = 0; i < up; i++) {
            const rest = up - i - 1;
            const x = Math.min(3, left - rest);
            votes.push(x);
            left -= x;
          }
          for (let i = 0; i < down; i++) votes.push(-1);
          return { votes, rating: r };
        }
      }
    }
  }
  throw new Error(`no votes found for tag rating ${target}`);
}

// ---------------------------------------------------------------------------------------

type Obj = Record<string, DumpValue | undefined>;

class Tables {
  readonly data: Record<string, DumpTableData> = {};
  constructor() {
    for (const [name, schema] of Object.entries(DUMP_TABLES)) this.data[name] = { columns: schema.columns.map((c) => c.name), rows: [] as DumpValue[][] };
  }
  add(table: string, row: Obj): void {
    const t = this.data[table];
    if (!t) throw new Error(`not a dump table: ${table}`);
    for (const k of Object.keys(row)) if (!t.columns.includes(k)) throw new Error(`${table} has no column ${k}`);
    (t.rows as DumpValue[][]).push(t.columns.map((c) => (row[c] === undefined ? null : row[c]!)));
  }
}

const ANI = { no: 0, na: 1, hand: 4, vect: 8, "3d": 16, live: 32 } as Record<string, number>;
const ani = (s: string | null) => (s === null ? null : (ANI[s] ?? null));

export interface SampleDump {
  tables: Record<string, DumpTableData>;
  /** What derive must give back (see the file comment). */
  reference: Catalogue;
  cases: SyntheticTagCase[];
}

/** The sample as dump tables; `today` (YYYYMMDD) is the one derive will be given. */
export function sampleDump(sample: Catalogue, today: number): SampleDump {
  const t = new Tables();
  const hiddenVns = new Set(sample.vn.filter((x) => x.hidden).map((x) => x.id));
  const visible = <T extends { hidden?: boolean }>(rows: T[]) => rows.filter((r) => !r.hidden);

  // extlinks: one row per distinct (site, value).
  const linkIds = new Map<string, number>();
  const link = (l: ExtlinkRow): number => {
    const key = `${l.site}\u0000${l.value}`;
    let id = linkIds.get(key);
    if (id === undefined) {
      id = linkIds.size + 1;
      linkIds.set(key, id);
      t.add("extlinks", { id, site: l.site, value: String(l.value) });
    }
    return id;
  };

  for (const x of visible(sample.vn)) {
    t.add("vn", {
      id: x.id,
      image: x.image,
      c_image: x.image,
      olang: x.olang,
      c_votecount: x.votecount,
      c_rating: x.rating === null ? null : Math.round(x.rating * 10),
      c_average: x.average === null ? null : Math.round(x.average * 10),
      c_length: x.cLengthMinutes ?? null,
      c_lengthnum: x.cLengthVotes ?? 0,
      length: x.length,
      devstatus: x.devstatus,
      alias: x.aliases.join("\n"),
      description: x.description,
    });
    for (const ti of x.titles) t.add("vn_titles", { id: x.id, lang: ti.lang, official: ti.official, title: ti.title, latin: ti.latin });
    for (const a of x.anime) t.add("vn_anime", { id: x.id, aid: a });
    for (const e of x.editions) t.add("vn_editions", { id: x.id, lang: e.lang, eid: e.eid, official: e.official, name: e.name });
    for (const l of x.extlinks) t.add("vn_extlinks", { id: x.id, link: link(l) });
    for (const r of x.relations) t.add("vn_relations", { id: x.id, vid: r.vn, relation: r.relation, official: r.official });
    for (const s of x.screenshots) t.add("vn_screenshots", { id: x.id, scr: s.image, rid: s.release });
    for (const s of x.va) t.add("vn_seiyuu", { id: x.id, cid: s.character, aid: s.aid, note: s.note });
    for (const s of x.staff) t.add("vn_staff", { id: x.id, aid: s.aid, role: s.role, eid: s.eid, note: s.note });
  }
  for (const a of new Set(visible(sample.vn).flatMap((x) => x.anime))) t.add("anime", { id: a });

  // Tag votes: the sample's direct tags (v6540) as votes, then the synthetic cases.
  const tagVotes: TagVote[] = [];
  const exactTags = new Map<string, VnRow["tags"]>();
  let voter = 1000;
  for (const x of visible(sample.vn)) {
    if (x.tags.length === 0) continue;
    const tags: VnRow["tags"] = [];
    for (const tg of x.tags) {
      const { votes, rating } = votesFor(tg.rating);
      // Every voter gives the sample's spoiler level, so the average is that level exactly.
      votes.forEach((vote, i) => tagVotes.push({ tag: tg.tag, vid: x.id, uid: `u${voter + i}`, vote, spoiler: tg.spoiler, lie: tg.lie ? true : null }));
      tags.push({ tag: tg.tag, rating, spoiler: tg.spoiler, lie: tg.lie });
    }
    exactTags.set(x.id, tags);
  }
  const maxVoters = exactTags.size > 0 ? MAX_VOTERS : 0;
  const cases = syntheticTagCases();
  for (const c of cases) tagVotes.push(...c.votes);
  for (const tv of tagVotes) {
    t.add("tags_vn", { date: "2026-01-01", tag: tv.tag, vid: tv.vid, uid: tv.uid, vote: tv.vote, spoiler: tv.spoiler, ignore: tv.ignore ?? false, lie: tv.lie ?? null, notes: "" });
  }

  // Users: the sample's (they answer GET /user), the synthetic voters, the v6540 voters.
  for (const u of sample.users) if (u.username !== null) t.add("users", { id: u.id, ign_votes: false, perm_imgvote: true, perm_tag: true, perm_lengthvote: true, username: u.username });
  for (const u of SYNTHETIC_USERS) t.add("users", { id: u.id, ign_votes: false, perm_imgvote: true, perm_tag: u.perm_tag, perm_lengthvote: true, username: u.username });
  for (let i = 0; i < maxVoters; i++) t.add("users", { id: `u${voter + i}`, ign_votes: false, perm_imgvote: true, perm_tag: true, perm_lengthvote: true, username: `voter-${i}` });
  const userRows = [
    ...sample.users.filter((u) => u.username !== null).map((u) => ({ id: u.id, username: u.username })),
    ...SYNTHETIC_USERS.map((u) => ({ id: u.id, username: u.username })),
    ...Array.from({ length: maxVoters }, (_, i) => ({ id: `u${voter + i}`, username: `voter-${i}` })),
  ];

  // Releases.
  const engines = new Map<string, number>();
  const drms = new Map<string, number>();
  for (const r of visible(sample.release)) {
    let engine: number | null = null;
    if (r.engine !== "") {
      engine = engines.get(r.engine) ?? engines.size + 1;
      if (!engines.has(r.engine)) {
        engines.set(r.engine, engine);
        t.add("engines", { id: engine, name: r.engine, description: "" });
      }
    }
    t.add("releases", {
      id: r.id,
      gtin: r.gtin === "" ? 0 : r.gtin,
      olang: r.olang,
      released: r.released,
      voiced: r.voiced,
      reso_x: r.resoX,
      reso_y: r.resoY,
      minage: r.minage,
      ani_story: r.aniStory,
      ani_ero: r.aniEro,
      ani_story_sp: ani(r.aniStorySp),
      ani_story_cg: ani(r.aniStoryCg),
      ani_cutscene: ani(r.aniCutscene),
      ani_ero_sp: ani(r.aniEroSp),
      ani_ero_cg: ani(r.aniEroCg),
      ani_bg: r.aniBg,
      ani_face: r.aniFace,
      has_ero: r.hasEro,
      patch: r.patch,
      freeware: r.freeware,
      uncensored: r.uncensored,
      official: r.official,
      catalog: r.catalog,
      notes: r.notes,
      engine,
    });
    for (const ti of r.titles) t.add("releases_titles", { id: r.id, lang: ti.lang, mtl: ti.mtl, title: ti.title, latin: ti.latin });
    for (const p of r.platforms) t.add("releases_platforms", { id: r.id, platform: p });
    for (const m of r.media) t.add("releases_media", { id: r.id, medium: m.medium, qty: m.qty });
    for (const x of r.vns) t.add("releases_vn", { id: r.id, vid: x.vn, rtype: x.rtype });
    for (const p of r.producers) t.add("releases_producers", { id: r.id, pid: p.producer, developer: p.developer, publisher: p.publisher });
    for (const i of r.images) t.add("releases_images", { id: r.id, img: i.image, vid: i.vn, itype: i.type, lang: i.languages });
    for (const d of r.drm) {
      let id = drms.get(d);
      if (id === undefined) {
        id = drms.size + 1;
        drms.set(d, id);
        t.add("drm", { id, disc: false, cdkey: false, activate: false, alimit: false, account: false, online: false, cloud: false, physical: false, name: d, description: "" });
      }
      t.add("releases_drm", { id: r.id, drm: id, notes: "" });
    }
    for (const l of r.extlinks) t.add("releases_extlinks", { id: r.id, link: link(l) });
  }

  for (const p of visible(sample.producer)) {
    t.add("producers", { id: p.id, type: p.type, lang: p.lang, name: p.name, latin: p.latin, alias: p.aliases.join("\n"), description: p.description });
    for (const l of p.extlinks) t.add("producers_extlinks", { id: p.id, link: link(l) });
    for (const r of p.relations ?? []) t.add("producers_relations", { id: p.id, pid: r.producer, relation: r.relation });
  }

  const vnOlang = new Map(sample.vn.map((x) => [x.id, x.olang]));
  for (const c of visible(sample.character)) {
    t.add("chars", {
      id: c.id,
      image: c.image,
      bloodt: c.bloodType ?? "unknown",
      cup_size: c.cup ?? "",
      sex: c.sex ?? "",
      spoil_sex: c.spoilSex,
      gender: c.gender,
      spoil_gender: c.spoilGender,
      main: null,
      main_spoil: 0,
      s_bust: c.bust,
      s_waist: c.waist,
      s_hip: c.hips,
      birthday: c.birthday ? c.birthday[0] * 100 + c.birthday[1] : 0,
      height: c.height,
      weight: c.weight,
      age: c.age,
      description: c.description,
    });
    // One name, in the language of the character's first VN (the c_lang rule then picks it).
    t.add("chars_names", { id: c.id, lang: vnOlang.get(c.vns[0]?.vn ?? "") ?? "ja", name: c.name, latin: c.latin });
    for (const a of c.aliases) t.add("chars_alias", { id: c.id, spoil: 0, name: a.name, latin: a.latin });
    for (const tr of c.traits) t.add("chars_traits", { id: c.id, tid: tr.trait, spoil: tr.spoiler, lie: tr.lie });
    for (const x of c.vns) t.add("chars_vns", { id: c.id, vid: x.vn, rid: x.release, role: x.role, spoil: x.spoiler });
  }

  for (const s of visible(sample.staff)) {
    t.add("staff", { id: s.id, gender: s.gender ?? "", lang: s.lang, main: s.mainAid, description: s.description, prod: null });
    for (const a of s.aliases) t.add("staff_alias", { id: s.id, aid: a.aid, name: a.name, latin: a.latin });
    for (const l of s.extlinks) t.add("staff_extlinks", { id: s.id, link: link(l) });
  }

  for (const g of visible(sample.tag)) {
    t.add("tags", { id: g.id, cat: g.category, defaultspoil: 0, searchable: g.searchable, applicable: g.applicable, name: g.name, alias: g.aliases.join("\n"), description: g.description });
    g.parents.forEach((p, i) => t.add("tags_parents", { id: g.id, parent: p, main: i === 0 }));
  }
  for (const i of visible(sample.trait)) {
    t.add("traits", { id: i.id, gid: null, gorder: 0, defaultspoil: 0, sexual: i.sexual, searchable: i.searchable, applicable: i.applicable, name: i.name, alias: i.aliases.join("\n"), description: i.description });
    i.parents.forEach((p, n) => t.add("traits_parents", { id: i.id, parent: p, main: n === 0 }));
  }
  for (const q of visible(sample.quote)) {
    if (hiddenVns.has(q.vn)) continue;
    t.add("quotes", { id: q.id, vid: q.vn, cid: q.character, score: q.score, quote: q.quote });
  }
  for (const im of sample.images) {
    t.add("images", { id: im.id, width: im.width, height: im.height, c_votecount: im.votecount, c_sexual_avg: Math.round(im.sexual * 100), c_sexual_stddev: 0, c_violence_avg: Math.round(im.violence * 100), c_violence_stddev: 0, c_weight: 1 });
  }
  for (const lv of sample.lengthVotes) t.add("vn_length_votes", { vid: lv.vid, uid: lv.uid, date: "2026-01-01", length: lv.minutes, speed: 1, rid: [], notes: "", lang: null });

  return { tables: t.data, reference: reference(sample, exactTags, cases, today, userRows), cases };
}

/** The sample as a faithful derive gives it back (see the file comment). */
function reference(sample: Catalogue, exactTags: Map<string, VnRow["tags"]>, cases: SyntheticTagCase[], today: number, userRows: Catalogue["users"]): Catalogue {
  const strip = <T extends object>(row: T): T => {
    const out = { ...row } as Record<string, unknown>;
    delete out.derived;
    delete out.manual;
    delete out.hidden;
    return out as T;
  };
  const vnIds = new Set(sample.vn.filter((x) => !x.hidden).map((x) => x.id));
  const releases = sample.release.filter((r) => !r.hidden).map(strip);
  const releasesOf = new Map<string, { rtype: string; r: ReleaseRow }[]>();
  for (const r of releases) for (const x of r.vns) releasesOf.set(x.vn, [...(releasesOf.get(x.vn) ?? []), { rtype: x.rtype, r }]);

  const caseTags = new Map<string, VnRow["tags"]>();
  for (const c of cases) {
    if (!c.expected) continue;
    const vid = c.votes[0]!.vid;
    caseTags.set(vid, [...(caseTags.get(vid) ?? []), { tag: c.votes[0]!.tag, ...c.expected }]);
  }

  const vn = sample.vn
    .filter((x) => !x.hidden)
    .map((x) => {
      const row = strip(x);
      delete row.cReleased;
      delete row.cLanguages;
      delete row.cPlatforms;
      // update_vncache, restated for the reference (sql/func.sql): see vn-cache.ts's comment.
      let released = 0;
      const langs = new Set<string>();
      const plats = new Set<string>();
      for (const { rtype, r } of releasesOf.get(x.id) ?? []) {
        if (rtype === "trial") continue;
        if (r.official && r.released !== 0 && (released === 0 || r.released < released)) released = r.released;
        if (r.released > today) continue;
        for (const ti of r.titles) if (!ti.mtl) langs.add(ti.lang);
        for (const p of r.platforms) plats.add(p);
      }
      row.cReleased = released;
      row.cLanguages = [...langs].sort(byLanguage);
      row.cPlatforms = [...plats].sort(byPlatform);
      row.relations = x.relations.filter((r) => vnIds.has(r.vn));
      row.tags = [...(exactTags.get(x.id) ?? []), ...(caseTags.get(x.id) ?? [])].sort((a, b) => Number(a.tag.slice(1)) - Number(b.tag.slice(1)));
      return row;
    });

  return {
    ...blankCatalogue(),
    meta: sample.meta,
    images: sample.images.map(strip),
    vn,
    release: releases,
    // An empty producer relation list and none read the same; derive writes none.
    producer: sample.producer.filter((p) => !p.hidden).map((p) => {
      const row = strip(p);
      if (row.relations?.length === 0) delete row.relations;
      return row;
    }),
    character: sample.character.filter((c) => !c.hidden).map(strip),
    staff: sample.staff.filter((s) => !s.hidden).map(strip),
    tag: sample.tag.filter((g) => !g.hidden).map(strip),
    trait: sample.trait.filter((i) => !i.hidden).map(strip),
    quote: sample.quote.filter((q) => !q.hidden && vnIds.has(q.vn)).map(strip),
    users: userRows,
  };
}
