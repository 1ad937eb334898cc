// Adapter between the query tools and the filter helper (src/filters/): the argument schema
// of `filters`, and the conversion of a structured filter into the request's `filters`
// member with names resolved to ids (one resolver, with its cache, per server).

import type { z } from "zod";
import { createKanaResolver, filterSchema as helperSchema, toPredicate, type NameResolver, type ResolvedName } from "../../filters/index.js";
import type { QueryEndpoint, Session } from "../../kana/types.js";
import type { VndbApi } from "../api.js";
import { ToolError } from "../errors.js";
import { labelNameResolver } from "../lists/labels.js";

/** The `filters` argument schema of a query tool. */
export function filterSchema(endpoint: QueryEndpoint): z.ZodType {
  return helperSchema(endpoint);
}

export interface FilterContext {
  api: VndbApi;
  signal: AbortSignal | undefined;
  resolver: NameResolver;
  /** Who the query runs as, when known (label filters complete bare label ids from it). */
  session?: Session | null;
  /** The request's `user` member, if any. */
  user?: string;
  /** The answer's spoiler level: the default ceiling of tag and trait filters. */
  maxSpoiler?: number;
  /** Whose labels a label name means: the list's user, else the token owner. */
  labelUser?: string;
}

export function createResolver(api: VndbApi): NameResolver {
  return createKanaResolver((endpoint, body) => api.query(endpoint, body));
}

export interface ConvertedFilters {
  filters: unknown;
  resolved: ResolvedName[];
}

/** Structured filter argument → the `filters` member of the request (null = none). */
export async function toFilters(endpoint: QueryEndpoint, value: unknown, ctx: FilterContext): Promise<ConvertedFilters> {
  if (value === undefined || value === null) return { filters: null, resolved: [] };
  const result = await toPredicate(endpoint, value, ctx.resolver, {
    session: ctx.session ?? null,
    ...(ctx.user ? { rawUser: ctx.user } : {}),
    ...(ctx.maxSpoiler !== undefined ? { maxSpoiler: ctx.maxSpoiler } : {}),
    ...(ctx.labelUser ? { resolveLabel: labelNameResolver(ctx.api, ctx.labelUser, ctx.signal) } : {}),
  });
  if (!result.ok) throw new ToolError(result.message, result.hint);
  return { filters: result.filters, resolved: result.resolved };
}
