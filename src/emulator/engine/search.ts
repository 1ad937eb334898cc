// The `search` filter and the `searchrank` score (reference §7 and §8.6).
//
// Every entry has a set of normalised labels with a priority (VNDB's search_cache). An
// entry matches when one single label contains every query word; a query that is one
// word looking like the entry's own id also matches it. Words are normalised by
// kana/search-normalize.ts, the same code the validator uses for the searchrank rule.
import { ENTITY_LETTER } from "../../kana/filters.js";
import type { EntityType } from "../../kana/types.js";
import { normalizeSearchTerm, searchWords } from "../../kana/search-normalize.js";
import type { Database, StaffAliasEntry } from "../database.js";
import type { EngineContext } from "./context.js";
import { vndbIdPattern } from "../../kana/vndbid.js";
import { memo } from "./indexes.js";
import { stripEditionWords } from "./edition-words.js";
import { sortUnique, type Table } from "./tables.js";

export interface SearchLabel {
  label: string;
  /** 3 titles/names, 2 aliases, 1 release titles of a VN, GTIN and catalog numbers. */
  prio: number;
  /** Its trigram set, computed on first scoring. */
  trigrams?: TrigramSet;
}

/** Label priorities (VNWeb::Validate::SearchQuery, reference §7). */
const PRIO_TITLE = 3;
const PRIO_ALIAS = 2;
const PRIO_EXTRA = 1;

/** Score parts (reference §7 searchrank). */
const ID_BONUS = 2;
const PREFIX_BONUS = 0.5;


type Row = { id: string } | StaffAliasEntry;

function keyOf(type: EntityType, row: Row): string {
  return type === "staff" ? String((row as StaffAliasEntry).alias.aid) : (row as { id: string }).id;
}

function entryId(type: EntityType, row: Row): string {
  return type === "staff" ? (row as StaffAliasEntry).staff.id : (row as { id: string }).id;
}

/** Labels of every entry of a type, normalised once per database (or given: useLabels). */
function labelsFor(db: Database, type: EntityType): Map<string, SearchLabel[]> {
  const key = labelsKey(type);
  let m = db.memo.get(key) as Map<string, SearchLabel[]> | undefined;
  if (!m) db.memo.set(key, (m = computeLabels(db, type)));
  return m;
}

const labelsKey = (type: EntityType) => `search:${type}`;

/**
 * Gives the database the labels of a type computed before (the package build's, read by
 * catalogue/search-labels.ts), so that its first search does not compute them.
 */
export function useLabels(db: Database, type: EntityType, labels: Map<string, SearchLabel[]>): void {
  db.memo.set(labelsKey(type), labels);
}

