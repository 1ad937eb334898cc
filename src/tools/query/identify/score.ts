// How well a VN matches a parsed folder name, and why: the title or an alias against the
// name's words (romanisation-tolerant), its developer against the brand, edition words
// against its names, and a small prior for well-known VNs. Pure, so the bench and the tool
// score alike.

import { normalizeSearchTerm } from "../../../kana/search-normalize.js";
import type { ParsedName } from "./parse-name.js";

export interface IdentifyCandidate {
  id: string;
  title: string;
  alttitle?: string | null;
  aliases?: string[];
  titles?: { title: string; latin?: string | null }[];
  votecount?: number;
  released?: string | null;
  developers?: { name: string; original?: string | null; aliases?: string[] }[];
}

export interface ScoredCandidate {
  /** Unrounded and uncapped, for ranking only. */
  rank?: number;
  id: string;
  title: string;
  released: string | null;
  /** 0..1: how sure the match is. */
  score: number;
  why: string[];
}

/** Bonus for a brand that is one of the VN's developers: decisive between same-named VNs. */
const DEVELOPER_BONUS = 0.08;
/** Bonus for edition words the VN's names also carry ("Full Voice"). */
const EDITION_BONUS = 0.03;
/** At most this much for popularity (log of the vote count): breaks ties, never beats a better title. */
const POPULARITY_PRIOR = 0.03;
/** Each name word left out of the title match that no developer explains. */
const DROPPED_WORD_PENALTY = 0.04;

/**
 * One spelling for the common romanisation variants, so that "Ookami", "Ōkami" and "Okami",
 * or "Tukihime" and "Tsukihime", compare equal: long vowels shortened, Kunrei to one form.
 * Applied to both sides, so English words bent by it still compare alike.
 */
export function compact(text: string): string {
  let t = normalizeSearchTerm(text.replace(/\s+/g, "")).replace(/[^\p{L}\p{N}]+/gu, "");
  t = t.replace(/ou|oo|oh(?![aeiouy])/g, "o").replace(/uu/g, "u").replace(/aa/g, "a").replace(/ii/g, "i").replace(/ee/g, "e");
  t = t.replace(/tsu/g, "tu").replace(/shi/g, "si").replace(/chi/g, "ti").replace(/fu/g, "hu").replace(/ji/g, "zi");
  t = t.replace(/sh(?=[aou])/g, "sy").replace(/ch(?=[aou])/g, "ty").replace(/j(?=[aou])/g, "zy").replace(/m(?=[bp])/g, "n").replace(/wo/g, "o");
  return t;
}

/** 1 − Levenshtein distance / longer length. */
export function ratio(a: string, b: string): number {
  if (a === b) return 1;
  if (!a.length || !b.length) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return 1 - prev[b.length]! / Math.max(a.length, b.length);
}

/** Times the share of the name's letters left out: matching "Uta" of "Saya no Uta" proves little. */
const DROPPED_SHARE_PENALTY = 0.4;
/** Each name word that a number is: dropping it changes the game ("Saiban 4" is not "Saiban"). */
const DROPPED_NUMBER_PENALTY = 0.15;

/** Similarity of the name's words to one VN name: whole, abbreviated (no subtitle) or padded. */
function nameSimilarity(words: string, name: string): number {
  const a = compact(words);
  const b = compact(name);
  if (!a || !b) return 0;
  let s = ratio(a, b);
  // The folder drops the subtitle: "Ever17" for "Ever17 -the out of infinity-" (whole words only:
  // "Extra" is not "Extravaganza").
  if (a.length >= 4 && b.startsWith(a)) {
    const nameWords = name.split(/[\s\-~:]+/);
    for (let k = 1; k < nameWords.length; k++) {
      if (compact(nameWords.slice(0, k).join(" ")) === a) {
        s = Math.max(s, 0.75 + 0.2 * (a.length / b.length));
        break;
      }
    }
  }
  // The folder adds words around the title: "Saya no Uta Nitroplus".
  if (b.length >= 5 && b.length * 2 >= a.length && a.includes(b)) s = Math.max(s, 0.7 + 0.25 * (b.length / a.length));
  return s;
}

interface NameOf {
  text: string;
  kind: "title" | "alias";
}

function namesOf(vn: IdentifyCandidate): NameOf[] {
  const out: NameOf[] = [{ text: vn.title, kind: "title" }];
  if (vn.alttitle) out.push({ text: vn.alttitle, kind: "title" });
  for (const t of vn.titles ?? []) {
    out.push({ text: t.title, kind: "title" });
    if (t.latin) out.push({ text: t.latin, kind: "title" });
  }
  for (const a of vn.aliases ?? []) out.push({ text: a, kind: "alias" });
  return out;
}

