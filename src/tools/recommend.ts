// vndb_recommend: "something like X", "what should I read next". A tag profile from the given
// VNs (or the user's highest votes), candidates sharing two of its tags (one, if too few), minus
// what is on the list, each explained. At most 5 upstream requests: seeds 1, candidates 1-2,
// list check 1, and /authinfo once per session.

import { z } from "zod";
import type { VndbApi } from "./api.js";
import { defineTool, type ToolContext } from "./define-tool.js";
import { ToolError } from "./errors.js";
import { RECOMMEND_OUTPUT } from "./output-shapes.js";
import { entryLinks } from "./entry-links.js";
import { resolveCode, type CodeKind } from "../filters/code-names.js";
import { VOTED_LABEL } from "./labels.js";
import { resolveUserId } from "./users.js";

/** Tags weaker than this (0..3) are voters' doubts, for the profile and for a match. */
export const MATCH_MIN_RATING = 1.5;
/** Tags in the profile: enough for variety, few enough for one request of tag pairs. */
const PROFILE_TAGS = 6;
/** The user's votes that make the profile when no VN is given: 8/10 and up, the best 25. */
const SEED_MIN_VOTE = 80;
const SEED_VOTES = 25;
/** Candidates read per request (the API's page maximum) and picks shown. */
const CANDIDATES = 100;
const PICKS = 5;
/** Seeds named at once: they share one search request. */
const MAX_LIKE = 5;

const TAG_FIELDS = "tags{id,name,rating,spoiler,lie,category}";

interface VnTag {
  id: string;
  name: string;
  rating: number;
  spoiler: number;
  lie: boolean;
  category?: string;
}
interface VnRow {
  id: string;
  title: string;
  alttitle?: string | null;
  aliases?: string[];
  titles?: { title: string }[];
  votecount?: number;
  rating?: number | null;
  tags?: VnTag[];
}

/** Whether a VN's tag counts at this spoiler level (no lies below level 2). */
export function tagCounts(t: VnTag, spoilers: number): boolean {
  return t.rating >= MATCH_MIN_RATING && t.spoiler <= spoilers && (spoilers >= 2 || !t.lie);
}

const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The row a name means among search rows: exact title/alias, else a title containing it, else none. */
function pickByName(name: string, rows: VnRow[]): VnRow | undefined {
  const key = norm(name);
  const names = (r: VnRow) => [r.title, r.alttitle ?? "", ...(r.aliases ?? []), ...(r.titles ?? []).map((t) => t.title)].map(norm);
  const byVotes = [...rows].sort((a, b) => (b.votecount ?? 0) - (a.votecount ?? 0));
  return byVotes.find((r) => names(r).includes(key)) ?? byVotes.find((r) => names(r).some((n) => n.includes(key)));
}

/** The seed VNs from ids and titles, in one /vn request. */
async function seedsFromLike(api: VndbApi, like: string[], ctx: ToolContext): Promise<{ seeds: VnRow[]; notes: string[] }> {
  const clauses = like.map((v) => (/^v[0-9]+$/i.test(v.trim()) ? ["id", "=", v.trim().toLowerCase()] : ["search", "=", v.trim()]));
  const filters = clauses.length === 1 ? clauses[0] : ["or", ...clauses];
  const res = await api.query(
    "vn",
    { filters, fields: `title,alttitle,aliases,titles{title},votecount,${TAG_FIELDS}`, sort: "votecount", reverse: true, results: CANDIDATES },
    { signal: ctx.signal },
  );
  const rows = res.results as unknown as VnRow[];
  const seeds: VnRow[] = [];
  const notes: string[] = [];
  for (const v of like) {
    const id = /^v[0-9]+$/i.test(v.trim()) ? v.trim().toLowerCase() : undefined;
    const row = id ? rows.find((r) => r.id === id) : pickByName(v, rows);
    if (!row) notes.push(`no VN found for "${v}"`);
    else if (!seeds.includes(row)) seeds.push(row);
  }
  return { seeds, notes };
}

