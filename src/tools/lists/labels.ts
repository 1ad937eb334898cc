// Labels named the way people name them ("Finished", "wishlist", 5), resolved to the ids
// PATCH /ulist takes, against the token owner's own labels (GET /ulist_labels).

import type { UlistLabel, VndbApi } from "../api.js";
import { labelText } from "../../format/list-labels.js";
import { ToolError } from "../errors.js";

/** VNDB maintains label 7 from the vote; PATCH refuses it (reference §12.2). */
export const VOTED_LABEL = 7;
/** Label ids PATCH accepts (reference §12.2). */
export const MIN_LABEL_ID = 1;
export const MAX_LABEL_ID = 1600;

export type LabelRef = number | string;

function listing(labels: UlistLabel[]): string {
  return labels
    .filter((l) => l.id !== 0)
    .map(labelText)
    .join(", ");
}

function votedError(): ToolError {
  return new ToolError(
    "Label 7 (Voted) cannot be set or unset: VNDB adds it when the entry has a vote and removes it when the vote is removed.",
    "Give `vote` (1-10) or `vote: null` instead.",
  );
}

/**
 * Label names of `user`'s list → ids, for label filters: asks GET /ulist_labels on the
 * first name and keeps the answer for the rest of the call.
 */
export function labelNameResolver(
  api: VndbApi,
  user: string,
  signal?: AbortSignal,
): (name: string) => Promise<{ ok: true; id: number } | { ok: false; message: string }> {
  let labels: Promise<UlistLabel[]> | undefined;
  return async (name) => {
    labels ??= api.ulistLabels({ user }, { signal }).then((r) => r.labels);
    const all = await labels;
    const wanted = name.trim().toLowerCase();
    const match = all.find((l) => l.id !== 0 && l.label.toLowerCase() === wanted);
    if (match) return { ok: true, id: match.id };
    return { ok: false, message: `${user} has no list label called "${name}" (labels visible here: ${listing(all)}).` };
  };
}

/**
 * Resolve label references; GET /ulist_labels is asked only when a name is given. The names
 * learnt on the way go into `names` (id → name), so answers can name what was sent.
 */
export async function resolveLabels(
  api: VndbApi,
  user: string,
  refs: readonly LabelRef[],
  signal?: AbortSignal,
  names?: Map<number, string>,
): Promise<number[]> {
  let labels: UlistLabel[] | undefined;
  const out: number[] = [];
  for (const ref of refs) {
    if (typeof ref === "number" && !Number.isInteger(ref)) throw new ToolError(`Label id ${ref} is not a whole number.`);
    const text = typeof ref === "number" ? String(ref) : ref.trim();
    let id: number;
    if (/^[0-9]+$/.test(text)) {
      id = Number(text);
    } else {
      labels ??= (await api.ulistLabels({ user }, { signal })).labels;
      for (const l of labels) if (l.id !== 0) names?.set(l.id, l.label);
      const wanted = text.toLowerCase();
      const match = labels.filter((l) => l.id !== 0 && l.label.toLowerCase() === wanted);
      if (match.length === 0) {
        throw new ToolError(
          `${user} has no list label called "${text}".`,
          `Labels: ${listing(labels)}. Labels cannot be created through the API; the user adds them on vndb.org.`,
        );
      }
      id = match[0]!.id;
    }
    if (id === VOTED_LABEL) throw votedError();
    if (!Number.isInteger(id) || id < MIN_LABEL_ID || id > MAX_LABEL_ID) {
      throw new ToolError(`Label id ${text} is out of range (${MIN_LABEL_ID}-${MAX_LABEL_ID}).`);
    }
    if (!out.includes(id)) out.push(id);
  }
  return out;
}
