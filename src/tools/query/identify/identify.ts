// vndb_search_vn {"identify": "<folder or file name>"}: which VN a game folder holds, as a
// launcher asks (issue 31 item 3). The name is taken apart (parse-name.ts), POST /vn searches
// for its words and their variants (one request; a second with single words only when the
// first finds nothing convincing), and every hit is scored (score.ts) with the reasons.

import type { VndbApi } from "../../api.js";
import type { ToolContext, ToolResult } from "../../define-tool.js";
import { ToolError } from "../../errors.js";
import { normalizeSearchTerm } from "../../../kana/search-normalize.js";
import { parseName, type ParsedName } from "./parse-name.js";
import { rankCandidates, type IdentifyCandidate, type ScoredCandidate } from "./score.js";

/** Hits per request: the API's page maximum (reference §5). */
const HITS = 100;
/** Candidates shown. */
const SHOWN = 5;
/** A best score from here needs no second, broader search. */
const CONFIDENT = 0.85;
/** Below this the answer says no candidate is a convincing match. */
const UNSURE = 0.6;
/** Single words shorter than this (normalised) match too much to search alone. */
const MIN_LONE_WORD = 4;
/** A word this long (normalised) is probably several squashed together ("SayaNoUta" is 9). */
const SQUASHED = 10;
/** Length of a piece of a squashed word searched alone: long enough to be rare. */
const PIECE = 6;
/** Longest name taken (a path with a file name fits easily). */
export const MAX_NAME_LENGTH = 500;

const FIELDS = "title,alttitle,aliases,titles{title,latin},votecount,released,developers{name,original,aliases}";

/** Kunrei/ASCII spellings to the Hepburn VNDB's romanisations mostly use, long vowels shortened. */
function hepburn(word: string): string {
  return word
    .toLowerCase()
    .replace(/(?<!s)tu/g, "tsu")
    .replace(/si/g, "shi")
    .replace(/ti/g, "chi")
    .replace(/(?<![sc])hu/g, "fu")
    .replace(/zi/g, "ji")
    .replace(/ou|oo/g, "o")
    .replace(/uu/g, "u");
}

/** A search clause, or none when its words normalise to nothing (an empty search matches every VN). */
function clause(words: string[]): unknown[] | null {
  const text = words.join(" ");
  return words.some((w) => normalizeSearchTerm(w).length > 0) ? ["search", "=", text] : null;
}

/** The title's words, without a brand before them, or a stray word after, each also in Hepburn. */
function strictClauses(p: ParsedName): unknown[][] {
  const spans: string[][] = [p.words];
  for (let lead = 1; lead <= 2 && lead < p.words.length; lead++) spans.push(p.words.slice(lead));
  if (p.words.length > 1) spans.push(p.words.slice(0, -1));
  const out = new Map<string, unknown[]>();
  for (const span of spans) {
    for (const words of [span, span.map(hepburn)]) {
      const c = clause(words);
      if (c) out.set(JSON.stringify(c), c);
    }
  }
  return [...out.values()];
}

/**
 * Pieces of a squashed name ("KaranoShojo2", "TheHoseinFataMorgana"): its start, middle and end,
 * so that one misspelt or re-romanised syllable does not hide the whole title.
 */
function pieces(word: string): string[] {
  const n = normalizeSearchTerm(word);
  if (n.length < SQUASHED) return [];
  const mid = Math.floor((n.length - PIECE) / 2);
  return [n.slice(0, PIECE), n.slice(mid, mid + PIECE), n.slice(-PIECE)];
}

/** Each distinctive word alone, and pieces of squashed words: romanisation or a typo elsewhere then still finds the VN. */
function looseClauses(p: ParsedName): unknown[][] {
  const out = new Map<string, unknown[]>();
  for (const w of p.words) {
    for (const form of [w, hepburn(w), ...pieces(w)]) {
      if (normalizeSearchTerm(form).length >= MIN_LONE_WORD) out.set(form.toLowerCase(), ["search", "=", form]);
    }
  }
  return [...out.values()];
}

async function search(api: VndbApi, clauses: unknown[][], signal?: AbortSignal): Promise<IdentifyCandidate[]> {
  if (clauses.length === 0) return [];
  const filters = clauses.length === 1 ? clauses[0] : ["or", ...clauses];
  const res = await api.query("vn", { filters, fields: FIELDS, sort: "votecount", reverse: true, results: HITS }, { signal });
  return res.results as unknown as IdentifyCandidate[];
}

/** The ranked candidates for a name, with the requests it took. */
export async function identify(api: VndbApi, name: string, signal?: AbortSignal): Promise<{ parsed: ParsedName; ranked: ScoredCandidate[]; requests: number }> {
  const parsed = parseName(name);
  if (!parsed.words.some((w) => normalizeSearchTerm(w).length > 0)) {
    throw new ToolError(`No title words in "${name}".`, "Give the game's folder or file name, e.g. \"C:\\\\Games\\\\KEY\\\\CLANNAD_FV\".");
  }
  const found = new Map<string, IdentifyCandidate>();
  for (const vn of await search(api, strictClauses(parsed), signal)) found.set(vn.id, vn);
  let ranked = rankCandidates(parsed, [...found.values()]);
  let requests = 1;
  if ((ranked[0]?.score ?? 0) < CONFIDENT) {
    for (const vn of await search(api, looseClauses(parsed), signal)) found.set(vn.id, vn);
    ranked = rankCandidates(parsed, [...found.values()]);
    requests++;
  }
  return { parsed, ranked, requests };
}

export async function runIdentify(ctx: ToolContext, name: string): Promise<ToolResult> {
  if (name.length > MAX_NAME_LENGTH) throw new ToolError(`identify takes a name of at most ${MAX_NAME_LENGTH} characters.`);
  const { parsed, ranked } = await identify(ctx.api, name, ctx.signal);
  const shown = ranked.slice(0, SHOWN);
  const read = [`title words "${parsed.words.join(" ")}"`];
  if (parsed.brands.length) read.push(`brand ${parsed.brands.join(", ")}`);
  if (parsed.editions.length) read.push(`edition/language words ${parsed.editions.join(" ")}`);
  const lines = [`Read "${name}" as ${read.join("; ")}.`];
  if (shown.length === 0) {
    lines.push("No VN matched. Try vndb_search_vn with a shorter query (one distinctive title word).");
  } else {
    if (shown[0]!.score < UNSURE) lines.push(`No convincing match (best score ${shown[0]!.score.toFixed(2)}; 1 is certain).`);
    shown.forEach((c, i) => lines.push(`${i + 1}. ${c.id} ${c.title}${c.released ? ` (${c.released.slice(0, 4)})` : ""} — ${c.score.toFixed(2)}: ${c.why.join("; ")}`));
  }
  if (ctx.config.embedded) lines.push("Searched the offline sample, not all of VNDB.");
  return {
    text: lines.join("\n"),
    structured: {
      results: shown.map((c) => ({ id: c.id, title: c.title, released: c.released, score: c.score, why: c.why })),
      more: ranked.length > SHOWN,
      read_as: { words: parsed.words, brands: parsed.brands, editions: parsed.editions },
    },
  };
}
