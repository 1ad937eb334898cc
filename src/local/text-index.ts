// A small full-text index with BM25 ranking, for words in VNDB's descriptions: the API
// searches titles and aliases only (reference §7 "search"), so "the one with the baseball
// practice game" cannot be asked of it, but it can be asked of local data (a mirror or the
// offline sample). Built once per catalogue, in the worker that holds the data.
//
// Words: letters and digits (any script), lower-cased, accents folded, a few English
// endings stripped so "games"/"gaming"/"game" meet; common English words are not indexed.

/** BM25's term-frequency saturation and length normalisation: the usual defaults (Robertson & Zaragoza 2009). */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** Extra weight when two query words stand next to each other in a text, as a phrase. */
const PHRASE_BONUS = 0.5;

/** Words too common in descriptions to say anything (a short English list; descriptions on VNDB are English). */
const STOPWORDS = new Set(
  ("a an and are as at be been but by can do does for from had has have he her hers him his how i if in into is it its " +
    "me my no not of on one or our she so some such than that the their them then there these they this those to too " +
    "up us was we were what when where which while who whom why will with would you your about after all also any").split(" "),
);

/** The index's word for a word of text or query; "" when it is not indexed. */
export function normalWord(raw: string): string {
  let w = raw.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  if (STOPWORDS.has(w)) return "";
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith("es") && /(ss|sh|ch|x)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  return w;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** The text's words with where each stands (character offsets), stopwords kept out. */
export function wordsOf(text: string): { word: string; at: number; end: number }[] {
  const out: { word: string; at: number; end: number }[] = [];
  for (const m of text.matchAll(WORD)) {
    const word = normalWord(m[0]);
    if (word) out.push({ word, at: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

export interface IndexHit {
  /** Position of the document in the list the index was built from. */
  doc: number;
  score: number;
  /** The query words found in it. */
  matched: string[];
}

export class TextIndex {
  /** word → [doc, frequency, doc, frequency, …] */
  readonly #postings = new Map<string, number[]>();
  readonly #lengths: Uint32Array;
  readonly #averageLength: number;
  readonly #texts: readonly string[];

  constructor(texts: readonly string[]) {
    this.#texts = texts;
    this.#lengths = new Uint32Array(texts.length);
    let total = 0;
    texts.forEach((text, doc) => {
      const counts = new Map<string, number>();
      const words = wordsOf(text);
      for (const { word } of words) counts.set(word, (counts.get(word) ?? 0) + 1);
      this.#lengths[doc] = words.length;
      total += words.length;
      for (const [word, n] of counts) {
        let list = this.#postings.get(word);
        if (!list) this.#postings.set(word, (list = []));
        list.push(doc, n);
      }
    });
    this.#averageLength = texts.length ? total / texts.length : 0;
  }

  get size(): number {
    return this.#texts.length;
  }

  /** The documents holding any query word, best first (BM25, plus a bonus for words side by side as in the query). */
  search(query: string, limit: number): IndexHit[] {
    const terms = [...new Set(wordsOf(query).map((w) => w.word))].filter((t) => this.#postings.has(t));
    if (!terms.length) return [];
    const n = this.#texts.length;
    const scores = new Map<number, { score: number; matched: string[] }>();
    for (const term of terms) {
      const list = this.#postings.get(term)!;
      const df = list.length / 2;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i]!;
        const tf = list[i + 1]!;
        const norm = 1 - BM25_B + (BM25_B * this.#lengths[doc]!) / (this.#averageLength || 1);
        const part = (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm);
        const hit = scores.get(doc);
        if (hit) {
          hit.score += part;
          hit.matched.push(term);
        } else scores.set(doc, { score: part, matched: [term] });
      }
    }
    const queryWords = wordsOf(query).map((w) => w.word);
    const hits = [...scores].map(([doc, s]) => ({ doc, score: s.score, matched: s.matched }));
    // Only documents with two or more of the words can hold a phrase of them.
    for (const hit of hits) if (hit.matched.length > 1) hit.score += PHRASE_BONUS * adjacentPairs(wordsOf(this.#texts[hit.doc]!).map((w) => w.word), queryWords);
    hits.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return hits.slice(0, limit);
  }

  /** A short passage of the document around its densest run of `matched` words. */
  snippet(doc: number, matched: readonly string[], width = SNIPPET_WORDS): string {
    const text = this.#texts[doc]!;
    const words = [...text.matchAll(WORD)].map((m) => ({ word: normalWord(m[0]), at: m.index!, end: m.index! + m[0].length }));
    if (!words.length) return "";
    const wanted = new Set(matched);
    // The window holding the most of the words; it starts a little before its first match.
    let best = 0;
    let bestCount = -1;
    for (let i = 0; i < words.length; i++) {
      if (!wanted.has(words[i]!.word)) continue;
      let count = 0;
      for (let j = i; j < Math.min(words.length, i + width - SNIPPET_LEAD); j++) if (wanted.has(words[j]!.word)) count++;
      if (count > bestCount) [best, bestCount] = [i, count];
    }
    const start = Math.max(0, best - SNIPPET_LEAD);
    const last = Math.min(words.length, start + width) - 1;
    const body = text.slice(words[start]!.at, words[last]!.end).replace(/\s+/g, " ");
    return `${start > 0 ? "…" : ""}${body}${last < words.length - 1 ? "…" : ""}`;
  }
}

/** How many words a snippet spans, and how many of them stand before its first match. */
const SNIPPET_WORDS = 16;
const SNIPPET_LEAD = 2;

/** How many neighbouring pairs of the query's words stand side by side in the text. */
function adjacentPairs(text: string[], query: string[]): number {
  const pairs = new Set<string>();
  for (let i = 1; i < query.length; i++) pairs.add(`${query[i - 1]} ${query[i]}`);
  let found = 0;
  for (let i = 1; i < text.length && pairs.size; i++) {
    const pair = `${text[i - 1]} ${text[i]}`;
    if (pairs.delete(pair)) found++;
  }
  return found;
}
