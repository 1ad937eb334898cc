// "What did X work on?" and "who voices Y?" need credits that VNDB keeps on the VN: staff
// credits (vn.staff) and voice credits (vn.va). A staff answer gets each person's credits —
// roles per VN and characters voiced — and a character answer its voice actors, from one
// extra /vn request (bounded: one page of VNDB's maximum size). A voice credit for a
// character whose appearance in that VN is a spoiler above the answer's level is left out:
// naming it told what the character answer had hidden (eval round 7, voiced-in-1).

import { MAX_RESULTS } from "../../../kana/query-limits.js";
import type { QueryEndpoint } from "../../../kana/types.js";
import type { VndbApi } from "../../api.js";
import type { QueryNote } from "./note.js";
import { quotedNote } from "../../../format/quoted-note.js";

type Obj = Record<string, unknown>;

/** Persons/characters whose credits are fetched at most; a longer page is a listing, not a question about someone. */
export const CREDITS_FOR_MAX = 5;
/** VNs listed per person in the text; the rest are counted. */
const VNS_SHOWN = 15;

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const objs = (v: unknown): Obj[] => (Array.isArray(v) ? (v.filter((x) => x !== null && typeof x === "object") as Obj[]) : []);

function anyId(ids: string[]): unknown[] {
  const preds = ids.map((id) => ["id", "=", id]);
  return preds.length === 1 ? preds[0]! : ["or", ...preds];
}

interface CreditInput {
  api: VndbApi;
  signal: AbortSignal | undefined;
  endpoint: QueryEndpoint;
  results: Obj[];
  /** The answer's spoiler level: voice credits of spoiler appearances above it are not named. */
  spoilerLevel: number;
}

/** The voiced character's nested fields: its appearances, to tell a spoiler one. */
const VOICED_CHARACTER = "vns{id,spoiler}";

/** Whether a va entry's character appears in `vn` within the spoiler level (unknown counts as shown: VNDB lists it). */
function shownIn(v: Obj, vn: string, level: number): boolean {
  const appearance = objs(((v.character ?? {}) as Obj).vns).find((a) => a.id === vn);
  return !appearance || typeof appearance.spoiler !== "number" || appearance.spoiler <= level;
}

export interface Credits {
  text: string;
  structured: Obj;
}

/** The credits block of a staff or character answer, or null when it does not apply. */
export async function creditsFor(input: CreditInput): Promise<Credits | null> {
  const ids = [...new Set(input.results.map((r) => str(r.id)).filter(Boolean))];
  if (ids.length === 0 || ids.length > CREDITS_FOR_MAX) return null;
  if (input.endpoint === "staff") return staffCredits(input, ids);
  if (input.endpoint === "character") return voiceActors(input, ids);
  return null;
}

async function staffCredits(input: CreditInput, ids: string[]): Promise<Credits> {
  // The VN staff filter covers staff credits and voice credits alike (reference §8.4).
  const r = await input.api.query(
    "vn",
    {
      filters: ["staff", "=", anyId(ids)],
      fields: `title,released,staff{id,role,note},va{staff{id},character{id,name,${VOICED_CHARACTER}},note}`,
      results: MAX_RESULTS,
      sort: "released",
    },
    { signal: input.signal },
  );
  const per = new Map<string, { vn: string; roles: string[]; voiced: string[] }[]>(ids.map((id) => [id, []]));
  /** Per person, the credited VNs without a release date (they sort first, reference §7). */
  const undated = new Map<string, number>();
  for (const vn of r.results as Obj[]) {
    const head = `${str(vn.id)} ${str(vn.title)}${typeof vn.released === "string" ? ` (${vn.released.slice(0, 4)})` : ""}`;
    for (const id of ids) {
      const roles = [...new Set(objs(vn.staff).filter((s) => s.id === id).map((s) => str(s.role) + quotedNote(s.note)))];
      const voiced = [
        ...new Set(
          objs(vn.va)
            .filter((v) => (v.staff as Obj | undefined)?.id === id && shownIn(v, str(vn.id), input.spoilerLevel))
            .map((v) => {
              const c = (v.character ?? {}) as Obj;
              return `${str(c.id)} ${str(c.name)}`.trim();
            }),
        ),
      ];
      if (!roles.length && !voiced.length) continue;
      per.get(id)!.push({ vn: head, roles, voiced });
      if (typeof vn.released !== "string") undated.set(id, (undated.get(id) ?? 0) + 1);
    }
  }
  const lines: string[] = [];
  const structured: Obj = {};
  for (const [id, credits] of per) {
    structured[id] = credits;
    const shown = credits.slice(0, VNS_SHOWN).map((c) => `${c.vn}: ${[...c.roles, ...(c.voiced.length ? [`voices ${c.voiced.join(", ")}`] : [])].join("; ")}`);
    const more = credits.length > VNS_SHOWN ? ` … and ${credits.length - VNS_SHOWN} more (vndb_search_vn {"filters":{"staff":"${id}"}})` : "";
    const cut = r.more ? " (first VNs only)" : "";
    lines.push(credits.length ? `Credits of ${id} (${credits.length} VNs${cut}, ${creditOrder(undated.get(id) ?? 0, credits.length)}):\n- ${shown.join("\n- ")}${more}` : `Credits of ${id}: none recorded.`);
  }
  return { text: lines.join("\n\n"), structured: { credits: structured } };
}

