// What a PATCH /ulist did, from the entry before, the body sent and the entry read back:
// the changes (so a no-op is reported as one) and what was asked but does not show (so a
// write VNDB acknowledged without storing, or an id that is not a label, is never
// reported as done). VNDB's rules (reference §12.2): notes are trimmed, `labels` replaces
// the set, labels_set/labels_unset edit it (unset wins), label 7 follows the vote.

import type { UlistPatch } from "../api.js";
import { labelText } from "../../format/list-labels.js";
import { voteOutOfTen } from "../../format/readable.js";
import type { ListEntry } from "./list-entries.js";

const VOTED = 7;

export interface UlistCheck {
  /** What differs between before and after, in words. */
  changes: string[];
  /** What was asked and does not show after the write, in words. */
  notApplied: string[];
  /** Label ids asked for that are not labels of the list (as far as `names` knows). */
  unknownLabels: number[];
}

const vote = (v: number | null | undefined) => (v == null ? "none" : voteOutOfTen(v));
const text = (v: string | null | undefined) => (v ?? "").trim();
const quoted = (v: string) => (v === "" ? "empty" : JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v));
const ids = (e: ListEntry | null) => new Set((e?.labels ?? []).map((l) => l.id));

/** The label ids a PATCH asks to have afterwards: (labels ∪ labels_set) − labels_unset. */
export function wantedLabelIds(sent: UlistPatch): number[] {
  const wanted = new Set([...(sent.labels ?? []), ...(sent.labels_set ?? [])]);
  for (const id of sent.labels_unset ?? []) wanted.delete(id);
  return [...wanted];
}

export function checkUlistWrite(
  before: ListEntry | null,
  sent: UlistPatch,
  after: ListEntry | null,
  names: ReadonlyMap<number, string>,
): UlistCheck {
  const name = (id: number) => (names.has(id) ? labelText({ id, label: names.get(id)! }) : `label id ${id}`);
  if (!after) return { changes: [], notApplied: ["the VN is not on the list"], unknownLabels: [] };

  const changes: string[] = [];
  if (!before) changes.push("added to the list");
  if ((before?.vote ?? null) !== (after.vote ?? null)) changes.push(`vote ${vote(before?.vote)} → ${vote(after.vote)}`);
  const was = ids(before);
  const now = ids(after);
  const added = [...now].filter((id) => !was.has(id));
  const removed = [...was].filter((id) => !now.has(id));
  if (added.length) changes.push(`label${added.length > 1 ? "s" : ""} added: ${added.map(name).join(", ")}`);
  if (removed.length) changes.push(`label${removed.length > 1 ? "s" : ""} removed: ${removed.map(name).join(", ")}`);
  if (text(before?.notes) !== text(after.notes)) changes.push(text(after.notes) ? `notes set to ${quoted(text(after.notes))}` : "notes cleared");
  for (const key of ["started", "finished"] as const) {
    if ((before?.[key] ?? null) !== (after[key] ?? null)) changes.push(`${key} ${before?.[key] ?? "none"} → ${after[key] ?? "none"}`);
  }

  const notApplied: string[] = [];
  const unknownLabels: number[] = [];
  if (sent.vote !== undefined && (after.vote ?? null) !== sent.vote) notApplied.push(`vote is ${vote(after.vote)}, not ${vote(sent.vote)}`);
  if (sent.notes !== undefined && text(after.notes) !== text(sent.notes)) {
    notApplied.push(`notes are ${quoted(text(after.notes))}, not ${quoted(text(sent.notes))}`);
  }
  for (const key of ["started", "finished"] as const) {
    if (sent[key] !== undefined && after[key] !== sent[key]) notApplied.push(`${key} is ${after[key] ?? "none"}, not ${sent[key]}`);
  }
  const wanted = wantedLabelIds(sent);
  for (const id of wanted) {
    if (now.has(id)) continue;
    if (names.has(id)) notApplied.push(`${name(id)} was not added`);
    else unknownLabels.push(id);
  }
  if (unknownLabels.length) {
    const list = unknownLabels.map((id) => `id ${id}`).join(", ");
    notApplied.push(`no label with ${list} exists on this list (VNDB keeps unknown ids but never shows them)`);
  }
  for (const id of sent.labels_unset ?? []) if (now.has(id)) notApplied.push(`${name(id)} was not removed`);
  if (sent.labels !== undefined) {
    for (const id of now) if (id !== VOTED && !wanted.includes(id)) notApplied.push(`${name(id)} is still there`);
  }
  return { changes, notApplied, unknownLabels };
}

/** The body sent, in words (votes on the 1-10 scale, labels by name), for answers that cannot confirm it. */
export function sentText(sent: UlistPatch, names: ReadonlyMap<number, string>): string {
  const name = (id: number) => (names.has(id) ? labelText({ id, label: names.get(id)! }) : `label id ${id}`);
  const parts: string[] = [];
  if (sent.vote !== undefined) parts.push(`vote ${vote(sent.vote)}`);
  if (sent.labels) parts.push(`labels replaced by ${sent.labels.map(name).join(", ") || "none"}`);
  if (sent.labels_set?.length) parts.push(`add ${sent.labels_set.map(name).join(", ")}`);
  if (sent.labels_unset?.length) parts.push(`remove ${sent.labels_unset.map(name).join(", ")}`);
  if (sent.notes !== undefined) parts.push(`notes ${quoted(text(sent.notes))}`);
  if (sent.started !== undefined) parts.push(`started ${sent.started}`);
  if (sent.finished !== undefined) parts.push(`finished ${sent.finished}`);
  return parts.join("; ") || "no changes (adds the VN if missing)";
}
