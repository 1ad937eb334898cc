// A user's whole VN list, paged through POST /ulist (bounded), and whose list it is: the
// shared first step of the list insight, the taste comparison, the reading brief and the
// upcoming releases. Other users' lists are public entries only (reference §5: private
// labels hide an entry from everyone but its owner's token with listread).

import type { VndbApi } from "../api.js";
import type { ToolContext } from "../define-tool.js";
import { ToolError } from "../errors.js";
import { resolveUserId } from "../lists/users.js";

/** Entries per /ulist page: the API's maximum (reference §5). */
export const PAGE_SIZE = 100;
/** At most this many pages (5,000 entries): 50 of the 200 requests VNDB allows per 5 minutes. */
export const MAX_PAGES = 50;

export interface ListOwner {
  id: string;
  /** How answers name them: "Yorhel (u2)", or the id alone when only the id is known. */
  label: string;
  /** Whether the token is theirs and may read private entries: else public entries only. */
  seesPrivate: boolean;
}

/** The user named (id or username), or the token owner when none is. */
export async function listOwner(ctx: ToolContext, given: string | undefined): Promise<ListOwner> {
  const me = ctx.config.token ? await ctx.session.whoAmI(ctx.api, ctx.signal).catch(() => undefined) : undefined;
  if (!given?.trim()) {
    if (!me) throw new ToolError("Whose list? No VNDB token is configured.", 'Pass "user" (u123 or a username).');
    return { id: me.id, label: `${me.username} (${me.id})`, seesPrivate: me.permissions.includes("listread") };
  }
  const id = await resolveUserId(ctx.api, given, ctx.signal);
  const name = given.trim();
  const label = me?.id === id ? `${me.username} (${id})` : name !== id ? `${name} (${id})` : id;
  return { id, label, seesPrivate: me?.id === id && me.permissions.includes("listread") };
}

/** Pages until `more` is false: `count` on /ulist fails in the real service (reference §11). */
export async function readWholeList<T>(api: VndbApi, user: string, fields: string, ctx: ToolContext, filters?: unknown): Promise<{ rows: T[]; cut: boolean }> {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await api.query("ulist", { user, fields, sort: "id", results: PAGE_SIZE, page, ...(filters ? { filters } : {}) }, { signal: ctx.signal });
    rows.push(...(res.results as unknown as T[]));
    ctx.progress?.(rows.length);
    if (!res.more) return { rows, cut: false };
  }
  return { rows, cut: true };
}

/** One OR filter of ids, or the single predicate. */
export function idFilter(ids: readonly string[]): unknown[] {
  return ids.length === 1 ? ["id", "=", ids[0]] : ["or", ...ids.map((id) => ["id", "=", id])];
}

/** What an insight answer says in the offline mode (--embedded): its lists and VNs are the sample's. */
export const OFFLINE_SAMPLE_NOTE = "From the offline sample (a part of VNDB's data and its sample users' lists), not all of VNDB.";
