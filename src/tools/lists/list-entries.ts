// Reading one entry of the token owner's lists, for previews and read-after-write. PATCH and
// DELETE answer 204 with no body (reference §12), so the state is read back with POST /ulist.

import type { AuthInfo, VndbApi } from "../api.js";
import { labelsText } from "../../format/list-labels.js";
import { isoDay, voteOutOfTen } from "../../format/readable.js";
import { ToolError } from "../errors.js";
import type { ToolContext } from "../define-tool.js";
import { permissionHint } from "./permissions.js";
import { vndbIdPattern } from "../../kana/vndbid.js";
import { RLIST_STATUS_NAMES } from "../../kana/list-write.js";

export interface ListEntry {
  id: string;
  vote?: number | null;
  voted?: number | null;
  labels?: { id: number; label: string }[];
  started?: string | null;
  finished?: string | null;
  notes?: string | null;
  added?: number;
  lastmod?: number;
  vn?: { title?: string; alttitle?: string | null };
  releases?: { id: string; title?: string; list_status?: number }[];
}

/** Release-list statuses, by the API's number (reference §12.3). */
export const RELEASE_STATUSES = RLIST_STATUS_NAMES;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export const ENTRY_FIELDS =
  "vote,voted,labels{id,label},started,finished,notes,added,lastmod,vn{title,alttitle},releases{title,list_status}";

const VN_ID = vndbIdPattern("v", true);
const RELEASE_ID = vndbIdPattern("r", true);

export function normaliseId(kind: "v" | "r", value: string): string {
  const m = (kind === "v" ? VN_ID : RELEASE_ID).exec(value.trim());
  if (!m) {
    throw new ToolError(
      `"${value}" is not a ${kind === "v" ? "visual novel" : "release"} id.`,
      `Use an id like ${kind}17; find it with ${kind === "v" ? "vndb_search_vn" : "vndb_search_release"}.`,
    );
  }
  return `${kind}${m[1]}`;
}

/**
 * The VN a write is about: an id, or a title that matches one VN exactly (title or alias,
 * VNDB's search normalisation). Anything looser is refused with the candidates, so a write
 * never lands on a search guess; `exactName: false` (deletes) refuses every name.
 */
export async function vnForWrite(
  ctx: ToolContext,
  value: string,
  exactName: boolean,
): Promise<{ vid: string; resolvedFrom?: string }> {
  // Anything shaped like an id is taken as one (and refused as one when out of range).
  if (/^v?[0-9]+$/i.test(value.trim())) return { vid: normaliseId("v", value.trim().toLowerCase()) };
  const resolver = await ctx.session.resolver(ctx.api);
  const r = await resolver.resolve("vn", value);
  if (r.ok && r.how === "exact" && exactName) return { vid: r.id, resolvedFrom: `"${value}" = ${r.id} ${r.name}` };
  const head = `"${value}" is not a visual novel id.`;
  if (r.ok) {
    const found = r.how === "exact" ? `It is ${r.id} ${r.name}; a removal is confirmed by id only.` : `The closest match is ${r.id} ${r.name}.`;
    throw new ToolError(`${head} ${found}`, `If that is the one the user means, call again with "vn": "${r.id}".`);
  }
  if (r.reason === "ambiguous") {
    const list = r.candidates.map((c) => `${c.id} ${c.name}${c.note ? ` (${c.note})` : ""}`).join(", ");
    throw new ToolError(`${head} Candidates: ${list}.`, "Ask the user which one they mean if unsure, then pass its id.");
  }
  throw new ToolError(`${head} No visual novel matches that title.`, "Find the id with vndb_search_vn.");
}

/** The token owner, who must hold `listwrite` for any write (reference §2.4). */
export async function requireListWrite(ctx: ToolContext): Promise<AuthInfo> {
  const me = await ctx.session.whoAmI(ctx.api, ctx.signal);
  if (!me.permissions.includes("listwrite")) {
    throw new ToolError(`The configured VNDB token (user ${me.id}) may not change the list.`, permissionHint(me, ["listwrite"]));
  }
  return me;
}

