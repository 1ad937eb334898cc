// A user's whole list as a file the host can save (issue 31 item 2): CSV (one row per VN,
// for a spreadsheet or another tracker) and JSON (everything, nested). Served as resources
// vndb://user/{user}/list.csv and .json (resources/user-files.ts). Labels, vote, dates,
// notes and each release's status on the release list, paged through POST /ulist.

import type { ToolContext } from "../define-tool.js";
import { RLIST_STATUS_NAMES } from "../../kana/list-write.js";
import { listOwner, readWholeList } from "../insight/whole-list.js";

const EXPORT_FIELDS = "vote,voted,added,lastmod,started,finished,notes,labels{id,label},vn{title},releases{list_status,title}";

interface RawEntry {
  id: string;
  vote: number | null;
  voted: number | null;
  added: number;
  lastmod: number;
  started: string | null;
  finished: string | null;
  notes: string | null;
  labels?: { id: number; label: string }[];
  vn?: { title?: string };
  releases?: { id: string; title?: string; list_status: number }[];
}

export interface ExportedEntry {
  vn: string;
  title: string;
  labels: string[];
  /** 1..10 as the site shows it; null without a vote. */
  vote: number | null;
  voted: string | null;
  added: string;
  lastmod: string;
  started: string | null;
  finished: string | null;
  notes: string;
  releases: { id: string; title: string; status: string }[];
}

export interface ListExport {
  user: string;
  label: string;
  /** False when the reader is not the token's owner: private entries are then left out. */
  private_entries_included: boolean;
  /** True when the list is longer than the reader reads (whole-list.ts MAX_PAGES). */
  cut: boolean;
  exported_at: string;
  entries: ExportedEntry[];
}

/** A Unix time as the date it falls on (UTC), the way the site shows list dates. */
const date = (t: number | null) => (t === null ? null : new Date(t * 1000).toISOString().slice(0, 10));

export async function exportList(ctx: ToolContext, user: string | undefined, now = new Date()): Promise<ListExport> {
  const owner = await listOwner(ctx, user);
  const { rows, cut } = await readWholeList<RawEntry>(ctx.api, owner.id, EXPORT_FIELDS, ctx);
  return {
    user: owner.id,
    label: owner.label,
    private_entries_included: owner.seesPrivate,
    cut,
    exported_at: now.toISOString(),
    entries: rows.map((r) => ({
      vn: r.id,
      title: r.vn?.title ?? "",
      labels: (r.labels ?? []).map((l) => l.label),
      vote: r.vote === null ? null : r.vote / 10,
      voted: date(r.voted),
      added: date(r.added)!,
      lastmod: date(r.lastmod)!,
      started: r.started,
      finished: r.finished,
      notes: r.notes ?? "",
      releases: (r.releases ?? []).map((x) => ({ id: x.id, title: x.title ?? "", status: RLIST_STATUS_NAMES[x.list_status] ?? String(x.list_status) })),
    })),
  };
}

/** The CSV columns, in order (RFC 4180). */
export const CSV_COLUMNS = ["vn_id", "title", "labels", "vote", "voted", "added", "lastmod", "started", "finished", "notes", "releases"] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const cell = (v: string | number | null) => {
  const s = v === null ? "" : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function exportCsv(e: ListExport): string {
  const rows = e.entries.map((x) =>
    [x.vn, x.title, x.labels.join("; "), x.vote, x.voted, x.added, x.lastmod, x.started, x.finished, x.notes, x.releases.map((r) => `${r.id} ${r.status}`).join("; ")]
      .map(cell)
      .join(","),
  );
  return `${[CSV_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}
