// Read helpers for the GET endpoints that look at list state: /user's length-vote
// fields (reference §4.3) and /ulist_labels (§4.5).
import type { Session } from "../../kana/types.js";
import { isUlistPrivate, labelsOf, ulistOf, type Database } from "../database.js";
import { canReadList } from "./context.js";

/** The "Voted" label, maintained by a trigger and always queryable (§4.5, §8.5). */
export const VOTED_LABEL = 7;
/** Built-in labels have ids below this; custom labels start here (§4.5). */
const FIRST_CUSTOM_LABEL = 10;
/** The virtual "No label" entry shown to the owner (§4.5). */
const NO_LABEL = { id: 0, label: "No label", private: true } as const;

/** `lengthvotes` (count) and `lengthvotes_sum` (minutes) of a user's play-time votes. */
export function userLengthVotes(db: Database, uid: string): { lengthvotes: number; lengthvotes_sum: number } {
  let n = 0;
  let sum = 0;
  for (const v of db.lists.lengthVotes) {
    if (v.uid !== uid) continue;
    n++;
    sum += v.minutes;
  }
  return { lengthvotes: n, lengthvotes_sum: sum };
}

export interface UlistLabel {
  id: number;
  label: string;
  private: boolean;
  count?: number;
}

/**
 * The `labels` array of GET /ulist_labels for `uid` as seen by `session`: ids below 10
 * by id, then custom labels by text; non-owners see public labels plus Voted and count
 * only public entries; the owner (or a user moderator) also gets the virtual id 0.
 */
export function ulistLabels(db: Database, session: Session | null, uid: string, withCount: boolean): UlistLabel[] {
  const owner = canReadList(session, uid, true);
  const entries = ulistOf(db, uid).filter((e) => owner || !isUlistPrivate(db, e));
  const rank = (id: number) => (id < FIRST_CUSTOM_LABEL ? id : FIRST_CUSTOM_LABEL);
  const labels = labelsOf(db, uid)
    .filter((l) => owner || !l.private || l.id === VOTED_LABEL)
    .sort((a, b) => rank(a.id) - rank(b.id) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const out: UlistLabel[] = labels.map((l) => {
    const o: UlistLabel = { id: l.id, label: l.label, private: l.private };
    if (withCount) o.count = entries.filter((e) => e.labels.includes(l.id)).length;
    return o;
  });
  if (owner) {
    const o: UlistLabel = { ...NO_LABEL };
    if (withCount) o.count = entries.filter((e) => e.labels.every((id) => id === VOTED_LABEL)).length;
    out.push(o);
  }
  return out;
}