/** The labels of every entry of a type, keyed by entry id (staff: alias id). */
export function computeLabels(db: Database, type: EntityType): Map<string, SearchLabel[]> {
  const m = new Map<string, SearchLabel[]>();
  /** Adds labels already normalised; "" is no label. */
  const addLabels = (id: string, prio: number, labels: string[]) => {
    let list = m!.get(id);
    if (!list) m!.set(id, (list = []));
    for (const label of labels) {
      if (label !== "" && !list.some((l) => l.label === label && l.prio >= prio)) list.push({ label, prio });
    }
  };
  const add = (id: string, prio: number, ...texts: (string | null | undefined)[]) =>
    addLabels(id, prio, texts.map((t) => (t ? normalizeSearchTerm(t) : "")));
  switch (type) {
    case "vn": {
      for (const v of db.catalogue.vn) {
        add(v.id, PRIO_TITLE);
        for (const t of v.titles) add(v.id, PRIO_TITLE, t.title, t.latin);
        add(v.id, PRIO_ALIAS, ...v.aliases);
      }
      // Release titles, less their trailing edition words (edition-words.ts). A title the
      // catalogue derived (from the release's first VN: the real data lacks release titles,
      // docs/catalogue.md) is not VNDB's: it would make the other VNs of a bundle match
      // their sibling's name, and adds nothing to the VN it came from.
      for (const r of db.catalogue.release) {
        if (r.hidden || r.derived?.includes("title")) continue;
        for (const rv of r.vns) {
          for (const t of r.titles) addLabels(rv.vn, PRIO_EXTRA, [t.title, t.latin].map((x) => (x ? stripEditionWords(normalizeSearchTerm(x)) : "")));
        }
      }
      break;
    }
    case "release":
      for (const r of db.catalogue.release) {
        add(r.id, PRIO_TITLE);
        for (const t of r.titles) add(r.id, PRIO_TITLE, t.title, t.latin);
        add(r.id, PRIO_EXTRA, r.gtin === "0" ? "" : r.gtin, r.catalog);
      }
      break;
    case "producer":
      for (const p of db.catalogue.producer) {
        add(p.id, PRIO_TITLE, p.name, p.latin);
        add(p.id, PRIO_ALIAS, ...p.aliases);
      }
      break;
    case "character":
      for (const c of db.catalogue.character) {
        add(c.id, PRIO_TITLE, c.name, c.latin);
        for (const a of c.aliases) add(c.id, PRIO_ALIAS, a.name, a.latin);
      }
      break;
    case "staff":
      for (const s of db.catalogue.staff) {
        for (const a of s.aliases) add(String(a.aid), PRIO_TITLE, a.name, a.latin);
      }
      break;
    case "tag":
    case "trait":
      for (const t of db.catalogue[type]) {
        add(t.id, PRIO_TITLE, t.name);
        add(t.id, PRIO_ALIAS, ...t.aliases);
      }
      break;
    case "quote":
      break;
  }
  return m;
}

/**
 * Every label of each table row joined into one text (positions as in tables.ts): a row
 * whose one label holds every word has them all in its text, so a substring test over it
 * finds a superset of the matches without visiting the labels one by one. The trigram
 * index (below) says which texts to test; for a word it cannot narrow, all texts joined
 * into one haystack let one native indexOf jump from row to row that holds the word.
 */
interface SearchText {
  /** Each row's labels, by table position. */
  labels: SearchLabel[][];
  texts: string[];
  haystack: string;
  /** Where each row's text starts in the haystack; one more entry for the end. */
  starts: Int32Array;
}

/** Between two rows' texts in the haystack (labels within a row are joined by U+0000). */
const ROW_SEPARATOR = "\u0001";

function searchText(db: Database, type: EntityType, table: Table): SearchText {
  return memo(db, `searchText:${type}`, () => {
    const byKey = labelsFor(db, type);
    const labels = table.rows.map((row) => byKey.get(keyOf(type, row as Row)) ?? []);
    const texts = labels.map((list) => list.map((l) => l.label).join("\u0000"));
    const starts = new Int32Array(texts.length + 1);
    let offset = 0;
    texts.forEach((t, i) => {
      starts[i] = offset;
      offset += t.length + ROW_SEPARATOR.length;
    });
    starts[texts.length] = offset;
    const haystack = texts.join(ROW_SEPARATOR);
    return { labels, texts, haystack, starts };
  });
}

/** Does the text (a label, or a row's labels joined) hold every word? */
function holdsAll(text: string, words: readonly string[]): boolean {
  return words.every((w) => text.includes(w));
}

/** The row whose text holds haystack offset `at`. */
function rowAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Index of an ASCII letter or digit among the 36 a trigram is spelt with; -1 for any other code unit. */
const ALNUM = new Int8Array(128).fill(-1);
for (let i = 0; i < 26; i++) ALNUM[0x61 + i] = i;
for (let i = 0; i < 10; i++) ALNUM[0x30 + i] = 26 + i;
const TRIGRAMS = 36 ** 3;

/** The trigram code at text[i..i+2], or -1 when one of its three is not a lower-case ASCII letter or digit. */
function trigramAt(text: string, i: number): number {
  const a = text.charCodeAt(i);
  const b = text.charCodeAt(i + 1);
  const c = text.charCodeAt(i + 2);
  if (a >= 128 || b >= 128 || c >= 128) return -1;
  const x = ALNUM[a]!;
  const y = ALNUM[b]!;
  const z = ALNUM[c]!;
  return x < 0 || y < 0 || z < 0 ? -1 : (x * 36 + y) * 36 + z;
}

