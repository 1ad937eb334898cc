// What the reader does not want (issue 31 item 6): `avoid` names VNs and tags. A tag is left out
// of the candidates outright ("nothing with Netorare"); a VN is a negative example: it is never
// picked, and what it is made of — its content tags, or without tags its developers and writers —
// weighs against the picks that share it, so "like Ever17 but not like Remember11" ranks the
// VNs that share Ever17's side above those that share Remember11's. Each pick weighed down says
// by what; the answer says what each `avoid` entry was taken as.

import type { VndbApi } from "../api.js";
import type { ToolContext } from "../define-tool.js";
import { titleKey } from "./title-key.js";

/** Entries `avoid` takes at once (one tag request and one VN request resolve them). */
export const MAX_AVOID = 10;
/** What one shared trait of an avoided VN weighs against a pick, in the units of a shared seed tag (about 1-2 each). */
export const AVOID_WEIGHT = 1.5;

export interface AvoidTag {
  id: string;
  name: string;
}

export interface AvoidVn {
  id: string;
  title: string;
  /** Content tag ids at the answer's spoiler level. */
  tags: Set<string>;
  /** Their names, for the reasons. */
  tagNames: Map<string, string>;
  /** Developer ids and writer staff ids (the fallback's strong signals). */
  makers: Map<string, string>;
}

export interface Avoided {
  tags: AvoidTag[];
  vns: AvoidVn[];
  /** Entries matching nothing. */
  unknown: string[];
}

interface TagRow {
  id: string;
  name: string;
  aliases?: string[];
}
interface VnRow {
  id: string;
  title: string;
  alttitle?: string | null;
  aliases?: string[];
  votecount?: number;
  tags?: { id: string; name?: string; rating: number; spoiler: number; lie: boolean; category?: string }[];
  developers?: { id: string; name: string }[];
  staff?: { id: string; name: string; role: string }[];
}


/**
 * Resolves `avoid`: g123 or a tag's exact name/alias → a tag; v123 or a title → a VN (the most
 * voted VN whose title or alias is the name). Two requests at most.
 */
export async function resolveAvoid(api: VndbApi, entries: readonly string[], countsTag: (t: { rating: number; spoiler: number; lie: boolean }) => boolean, ctx: ToolContext): Promise<Avoided> {
  const wanted = entries.map((e) => e.trim()).filter(Boolean);
  const out: Avoided = { tags: [], vns: [], unknown: [] };
  if (!wanted.length) return out;
  const tagIds = wanted.filter((e) => /^g[0-9]+$/i.test(e)).map((e) => e.toLowerCase());
  const vnIds = wanted.filter((e) => /^v[0-9]+$/i.test(e)).map((e) => e.toLowerCase());
  const names = wanted.filter((e) => !/^[gv][0-9]+$/i.test(e));
  const tagClauses = [...tagIds.map((id) => ["id", "=", id]), ...names.map((n) => ["search", "=", n])];
  const tags = tagClauses.length
    ? ((await api.query("tag", { filters: tagClauses.length === 1 ? tagClauses[0] : ["or", ...tagClauses], fields: "name,aliases", results: 100 }, { signal: ctx.signal })).results as unknown as TagRow[])
    : [];
  const vnNames: string[] = [];
  for (const id of tagIds) {
    const row = tags.find((t) => t.id === id);
    if (row) out.tags.push({ id: row.id, name: row.name });
    else out.unknown.push(id);
  }
  for (const name of names) {
    const row = tags.find((t) => [t.name, ...(t.aliases ?? [])].some((n) => titleKey(n) === titleKey(name)));
    if (row) out.tags.push({ id: row.id, name: row.name });
    else vnNames.push(name);
  }
  const vnClauses = [...vnIds.map((id) => ["id", "=", id]), ...vnNames.map((n) => ["search", "=", n])];
  if (vnClauses.length) {
    const rows = (await api.query(
      "vn",
      {
        filters: vnClauses.length === 1 ? vnClauses[0] : ["or", ...vnClauses],
        fields: "title,alttitle,aliases,votecount,tags{id,name,rating,spoiler,lie,category},developers{id,name},staff{id,name,role}",
        sort: "votecount",
        reverse: true,
        results: 100,
      },
      { signal: ctx.signal },
    )).results as unknown as VnRow[];
    const asVn = (row: VnRow): AvoidVn => {
      const content = (row.tags ?? []).filter((t) => t.category === "cont" && countsTag(t));
      return {
        id: row.id,
        title: row.title,
        tags: new Set(content.map((t) => t.id)),
        tagNames: new Map(content.map((t) => [t.id, t.name ?? t.id])),
        makers: new Map([
          ...(row.developers ?? []).map((d) => [d.id, `developer ${d.name}`] as const),
          ...(row.staff ?? []).filter((s) => s.role === "scenario").map((s) => [s.id, `writer ${s.name}`] as const),
        ]),
      };
    };
    for (const id of vnIds) {
      const row = rows.find((r) => r.id === id);
      if (row) out.vns.push(asVn(row));
      else out.unknown.push(id);
    }
    for (const name of vnNames) {
      const names = (r: VnRow) => [r.title, r.alttitle ?? "", ...(r.aliases ?? [])].map(titleKey);
      const row = rows.find((r) => names(r).includes(titleKey(name)));
      if (row && !out.vns.some((v) => v.id === row.id)) out.vns.push(asVn(row));
      else if (!row) out.unknown.push(name);
    }
  }
  return out;
}

/**
 * The filter clauses that keep avoided tags and VNs out of every candidate request. A tag is
 * left out at every spoiler level ([tag, 2, 0]: reference §8 tag filter): a reader who avoids a
 * theme wants it gone where VNDB marks it a spoiler too.
 */
export function avoidClauses(avoided: Avoided): unknown[] {
  return [...avoided.tags.map((t) => ["tag", "!=", [t.id, 2, 0]]), ...avoided.vns.map((v) => ["id", "!=", v.id])];
}

/** What weighs a pick down: the avoided VNs' tags or makers it shares, in words, and the weight. */
export function weighDown(avoided: Avoided, pick: { tags?: readonly string[]; makers?: readonly string[] }, tagName: (id: string) => string): { why: string[]; weight: number } {
  const why: string[] = [];
  let weight = 0;
  for (const v of avoided.vns) {
    const tags = (pick.tags ?? []).filter((t) => v.tags.has(t));
    const makers = (pick.makers ?? []).filter((m) => v.makers.has(m));
    if (!tags.length && !makers.length) continue;
    weight += AVOID_WEIGHT * (tags.length + makers.length);
    why.push(`shares ${[...tags.map((t) => v.tagNames.get(t) ?? tagName(t)), ...makers.map((m) => v.makers.get(m)!)].join(", ")} with avoided ${v.id} ${v.title}`);
  }
  return { why, weight };
}

/** How the answer says what `avoid` was taken as. */
export function avoidedText(avoided: Avoided): string | null {
  const parts = [
    ...avoided.tags.map((t) => `tag ${t.name} (${t.id}): left out`),
    ...avoided.vns.map((v) => `${v.id} ${v.title}: not picked, and what shares its tags or makers weighs less`),
    ...avoided.unknown.map((u) => `"${u}": no tag or VN of that name`),
  ];
  return parts.length ? `Avoiding: ${parts.join("; ")}.` : null;
}
