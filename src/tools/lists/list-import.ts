// vndb_update_list_entry {"import": text}: many rows onto my list at once (issue 31 item 2).
// Each row is matched to a VN with a stated confidence (ids and links exactly; titles by the
// folder-name identifier, query/identify/), compared with the list (POST /ulist), and shown
// as a dry run. With confirm:true the user is asked once for the whole batch (elicitation or
// input_required, as a removal is: ctx.confirm), then the rows are written in order with
// progress (PATCH /ulist), stopping at the first failure that is not the row's own (the rate
// budget, VNDB down), and every row's outcome is read back. The batch can be undone
// ({"undo": id}), also after a partial write: exactly the rows written are put back.

import type { ToolContext, ToolResult } from "../define-tool.js";
import type { UlistPatch } from "../api.js";
import { ToolError, describeError } from "../errors.js";
import { isKanaError } from "../../kana/errors.js";
import type { ImportBatch } from "../session.js";
import { identify } from "../query/identify/identify.js";
import { idFilter, PAGE_SIZE } from "../insight/whole-list.js";
import { MAX_IMPORT_ROWS, parseImport, type ImportRow } from "./import-rows.js";
import { requireListWrite } from "./list-entries.js";

/** A title match this sure (a whole title or alias, not an abbreviation: those score ≤ 0.95), and this far ahead of the next candidate, is taken as is. */
const SURE = 0.95;
const MARGIN = 0.05;
/** Below this no candidate is offered: the row is unknown. */
const UNSURE = 0.6;
/** Rows named per group in a dry run's text (all are in structuredContent). */
const NAMED = 15;
/** Voted (7) follows the vote; it cannot be set (reference §12.2). */
const VOTED = 7;

/** Failures that are not the row's own: the next row would fail the same way, so the batch stops. */
const STOPS = new Set(["budget", "unavailable", "network", "deadline", "aborted", "protocol"]);

type Action = "add" | "change" | "already" | "ambiguous" | "unknown" | "duplicate";

interface Planned {
  row: ImportRow;
  action: Action;
  vn?: string;
  title?: string;
  /** How the VN was found: "id", or a title match with its score. */
  match?: string;
  confidence?: number;
  candidates?: { id: string; title: string; score: number }[];
  before?: { vote: number | null; labels: { id: number; label: string }[] } | null;
  body?: UlistPatch;
  what?: string;
  note?: string;
}

interface ListedEntry {
  id: string;
  vote: number | null;
  labels?: { id: number; label: string }[];
}

async function entriesOf(ctx: ToolContext, user: string, ids: readonly string[]): Promise<Map<string, ListedEntry>> {
  const out = new Map<string, ListedEntry>();
  for (let i = 0; i < ids.length; i += PAGE_SIZE) {
    const chunk = ids.slice(i, i + PAGE_SIZE);
    const res = await ctx.api.query("ulist", { user, filters: idFilter(chunk), fields: "vote,labels{id,label}", results: PAGE_SIZE }, { signal: ctx.signal });
    for (const e of res.results as unknown as ListedEntry[]) out.set(e.id, e);
  }
  return out;
}

/** Two titles the same but for case, spaces and punctuation. */
function sameTitle(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  return norm(a) !== "" && norm(a) === norm(b);
}