/** A brand (folder, bracket, leading word) is this developer when one compact name starts the other. */
function brandIsDeveloper(brand: string, vn: IdentifyCandidate): string | undefined {
  const b = compact(brand);
  if (b.length < 2) return undefined;
  for (const d of vn.developers ?? []) {
    for (const n of [d.name, d.original ?? "", ...(d.aliases ?? [])]) {
      const c = compact(n);
      if (c.length >= 2 && (c === b || (Math.min(b.length, c.length) >= 4 && (c.startsWith(b) || b.startsWith(c))))) return d.name;
    }
  }
  return undefined;
}

export function scoreCandidate(parsed: ParsedName, vn: IdentifyCandidate): ScoredCandidate {
  const names = namesOf(vn);
  const words = parsed.words;
  // The title may be all the words, or the words without a brand before it / a stray word after.
  const spans: { from: number; to: number }[] = [{ from: 0, to: words.length }];
  for (let lead = 1; lead <= 2 && lead < words.length; lead++) spans.push({ from: lead, to: words.length });
  if (words.length > 1) spans.push({ from: 0, to: words.length - 1 });
  let best = { score: -1, name: names[0]!, sim: 0, developerFrom: undefined as string | undefined, developer: undefined as string | undefined, left: [] as string[] };
  // Edition words may belong to the title after all ("Rance 1 Remake" is an alias).
  const withEditions = parsed.editions.length ? [...spans.map((s) => ({ ...s, editions: false })), { from: 0, to: words.length, editions: true }] : spans.map((s) => ({ ...s, editions: false }));
  for (const span of withEditions) {
    const dropped = [...words.slice(0, span.from), ...words.slice(span.to)];
    const text = [...words.slice(span.from, span.to), ...(span.editions ? parsed.editions : [])].join(" ");
    let developer: string | undefined;
    let developerFrom: string | undefined;
    for (const brand of [...parsed.brands, dropped.join(" ")].filter(Boolean)) {
      developer = brandIsDeveloper(brand, vn);
      if (developer) {
        developerFrom = brand;
        break;
      }
    }
    const droppedShare = compact(dropped.join("")).length / Math.max(1, compact(words.join("")).length);
    const penalty =
      developer && developerFrom === dropped.join(" ")
        ? 0
        : dropped.reduce((sum, w) => sum + (/^\d+$/.test(w) ? DROPPED_NUMBER_PENALTY : DROPPED_WORD_PENALTY), 0) + DROPPED_SHARE_PENALTY * droppedShare;
    for (const name of names) {
      const sim = nameSimilarity(text, name.text);
      const score = sim - penalty + (developer ? DEVELOPER_BONUS : 0);
      if (score > best.score) best = { score, name, sim, developer, developerFrom, left: penalty > 0 ? dropped : [] };
    }
  }
  const why = [`${best.name.kind} "${best.name.text}" (${best.sim.toFixed(2)})`];
  let score = best.score;
  if (best.developer) why.push(`developer ${best.developer} (from "${best.developerFrom}")`);
  if (best.left.length) why.push(`left out "${best.left.join(" ")}"`);
  const editionHits = parsed.editions.filter((e) => {
    const c = compact(e);
    return c.length >= 2 && names.some((n) => compact(n.text).includes(c));
  });
  if (editionHits.length) {
    score += EDITION_BONUS;
    why.push(`edition words ${editionHits.join(" ")}`);
  } else if (parsed.editions.length) {
    why.push(`ignored ${parsed.editions.join(" ")}`);
  }
  score += POPULARITY_PRIOR * Math.min(1, Math.log10((vn.votecount ?? 0) + 1) / 4);
  return { id: vn.id, title: vn.title, released: vn.released ?? null, rank: score, score: Math.max(0, Math.min(1, score)), why };
}

/** Candidates best first; ties by id for a stable order. */
export function rankCandidates(parsed: ParsedName, vns: readonly IdentifyCandidate[]): ScoredCandidate[] {
  return vns
    .map((vn) => scoreCandidate(parsed, vn))
    .sort((a, b) => b.rank! - a.rank! || Number(a.id.slice(1)) - Number(b.id.slice(1)))
    .map(({ rank: _rank, ...c }) => ({ ...c, score: Math.round(c.score * 100) / 100 }));
}
