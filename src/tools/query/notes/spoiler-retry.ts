// An empty answer to a tag or trait filter at spoiler level 0 or 1 may only mean the matches
// have the tag as a spoiler (or as a lie, which counts as a major spoiler). Counting the
// matches at the higher levels tells the model whether raising `spoilers` would find
// anything, instead of letting it conclude that no such VN exists. At most two requests.

import type { QueryEndpoint } from "../../../kana/types.js";
import type { VndbApi } from "../../api.js";
import { line, nothingMatched, type QueryNote } from "./note.js";

/** Filter names whose matching depends on the spoiler level (reference §8.3). */
const SPOILER_FILTERS: ReadonlySet<string> = new Set(["tag", "dtag", "trait", "dtrait"]);

/** Whether a VNDB predicate (named JSON form) uses a tag or trait filter anywhere. */
export function usesSpoilerFilter(node: unknown): boolean {
  if (!Array.isArray(node)) return false;
  if (typeof node[0] === "string" && SPOILER_FILTERS.has(node[0])) return true;
  return node.some((child) => Array.isArray(child) && usesSpoilerFilter(child));
}

export interface SpoilerRetryInput {
  api: VndbApi;
  signal: AbortSignal | undefined;
  endpoint: QueryEndpoint;
  level: number;
  /** The request's filters rebuilt at a given spoiler level (names come from the cache). */
  filtersAt: (level: number) => Promise<unknown>;
  /** Request members other than filters that change what matches (the ulist user). */
  extra?: Record<string, unknown>;
}

/** "No match at level 0; 3 at level 1 — pass spoilers 1", or null when raising finds nothing. */
export async function spoilerRetryNote(input: SpoilerRetryInput): Promise<string | null> {
  for (let level = input.level + 1; level <= 2; level++) {
    const filters = await input.filtersAt(level);
    // POST /ulist refuses `count` unless the page is the last (reference §11): count a page.
    const ulist = input.endpoint === "ulist";
    const body = { filters, fields: "id", results: ulist ? 100 : 1, ...(ulist ? {} : { count: true }), ...input.extra };
    const r = await input.api.query(input.endpoint, body as never, { signal: input.signal });
    const n = r.count ?? r.results.length;
    if (n > 0) {
      const why = level === 2 ? "major spoilers or tags VNDB marks as lies" : "minor spoilers";
      return `No match at spoiler level ${input.level}; ${n} at level ${level} (where the tag or trait is one of the ${why}) — pass "spoilers": ${level} only if the user accepts spoilers.`;
    }
  }
  return null;
}

export const spoilerRetry: QueryNote = {
  name: "spoiler-retry",
  phase: "annotate",
  // One count per higher level (1 and 2).
  maxRequests: 2,
  applies: (ctx) => nothingMatched(ctx) && ctx.firstPage && ctx.spoilerLevel < 2 && usesSpoilerFilter(ctx.converted.filters),
  run: async (ctx) =>
    line(
      await spoilerRetryNote({
        api: ctx.api,
        signal: ctx.signal,
        endpoint: ctx.spec.endpoint,
        level: ctx.spoilerLevel,
        filtersAt: ctx.filtersAt,
        ...(ctx.user ? { extra: { user: ctx.user } } : {}),
      }),
    ),
};
