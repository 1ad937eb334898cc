// The rows of a list import (issue 31 item 2), from a file's text or a pasted list. Pure, and
// kept so: the list editor view (src/ui/app/import-table.ts) bundles editImport into the browser.
// Recognised:
// - lines: one VN per line, as a vndb.org link, an id (v17) or a title;
// - CSV or TSV with a header row naming a title or a VNDB id/link column, and optionally a
//   status/labels, score/vote, notes, started and finished column. The header names of this
//   server's own export (vndb://user/{u}/list.csv) and the usual tracker names (MAL/AniList
//   style: my_status, my_score; "Plan to Read", "Completed", "On-Hold") are understood.

import { vndbIdPattern } from "../../kana/vndbid.js";

export interface ImportRow {
  /** 1-based line of the text the row came from. */
  line: number;
  /** The VN id when the row gives one (an id or a vndb.org link). */
  vn?: string;
  title?: string;
  /** Label names as VNDB calls them (standard labels mapped from tracker words). */
  labels: string[];
  /** 1..10; none when the row has no score (a 0 is "no score" in tracker exports). */
  vote?: number;
  notes?: string;
  started?: string;
  finished?: string;
}

export interface ParsedImport {
  format: string;
  rows: ImportRow[];
  /** Lines that hold no VN (blank CSV cells, a comment). */
  skipped: { line: number; reason: string }[];
}

/** Rows one import takes: matching may cost 2 requests per title row, writing 1 per row; 50 rows stay within VNDB's 200 requests per 5 minutes. */
export const MAX_IMPORT_ROWS = 50;

const VN_ID = vndbIdPattern("v", true);
const LINK = /(?:https?:\/\/)?(?:www\.)?vndb\.org\/(v\d+)\b/i;

const HEADERS: Readonly<Record<string, readonly string[]>> = {
  id: ["vn_id", "vndb_id", "vndb", "vid", "id", "url", "link", "vndb_url", "vndb link"],
  title: ["title", "name", "game", "game_title", "series_title", "vn", "visual novel", "作品名", "タイトル", "ゲーム名"],
  labels: ["labels", "label", "status", "my_status", "my status", "list", "state"],
  vote: ["vote", "score", "rating", "my_score", "my score", "得点", "点数"],
  notes: ["notes", "note", "comment", "comments", "my_comments"],
  started: ["started", "start_date", "my_start_date", "start"],
  finished: ["finished", "finish_date", "my_finish_date", "end_date"],
};

/** Tracker words for VNDB's standard labels. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  playing: "Playing", reading: "Playing", watching: "Playing", current: "Playing", "in progress": "Playing", "1": "Playing",
  finished: "Finished", completed: "Finished", complete: "Finished", read: "Finished", done: "Finished", "2": "Finished",
  stalled: "Stalled", "on-hold": "Stalled", "on hold": "Stalled", onhold: "Stalled", paused: "Stalled", "3": "Stalled",
  dropped: "Dropped", "4": "Dropped",
  wishlist: "Wishlist", "plan to read": "Wishlist", "plan to play": "Wishlist", "plan to watch": "Wishlist", planning: "Wishlist", want: "Wishlist", "5": "Wishlist",
  blacklist: "Blacklist", "6": "Blacklist",
};

/** Split one CSV/TSV line into cells (RFC 4180 quotes; a quoted cell may not span lines here). */
function cells(line: string, sep: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') (cell += '"'), i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === sep) out.push(cell.trim()), (cell = "");
    else cell += ch;
  }
  out.push(cell.trim());
  return out;
}

