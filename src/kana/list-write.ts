// PATCH /ulist/<vid> and PATCH /rlist/<rid>: routes and body validation (reference §1.1,
// §12.1–12.3). Body checks come before authentication on the real service; the label-7 rule
// comes after authentication and the existence check, so it is a separate step here too.
import { isJsonContentType, parseStrictJson } from "./json-strict.js";
import { fuUint, INVALID, isJsonObject, scalarText, type Invalid } from "./members.js";
import type { KanaFailure, Validated } from "./types.js";
import { ID_NUMBER } from "./vndbid.js";

export type ListKind = "ulist" | "rlist";

/** Every failure to read a PATCH body as a JSON object. */
export const INVALID_PATCH_BODY = "Invalid request body.";
export const LABEL_7_REFUSED = "Label id 7 cannot be used here";
/** The "Voted" label, maintained by a database trigger and not settable through the API. */
export const VOTED_LABEL = 7;

/** Vote bounds (`range => [10,100]`). */
export const MIN_VOTE = 10;
export const MAX_VOTE = 100;
/** Longest notes, in characters after trimming (`maxlength => 2000`). */
export const MAX_NOTES_LENGTH = 2000;
/** Label ids accepted in label arrays (`range => [1,1600]`). */
export const MIN_LABEL_ID = 1;
export const MAX_LABEL_ID = 1600;
/** Release-list status: 0 Unknown, 1 Pending, 2 Obtained, 3 On loan, 4 Deleted (%RLIST_STATUS). */
export const MAX_RLIST_STATUS = 4;
/** The release-list statuses by number, as the tools name them. */
export const RLIST_STATUS_NAMES = ["unknown", "pending", "obtained", "on_loan", "deleted"] as const;

/** `%RE{vid}` / `%RE{rid}` of lib/VNWeb/Validation.pm, anchored to the whole path. */
export const LIST_ROUTE_PATTERNS: Readonly<Record<ListKind, RegExp>> = {
  ulist: new RegExp(`^/ulist/(v${ID_NUMBER})$`),
  rlist: new RegExp(`^/rlist/(r${ID_NUMBER})$`),
};

/**
 * Which list-write route a (percent-decoded, base-relative) path is, or null — a mismatch
 * such as `/ulist/17`, `/ulist/v0` or `/ulist/v17/` is the service's 404 `Not found.`.
 */
export function matchListRoute(path: string): { kind: ListKind; id: string } | null {
  for (const kind of ["ulist", "rlist"] as const) {
    const m = LIST_ROUTE_PATTERNS[kind].exec(path);
    if (m) return { kind, id: m[1] };
  }
  return null;
}

/** A validated PATCH /ulist body; only members present in the request appear. */
export interface UlistPatch {
  /** null removes the vote. */
  vote?: number | null;
  /** "" for null/empty. */
  notes?: string;
  /** "YYYY-MM-DD". */
  started?: string;
  finished?: string;
  /** Replace the label set. */
  labels?: number[];
  labelsSet?: number[];
  labelsUnset?: number[];
}

/** A validated PATCH /rlist body. */
export interface RlistPatch {
  status?: number;
}

export const ULIST_MEMBERS = ["finished", "labels", "labels_set", "labels_unset", "notes", "started", "vote"] as const;
export const RLIST_MEMBERS = ["status"] as const;

/**
 * `caldate`: year 1970..2099, month 01..12, day 01..31 — the day is not checked against the
 * month ("2022-02-30" passes and later fails in the database, §12.2).
 */
