// List writes (reference §12): what PATCH and DELETE on /ulist/<vid> and /rlist/<rid> do
// to the list state once the request has passed validation, authentication and the
// existence check. The database side of VNDB is reproduced here: the `ulist_voted_label`
// trigger (label 7 follows the vote, with its quirk), the timestamps, the
// `update_vnlist_rlist` trigger (a release-list entry adds its VNs to the VN list) and the
// cascade that removes release-list entries when their VN leaves the list.

import { applyLabelPatch, VOTED_LABEL, type RlistPatch, type UlistPatch } from "../../kana/list-write.js";
import type { KanaFailure } from "../../kana/types.js";
import type { RlistRow, UlistRow } from "../catalogue/types.js";
import {
  deleteRlist,
  deleteUlist,
  getRlist,
  getUlist,
  putRlist,
  putUlist,
  rlistOf,
  type Database,
} from "../database.js";
import { INTERNAL_ERROR } from "../http/responses.js";

/**
 * What PostgreSQL answers for a date the API's regex lets through but the calendar does not
 * have ("2022-02-30", §12.2): the generic internal error.
 */
export const INVALID_DATE_FAILURE: KanaFailure = INTERNAL_ERROR;

export interface WriteOptions {
  /** Unix seconds of the write. */
  now: number;
  /**
   * Whether impossible calendar dates fail as they do in PostgreSQL (500). The `vectors`
   * preset turns this off: its recordings ran against a stubbed database that stored them.
   */
  checkCalendarDates: boolean;
}

/** True when a "YYYY-MM-DD" string names a real day. */
export function isCalendarDate(date: string): boolean {
  const [y, m, d] = date.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * The list entry after a PATCH /ulist (pure). `existing` undefined means the PATCH creates
 * the entry (it always does, also for `{}` and `{"vote":null}`).
 */
export function patchedUlistRow(
  existing: UlistRow | undefined,
  uid: string,
  vid: string,
  patch: UlistPatch,
  now: number,
): UlistRow {
  const voteGiven = patch.vote !== undefined;
  if (!existing) {
    const vote = patch.vote ?? null;
    const labels = withVotedLabel(applyLabelPatch(null, patch), vote !== null);
    return {
      uid,
      vid,
      added: now,
      lastmod: now,
      voteDate: vote !== null ? now : null,
      vote,
      started: patch.started ?? null,
      finished: patch.finished ?? null,
      notes: patch.notes ?? "",
      labels,
    };
  }
  const vote = voteGiven ? (patch.vote ?? null) : existing.vote;
  // voted: kept when a vote already had a date (changing a vote does not refresh it),
  // set when a first vote arrives, cleared with the vote (§12.2 timestamps).
  const voteDate = !voteGiven ? existing.voteDate : vote === null ? null : (existing.voteDate ?? now);
  let labels = applyLabelPatch(existing.labels, patch);
  // The trigger recomputes label 7 on UPDATE only when the vote flips between null and
  // non-null; a `labels` replacement on an entry that keeps its vote therefore loses 7.
  if ((existing.vote === null) !== (vote === null)) labels = withVotedLabel(labels, vote !== null);
  return {
    ...existing,
    lastmod: now,
    vote,
    voteDate,
    started: patch.started ?? existing.started,
    finished: patch.finished ?? existing.finished,
    notes: patch.notes ?? existing.notes,
    labels,
  };
}

function withVotedLabel(labels: number[], voted: boolean): number[] {
  const set = new Set(labels);
  if (voted) set.add(VOTED_LABEL);
  else set.delete(VOTED_LABEL);
  return [...set].sort((a, b) => a - b);
}

/** Applies PATCH /ulist/<vid>; returns the failure the write itself can produce, if any. */
export function writeUlist(db: Database, uid: string, vid: string, patch: UlistPatch, opts: WriteOptions): KanaFailure | null {
  if (opts.checkCalendarDates) {
    for (const date of [patch.started, patch.finished]) {
      if (date !== undefined && !isCalendarDate(date)) return INVALID_DATE_FAILURE;
    }
  }
  putUlist(db, patchedUlistRow(getUlist(db, uid, vid), uid, vid, patch, opts.now));
  return null;
}

/** A VN list entry as the `update_vnlist_rlist` trigger creates it: nothing but the row. */
function bareUlistRow(uid: string, vid: string, now: number): UlistRow {
  return { uid, vid, added: now, lastmod: now, voteDate: null, vote: null, started: null, finished: null, notes: "", labels: [] };
}

/** Applies PATCH /rlist/<rid>: create or update, and put the release's VNs on the VN list. */
export function writeRlist(db: Database, uid: string, rid: string, patch: RlistPatch, opts: WriteOptions): void {
  const existing = getRlist(db, uid, rid);
  if (existing) {
    if (patch.status !== undefined) putRlist(db, { ...existing, status: patch.status as RlistRow["status"] });
    return;
  }
  putRlist(db, { uid, rid, status: (patch.status ?? 0) as RlistRow["status"], added: opts.now });
  for (const { vn } of db.release.get(rid)?.vns ?? []) {
    if (!getUlist(db, uid, vn)) putUlist(db, bareUlistRow(uid, vn, opts.now));
  }
}

/** DELETE /ulist/<vid>: the entry and the user's release-list entries of that VN's releases. */
export function removeUlist(db: Database, uid: string, vid: string): void {
  deleteUlist(db, uid, vid);
  for (const r of rlistOf(db, uid)) {
    if (db.release.get(r.rid)?.vns.some((v) => v.vn === vid)) deleteRlist(db, uid, r.rid);
  }
}

/** DELETE /rlist/<rid>: only that entry; the VN list is left alone. */
export function removeRlist(db: Database, uid: string, rid: string): void {
  deleteRlist(db, uid, rid);
}
