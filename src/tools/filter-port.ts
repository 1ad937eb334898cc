// Adapter between the query tools and the filter helper (src/filters/, built in parallel).
// Until the helper lands this accepts a raw predicate only, so the tools work end to end;
// switching to the helper changes this file alone.

import { z } from "zod";
import type { QueryEndpoint } from "../kana/types.js";
import type { VndbApi } from "./api.js";

/** The `filters` argument schema of a query tool. */
export function filterSchema(_endpoint: QueryEndpoint): z.ZodType {
  return z
    .union([z.array(z.unknown()), z.string()])
    .describe("VNDB filter: predicate array or compact string");
}

export interface FilterContext {
  api: VndbApi;
  signal: AbortSignal | undefined;
}

/** Structured filter argument → the `filters` member of the request (null = none). */
export async function toFilters(_endpoint: QueryEndpoint, value: unknown, _ctx: FilterContext): Promise<unknown> {
  if (value === undefined || value === null) return null;
  return value;
}