/** Matches, list comparison and the body each row would write: no write. */
async function plan(ctx: ToolContext, user: string, text: string, defaultLabels: readonly string[]) {
  const parsed = parseImport(text);
  if (!parsed.rows.length) throw new ToolError("No rows to import.", "Give one title, id or vndb.org link per line, or a CSV with a title or VNDB id column.");
  if (parsed.rows.length > MAX_IMPORT_ROWS) {
    throw new ToolError(`${parsed.rows.length} rows; one import takes at most ${MAX_IMPORT_ROWS} (VNDB allows 200 requests per 5 minutes).`, "Split the list and import each part.");
  }
  const planned: Planned[] = [];
  // Ids and links: checked in one /vn request per 100.
  const ids = [...new Set(parsed.rows.flatMap((r) => (r.vn ? [r.vn] : [])))];
  const titles = new Map<string, string>();
  for (let i = 0; i < ids.length; i += PAGE_SIZE) {
    const res = await ctx.api.query("vn", { filters: idFilter(ids.slice(i, i + PAGE_SIZE)), fields: "title", results: PAGE_SIZE }, { signal: ctx.signal });
    for (const v of res.results as unknown as { id: string; title: string }[]) titles.set(v.id, v.title);
  }
  for (const row of parsed.rows) {
    if (row.vn) {
      const title = titles.get(row.vn);
      planned.push(title ? { row, action: "add", vn: row.vn, title, match: "id", confidence: 1 } : { row, action: "unknown", note: `no VN ${row.vn} on VNDB` });
      continue;
    }
    const { ranked } = await identify(ctx.api, row.title!, ctx.signal);
    const [best, next] = ranked;
    const candidates = ranked.slice(0, 3).map((c) => ({ id: c.id, title: c.title, score: c.score }));
    // A row that is one candidate's title, letter for letter, means that VN even where its
    // sequels score close ("Gyakuten Saiban" beside "Gyakuten Saiban 2"): an eval player saw it
    // refused as ambiguous.
    const exact = ranked.filter((c) => sameTitle(c.title, row.title!));
    if (exact.length === 1) {
      planned.push({ row, action: "add", vn: exact[0]!.id, title: exact[0]!.title, match: "exact title", confidence: 1, candidates });
      continue;
    }
    if (best && best.score >= SURE && (!next || best.score - next.score >= MARGIN)) {
      planned.push({ row, action: "add", vn: best.id, title: best.title, match: `title ${best.score.toFixed(2)}`, confidence: best.score, candidates });
    } else if (best && best.score >= UNSURE) {
      planned.push({ row, action: "ambiguous", candidates, confidence: best.score });
    } else {
      planned.push({ row, action: "unknown", note: "no convincing match", candidates });
    }
  }
  // Labels by name: the list's own (custom labels too), one request.
  const known = await ctx.api.ulistLabels({ user }, { signal: ctx.signal });
  const labelId = new Map(known.labels.map((l) => [l.label.toLowerCase(), l.id]));
  const listed = await entriesOf(ctx, user, [...new Set(planned.flatMap((p) => (p.vn ? [p.vn] : [])))]);
  const seen = new Map<string, number>();
  for (const p of planned) {
    if (!p.vn) continue;
    const first = seen.get(p.vn);
    if (first !== undefined) {
      Object.assign(p, { action: "duplicate", note: `same VN as line ${first}` });
      continue;
    }
    seen.set(p.vn, p.row.line);
    const entry = listed.get(p.vn);
    // The default labels (labels_set of the call) are for rows added without a status of their own.
    const names = p.row.labels.length ? p.row.labels : entry ? [] : defaultLabels;
    const wanted: number[] = [];
    const missing: string[] = [];
    for (const n of names) {
      const id = /^\d+$/.test(n) ? Number(n) : labelId.get(n.toLowerCase());
      if (id === undefined || id === VOTED || id === 0) missing.push(n);
      else wanted.push(id);
    }
    if (missing.length) p.note = `no label ${missing.map((m) => `"${m}"`).join(", ")} on this list: left out`;
    p.before = entry ? { vote: entry.vote, labels: entry.labels ?? [] } : null;
    const body: UlistPatch = {};
    if (!entry) {
      if (wanted.length) body.labels_set = wanted;
      if (p.row.vote) body.vote = Math.round(p.row.vote * 10);
      if (p.row.notes) body.notes = p.row.notes;
      if (p.row.started) body.started = p.row.started;
      if (p.row.finished) body.finished = p.row.finished;
      p.body = body;
      p.what = [...wanted.map((id) => known.labels.find((l) => l.id === id)!.label), ...(body.vote ? [`vote ${body.vote / 10}`] : [])].join(", ") || "no label (private until labelled)";
      continue;
    }
    // On the list: labels are added, never removed; the vote changes; notes and dates stay.
    const add = wanted.filter((id) => !(entry.labels ?? []).some((l) => l.id === id));
    const vote = p.row.vote ? Math.round(p.row.vote * 10) : undefined;
    if (add.length) body.labels_set = add;
    if (vote !== undefined && vote !== entry.vote) body.vote = vote;
    if (!Object.keys(body).length) {
      p.action = "already";
      continue;
    }
    p.action = "change";
    p.body = body;
    p.what = [
      ...add.map((id) => `+${known.labels.find((l) => l.id === id)!.label}`),
      ...(body.vote ? [`vote ${entry.vote === null ? "none" : entry.vote / 10} → ${body.vote / 10}`] : []),
    ].join(", ");
  }
  return { parsed, planned };
}

const rowName = (p: Planned) => (p.vn ? `${p.vn} ${p.title ?? ""}`.trim() : `"${p.row.title ?? p.row.vn}"`);

