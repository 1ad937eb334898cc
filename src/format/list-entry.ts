// List entries (/ulist rows) as a model reads them: labels in the one label format
// ("Finished (id 2)"), release-list statuses by name ("obtained", not 2), and the dates and
// notes always named, "none" when empty — an entry without a finish date must not read
// like one whose date was not asked for (issue 12 item 6).

import { RLIST_STATUS_NAMES } from "../kana/list-write.js";
import { labelsText, type LabelLike } from "./list-labels.js";

type Obj = Record<string, unknown>;

/** Members shown even when empty, when the call asked for them. */
const ALWAYS_NAMED = ["vote", "labels", "started", "finished", "notes"] as const;

/**
 * Puts back, as null, the always-named members that VNDB returned empty and pruning
 * dropped; the text renders null as "none".
 */
export function keepListBlanks(raw: Obj, entry: Obj): Obj {
  for (const key of ALWAYS_NAMED) {
    const v = raw[key];
    if (key in raw && !(key in entry) && (v === null || v === "" || (Array.isArray(v) && v.length === 0))) entry[key] = null;
  }
  return entry;
}

const isLabel = (v: unknown): v is LabelLike =>
  v !== null && typeof v === "object" && typeof (v as Obj).id === "number" && typeof (v as Obj).label === "string";

/** A release on the release list: "r1006 Title (obtained)". */
export function releaseStatusText(r: { id?: unknown; title?: unknown; list_status?: unknown }): string {
  const status = typeof r.list_status === "number" ? (RLIST_STATUS_NAMES[r.list_status] ?? String(r.list_status)) : "status not asked";
  return `${[r.id, r.title].filter((x) => typeof x === "string" && x).join(" ")} (${status})`;
}

/** The text of a /ulist member that needs the list's own wording, or null. */
export function readableListMember(key: string, value: unknown): string | null {
  if (key === "labels" && Array.isArray(value) && value.every(isLabel)) return labelsText(value);
  if (key === "releases" && Array.isArray(value) && value.every((r) => r !== null && typeof r === "object" && "list_status" in r)) {
    return value.map((r) => releaseStatusText(r as Obj)).join("; ");
  }
  return null;
}