/** The seed VNs from the user's highest votes, in one /ulist request. */
async function seedsFromVotes(api: VndbApi, user: string, ctx: ToolContext): Promise<VnRow[]> {
  const res = await api.query(
    "ulist",
    // Label 7 (Voted): VNDB sorts unvoted entries first in descending vote order.
    { user, filters: ["label", "=", VOTED_LABEL], fields: `vote,vn{title,${TAG_FIELDS}}`, sort: "vote", reverse: true, results: SEED_VOTES },
    { signal: ctx.signal },
  );
  return (res.results as unknown as { id: string; vote: number | null; vn: Omit<VnRow, "id"> }[])
    .filter((e) => (e.vote ?? 0) >= SEED_MIN_VOTE)
    .map((e) => ({ id: e.id, ...e.vn }));
}

/** Profile: tags by how many seeds carry them, then summed rating; content tags only. */
function profileOf(seeds: VnRow[], spoilers: number): { id: string; name: string; weight: number }[] {
  const acc = new Map<string, { id: string; name: string; seeds: number; sum: number }>();
  for (const s of seeds) {
    for (const t of s.tags ?? []) {
      if (t.category !== "cont" || !tagCounts(t, spoilers)) continue;
      const row = acc.get(t.id) ?? { id: t.id, name: t.name, seeds: 0, sum: 0 };
      row.seeds++;
      row.sum += t.rating;
      acc.set(t.id, row);
    }
  }
  return [...acc.values()]
    .sort((a, b) => b.seeds - a.seeds || b.sum - a.sum || a.id.localeCompare(b.id))
    .slice(0, PROFILE_TAGS)
    .map((t) => ({ id: t.id, name: t.name, weight: t.seeds + t.sum / 3 }));
}

/** A language or platform given by name ("English", "Switch") → its code, said back when it was a name. */
function codeOf(kind: CodeKind, value: string, echo: string[]): string {
  const r = resolveCode(kind, value);
  if (!r.ok) throw new ToolError(r.message);
  if (!r.exact) echo.push(`${kind} "${value}" = ${r.code} ${r.label}`);
  return r.code;
}