const CALDATE = /^(19[7-9][0-9]|20[0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/;

const bad = (message: string): { ok: false; failure: KanaFailure } => ({ ok: false, failure: { status: 400, message } });

function readBody(contentType: string | undefined, body: string): Record<string, unknown> | null {
  if (!isJsonContentType(contentType)) return null;
  const parsed = parseStrictJson(body);
  return parsed.ok && isJsonObject(parsed.value) ? parsed.value : null;
}

function labelArray(value: unknown): number[] | Invalid {
  // Empty (null, "", false) is the default [] of the service's schema. This is an array
  // schema, which FU does not trim, so a blank string such as " " is a non-array: refused.
  if (value === null || value === undefined || value === false || value === "") return [];
  if (!Array.isArray(value)) return INVALID;
  const out: number[] = [];
  for (const element of value) {
    // Elements have no default: an empty element is an error, not a skipped one.
    const id = fuUint(element, MIN_LABEL_ID, MAX_LABEL_ID, INVALID);
    if (id === INVALID) return INVALID;
    out.push(id);
  }
  return out;
}

function calDate(value: unknown): string | Invalid {
  const text = scalarText(value);
  return typeof text === "string" && CALDATE.test(text) ? text : INVALID;
}

function notesText(value: unknown): string | Invalid {
  const text = scalarText(value);
  if (text === INVALID) return INVALID;
  if (text === null) return "";
  return [...text].length <= MAX_NOTES_LENGTH ? text : INVALID;
}

/** Validates a PATCH /ulist body: unknown members first, then the alphabetically first invalid one. */
export function validateUlistPatch(contentType: string | undefined, body: string): Validated<UlistPatch> {
  const raw = readBody(contentType, body);
  if (raw === null) return bad(INVALID_PATCH_BODY);
  for (const name of Object.keys(raw)) {
    if (!(ULIST_MEMBERS as readonly string[]).includes(name)) return bad(`Unknown member '${name}'.`);
  }
  const has = (name: string): boolean => Object.prototype.hasOwnProperty.call(raw, name);
  const patch: UlistPatch = {};
  if (has("finished")) {
    const v = calDate(raw.finished);
    if (v === INVALID) return bad("Invalid 'finished' member.");
    patch.finished = v;
  }
  for (const [member, key] of [
    ["labels", "labels"],
    ["labels_set", "labelsSet"],
    ["labels_unset", "labelsUnset"],
  ] as const) {
    if (!has(member)) continue;
    const v = labelArray(raw[member]);
    if (v === INVALID) return bad(`Invalid '${member}' member.`);
    patch[key] = v;
  }
  if (has("notes")) {
    const v = notesText(raw.notes);
    if (v === INVALID) return bad("Invalid 'notes' member.");
    patch.notes = v;
  }
  if (has("started")) {
    const v = calDate(raw.started);
    if (v === INVALID) return bad("Invalid 'started' member.");
    patch.started = v;
  }
  if (has("vote")) {
    const v = fuUint(raw.vote, MIN_VOTE, MAX_VOTE, null);
    if (v === INVALID) return bad("Invalid 'vote' member.");
    patch.vote = v;
  }
  return { ok: true, value: patch };
}

/** Validates a PATCH /rlist body. `status: null` is 0 (the member's default). */
export function validateRlistPatch(contentType: string | undefined, body: string): Validated<RlistPatch> {
  const raw = readBody(contentType, body);
  if (raw === null) return bad(INVALID_PATCH_BODY);
  for (const name of Object.keys(raw)) {
    if (!(RLIST_MEMBERS as readonly string[]).includes(name)) return bad(`Unknown member '${name}'.`);
  }
  const patch: RlistPatch = {};
  if (Object.prototype.hasOwnProperty.call(raw, "status")) {
    const v = fuUint(raw.status, 0, MAX_RLIST_STATUS, 0);
    if (v === INVALID) return bad("Invalid 'status' member.");
    patch.status = v;
  }
  return { ok: true, value: patch };
}

/** The labels a ulist PATCH asks for: (labels ∪ labels_set) − labels_unset, sorted. */
export function wantedLabels(patch: UlistPatch): number[] {
  const wanted = new Set([...(patch.labels ?? []), ...(patch.labelsSet ?? [])]);
  for (const id of patch.labelsUnset ?? []) wanted.delete(id);
  return [...wanted].sort((a, b) => a - b);
}

/**
 * The label-7 rule, checked after authentication and the VN's existence (§12.1 step 7):
 * refused when 7 ends up wanted or is being unset.
 */
export function checkUlistLabels(patch: UlistPatch): KanaFailure | null {
  if (patch.labels === undefined && patch.labelsSet === undefined && patch.labelsUnset === undefined) return null;
  if (wantedLabels(patch).includes(VOTED_LABEL) || (patch.labelsUnset ?? []).includes(VOTED_LABEL)) {
    return { status: 400, message: LABEL_7_REFUSED };
  }
  return null;
}

/**
 * The label set after a PATCH, before the Voted-label trigger runs (§12.2): a new entry gets
 * the wanted labels; `labels` replaces the set; otherwise labels_set ids are added and
 * labels_unset ids removed (unset wins). Returns `existing` unchanged when no label member
 * was sent. Result sorted, without duplicates.
 */
export function applyLabelPatch(existing: readonly number[] | null, patch: UlistPatch): number[] {
  const touched = patch.labels !== undefined || patch.labelsSet !== undefined || patch.labelsUnset !== undefined;
  if (existing === null) return touched ? wantedLabels(patch) : [];
  if (!touched) return [...existing];
  if (patch.labels !== undefined) return wantedLabels(patch);
  const out = new Set(existing);
  for (const id of patch.labelsSet ?? []) out.add(id);
  for (const id of patch.labelsUnset ?? []) out.delete(id);
  return [...out].sort((a, b) => a - b);
}
