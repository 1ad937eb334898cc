// `about` on the VN and character searches: words in what the descriptions say ("the one with
// the baseball practice game"), which VNDB's API cannot search (its `search` reads titles and
// aliases). Answered where the data is local — a mirror, or the offline sample — from the
// description index (src/local/), best matches first with the passage that matched; the
// query's own filters, fields and sort then apply to those entries through the ordinary query.
// Against the live API the argument says plainly that it needs local data.

import type { DescribedHit } from "../../local/description-search.js";
import { aboutKind } from "./about-kind.js";
import type { ToolContext, ToolResult } from "../define-tool.js";
import { ToolError } from "../errors.js";
import type { QueryArgs } from "./args.js";
import type { QuerySpec } from "./specs.js";

/** Description matches taken before the query's own filters apply (one id filter of VNDB's page size). */
export const ABOUT_CANDIDATES = 100;
/** Results when the call names no `results` (the query tools' own default). */
const DEFAULT_RESULTS = 10;
/** Matches shown with their passage in the answer's head; the rest are named by id. */
const SNIPPETS_SHOWN = 5;

export const ABOUT_NEEDS_LOCAL_DATA =
  "`about` searches what descriptions say, which VNDB's API cannot: it needs local data. Start the server with --mirror DIR (VNDB's full data) or --embedded (the offline sample).";
const ABOUT_HINT = "Against VNDB search titles with `query`, or content with a tag filter (filters: {tag: \"Baseball\"}).";

type RunQuery = (args: QueryArgs) => Promise<ToolResult>;

export async function runAbout(spec: QuerySpec, about: string, args: QueryArgs, ctx: ToolContext, runQuery: RunQuery): Promise<ToolResult> {
  const kind = aboutKind(spec.endpoint)!;
  if (!ctx.local) throw new ToolError(ABOUT_NEEDS_LOCAL_DATA, ABOUT_HINT);
  const noun = kind === "vn" ? "VN" : "character";
  const { hits, searched } = await ctx.local.describe(kind, about, ABOUT_CANDIDATES);
  const where = ctx.local.source === "sample" ? ` in the offline sample (${searched} ${noun} descriptions, not all of VNDB)` : ` (${searched} ${noun} descriptions)`;
  if (!hits.length) return { text: `No ${noun} description${where} holds any of the words of "${about}".`, structured: { results: [], more: false, about: { words: about, matches: [] } } };

  // The query's filters narrow the matches; their order stays the description ranking's.
  const passing = args.filters === undefined ? hits : await passingFilters(hits, args, runQuery);
  if (!passing.length) return { text: `${hits.length} ${noun} description${hits.length === 1 ? "" : "s"}${where} hold the words, but none of those entries passes the filters given.`, structured: { results: [], more: false, about: { words: about, matches: hits.map(brief) } } };
  const shown = passing.slice(0, args.results ?? DEFAULT_RESULTS);
  const page = await runQuery({ ...args, filters: { id: { any: shown.map((h) => h.id) } }, results: shown.length, page: 1 });
  if (page.isError) return page;
  const head = [
    `Matched in descriptions${where}, best first: ${passing.length}${passing.length >= ABOUT_CANDIDATES ? "+" : ""} match${passing.length === 1 ? "" : "es"}${passing.length > shown.length ? `, showing ${shown.length}` : ""}.`,
    ...shown.slice(0, SNIPPETS_SHOWN).map((h, i) => `${i + 1}. ${h.id} — “${h.snippet}”`),
    ...(shown.length > SNIPPETS_SHOWN ? [`Then: ${shown.slice(SNIPPETS_SHOWN).map((h) => h.id).join(", ")}.`] : []),
  ].join("\n");
  return { ...page, text: `${head}\n\n${page.text}`, structured: { ...page.structured, about: { words: about, matches: shown.map(brief) } } };
}

function brief(h: DescribedHit): { id: string; score: number; matched: string[]; snippet: string } {
  return { id: h.id, score: h.score, matched: h.matched, snippet: h.snippet };
}

/** The hits whose entries pass the call's own filters, in the ranking's order (one query of ids). */
async function passingFilters(hits: DescribedHit[], args: QueryArgs, runQuery: RunQuery): Promise<DescribedHit[]> {
  const check = await runQuery({ filters: { and: [args.filters, { id: { any: hits.map((h) => h.id) } }] }, fields: "id", results: ABOUT_CANDIDATES, page: 1 });
  if (check.isError) throw new ToolError(check.text);
  const ids = new Set(((check.structured?.results ?? []) as { id: string }[]).map((r) => r.id));
  return hits.filter((h) => ids.has(h.id));
}