function group(planned: readonly Planned[], action: Action, say: (p: Planned) => string): string | null {
  const rows = planned.filter((p) => p.action === action);
  if (!rows.length) return null;
  const shown = rows.slice(0, NAMED).map((p) => `line ${p.row.line} ${say(p)}`);
  return `${rows.length}: ${shown.join("; ")}${rows.length > NAMED ? `; and ${rows.length - NAMED} more` : ""}`;
}

function dryRunLines(planned: readonly Planned[]): string[] {
  const cands = (p: Planned) => (p.candidates ?? []).map((c) => `${c.id} ${c.title} (${c.score.toFixed(2)})`).join(", ");
  const lines = [
    ["Add", group(planned, "add", (p) => `${rowName(p)} [${p.match}] → ${p.what}${p.note ? `; ${p.note}` : ""}`)],
    ["Change", group(planned, "change", (p) => `${rowName(p)} [${p.match}]: ${p.what}`)],
    ["Already there", group(planned, "already", (p) => rowName(p))],
    ["Ambiguous (not written; give the id instead)", group(planned, "ambiguous", (p) => `"${p.row.title}" → ${cands(p)}`)],
    ["Unknown (not written)", group(planned, "unknown", (p) => `${rowName(p)}: ${p.note}${p.candidates?.length ? ` (best: ${cands(p)})` : ""}`)],
    ["Duplicates (not written)", group(planned, "duplicate", (p) => `${rowName(p)}: ${p.note}`)],
  ];
  return lines.filter(([, v]) => v).map(([k, v]) => `${k} ${v}.`);
}

const structuredRows = (planned: readonly Planned[]) =>
  planned.map((p) => ({
    line: p.row.line,
    input: p.row.title ?? p.row.vn,
    action: p.action,
    ...(p.vn ? { vn: p.vn, title: p.title } : {}),
    ...(p.confidence !== undefined ? { confidence: p.confidence } : {}),
    ...(p.candidates && p.action !== "add" ? { candidates: p.candidates } : {}),
    ...(p.what ? { change: p.what } : {}),
    ...(p.note ? { note: p.note } : {}),
  }));

/**
 * How a written row is put back. An import only adds labels and sets the vote of an entry
 * that was there, so undo unsets those labels and restores the vote: sending the old label
 * set as `labels` would drop Voted while the vote remains (reference §12.2).
 */
function undoRow(p: Planned): ImportBatch["rows"][number] {
  if (!p.before) return { vn: p.vn!, title: p.title ?? "", undo: null };
  const had = new Set(p.before.labels.map((l) => l.id));
  const undo: UlistPatch = {};
  const added = (p.body!.labels_set ?? []).filter((id) => !had.has(id));
  if (added.length) undo.labels_unset = added;
  if (p.body!.vote !== undefined) undo.vote = p.before.vote;
  return { vn: p.vn!, title: p.title ?? "", undo: undo as Record<string, unknown> };
}

