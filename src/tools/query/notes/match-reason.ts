// A text search matches titles, aliases and (for VNs) release titles, so an entry can come
// back under a name that shares no word with the query ("Tsukihime" for "Moon Princess").
// Saying which name matched keeps the model from doubting a right answer. The names needed
// are fetched with the same request and left out of the answer unless asked for.

import { normalizeSearchTerm, searchWords } from "../../../kana/search-normalize.js";
import type { QueryEndpoint } from "../../../kana/types.js";
import { vndbIdPattern } from "../../../kana/vndbid.js";
import { line, type Obj, type QueryNote } from "./note.js";

/** Per endpoint: the fields holding titles, the alias field, and the fields to fetch them. */
/**
 * `titles` are the names the answer shows (a match there needs no word); `otherTitles` the
 * entry's titles in other languages, which the answer does not show: "Fate" finds
 * Piofiore no Banshou through its English title "Piofiore: Fated Memories" (issue 29, defect 4).
 */
const NAMES: Readonly<Partial<Record<QueryEndpoint, { fetch: Record<string, string>; titles: (r: Obj) => string[]; otherTitles?: (r: Obj) => string[]; releaseTitles: boolean }>>> = {
  vn: {
    fetch: { title: "title", alttitle: "alttitle", titles: "titles{title,latin}", aliases: "aliases" },
    titles: (r) => [r.title, r.alttitle].filter((x): x is string => typeof x === "string"),
    otherTitles: (r) => ((r.titles as Obj[] | undefined) ?? []).flatMap((t) => [t.title, t.latin]).filter((x): x is string => typeof x === "string"),
    releaseTitles: true,
  },
  producer: {
    fetch: { name: "name", original: "original", aliases: "aliases" },
    titles: (r) => [r.name, r.original].filter((x): x is string => typeof x === "string"),
    releaseTitles: false,
  },
  character: {
    fetch: { name: "name", original: "original", aliases: "aliases" },
    titles: (r) => [r.name, r.original].filter((x): x is string => typeof x === "string"),
    releaseTitles: false,
  },
};

/** The name members a search's reasons need, member → field; null when the endpoint or query needs no reason. */
export function matchFields(endpoint: QueryEndpoint, search: string | undefined): Record<string, string> | null {
  const names = NAMES[endpoint];
  if (!names || !search || vndbIdPattern("[a-z]", true).test(search.trim())) return null;
  return names.fetch;
}

/**
 * Titles normalised before, kept: the same titles come back call after call, and
 * normalising one (NFKC, accents, symbols) is most of this check's cost per result.
 */
const NORMALISED = new Map<string, string>();
const NORMALISED_MAX = 5_000;

function normalized(label: string): string {
  let norm = NORMALISED.get(label);
  if (norm === undefined) {
    norm = normalizeSearchTerm(label);
    if (NORMALISED.size >= NORMALISED_MAX) NORMALISED.delete(NORMALISED.keys().next().value as string);
    NORMALISED.set(label, norm);
  }
  return norm;
}

/** "Matched through other names: v7 via alias "Moon Princess"; v9 via its title "…"; v11 via a release title." */
export function matchReasons(endpoint: QueryEndpoint, search: string, results: Obj[]): string | null {
  const names = NAMES[endpoint]!;
  const words = searchWords(search);
  const matches = (label: string) => {
    const norm = normalized(label);
    return words.length > 0 && words.every((w) => norm.includes(w));
  };
  const reasons: string[] = [];
  for (const r of results) {
    if (names.titles(r).some(matches)) continue;
    const other = names.otherTitles?.(r).find(matches);
    if (other) {
      reasons.push(`${String(r.id)} via its title "${other}"`);
      continue;
    }
    const alias = ((r.aliases as unknown[] | undefined) ?? []).find((a): a is string => typeof a === "string" && matches(a));
    if (alias) reasons.push(`${String(r.id)} via alias "${alias}"`);
    else if (names.releaseTitles) reasons.push(`${String(r.id)} via a release title`);
  }
  return reasons.length ? `Matched through other names: ${reasons.join("; ")}.` : null;
}

/** The names are fetched with the request and left out of the answer unless asked for (the runner strips them). */
export const matchReason: QueryNote = {
  name: "match-reason",
  phase: "shape",
  maxRequests: 0,
  fields: (plan) => matchFields(plan.endpoint, plan.search),
  applies: (ctx) => !ctx.replaced && matchFields(ctx.spec.endpoint, ctx.search) !== null,
  run: (ctx) => line(matchReasons(ctx.spec.endpoint, ctx.search!, ctx.response.results)),
};
