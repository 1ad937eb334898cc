// "Is it on my list?" answered where the model already looks (issue 21): with a token that
// may read its owner's list, VN and release search hits carry the owner's list status, and a
// list lookup by id that finds nothing names the VN it looked for and says why it is absent.
// Each costs one request, and a failure only leaves the note out: the answer never fails
// because of it.

import type { ToolContext } from "../define-tool.js";
import type { AuthInfo } from "../api.js";
import { RELEASE_STATUSES, type ListEntry } from "../lists/list-entries.js";
import { voteOutOfTen } from "../../format/readable.js";
import { VOTED_LABEL } from "../lists/labels.js";
import { vndbIdPattern } from "../../kana/vndbid.js";
import type { QueryEndpoint } from "../../kana/types.js";

/** Ids looked up at once: one /ulist page (the API's page maximum). */
const MAX_IDS = 100;

type Row = Record<string, unknown>;

/** The token owner when the token may read the list; null when there is none or it cannot. */
async function reader(ctx: ToolContext): Promise<AuthInfo | null> {
  if (!ctx.config.token) return null;
  try {
    const me = await ctx.session.whoAmI(ctx.api, ctx.signal);
    return me.permissions.includes("listread") ? me : null;
  } catch {
    return null;
  }
}

const orOf = (key: string, ids: readonly string[]): unknown[] =>
  ids.length === 1 ? [key, "=", ids[0]] : ["or", ...ids.map((id) => [key, "=", id])];

/** An entry's state in a few words: "Finished, vote 8/10", "no label". */
function entryWords(e: ListEntry): string {
  const labels = (e.labels ?? []).filter((l) => l.id !== VOTED_LABEL).map((l) => l.label);
  const parts = [...labels];
  if (e.vote != null) parts.push(`vote ${voteOutOfTen(e.vote)}`);
  return parts.length ? parts.join(", ") : "no label";
}

/**
 * The token owner's list status of the VNs or releases on this page, as one line, or null
 * (no readable token, another endpoint, nothing on the page, or the lookup failed).
 */
export async function listStatusNote(ctx: ToolContext, endpoint: QueryEndpoint, results: readonly Row[]): Promise<string | null> {
  if ((endpoint !== "vn" && endpoint !== "release") || results.length === 0) return null;
  const me = await reader(ctx);
  if (!me) return null;
  const whose = `${me.username}'s ${endpoint === "vn" ? "list" : "release list"}`;
  try {
    if (endpoint === "vn") {
      const ids = results.map((r) => String(r.id)).slice(0, MAX_IDS);
      const res = await ctx.api.query(
        "ulist",
        { user: me.id, filters: orOf("id", ids), fields: "vote,labels{id,label}", results: MAX_IDS },
        { signal: ctx.signal },
      );
      const on = new Map((res.results as unknown as ListEntry[]).map((e) => [e.id, e]));
      return statusLine(whose, ids.map((id) => [id, on.get(id) ? entryWords(on.get(id)!) : null]));
    }
    // Releases: their VNs' list entries carry the release statuses (reference §12.3).
    const vns = [...new Set(results.flatMap((r) => ((r.vns as { id: string }[] | undefined) ?? []).map((v) => v.id)))].slice(0, MAX_IDS);
    if (vns.length === 0) return null;
    const res = await ctx.api.query(
      "ulist",
      { user: me.id, filters: orOf("id", vns), fields: "releases{list_status}", results: MAX_IDS },
      { signal: ctx.signal },
    );
    const status = new Map<string, string>();
    for (const e of res.results as unknown as ListEntry[]) {
      for (const r of e.releases ?? []) status.set(r.id, RELEASE_STATUSES[r.list_status ?? 0] ?? "unknown");
    }
    return statusLine(whose, results.map((r) => [String(r.id), status.get(String(r.id)) ?? null]));
  } catch {
    return null;
  }
}

function statusLine(whose: string, rows: readonly [string, string | null][]): string {
  const on = rows.filter(([, s]) => s !== null).map(([id, s]) => `${id} (${s})`);
  const off = rows.filter(([, s]) => s === null).map(([id]) => id);
  if (on.length === 0) return `None of these is on ${whose}.`;
  return `On ${whose}: ${on.join(", ")}.${off.length ? ` Not on it: ${off.join(", ")}.` : ""}`;
}

const VN_ID = vndbIdPattern("v", true);

/** VN ids a list filter asks for by `id`: "v17", {any: [...]}, ["v17", …]. */
function askedIds(filters: unknown): string[] {
  if (filters === null || typeof filters !== "object" || Array.isArray(filters)) return [];
  const id = (filters as Row).id;
  const values = typeof id === "string" ? [id] : id && typeof id === "object" && Array.isArray((id as Row).any) ? ((id as Row).any as unknown[]) : [];
  return values.flatMap((v) => {
    const m = typeof v === "string" ? VN_ID.exec(v.trim()) : null;
    return m ? [`v${m[1]}`] : [];
  });
}

/**
 * A list lookup by VN id that found nothing: which VN it looked for, and whether it is absent
 * from the list or there but outside the other filters. Null when the filter names no VN id.
 */
export async function listMissNote(ctx: ToolContext, filters: unknown, listUser: string | undefined, search?: string): Promise<string | null> {
  const ids = askedIds(filters).slice(0, MAX_IDS);
  if (ids.length === 0) return search ? searchMissNote(ctx, filters, search) : null;
  try {
    const user = listUser ?? (await ctx.session.whoAmI(ctx.api, ctx.signal)).id;
    const titles = await ctx.api.query("vn", { filters: orOf("id", ids), fields: "title", results: MAX_IDS }, { signal: ctx.signal });
    const name = new Map(titles.results.map((r) => [String(r.id), String((r as Row).title ?? "")]));
    const named = (id: string) => (name.get(id) ? `${id} ${name.get(id)}` : `${id} (no such VN)`);
    const others = Object.keys(filters as Row).some((k) => k !== "id");
    if (!others) return `Not on this list: ${ids.map(named).join(", ")}.`;
    const res = await ctx.api.query("ulist", { user, filters: orOf("id", ids), fields: "labels{id,label},vote", results: MAX_IDS }, { signal: ctx.signal });
    const on = new Map((res.results as unknown as ListEntry[]).map((e) => [e.id, e]));
    return ids
      .map((id) =>
        on.has(id) ? `${named(id)} is on this list (${entryWords(on.get(id)!)}) but outside the other filters.` : `${named(id)} is not on this list.`,
      )
      .join(" ");
  } catch {
    return null;
  }
}

/**
 * A list lookup by title that found nothing: which VN the title names on VNDB, so "is it on my
 * list?" is answered without a second call (eval round 5, list-is-off: players searched the
 * catalogue next). A list search reads the same titles as a VN search, so the best VN match
 * is not on the list when no other filter narrows the lookup.
 */
async function searchMissNote(ctx: ToolContext, filters: unknown, search: string): Promise<string | null> {
  try {
    const best = (await ctx.api.query("vn", { filters: ["search", "=", search], fields: "title", sort: "searchrank", results: 1 }, { signal: ctx.signal })).results[0];
    if (!best) return `No VN matches "${search}" either.`;
    const named = `${String(best.id)} ${String((best as Row).title ?? "")}`.trim();
    const others = filters !== null && filters !== undefined && !(typeof filters === "object" && Object.keys(filters as Row).length === 0);
    return others ? `VNDB's best match for "${search}" is ${named}; it is not among the list entries these filters select.` : `VNDB's best match for "${search}" is ${named}, which is not on this list.`;
  } catch {
    return null;
  }
}