export async function runImport(ctx: ToolContext, text: string, confirm: boolean, defaultLabels: readonly string[]): Promise<ToolResult> {
  const me = await requireListWrite(ctx);
  const { parsed, planned } = await plan(ctx, me.id, text, defaultLabels);
  const writes = planned.filter((p) => p.action === "add" || p.action === "change");
  const whose = `${me.username} (${me.id})'s list`;
  const head = `Import into ${whose}: ${parsed.rows.length} rows read as ${parsed.format}.${parsed.skipped.length ? ` Skipped lines ${parsed.skipped.map((s) => s.line).join(", ")} (no title or id).` : ""}`;
  if (!confirm || !writes.length) {
    const tail = writes.length
      ? `Dry run: nothing was written. To write the ${writes.length} rows to add or change, call again with the same import and "confirm": true after the user agrees (one confirmation for the whole batch).`
      : "Nothing to write.";
    const bare = planned.some((p) => p.action === "add" && !p.row.labels.length) && !defaultLabels.length;
    const hint = bare ? ['Rows without a status get no label (VNDB keeps such entries private); pass labels_set (e.g. ["Wishlist"]) to label them.'] : [];
    return { text: [head, ...dryRunLines(planned), ...hint, tail].join("\n"), structured: { user: me.id, dry_run: true, rows_written: 0, rows: structuredRows(planned) } };
  }
  const names = writes.slice(0, 5).map(rowName).join(", ");
  const question = `Write ${writes.length} rows to ${whose} (add ${writes.filter((p) => p.action === "add").length}, change ${writes.filter((p) => p.action === "change").length}): ${names}${writes.length > 5 ? ", …" : ""}?`;
  const answer = await ctx.confirm(question);
  if (answer === "declined") {
    return { text: "The user did not confirm; nothing was written.", structured: { user: me.id, dry_run: false, confirmed: false, rows_written: 0, rows: structuredRows(planned) } };
  }

  const batchId = ctx.session.nextImportId();
  const batch: ImportBatch = { user: me.id, rows: [] };
  ctx.session.imports.set(batchId, batch);
  const outcome = new Map<Planned, string>();
  let stopped: { at: Planned; why: string } | undefined;
  for (const [i, p] of writes.entries()) {
    if (stopped) {
      outcome.set(p, "not attempted");
      continue;
    }
    ctx.progress(i, writes.length, `${rowName(p)}`);
    try {
      await ctx.api.patchUlist(p.vn!, p.body!, { signal: ctx.signal });
      batch.rows.push(undoRow(p));
      outcome.set(p, "sent");
    } catch (error) {
      const why = describeError(error).split("\n")[0]!;
      // An answer lost after sending may have written: undo covers the row either way.
      if (isKanaError(error) && (error.kind === "network" || error.kind === "deadline") && error.attempts > 0) {
        batch.rows.push(undoRow(p));
        outcome.set(p, `unknown: ${why}`);
      } else {
        outcome.set(p, `not written: ${why}`);
      }
      if (!isKanaError(error) || STOPS.has(error.kind)) stopped = { at: p, why };
    }
  }
  ctx.progress(writes.length, writes.length);
  // Read back every row that was or may have been written.
  const tried = writes.filter((p) => outcome.get(p) === "sent" || outcome.get(p)!.startsWith("unknown"));
  let after: Map<string, ListedEntry> | undefined;
  let readError: string | undefined;
  try {
    after = await entriesOf(ctx, me.id, tried.map((p) => p.vn!));
  } catch (error) {
    readError = describeError(error).split("\n")[0]!;
  }
  const rows = writes.map((p) => {
    const o = outcome.get(p)!;
    if (o === "not attempted" || o.startsWith("not written")) return { p, state: o };
    if (!after) return { p, state: `${o === "sent" ? "sent; VNDB accepted the write" : o}; not read back (${readError})` };
    const e = after.get(p.vn!);
    const labelsOk = (p.body!.labels_set ?? []).every((id) => e?.labels?.some((l) => l.id === id));
    const voteOk = p.body!.vote === undefined || e?.vote === p.body!.vote;
    const on = e ? `now ${[...(e.labels ?? []).filter((l) => l.id !== VOTED).map((l) => l.label), ...(e.vote ? [`vote ${e.vote / 10}`] : [])].join(", ") || "no label"}` : "not on the list";
    if (e && labelsOk && voteOk) return { p, state: `${p.action === "add" ? "added" : "changed"} (read back: ${on})` };
    return { p, state: `not applied as asked (read back: ${on})` };
  });
  const written = rows.filter((r) => /^(added|changed)|^sent/.test(r.state)).length;
  const lines = [head];
  lines.push(
    stopped
      ? `Stopped at line ${stopped.at.row.line} (${rowName(stopped.at)}): ${stopped.why}. Written before it: ${written} of ${writes.length}; the rest were not attempted.`
      : `Written: ${written} of ${writes.length}.`,
  );
  for (const r of rows) lines.push(`line ${r.p.row.line} ${rowName(r.p)}: ${r.state}`);
  const left = planned.filter((p) => p.action !== "add" && p.action !== "change");
  if (left.length) lines.push(`Not written by design: ${left.map((p) => `line ${p.row.line} ${p.action}`).join(", ")}.`);
  if (batch.rows.length) lines.push(`Undo: {"undo":"${batchId}","confirm":true}`);
  else ctx.session.imports.delete(batchId);
  return {
    text: lines.join("\n"),
    structured: {
      user: me.id,
      dry_run: false,
      confirmed: true,
      batch: batch.rows.length ? batchId : null,
      rows_written: written,
      stopped: stopped ? { line: stopped.at.row.line, reason: stopped.why } : null,
      rows: structuredRows(planned).map((s) => {
        const r = rows.find((x) => x.p.row.line === s.line);
        const undo = batch.rows.find((b) => b.vn === s.vn && r);
        // Each written row's way back, for a client whose next call cannot reach this session (stateless HTTP).
        return r ? { ...s, outcome: r.state, ...(undo ? { undo: undo.undo ?? "remove" } : {}) } : s;
      }),
    },
  };
}

