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
  trigrams?: Set<string>;
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

/** Labels of every entry of a type, normalised once per database. */
function labelsFor(db: Database, type: EntityType): Map<string, SearchLabel[]> {
  const key = `search:${type}`;
  let m = db.memo.get(key) as Map<string, SearchLabel[]> | undefined;
  if (m) return m;
  m = new Map();
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
      // Release titles, less their trailing edition words (edition-words.ts).
      for (const r of db.catalogue.release) {
        if (r.hidden) continue;
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
  db.memo.set(key, m);
  return m;
}

/**
 * Every label of each table row joined into one text (positions as in tables.ts), and all
 * those texts joined into one haystack: a row whose one label holds every word has them
 * all in its text, so a substring test over it finds a superset of the matches without
 * visiting the labels one by one, and one native indexOf over the haystack jumps from
 * row to row that holds a word instead of testing every row.
 */
interface SearchText {
  texts: string[];
  haystack: string;
  /**
   * The haystack with every non-ASCII code unit replaced by U+0002, so offsets agree: an
   * ASCII word is found in it alone, and V8 searches a one-byte string faster than the
   * two-byte one any Japanese title makes of the haystack.
   */
  asciiHaystack: string;
  /** Where each row's text starts in the haystack; one more entry for the end. */
  starts: Int32Array;
}

const NON_ASCII = /[^\u0000-\u007f]/g;
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/** Between two rows' texts in the haystack (labels within a row are joined by U+0000). */
const ROW_SEPARATOR = "\u0001";

function searchText(db: Database, type: EntityType, table: Table): SearchText {
  return memo(db, `searchText:${type}`, () => {
    const labels = labelsFor(db, type);
    const texts = table.rows.map((row) => (labels.get(keyOf(type, row as Row)) ?? []).map((l) => l.label).join("\u0000"));
    const starts = new Int32Array(texts.length + 1);
    let offset = 0;
    texts.forEach((t, i) => {
      starts[i] = offset;
      offset += t.length + ROW_SEPARATOR.length;
    });
    starts[texts.length] = offset;
    const haystack = texts.join(ROW_SEPARATOR);
    // Through latin1 bytes: a string V8 is sure to store one byte per character.
    const asciiHaystack = Buffer.from(haystack.replace(NON_ASCII, "\u0002"), "latin1").toString("latin1");
    return { texts, haystack, asciiHaystack, starts };
  });
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
  const haystack = ASCII_ONLY.test(anchor) && !anchor.includes("\u0002") ? text.asciiHaystack : text.haystack;
  const out: number[] = [];
  if (anchor !== "") {
    for (let at = haystack.indexOf(anchor); at >= 0; at = haystack.indexOf(anchor, at)) {
      const row = rowAt(starts, at);
      const t = texts[row]!;
      if (q.words.every((w) => w === anchor || t.includes(w))) out.push(row);
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
    return (labels.get(keyOf(type, row)) ?? []).some((l) => q.words.every((w) => l.label.includes(w)));
  };
}

/** The searchrank relevance of a row for a search value (higher = better). */
export function searchScorer(ctx: EngineContext, type: EntityType, value: unknown): (row: any) => number {
  const q = parse(type, value);
  const labels = labelsFor(ctx.db, type);
  // Validation.pm scores against the words joined with nothing ("steins gate" → "steinsgate").
  const queryTrigrams = trigrams(q.joined);
  return (row: Row) => {
    const idBonus = q.id !== null && entryId(type, row) === q.id ? ID_BONUS : 0;
    let best = idBonus > 0 ? PRIO_TITLE * idBonus : 0;
    for (const l of labels.get(keyOf(type, row)) ?? []) {
      if (!q.words.every((w) => l.label.includes(w))) continue;
      const score =
        l.prio *
        (idBonus + (l.label.startsWith(q.joined) ? PREFIX_BONUS : 0) + similarity((l.trigrams ??= trigrams(l.label)), queryTrigrams));
      if (score > best) best = score;
    }
    return best;
  };
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

/** pg_trgm similarity(): shared trigrams over all distinct trigrams. */
export function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  // Shared trigrams counted over the smaller set (a query's few against a long label's many).
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}
