// Tag assignments from the raw per-user votes of `tags_vn`, as VNDB's tag_vn_calc
// (sql/func.sql, the tags_vn_direct part) computes them. The votes are kept as numbers in
// growable typed arrays while the dump streams (3M votes at full size: 13 bytes each), and
// aggregated per (tag, vid) at the end, once the users' perm_tag (which may come later in
// the archive) is known.
//
// tag_vn_calc, per (tag, vid) over the votes that count:
//   counted   NOT tv.ignore AND (u.id IS NULL OR u.perm_tag), tag not hidden, VN not hidden
//   kept      HAVING SUM(sign(vote)) > 0
//   rating    (COALESCE(AVG(vote) FILTER (WHERE vote > 0), 3) * SUM(sign(vote)) / COUNT(vote))::real
//   spoiler   no spoiler votes → MIN(t.defaultspoil); AVG(spoiler) > 1.3 → 2; > 0.4 → 1; else 0
//   lie       count(lie) FILTER (WHERE lie) > 0 AND that count >= count(lie) FILTER (WHERE NOT lie)
//   count     LEAST(count(vote > 0), 32000) — kept in VNDB's table, but no Kana field shows it
// The inherited tags (tags_vn_inherit: parents, searchable only, AVG/MIN/bool_and) are the
// engine's (database.ts inheritTags), computed at load from these direct rows.
import { float4 } from "./float4.js";

/** Initial capacity of the vote arrays (doubled as needed). */
const INITIAL_VOTES = 1 << 16;
/** (tag, vid) key: the tag number times this plus the VN number (VN numbers stay far below 2^32). */
const KEY_SCALE = 2 ** 32;

export interface DirectTag {
  tag: number;
  rating: number;
  spoiler: 0 | 1 | 2;
  lie: boolean;
}

export class TagVoteStore {
  #n = 0;
  #tag = new Int32Array(INITIAL_VOTES);
  #vid = new Int32Array(INITIAL_VOTES);
  #uid = new Int32Array(INITIAL_VOTES);
  #vote = new Int8Array(INITIAL_VOTES);
  /** -1 = NULL. */
  #spoiler = new Int8Array(INITIAL_VOTES);
  /** -1 = NULL, 0 = false, 1 = true. */
  #lie = new Int8Array(INITIAL_VOTES);
  /** Votes seen, and the ones skipped at once because a moderator set `ignore`. */
  total = 0;
  ignored = 0;

  get size(): number {
    return this.#n;
  }

  /** Lets the votes go (after compute). */
  clear(): void {
    this.#n = 0;
    this.#tag = new Int32Array(0);
    this.#vid = new Int32Array(0);
    this.#uid = new Int32Array(0);
    this.#vote = new Int8Array(0);
    this.#spoiler = new Int8Array(0);
    this.#lie = new Int8Array(0);
  }