/** What this session knows of a batch id it cannot undo: already undone, another list's, another session's, or never seen. */
function unknownBatch(ctx: ToolContext, batchId: string, me: string, batch: ImportBatch | undefined): ToolError {
  const byHand = 'Put each row back by hand: the import\'s rows[].undo is the update to send (or "remove").';
  if (batch?.undone) return new ToolError(`${batchId} was already undone in this session; nothing of it is left to put back.`);
  if (batch) return new ToolError(`${batchId} was imported into ${batch.user}'s list; the configured token is ${me}'s.`, "Undo it with that user's token.");
  const ours = ctx.session.importTag;
  const tag = /^import-([0-9a-f]+)-\d+$/.exec(batchId)?.[1];
  const open = [...ctx.session.imports].filter(([, b]) => b.user === me && !b.undone);
  const known = open.length
    ? `This session's imports that can be undone: ${open.map(([id, b]) => `${id} (${b.rows.length} row${b.rows.length === 1 ? "" : "s"})`).join(", ")}.`
    : "This session has no import to undo.";
  const where =
    tag && tag !== ours
      ? `${batchId} was made in another session (this session's ids start import-${ours}-): undo works only in the session that imported.`
      : `No import ${batchId} in this session.`;
  return new ToolError(`${where} ${known}`, byHand);
}

export async function runUndo(ctx: ToolContext, batchId: string, confirm: boolean): Promise<ToolResult> {
  const me = await requireListWrite(ctx);
  batchId = batchId.trim();
  const batch = ctx.session.imports.get(batchId);
  if (!batch || batch.user !== me.id || batch.undone) throw unknownBatch(ctx, batchId, me.id, batch);
  const what = (r: ImportBatch["rows"][number]) => `${r.vn} ${r.title}: ${r.undo ? "take back the labels and vote the import set" : "remove it (it was added)"}`;
  const plan = [...batch.rows].reverse();
  if (!confirm) {
    return {
      text: `Preview: undoing ${batchId} would ${plan.map(what).join("; ")}.\nNothing was changed. After the user agrees, call again with "confirm": true.`,
      structured: { user: me.id, undone: 0, preview: true },
    };
  }
  const answer = await ctx.confirm(`Undo ${batchId} on ${me.username}'s list: ${plan.length} rows (${plan.filter((r) => !r.undo).length} removed, ${plan.filter((r) => r.undo).length} restored)?`);
  if (answer === "declined") return { text: "The user did not confirm; nothing was changed.", structured: { user: me.id, undone: 0, confirmed: false } };
  const done: string[] = [];
  const lines: string[] = [];
  let stopped: string | undefined;
  for (const [i, r] of plan.entries()) {
    ctx.progress(i, plan.length, r.vn);
    try {
      if (!r.undo) await ctx.api.deleteUlist(r.vn, { signal: ctx.signal });
      else await ctx.api.patchUlist(r.vn, r.undo as UlistPatch, { signal: ctx.signal });
      done.push(r.vn);
    } catch (error) {
      stopped = `${r.vn}: ${describeError(error).split("\n")[0]}`;
      break;
    }
  }
  // What is left to undo stays in the batch, so that undo can be called again.
  batch.rows = batch.rows.filter((r) => !done.includes(r.vn));
  // Kept, marked, so that undoing it again says it was undone rather than "unknown".
  if (!batch.rows.length) batch.undone = true;
  let after: Map<string, ListedEntry> | undefined;
  try {
    after = await entriesOf(ctx, me.id, done);
  } catch {
    after = undefined;
  }
  for (const r of plan.filter((x) => done.includes(x.vn))) {
    const e = after?.get(r.vn);
    const want = r.undo as UlistPatch | null;
    const restored = e && (want?.vote === undefined || (e.vote ?? null) === want.vote) && !(want?.labels_unset ?? []).some((id) => e.labels?.some((l) => l.id === id));
    const ok = !after ? "sent; not read back" : want ? (restored ? "restored" : "not restored as asked") : e ? "still on the list" : "removed";
    lines.push(`${r.vn} ${r.title}: ${ok}`);
  }
  const head = stopped
    ? `Undo of ${batchId} stopped at ${stopped}. Undone: ${done.length} of ${plan.length}; call undo again for the rest.`
    : `Undid ${batchId}: ${done.length} rows.`;
  return { text: [head, ...lines].join("\n"), structured: { user: me.id, undone: done.length, remaining: batch.rows.length } };
}
