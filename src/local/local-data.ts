// What the tools may ask of data held in this process (a mirror, or the offline sample) that
// VNDB's API cannot answer: words in descriptions and the public votes' neighbours. Absent
// against the live API. The data lives in the worker that serves the catalogue; the server
// hands the tools this port (server/create-server.ts ServerDeps.local), and `localDataOver`
// is what answers it, in the worker or, in tests, in the same thread.

import { DescriptionSearch, type DescribedKind, type DescribedRow, type DescriptionAnswer } from "./description-search.js";
import type { NeighbourTable, VoteNeighbour } from "./vote-neighbours.js";

export interface LocalNeighbours {
  /** How they were computed, as the mirror build wrote it. */
  rule: string;
  /** Neighbours per VN asked for (an empty list where a VN has none). */
  of: Record<string, VoteNeighbour[]>;
}

export interface LocalData {
  /** What the data is, for answers: the offline sample, or a mirror of VNDB's dump of a day. */
  readonly source: "sample" | "mirror";
  describe(kind: DescribedKind, words: string, limit: number): Promise<DescriptionAnswer>;
  /** Null when the data has no votes (the offline sample; a mirror built without the votes dump). */
  neighbours(vids: readonly string[]): Promise<LocalNeighbours | null>;
}

/** The entries whose descriptions are searched, by kind (the catalogue's VN and character rows). */
export interface DescribedRows {
  vn: readonly DescribedRow[];
  character: readonly DescribedRow[];
}

/** LocalData answered from rows in this thread (read lazily: the index is built on the first search of a kind). */
export function localDataOver(source: LocalData["source"], rows: () => DescribedRows, neighbours: () => NeighbourTable | null): LocalData {
  const search = new DescriptionSearch((kind) => rows()[kind]);
  return {
    source,
    describe: async (kind, words, limit) => search.search(kind, words, limit),
    neighbours: async (vids) => {
      const table = neighbours();
      if (!table) return null;
      return { rule: table.rule, of: Object.fromEntries(vids.map((v) => [v, table.of(v)])) };
    },
  };
}
