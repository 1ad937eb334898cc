// "People who liked this also liked": the item-to-item neighbours a mirror build computes from
// VNDB's public votes dump (mirror/derive/similar.ts writes similar.json; its `rule` says how).
// Read on the first question that needs them, in the worker that holds the data. Without a
// mirror built with the votes dump there are none, and the recommender says so.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The file a build keeps them in (mirror/derive/similar.ts SIMILAR_FILE). */
export const NEIGHBOURS_FILE = "similar.json";

export interface VoteNeighbour {
  id: string;
  /** People who voted both 8 or more. */
  together: number;
  /** Cosine similarity of who liked the two, 0..1. */
  score: number;
}

export interface NeighbourTable {
  /** How the neighbours were computed, as the build wrote it. */
  rule: string;
  /** Public votes the build read. */
  votes: number;
  of(vid: string): VoteNeighbour[];
}

interface SimilarFile {
  format: number;
  rule: string;
  votes: number;
  /** Neighbour ids as the build writes them ("v17"; a bare number is read as a VN number too). */
  vns: Record<string, { vn: string | number; count: number; score: number }[]>;
}

/** The neighbours of a build folder, or null when it has none (not a mirror, or built without the votes dump). */
export function readNeighbours(dir: string): NeighbourTable | null {
  const path = join(dir, NEIGHBOURS_FILE);
  if (!existsSync(path)) return null;
  const file = JSON.parse(readFileSync(path, "utf8")) as SimilarFile;
  if (file.format !== 1 || typeof file.vns !== "object" || file.vns === null) throw new Error(`${path}: not a neighbours file this server reads (format ${String(file.format)})`);
  return {
    rule: file.rule,
    votes: file.votes,
    of: (vid) => (Object.hasOwn(file.vns, vid) ? file.vns[vid]! : []).map((n) => ({ id: typeof n.vn === "number" ? `v${n.vn}` : n.vn, together: n.count, score: n.score })),
  };
}
