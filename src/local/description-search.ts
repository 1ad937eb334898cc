// Words in descriptions, searched where the data is local (a mirror, or the offline sample):
// "the one with the baseball practice game". VNDB's API has no such search (its `search`
// filter reads titles and aliases), so this is the server's, never the emulator's: the
// emulator keeps answering exactly what VNDB answers. One index per entry kind, built on the
// first search of that kind, in the worker that holds the data.
//
// Descriptions are read as a person reads them on vndb.org at the default setting: formatting
// codes rendered, [spoiler] blocks left out (format/bbcode.ts), so a search never finds an
// entry by words the reader was not meant to see.

import { bbcodeToMarkdown } from "../format/bbcode.js";
import { TextIndex } from "./text-index.js";

/** The entry kinds with descriptions worth searching (the query tools that take `about`). */
export const DESCRIBED_KINDS = ["vn", "character"] as const;
export type DescribedKind = (typeof DESCRIBED_KINDS)[number];

export interface DescribedRow {
  id: string;
  description: string;
  hidden?: boolean;
}

export interface DescribedHit {
  id: string;
  /** BM25 score; comparable within one answer only. */
  score: number;
  /** The query words the description holds (in the index's normal form). */
  matched: string[];
  /** A passage of the description around the words. */
  snippet: string;
}

export interface DescriptionAnswer {
  hits: DescribedHit[];
  /** Descriptions searched (entries with one). */
  searched: number;
}

export class DescriptionSearch {
  readonly #indexes = new Map<DescribedKind, { index: TextIndex; ids: string[] }>();

  constructor(private readonly rows: (kind: DescribedKind) => readonly DescribedRow[]) {}

  search(kind: DescribedKind, words: string, limit: number): DescriptionAnswer {
    const { index, ids } = this.#index(kind);
    const hits = index.search(words, limit).map((h) => ({ id: ids[h.doc]!, score: Math.round(h.score * 100) / 100, matched: h.matched, snippet: index.snippet(h.doc, h.matched) }));
    return { hits, searched: ids.length };
  }

  #index(kind: DescribedKind): { index: TextIndex; ids: string[] } {
    let built = this.#indexes.get(kind);
    if (!built) {
      const ids: string[] = [];
      const texts: string[] = [];
      for (const row of this.rows(kind)) {
        if (row.hidden || !row.description) continue;
        ids.push(row.id);
        texts.push(bbcodeToMarkdown(row.description, { spoilerLevel: 0, idLinks: false }).markdown);
      }
      built = { index: new TextIndex(texts), ids };
      this.#indexes.set(kind, built);
    }
    return built;
  }
}