export async function readEntry(api: VndbApi, user: string, vid: string, signal?: AbortSignal): Promise<ListEntry | null> {
  const res = await api.query(
    "ulist",
    { filters: ["id", "=", vid], user, fields: ENTRY_FIELDS, results: 1 },
    { signal },
  );
  return (res.results[0] as unknown as ListEntry | undefined) ?? null;
}

export interface ReleaseEntry {
  release: { id: string; title?: string; alttitle?: string | null; vns: string[] };
  /** The release-list status, or null when the release is not on the list. */
  status: ReleaseStatus | null;
  /** The release's VNs that are on the owner's VN list (as far as the token may see). */
  vnsOnList: string[];
}

/** A release and its status on the owner's release list, via the lists of its VNs. */
export async function readReleaseEntry(
  api: VndbApi,
  user: string,
  rid: string,
  signal?: AbortSignal,
): Promise<ReleaseEntry> {
  const rel = await api.query(
    "release",
    { filters: ["id", "=", rid], fields: "title,alttitle,vns{id}", results: 1 },
    { signal },
  );
  const row = rel.results[0] as { id: string; title?: string; alttitle?: string | null; vns?: { id: string }[] } | undefined;
  if (!row) throw new ToolError(`There is no release ${rid} on VNDB.`, "Find the id with vndb_search_release.");
  const vns = (row.vns ?? []).map((v) => v.id);
  let status: ReleaseStatus | null = null;
  const vnsOnList: string[] = [];
  if (vns.length > 0) {
    const filters = vns.length === 1 ? ["id", "=", vns[0]] : ["or", ...vns.map((v) => ["id", "=", v])];
    const ul = await api.query("ulist", { filters, user, fields: "releases{list_status}", results: vns.length }, { signal });
    for (const entry of ul.results as unknown as ListEntry[]) {
      vnsOnList.push(entry.id);
      const hit = entry.releases?.find((r) => r.id === rid);
      if (hit && hit.list_status !== undefined) status = RELEASE_STATUSES[hit.list_status] ?? "unknown";
    }
  }
  return { release: { id: row.id, title: row.title, alttitle: row.alttitle, vns }, status, vnsOnList };
}

export function vnLabel(entry: ListEntry | null, vid: string): string {
  const t = entry?.vn?.title;
  if (!t) return vid;
  return entry?.vn?.alttitle ? `${vid} ${t} (${entry.vn.alttitle})` : `${vid} ${t}`;
}

/** The VNDB vote (10..100) on the 1..10 scale the site shows, as the list tool shows it. */
export function voteText(vote: number | null | undefined): string {
  return vote == null ? "no vote" : `vote ${voteOutOfTen(vote)}`;
}

function day(ts: number | null | undefined): string | undefined {
  return ts ? isoDay(ts) : undefined;
}

/** One compact paragraph describing a list entry; notes and dates are always named, "none" when empty. */
export function describeEntry(entry: ListEntry): string {
  const parts = [voteText(entry.vote)];
  parts.push(`labels: ${labelsText(entry.labels)}`);
  parts.push(`started ${entry.started ?? "none"}`, `finished ${entry.finished ?? "none"}`);
  parts.push(`notes: ${entry.notes?.trim() ? JSON.stringify(entry.notes) : "none"}`);
  const added = day(entry.added);
  if (added) parts.push(`added ${added}`);
  if (entry.releases?.length) parts.push(`releases: ${entry.releases.map(releaseText).join(", ")}`);
  return parts.join("; ");
}

/** A release on the release list: "r1006 Title (obtained)". */
export function releaseText(r: { id: string; title?: string; list_status?: number }): string {
  return `${r.id}${r.title ? ` ${r.title}` : ""} (${RELEASE_STATUSES[r.list_status ?? 0] ?? "unknown"})`;
}