/**
 * The rows whose text holds each ASCII letter-and-digit trigram, in position order, each row
 * once: rows[offsets[t] .. offsets[t + 1]). A word's rows are among those of any one of its
 * trigrams, so a search tests the rows of its rarest one instead of scanning every text.
 */
interface TrigramIndex {
  offsets: Int32Array;
  rows: Int32Array;
}

function trigramIndex(db: Database, type: EntityType, texts: readonly string[]): TrigramIndex {
  return memo(db, `searchTrigrams:${type}`, () => {
    // Two passes over the texts: count each trigram's rows, then place them.
    const lastRow = new Int32Array(TRIGRAMS).fill(-1);
    const offsets = new Int32Array(TRIGRAMS + 1);
    const each = (visit: (t: number, row: number) => void) => {
      for (let row = 0; row < texts.length; row++) {
        const text = texts[row]!;
        for (let i = 0; i + 2 < text.length; i++) {
          const t = trigramAt(text, i);
          if (t >= 0 && lastRow[t] !== row) {
            lastRow[t] = row;
            visit(t, row);
          }
        }
      }
    };
    each((t) => offsets[t + 1]++);
    for (let t = 0; t < TRIGRAMS; t++) offsets[t + 1] += offsets[t]!;
    const rows = new Int32Array(offsets[TRIGRAMS]!);
    const next = offsets.slice(0, TRIGRAMS);
    lastRow.fill(-1);
    each((t, row) => (rows[next[t]++] = row));
    return { offsets, rows };
  });
}

/** The rows of the word's rarest indexed trigram, or null when it has none (short, or not ASCII). */
function trigramRows(index: TrigramIndex, word: string): Int32Array | null {
  let best: Int32Array | null = null;
  for (let i = 0; i + 2 < word.length; i++) {
    const t = trigramAt(word, i);
    if (t < 0) continue;
    const from = index.offsets[t]!;
    const to = index.offsets[t + 1]!;
    if (best === null || to - from < best.length) best = index.rows.subarray(from, to);
  }
  return best;
}

/**
 * Table positions a `search =` value can match (candidates.ts); null: no words, all match.
 * `exact` when they are the matches: one word found in a row's text is in one of its
 * labels (no word holds a separator), several might be spread over different labels.
 */
export function searchCandidates(ctx: EngineContext, type: EntityType, value: unknown, table: Table): { positions: number[]; exact: boolean } | null {
  const q = parse(type, value);
  if (q.words.length === 0) return null;
  const exact = q.words.length === 1 && !/[\u0000\u0001]/.test(q.words[0]!);
  const text = searchText(ctx.db, type, table);
  const { texts, starts } = text;
  // The longest word is usually the rarest: find it, then test the others on that row.
  const anchor = q.words.reduce((a, b) => (b.length > a.length ? b : a));
  const out: number[] = [];
  const indexed = trigramRows(trigramIndex(ctx.db, type, texts), anchor);
  if (indexed !== null) {
    for (const row of indexed) if (holdsAll(texts[row]!, q.words)) out.push(row);
  } else if (anchor !== "") {
    const { haystack } = text;
    for (let at = haystack.indexOf(anchor); at >= 0; at = haystack.indexOf(anchor, at)) {
      const row = rowAt(starts, at);
      if (holdsAll(texts[row]!, q.words)) out.push(row);
      at = starts[row + 1]!;
    }
  }
  const idPositions = q.id === null ? undefined : table.byId.get(q.id);
  if (idPositions === undefined || idPositions.length === 0) return { positions: out, exact };
  return { positions: sortUnique([...out, ...idPositions]), exact };
}

interface Query {
  words: string[];
  /** The entry id the query names, when it is exactly one id-shaped word. */
  id: string | null;
  joined: string;
}

function parse(type: EntityType, value: unknown): Query {
  const words = typeof value === "string" ? searchWords(value) : [];
  const prefix = ENTITY_LETTER[type];
  const id =
    words.length === 1 && vndbIdPattern(prefix).test(words[0]) ? words[0] : null;
  return { words, id, joined: words.join("") };
}