export const recommendTool = defineTool({
  name: "vndb_recommend",
  endpoint: "vn",
  composite: true,
  title: "Recommend visual novels",
  description: "VNs like `like` (ids/titles) or, without it, the user's votes ≥ 8, by shared tags; skips the user's list, says why each fits.",
  input: {
    like: z.array(z.string()).optional().describe("VN ids or titles"),
    user: z.string().optional().describe("u123/name; default token owner"),
    lang: z.string().optional().describe("e.g. en"),
    platform: z.string().optional().describe("e.g. swi"),
    length: z.number().int().min(1).max(5).optional(),
  },
  output: RECOMMEND_OUTPUT,
  annotations: { readOnlyHint: true, openWorldHint: true },
  access: "read",
  async run(args, ctx) {
    // The server's spoiler level (VNDB_SPOILER_LEVEL): a parameter would cost every session tokens.
    const spoilers = ctx.config.spoilerLevel;
    const user = args.user
      ? await resolveUserId(ctx.api, args.user, ctx.signal)
      : ctx.config.token
        ? (await ctx.session.whoAmI(ctx.api, ctx.signal)).id
        : undefined;
    const like = (args.like ?? []).filter((s) => s.trim());
    if (like.length > MAX_LIKE) throw new ToolError(`At most ${MAX_LIKE} VNs in "like".`, "Pick the ones that matter most.");
    let seeds: VnRow[];
    const notes: string[] = [];
    if (like.length) {
      const got = await seedsFromLike(ctx.api, like, ctx);
      seeds = got.seeds;
      notes.push(...got.notes);
    } else if (user) {
      seeds = await seedsFromVotes(ctx.api, user, ctx);
      if (!seeds.length) throw new ToolError(`${user} has no votes of 8 or more to build a profile from.`, 'Pass "like" with VN ids or titles.');
    } else {
      throw new ToolError("Like what? No VN given and no VNDB token configured.", 'Pass "like" (VN ids or titles) or "user".');
    }
    if (!seeds.length) throw new ToolError(`No VN found for ${like.map((l) => `"${l}"`).join(", ")}.`, "Find the ids with vndb_search_vn.");
    const profile = profileOf(seeds, spoilers);
    if (!profile.length) {
      throw new ToolError(
        `${seeds.length === 1 ? "This VN has" : `These ${seeds.length} VNs have`} no content tags VNDB shows at spoiler level ${spoilers}, so there is nothing to compare by.`,
        "Try other VNs.",
      );
    }

    const tagFilter = (id: string) => ["tag", "=", spoilers >= 2 ? [id, spoilers, MATCH_MIN_RATING] : [id, spoilers, MATCH_MIN_RATING, true]];
    const extra: unknown[] = [
      ...seeds.map((s) => ["id", "!=", s.id]),
      ...(args.lang ? [["lang", "=", codeOf("language", args.lang, notes)]] : []),
      ...(args.platform ? [["platform", "=", codeOf("platform", args.platform, notes)]] : []),
      ...(args.length ? [["length", "=", args.length]] : []),
    ];
    const pairs: unknown[] = [];
    for (let i = 0; i < profile.length; i++) {
      for (let j = i + 1; j < profile.length; j++) pairs.push(["and", tagFilter(profile[i]!.id), tagFilter(profile[j]!.id)]);
    }
    const ask = async (match: unknown[]) => {
      const any = match.length === 1 ? match[0] : ["or", ...match];
      const res = await ctx.api.query(
        "vn",
        { filters: ["and", any, ...extra], fields: "title,rating,votecount,tags{id,rating,spoiler,lie}", sort: "rating", reverse: true, results: CANDIDATES },
        { signal: ctx.signal },
      );
      return res.results as unknown as VnRow[];
    };
    let candidates = pairs.length ? await ask(pairs) : [];
    if (candidates.length < PICKS * 2) {
      const more = await ask(profile.map((t) => tagFilter(t.id)));
      candidates = [...candidates, ...more.filter((m) => !candidates.some((c) => c.id === m.id))];
    }

    let onList = new Set<string>();
    if (user && candidates.length) {
      const ids = candidates.map((c) => c.id);
      const res = await ctx.api.query(
        "ulist",
        { user, filters: ids.length === 1 ? ["id", "=", ids[0]] : ["or", ...ids.map((id) => ["id", "=", id])], fields: "", results: CANDIDATES },
        { signal: ctx.signal },
      );
      onList = new Set(res.results.map((r) => String(r.id)));
    }

    const scored = candidates
      .filter((c) => !onList.has(c.id))
      .map((c) => {
        const shared = profile.filter((p) => (c.tags ?? []).some((t) => t.id === p.id && tagCounts(t, spoilers)));
        return { c, shared, score: shared.reduce((n, p) => n + p.weight, 0) };
      })
      .filter((x) => x.shared.length > 0)
      .sort((a, b) => b.score - a.score || (b.c.rating ?? 0) - (a.c.rating ?? 0))
      .slice(0, PICKS);

    const source = like.length ? seeds.map((s) => `${s.id} ${s.title}`).join(", ") : `${user}'s votes ≥ 8 (${seeds.length} VNs)`;
    const head = [`Profile from ${source}: ${profile.map((p) => p.name).join(", ")}.`];
    if (notes.length) head.push(`Note: ${notes.join("; ")}.`);
    if (user) head.push(`Dropped ${onList.size} already on ${user}'s list.`);
    const lines = scored.map(
      (x) =>
        `- ${x.c.id} ${x.c.title}${x.c.rating ? ` (rating ${(x.c.rating / 10).toFixed(2)})` : ""}: shares ${x.shared.map((p) => p.name).join(", ")}`,
    );
    const none = candidates.length
      ? `All ${candidates.length} VNs sharing these tags are on the list already.`
      : `No other VN shares these tags${extra.length > seeds.length ? " within the filters" : ""}.`;
    const text = [...head, ...(scored.length ? lines : [none])].join("\n");
    return {
      text,
      links: entryLinks(scored.map((x) => ({ id: x.c.id, title: x.c.title }))),
      structured: {
        seeds: seeds.map((s) => s.id),
        profile: profile.map((p) => p.name),
        picks: scored.map((x) => ({ id: x.c.id, title: x.c.title, shares: x.shared.map((p) => p.name) })),
        ...(user ? { user, droppedOnList: onList.size } : {}),
      },
    };
  },
});
