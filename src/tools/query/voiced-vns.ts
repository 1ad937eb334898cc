// Characters filtered by voice actor (issue 21): a character's `vns` lists every appearance,
// but the question was "whom does this person voice, and where", so the list is cut to the
// VNs where that person voices the character (VN `va` credits, one /vn request) and the
// answer says how many other appearances were left out.

import type { VndbApi } from "../api.js";
import { oneEntryFilter } from "./notes/top-filters.js";

/** VNs read at once for their voice credits: one page at the API's maximum. */
const MAX_VNS = 100;

type Row = Record<string, unknown>;

/** The staff id of a top-level `seiyuu` filter on one person, from the converted predicate. */
export const seiyuuOf = (filters: unknown): string | null => oneEntryFilter(filters, "seiyuu", /^s[0-9]+$/);

/**
 * Cuts each character's `vns` to the VNs where `staff` voices it; returns the note, or null
 * when nothing was cut (or the credits could not be read: the page stays as VNDB gave it).
 */
export async function keepVoicedVns(api: VndbApi, signal: AbortSignal | undefined, staff: string, results: Row[]): Promise<string | null> {
  const vnIds = [...new Set(results.flatMap((r) => ((r.vns as Row[] | undefined) ?? []).map((v) => String(v.id))))].slice(0, MAX_VNS);
  if (vnIds.length === 0) return null;
  let credits: Row[];
  try {
    const res = await api.query(
      "vn",
      { filters: vnIds.length === 1 ? ["id", "=", vnIds[0]] : ["or", ...vnIds.map((id) => ["id", "=", id])], fields: "va{character{id},staff{id}}", results: MAX_VNS },
      { signal },
    );
    credits = res.results as Row[];
  } catch {
    return null;
  }
  const voiced = new Set<string>();
  for (const vn of credits) {
    for (const va of (vn.va as { character?: { id: string }; staff?: { id: string } }[] | undefined) ?? []) {
      if (va.staff?.id === staff && va.character) voiced.add(`${va.character.id} ${String(vn.id)}`);
    }
  }
  let cut = 0;
  for (const r of results) {
    const vns = r.vns as Row[] | undefined;
    if (!vns) continue;
    const kept = vns.filter((v) => voiced.has(`${String(r.id)} ${String(v.id)}`) || !vnIds.includes(String(v.id)));
    cut += vns.length - kept.length;
    r.vns = kept;
  }
  return cut ? `vns: only the VNs where ${staff} voices the character (${cut} other appearance${cut === 1 ? "" : "s"} left out).` : null;
}