/**
 * The order VNDB's `released` sort gave: an unknown date sorts first, then id (reference §7),
 * so "by release date" over undated VNs claimed an order the data does not have (eval round 5).
 */
function creditOrder(undated: number, total: number): string {
  if (undated === 0) return "by release date";
  if (undated === total) return "no release dates here, so in id order";
  return `by release date, the ${undated} without one first`;
}

async function voiceActors(input: CreditInput, ids: string[]): Promise<Credits> {
  const r = await input.api.query(
    "vn",
    { filters: ["character", "=", anyId(ids)], fields: `title,va{staff{id,name},character{id,${VOICED_CHARACTER}},note}`, results: MAX_RESULTS },
    { signal: input.signal },
  );
  const per = new Map<string, Map<string, string[]>>(ids.map((id) => [id, new Map()]));
  const titles = new Map<string, string>();
  for (const vn of r.results as Obj[]) {
    titles.set(str(vn.id), str(vn.title));
    for (const v of objs(vn.va)) {
      const cid = str((v.character as Obj | undefined)?.id);
      const staff = (v.staff ?? {}) as Obj;
      const actors = per.get(cid);
      if (!actors || !shownIn(v, str(vn.id), input.spoilerLevel)) continue;
      const who = `${str(staff.id)} ${str(staff.name)}`.trim();
      const vns = actors.get(who) ?? [];
      // A VN may credit the same voice twice (one row per note or edition): name it once.
      if (!vns.includes(str(vn.id))) vns.push(str(vn.id));
      actors.set(who, vns);
    }
  }
  const lines: string[] = [];
  const structured: Obj = {};
  for (const [cid, actors] of per) {
    structured[cid] = [...actors].map(([who, vns]) => ({ staff: who, vns }));
    lines.push(
      actors.size
        ? `Voice of ${cid}: ${[...actors].map(([who, vns]) => `${who} (in ${vns.map((v) => `${v} ${titles.get(v) ?? ""}`.trim()).join(", ")})`).join("; ")}`
        : `Voice of ${cid}: no voice actor recorded.`,
    );
  }
  return { text: lines.join("\n"), structured: { voice_actors: structured } };
}

/** Staff and character answers carry credits / voice actors unless only a listing was asked for. */
export const credits: QueryNote = {
  name: "credits",
  phase: "annotate",
  maxRequests: 1,
  applies: (ctx) => ctx.args.fields?.trim().toLowerCase() !== "brief" && (ctx.spec.endpoint === "staff" || ctx.spec.endpoint === "character"),
  async run(ctx) {
    const found = await creditsFor({ api: ctx.api, signal: ctx.signal, endpoint: ctx.spec.endpoint, results: ctx.response.results, spoilerLevel: ctx.spoilerLevel });
    return found ? { tail: found.text, structured: found.structured } : null;
  },
};
