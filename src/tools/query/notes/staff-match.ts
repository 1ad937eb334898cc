// "What did X do on each of these?" A VN list filtered by staff matches any credit — staff
// role or voice — and the model then read whole staff lists to find which. The credits are
// fetched with the request (left out of the answer unless asked for), and each VN says what
// the filtered person did there: roles with their notes, characters voiced.

import type { KanaRow } from "../../../kana/api-types.js";
import type { Obj, QueryNote } from "./note.js";
import { quotedNote } from "../../../format/quoted-note.js";

/** The row member that says it (in structuredContent and the text). */
export const CREDITED_KEY = "credited";

/** The staff ids of top-level `staff` filters: ["staff","=",["id","=",s]], an "or" of such ids, or an id "and" a role. */
export function filteredStaff(endpoint: string, filters: unknown): string[] {
  if (endpoint !== "vn" || !Array.isArray(filters)) return [];
  const conjuncts = filters[0] === "and" ? filters.slice(1) : [filters];
  const ids: string[] = [];
  const idsOf = (node: unknown): void => {
    if (!Array.isArray(node)) return;
    if (node[0] === "id" && node[1] === "=" && typeof node[2] === "string") ids.push(node[2]);
    // "or" of people, or one person "and" a role ({"staff":{"id":"s2","role":"scenario"}}).
    else if (node[0] === "or" || node[0] === "and") node.slice(1).forEach(idsOf);
  };
  for (const c of conjuncts) if (Array.isArray(c) && c[0] === "staff" && c[1] === "=") idsOf(c[2]);
  return [...new Set(ids)];
}

const objs = (v: unknown): Obj[] => (Array.isArray(v) ? (v.filter((x) => x !== null && typeof x === "object") as Obj[]) : []);

/** "scenario "note"; voices c12 Saber" for one person on one VN; null when nothing is credited. */
function creditOf(row: KanaRow, sid: string): string | null {
  const roles = objs(row.staff)
    .filter((s) => s.id === sid)
    .map((s) => `${String(s.role)}${quotedNote(s.note)}`);
  const voiced = objs(row.va)
    .filter((a) => (a.staff as Obj | undefined)?.id === sid)
    .map((a) => {
      const c = (a.character ?? {}) as Obj;
      return `${String(c.id ?? "")} ${String(c.name ?? "")}`.trim();
    });
  const parts = [...new Set(roles)];
  if (voiced.length) parts.push(`voices ${[...new Set(voiced)].join(", ")}`);
  return parts.length ? parts.join("; ") : null;
}

export const staffMatch: QueryNote = {
  name: "staff-match",
  phase: "shape",
  maxRequests: 0,
  fields: (plan) =>
    filteredStaff(plan.endpoint, plan.converted.filters).length
      ? { staff: "staff{id,role,note}", va: "va{staff{id},character{id,name}}" }
      : null,
  applies: (ctx) => ctx.response.results.length > 0 && filteredStaff(ctx.spec.endpoint, ctx.converted.filters).length > 0,
  run(ctx) {
    const sids = filteredStaff(ctx.spec.endpoint, ctx.converted.filters);
    const rows = ctx.response.results.map((row) => {
      const said = sids.map((sid) => [sid, creditOf(row, sid)] as const).filter(([, c]) => c !== null);
      if (!said.length) return row;
      // One person: the credit alone; several: each credit with whose it is.
      const text = said.length === 1 && sids.length === 1 ? said[0]![1]! : said.map(([sid, c]) => `${sid} ${c}`).join("; ");
      return { ...row, [CREDITED_KEY]: text };
    });
    return { rows };
  },
};