  /** One tags_vn row. uid 0 = NULL (a deleted account: the dump writes NULL for those). */
  add(tag: number, vid: number, uid: number, vote: number, spoiler: number | null, lie: boolean | null, ignore: boolean): void {
    this.total++;
    // tag_vn_calc: NOT tv.ignore.
    if (ignore) {
      this.ignored++;
      return;
    }
    if (this.#n >= this.#tag.length) this.#grow();
    const i = this.#n++;
    this.#tag[i] = tag;
    this.#vid[i] = vid;
    this.#uid[i] = uid;
    this.#vote[i] = vote;
    this.#spoiler[i] = spoiler ?? -1;
    this.#lie[i] = lie === null ? -1 : lie ? 1 : 0;
  }

  #grow(): void {
    const cap = Math.max(INITIAL_VOTES, this.#tag.length * 2);
    const grow = <T extends Int32Array | Int8Array>(a: T, make: (n: number) => T): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.#tag = grow(this.#tag, (n) => new Int32Array(n));
    this.#vid = grow(this.#vid, (n) => new Int32Array(n));
    this.#uid = grow(this.#uid, (n) => new Int32Array(n));
    this.#vote = grow(this.#vote, (n) => new Int8Array(n));
    this.#spoiler = grow(this.#spoiler, (n) => new Int8Array(n));
    this.#lie = grow(this.#lie, (n) => new Int8Array(n));
  }

  /**
   * tags_vn_direct. `defaultSpoil` holds the visible tags (a tag absent from it is hidden:
   * the dump leaves hidden tags out), `vns` the visible VNs, `noPermTag` the users whose
   * tag votes do not count. Returns the direct tags per VN number, by tag number.
   */
  compute(defaultSpoil: ReadonlyMap<number, number>, vns: ReadonlySet<number>, noPermTag: ReadonlySet<number>): Map<number, DirectTag[]> {
    const index = new Map<number, number>();
    let groups = 0;
    const cap = Math.max(16, Math.min(this.#n, 1 << 22));
    let acc = newAcc(cap);
    let lastKey = -1;
    let lastGroup = -1;
    for (let i = 0; i < this.#n; i++) {
      const tag = this.#tag[i];
      const vid = this.#vid[i];
      const uid = this.#uid[i];
      // JOIN tags t ... WHERE NOT t.hidden; vid NOT IN(hidden VNs); (u.id IS NULL OR u.perm_tag).
      if (!defaultSpoil.has(tag) || !vns.has(vid) || (uid !== 0 && noPermTag.has(uid))) continue;
      const key = tag * KEY_SCALE + vid;
      // The dump is ordered by (tag, vid, uid): a vote is mostly in the group of the one before.
      let g = key === lastKey ? lastGroup : index.get(key);
      if (g === undefined) {
        g = groups++;
        index.set(key, g);
        if (g === acc.signSum.length) acc = growAcc(acc);
        acc.tag[g] = tag;
        acc.vid[g] = vid;
      }
      lastKey = key;
      lastGroup = g;
      const vote = this.#vote[i];
      acc.signSum[g] += Math.sign(vote);
      acc.count[g]++;
      if (vote > 0) {
        acc.posSum[g] += vote;
        acc.posCount[g]++;
      }
      const sp = this.#spoiler[i];
      if (sp >= 0) {
        acc.spoilSum[g] += sp;
        acc.spoilCount[g]++;
      }
      const lie = this.#lie[i];
      if (lie === 1) acc.lieTrue[g]++;
      else if (lie === 0) acc.lieFalse[g]++;
    }
    const out = new Map<number, DirectTag[]>();
    for (let g = 0; g < groups; g++) {
      // HAVING SUM(sign(tv.vote)) > 0
      if (acc.signSum[g] <= 0) continue;
      const avgPositive = acc.posCount[g] > 0 ? acc.posSum[g] / acc.posCount[g] : 3;
      const n = acc.spoilCount[g];
      const s = acc.spoilSum[g];
      // AVG(spoiler) > 1.3 and > 0.4, compared exactly in integers (AVG is numeric in PostgreSQL).
      const spoiler: 0 | 1 | 2 = n === 0 ? clampSpoil(defaultSpoil.get(acc.tag[g])!) : 10 * s > 13 * n ? 2 : 10 * s > 4 * n ? 1 : 0;
      const row: DirectTag = {
        tag: acc.tag[g],
        rating: float4((avgPositive * acc.signSum[g]) / acc.count[g]),
        spoiler,
        lie: acc.lieTrue[g] > 0 && acc.lieTrue[g] >= acc.lieFalse[g],
      };
      const list = out.get(acc.vid[g]);
      if (list) list.push(row);
      else out.set(acc.vid[g], [row]);
    }
    for (const list of out.values()) list.sort((a, b) => a.tag - b.tag);
    return out;
  }
}

function clampSpoil(n: number): 0 | 1 | 2 {
  return n >= 2 ? 2 : n >= 1 ? 1 : 0;
}

interface Acc {
  tag: Int32Array;
  vid: Int32Array;
  signSum: Int32Array;
  count: Int32Array;
  posSum: Int32Array;
  posCount: Int32Array;
  spoilSum: Int32Array;
  spoilCount: Int32Array;
  lieTrue: Int32Array;
  lieFalse: Int32Array;
}

function newAcc(n: number): Acc {
  return {
    tag: new Int32Array(n),
    vid: new Int32Array(n),
    signSum: new Int32Array(n),
    count: new Int32Array(n),
    posSum: new Int32Array(n),
    posCount: new Int32Array(n),
    spoilSum: new Int32Array(n),
    spoilCount: new Int32Array(n),
    lieTrue: new Int32Array(n),
    lieFalse: new Int32Array(n),
  };
}

function growAcc(a: Acc): Acc {
  const b = newAcc(a.tag.length * 2);
  for (const k of Object.keys(a) as (keyof Acc)[]) b[k].set(a[k]);
  return b;
}