/** Predicate of `["search", "=", value]`; no usable words match everything. */
export function searchFilter(ctx: EngineContext, type: EntityType, value: unknown): (row: any) => boolean {
  const q = parse(type, value);
  if (q.words.length === 0) return () => true;
  const labels = labelsFor(ctx.db, type);
  return (row: Row) => {
    if (q.id !== null && entryId(type, row) === q.id) return true;
    return (labels.get(keyOf(type, row)) ?? []).some((l) => holdsAll(l.label, q.words));
  };
}

/** The searchrank relevance of a row for a search value (higher = better). */
export function searchScorer(ctx: EngineContext, type: EntityType, value: unknown): (row: any) => number {
  const q = parse(type, value);
  const labels = labelsFor(ctx.db, type);
  const query = trigramSet(q.joined);
  return (row: Row) => bestScore(labels.get(keyOf(type, row)), q, query, q.id !== null && entryId(type, row) === q.id);
}

/** searchScorer by table position: the labels come from the row's place, not a lookup by id. */
export function searchScorerAt(ctx: EngineContext, type: EntityType, value: unknown, table: Table): (position: number) => number {
  const q = parse(type, value);
  const { labels } = searchText(ctx.db, type, table);
  const query = trigramSet(q.joined);
  const rows = table.rows as Row[];
  return (i: number) => bestScore(labels[i], q, query, q.id !== null && entryId(type, rows[i]!) === q.id);
}

/**
 * The best of an entry's labels holding every word: prio × (id bonus + prefix bonus +
 * trigram similarity to the words joined with nothing, as Validation.pm scores them).
 */
function bestScore(list: readonly SearchLabel[] | undefined, q: Query, query: TrigramSet, named: boolean): number {
  const idBonus = named ? ID_BONUS : 0;
  let best = named ? PRIO_TITLE * idBonus : 0;
  for (const l of list ?? []) {
    if (!holdsAll(l.label, q.words)) continue;
    const score = l.prio * (idBonus + (l.label.startsWith(q.joined) ? PREFIX_BONUS : 0) + similarity((l.trigrams ??= trigramSet(l.label)), query));
    if (score > best) best = score;
  }
  return best;
}

/**
 * pg_trgm's trigram set: each alphanumeric word, lower-cased and padded with two spaces
 * in front and one behind, cut into all 3-character windows.
 */
export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === "") continue;
    const chars = [" ", " ", ...word, " "];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  }
  return out;
}

/**
 * A trigram set in a form that is quick to intersect: the trigrams of three BMP characters
 * as sorted numbers (16 bits each), the rare rest (with a character beyond U+FFFF) as
 * strings. Scoring counts shared trigrams over sequential numbers instead of hashing strings.
 */
export interface TrigramSet {
  codes: Float64Array;
  astral: Set<string> | null;
  size: number;
}

export function trigramSet(text: string): TrigramSet {
  const all = trigrams(text);
  const codes: number[] = [];
  let astral: Set<string> | null = null;
  for (const t of all) {
    const [a, b, c] = [...t].map((ch) => ch.codePointAt(0)!);
    if (a! > 0xffff || b! > 0xffff || c! > 0xffff) (astral ??= new Set()).add(t);
    else codes.push((a! * 0x10000 + b!) * 0x10000 + c!);
  }
  return { codes: Float64Array.from(codes).sort(), astral, size: all.size };
}

/** pg_trgm similarity(): shared trigrams over all distinct trigrams. */
export function similarity(a: TrigramSet, b: TrigramSet): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const x = a.codes;
  const y = b.codes;
  for (let i = 0, j = 0; i < x.length && j < y.length; ) {
    if (x[i]! < y[j]!) i++;
    else if (x[i]! > y[j]!) j++;
    else {
      shared++;
      i++;
      j++;
    }
  }
  if (a.astral !== null && b.astral !== null) for (const t of a.astral) if (b.astral.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}
