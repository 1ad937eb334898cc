// A random quote of one VN or character (issue 21): VNDB's `random` filter draws one quote
// among all quotes and then applies the other filters (reference §8.4), so {vn, random}
// almost always finds nothing. Drawn here instead among the quotes the other filters match,
// with one request for their ids; the answer says how the draw was made.

import type { ToolContext } from "../define-tool.js";
import { toFilters } from "./filter-port.js";
import type { QuerySpec } from "./specs.js";
import type { QueryArgs } from "./args.js";

/** Quotes read for the draw: one page at the API's maximum. */
const DRAW_POOL = 100;

export interface Drawn {
  args: QueryArgs;
  note: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * For a quote query with `random` and other filters: the arguments that show one quote drawn
 * among those the other filters match, and the note saying so. Null when it does not apply.
 */
export async function drawRandomQuote(spec: QuerySpec, args: QueryArgs, ctx: ToolContext, pick = Math.random): Promise<Drawn | null> {
  const filters = args.filters;
  if (spec.endpoint !== "quote" || !isObj(filters) || !filters.random) return null;
  const rest = Object.fromEntries(Object.entries(filters).filter(([k]) => k !== "random"));
  if (Object.keys(rest).length === 0) return null;
  const resolver = await ctx.session.resolver(ctx.api);
  const converted = await toFilters("quote", rest, { api: ctx.api, signal: ctx.signal, resolver });
  const res = await ctx.api.query(
    "quote",
    { ...(converted.filters !== null ? { filters: converted.filters } : {}), fields: "id", results: DRAW_POOL },
    { signal: ctx.signal },
  );
  const ids = res.results.map((r) => String(r.id));
  const pool = `${ids.length}${res.more ? `+ (the first ${DRAW_POOL})` : ""}`;
  if (ids.length === 0) return { args: { ...args, filters: rest }, note: "Random quote: no quote matches the other filters, so there is nothing to draw from." };
  const chosen = ids[Math.min(ids.length - 1, Math.floor(pick() * ids.length))]!;
  const { page: _page, ...kept } = args;
  return {
    args: { ...kept, filters: { id: chosen } },
    note: `Random quote drawn here among the ${pool} quotes matching the other filters (VNDB's random filter draws among all quotes first).`,
  };
}