/** Split text into logical CSV lines: a quoted cell may hold line breaks (our export's notes). */
function csvLines(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let current = "";
  let start = 1;
  let quotes = 0;
  text.split(/\r?\n/).forEach((l, i) => {
    if (current === "") start = i + 1;
    current = current === "" ? l : `${current}\n${l}`;
    quotes += (l.match(/"/g) ?? []).length;
    if (quotes % 2 === 0) {
      out.push({ line: start, text: current });
      current = "";
      quotes = 0;
    }
  });
  if (current) out.push({ line: start, text: current });
  return out;
}

function idOf(value: string): string | undefined {
  const link = LINK.exec(value);
  if (link) return link[1]!.toLowerCase();
  const id = VN_ID.exec(value.trim());
  return id ? `v${id[1]}` : undefined;
}

function labelsOf(value: string): string[] {
  return value
    .split(/[;|]/)
    .map((s) => s.trim())
    .filter((s) => s && s.toLowerCase() !== "voted")
    .map((s) => STATUS_WORDS[s.toLowerCase()] ?? s);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** How a text is laid out: a CSV/TSV with a header naming its columns, or one VN per line. */
function layoutOf(text: string) {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const first = lines.find((l) => l.trim()) ?? "";
  const sep = first.includes("\t") ? "\t" : ",";
  const header = cells(first, sep).map((h) => h.toLowerCase());
  const column = (kind: string) => header.findIndex((h) => HEADERS[kind]!.includes(h));
  const cols = Object.fromEntries(Object.keys(HEADERS).map((k) => [k, column(k)])) as Record<keyof typeof HEADERS, number>;
  const csv = header.length > 1 && (cols.id! >= 0 || cols.title! >= 0);
  return { lines, sep, header, cols, csv };
}

/** One cell as CSV writes it: quoted when it holds the separator, a quote or a line break. */
function csvCell(value: string, sep: string): string {
  return value.includes(sep) || value.includes('"') || value.includes("\n") ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * The same import with some rows edited, every other row and every line number as it was
 * (the list editor's import table: src/ui/app/import-table.ts). An edit maps a row's line to
 * a VN id, which then names the row's VN whatever its title said, or to null, which leaves the
 * row out (its lines become blank, which the parser skips). A CSV row keeps its other cells
 * (status, score, notes, dates).
 */
export function editImport(text: string, edits: ReadonlyMap<number, string | null>): string {
  const { lines, sep, cols, csv } = layoutOf(text);
  if (!csv) {
    for (const [line, vn] of edits) if (line >= 1 && line <= lines.length) lines[line - 1] = vn ?? "";
    return lines.join("\n");
  }
  for (const row of csvLines(text.replace(/^\uFEFF/, ""))) {
    const vn = edits.get(row.line);
    if (vn === undefined) continue;
    const span = row.text.split("\n").length;
    if (vn === null) {
      lines.splice(row.line - 1, span, ...Array<string>(span).fill(""));
      continue;
    }
    const values = cells(row.text, sep);
    // The id column when there is one (it wins over the title), else the title's cell.
    const at = cols.id! >= 0 ? cols.id! : cols.title!;
    while (values.length <= at) values.push("");
    values[at] = vn;
    // Line breaks stay inside quoted cells, so the row spans the lines it spanned.
    lines.splice(row.line - 1, span, ...values.map((v) => csvCell(v, sep)).join(sep).split("\n"));
  }
  return lines.join("\n");
}

export function parseImport(text: string): ParsedImport {
  const { lines, sep, header, cols, csv } = layoutOf(text);
  const skipped: ParsedImport["skipped"] = [];
  if (csv) {
    const body = csvLines(text.replace(/^\uFEFF/, "")).filter((l) => l.text.trim());
    const data = body.slice(1).map((l) => ({ line: l.line, cells: cells(l.text, sep) }));
    // Scores: 1..10 as they are; a 100-point column (EGS, some trackers) scaled down.
    const scores = cols.vote! >= 0 ? data.map((d) => Number(d.cells[cols.vote!])).filter((n) => Number.isFinite(n) && n > 0) : [];
    const scale = scores.length && Math.max(...scores) > 10 ? 10 : 1;
    const rows: ImportRow[] = [];
    for (const d of data) {
      const get = (k: keyof typeof cols) => (cols[k]! >= 0 ? (d.cells[cols[k]!] ?? "").trim() : "");
      const vn = idOf(get("id")) ?? idOf(get("title"));
      const title = get("title") || undefined;
      if (!vn && !title) {
        skipped.push({ line: d.line, reason: "no title or VNDB id" });
        continue;
      }
      const score = Number(get("vote"));
      const vote = Number.isFinite(score) && score > 0 ? Math.min(10, Math.max(1, Math.round((score / scale) * 10) / 10)) : undefined;
      const row: ImportRow = { line: d.line, labels: labelsOf(get("labels")), ...(vn ? { vn } : {}), ...(title ? { title } : {}), ...(vote ? { vote } : {}) };
      if (get("notes")) row.notes = get("notes");
      if (DATE.test(get("started"))) row.started = get("started");
      if (DATE.test(get("finished"))) row.finished = get("finished");
      rows.push(row);
    }
    const kind = header.includes("vn_id") && header.includes("labels") ? "this server's CSV export" : `${sep === "\t" ? "TSV" : "CSV"} with columns ${Object.entries(cols).filter(([, i]) => i >= 0).map(([k, i]) => `${header[i]} (${k})`).join(", ")}`;
    return { format: kind, rows, skipped };
  }
  const rows: ImportRow[] = [];
  lines.forEach((l, i) => {
    const t = l.trim().replace(/^[-*•]\s+|^\d+[.)]\s+/, "");
    if (!t || t.startsWith("#")) return;
    const vn = idOf(t);
    rows.push(vn ? { line: i + 1, vn, labels: [] } : { line: i + 1, title: t, labels: [] });
  });
  return { format: "one VN per line (titles, ids or vndb.org links)", rows, skipped };
}
