// Item-to-item neighbours from the public votes dump (vndb-votes-*.gz, `vid uid vote date`
// lines, util/dbdump.pl export_votes: public votes of visible VNs by users whose votes are
// not ignored; vote is 10..100), for the recommender: "people who liked this also liked".
//
// Formula (written into similar.json as `rule`):
//   liked(u)  = the VNs user u voted >= LIKED_VOTE (8 on VNDB's 1..10 scale)
//   n(i)      = number of users who liked VN i
//   co(i, j)  = number of users who liked both i and j
//   score     = co / sqrt(n(i) * n(j))        (cosine over binary "liked" vectors)
//   kept      = co >= MIN_CO_COUNT; the NEIGHBOURS best by score (then co, then id) per VN
// Users who liked more than MAX_LIKED_PER_USER VNs are left out of co: their pairs grow as
// the square of their list and carry little about any one pair (and would dominate the time).
import { closeSync, openSync, writeSync } from "node:fs";
import { DeriveInputError } from "./errors.js";
import { readLines } from "./read-text.js";

/** A vote of 8 or more (votes are stored ×10). */
export const LIKED_VOTE = 80;
/** Fewer common likers than this is noise, not similarity. */
export const MIN_CO_COUNT = 3;
/** Neighbours kept per VN (the brief's "up to 20"). */
export const NEIGHBOURS = 20;
/** See the file comment. */
export const MAX_LIKED_PER_USER = 1000;

export const SIMILAR_FILE = "similar.json";
export const SIMILAR_RULE =
  `score = co / sqrt(n_i * n_j), cosine over binary liked vectors (liked = vote >= ${LIKED_VOTE / 10}); ` +
  `co = users who liked both (>= ${MIN_CO_COUNT}); users with > ${MAX_LIKED_PER_USER} liked VNs left out; top ${NEIGHBOURS} per VN`;

export interface Neighbour {
  vn: number;
  count: number;
  score: number;
}

/** Reads the votes dump: the liked (vid, uid) pairs; counts every vote line. */
export async function readLikes(path: string): Promise<{ vids: Int32Array; uids: Int32Array; votes: number }> {
  let vids = new Int32Array(1 << 16);
  let uids = new Int32Array(1 << 16);
  let n = 0;
  let votes = 0;
  let lineNo = 0;
  for await (const line of readLines(path)) {
    lineNo++;
    if (line === "") continue;
    const parts = line.split(" ");
    const vid = Number(parts[0]);
    const uid = Number(parts[1]);
    const vote = Number(parts[2]);
    if (parts.length < 3 || !Number.isInteger(vid) || !Number.isInteger(uid) || !Number.isInteger(vote)) {
      throw new DeriveInputError(`${path}:${lineNo}: not a "vid uid vote date" line: ${JSON.stringify(line.slice(0, 80))}`);
    }
    votes++;
    if (vote < LIKED_VOTE) continue;
    if (n === vids.length) {
      const v2 = new Int32Array(n * 2);
      v2.set(vids);
      vids = v2;
      const u2 = new Int32Array(n * 2);
      u2.set(uids);
      uids = u2;
    }
    vids[n] = vid;
    uids[n] = uid;
    n++;
  }
  return { vids: vids.subarray(0, n), uids: uids.subarray(0, n), votes };
}

/** CSR index: for each key, the values paired with it. */
function index(keys: Int32Array, values: Int32Array, size: number): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(size + 2);
  for (let i = 0; i < keys.length; i++) start[keys[i] + 1]++;
  for (let k = 1; k < start.length; k++) start[k] += start[k - 1];
  const fill = start.slice();
  const items = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) items[fill[keys[i]]++] = values[i];
  return { start, items };
}

/** The neighbours of every liked VN (by VN number). */
export function neighbours(vids: Int32Array, uids: Int32Array): Map<number, Neighbour[]> {
  let maxVid = 0;
  let maxUid = 0;
  for (let i = 0; i < vids.length; i++) {
    if (vids[i] > maxVid) maxVid = vids[i];
    if (uids[i] > maxUid) maxUid = uids[i];
  }
  const byUser = index(uids, vids, maxUid);
  const byVn = index(vids, uids, maxVid);
  const likers = (v: number) => byVn.start[v + 1] - byVn.start[v];
  const heavy = (u: number) => byUser.start[u + 1] - byUser.start[u] > MAX_LIKED_PER_USER;
  // n(i) counts every liker (the similarity of i to anything is diluted by all of them).
  const co = new Int32Array(maxVid + 1);
  const touched: number[] = [];
  const out = new Map<number, Neighbour[]>();
  for (let i = 1; i <= maxVid; i++) {
    if (likers(i) === 0) continue;
    for (let k = byVn.start[i]; k < byVn.start[i + 1]; k++) {
      const u = byVn.items[k];
      if (heavy(u)) continue;
      for (let m = byUser.start[u]; m < byUser.start[u + 1]; m++) {
        const j = byUser.items[m];
        if (j === i) continue;
        if (co[j] === 0) touched.push(j);
        co[j]++;
      }
    }
    const list: Neighbour[] = [];
    for (const j of touched) {
      if (co[j] >= MIN_CO_COUNT) list.push({ vn: j, count: co[j], score: co[j] / Math.sqrt(likers(i) * likers(j)) });
      co[j] = 0;
    }
    touched.length = 0;
    if (list.length === 0) continue;
    list.sort((a, b) => b.score - a.score || b.count - a.count || a.vn - b.vn);
    out.set(i, list.slice(0, NEIGHBOURS).map((x) => ({ ...x, score: Math.round(x.score * 10000) / 10000 })));
  }
  return out;
}

/** Writes similar.json: {format, rule, votes, vns: {"v17": [{vn, count, score}]}}. */
export function writeSimilar(path: string, result: Map<number, Neighbour[]>, votes: number): number {
  const fd = openSync(path, "w");
  try {
    writeSync(fd, `{"format":1,"rule":${JSON.stringify(SIMILAR_RULE)},"votes":${votes},"vns":{`);
    let first = true;
    for (const [vid, list] of [...result].sort((a, b) => a[0] - b[0])) {
      const items = list.map((x) => `{"vn":"v${x.vn}","count":${x.count},"score":${x.score}}`).join(",");
      writeSync(fd, `${first ? "\n" : ",\n"}"v${vid}":[${items}]`);
      first = false;
    }
    writeSync(fd, "\n}}\n");
  } finally {
    closeSync(fd);
  }
  return result.size;
}
