// vndb_recommend: "something like X", "what should I read next". A tag profile from the given
// VNs (or the user's highest votes), candidates sharing two of its tags (one, if too few), minus
// what is on the list, each explained. Seeds without content tags fall back to their
// developers, staff, relations and rating (recommend-fallback.ts). At most 5 upstream
// requests: seeds 1, candidates 1-2, list check 1, and /authinfo once per session.

import { z } from "zod";
import type { VndbApi } from "../api.js";
import { defineTool, READ_ANNOTATIONS, type ToolContext } from "../define-tool.js";
import { ToolError } from "../errors.js";
import { RECOMMEND_OUTPUT } from "../output-shapes.js";
import { entryLinks } from "../query/entry-links.js";
import { resolveCode, type CodeKind } from "../../filters/code-names.js";
import { VOTED_LABEL } from "../lists/labels.js";
import { resolveUserId, userLabel } from "../lists/users.js";
import { avoidClauses, avoidedText, MAX_AVOID, resolveAvoid, weighDown, type Avoided } from "./recommend-avoid.js";
import { onePerTag } from "../../filters/one-per-tag.js";
import { titleKey } from "./title-key.js";
import {
  barrenSignals,
  FALLBACK_SEED_FIELDS,
  fallbackCandidates,
  fallbackSignals,
  hasSignals,
  meanRating,
  scoreFallback,
  signalsText,
  type FallbackSeed,
} from "./recommend-fallback.js";

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
/** Seeds named in the answer's head (a vote profile may have 25). */
const SEEDS_NAMED = 8;

const TAG_FIELDS = "tags{id,name,rating,spoiler,lie,category}";

interface VnTag {
  id: string;
  name: string;
  rating: number;
  spoiler: number;
  lie: boolean;
  category?: string;
}
interface VnRow extends FallbackSeed {
  id: string;
  title: string;
  alttitle?: string | null;
  aliases?: string[];
  titles?: { title: string }[];
  votecount?: number;
  tags?: VnTag[];
}

/** Whether a VN's tag counts at this spoiler level (no lies below level 2). */
export function tagCounts(t: VnTag, spoilers: number): boolean {
  return t.rating >= MATCH_MIN_RATING && t.spoiler <= spoilers && (spoilers >= 2 || !t.lie);
}


/** The row a name means among search rows: exact title/alias, else a title containing it, else none. */
function pickByName(name: string, rows: VnRow[]): VnRow | undefined {
  const key = titleKey(name);
  const names = (r: VnRow) => [r.title, r.alttitle ?? "", ...(r.aliases ?? []), ...(r.titles ?? []).map((t) => t.title)].map(titleKey);
  const byVotes = [...rows].sort((a, b) => (b.votecount ?? 0) - (a.votecount ?? 0));
  return byVotes.find((r) => names(r).includes(key)) ?? byVotes.find((r) => names(r).some((n) => n.includes(key)));
}

/** The seed VNs from ids and titles, in one /vn request. */
async function seedsFromLike(api: VndbApi, like: string[], ctx: ToolContext): Promise<{ seeds: VnRow[]; notes: string[] }> {
  const clauses = like.map((v) => (/^v[0-9]+$/i.test(v.trim()) ? ["id", "=", v.trim().toLowerCase()] : ["search", "=", v.trim()]));
  const filters = clauses.length === 1 ? clauses[0] : ["or", ...clauses];
  const res = await api.query(
    "vn",
    { filters, fields: `title,alttitle,aliases,titles{title},votecount,${TAG_FIELDS},${FALLBACK_SEED_FIELDS}`, sort: "votecount", reverse: true, results: CANDIDATES },
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
    { user, filters: ["label", "=", VOTED_LABEL], fields: `vote,vn{title,${TAG_FIELDS},${FALLBACK_SEED_FIELDS}}`, sort: "vote", reverse: true, results: SEED_VOTES },
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

/** A language or platform given by name ("English", "Switch") or code → its code. */
function codeOf(kind: CodeKind, value: string): string {
  const r = resolveCode(kind, value);
  if (!r.ok) throw new ToolError(r.message);
  return r.code;
}

/** "en (English)": a code with its name (codeOf has refused what does not resolve). */
function named(kind: CodeKind, value: string): string {
  const r = resolveCode(kind, value);
  return r.ok ? `${r.code} (${r.label})` : value;
}

export const recommendTool = defineTool({
  name: "vndb_recommend",
  endpoint: "vn",
  composite: true,
  alsoQueries: ["ulist"],
  title: "Recommend visual novels",
  description:
    "VNs like `like` or, without it, the user's votes ≥ 8, by shared tags (else developers, staff, relations); skips the user's list.",
  input: {
    like: z.array(z.string()).optional().describe("VN ids or titles"),
    user: z.string().optional().describe("u123/name; default token owner"),
    lang: z.string().optional().describe("e.g. en"),
    platform: z.string().optional().describe("e.g. swi"),
    length: z.number().int().min(1).max(5).optional(),
    avoid: z.array(z.string()).max(MAX_AVOID).optional().describe("VNs or tags not wanted"),
  },
  output: RECOMMEND_OUTPUT,
  annotations: READ_ANNOTATIONS,
  access: "read",
  async run(args, ctx) {
    // The server's spoiler level (VNDB_SPOILER_LEVEL): a parameter would cost every session tokens.
    const spoilers = ctx.config.spoilerLevel;
    const me = !args.user && ctx.config.token ? await ctx.session.whoAmI(ctx.api, ctx.signal) : undefined;
    const user = args.user ? await resolveUserId(ctx.api, args.user, ctx.signal) : me?.id;
    // The user as the answer names them: by name where the call knows it, with the id (the
    // list writes name the token's owner by name; an id alone left an eval player unsure).
    const whose = me ? `${me.username} (${me.id})` : user ? await userLabel(ctx.api, user, ctx.signal) : user;
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
      if (!seeds.length) throw new ToolError(`${whose} has no votes of 8 or more to build a profile from.`, 'Pass "like" with VN ids or titles.');
    } else {
      throw new ToolError("Like what? No VN given and no VNDB token configured.", 'Pass "like" (VN ids or titles) or "user".');
    }
    if (!seeds.length) throw new ToolError(`No VN found for ${like.map((l) => `"${l}"`).join(", ")}.`, "Find the ids with vndb_search_vn.");
    const avoided = args.avoid?.length ? await resolveAvoid(ctx.api, args.avoid, (t) => tagCounts(t as VnTag, spoilers), ctx) : null;
    // An avoided tag is no part of what the seeds are liked for.
    const profile = profileOf(seeds, spoilers).filter((p) => !avoided?.tags.some((t) => t.id === p.id));
    const extra: unknown[] = [
      ...seeds.map((s) => ["id", "!=", s.id]),
      ...(avoided ? avoidClauses(avoided) : []),
      // Said back below with the constraints ("Only VNs with …"), not again as a name echo.
      ...(args.lang ? [["lang", "=", codeOf("language", args.lang)]] : []),
      ...(args.platform ? [["platform", "=", codeOf("platform", args.platform)]] : []),
      ...(args.length ? [["length", "=", args.length]] : []),
    ];
    const filtered = extra.length > seeds.length;
    // The constraints applied, said back whatever form they were given in (issue 29 item 9:
    // a player could not tell whether "English only" had been applied).
    const within = [
      ...(args.lang ? [`language ${named("language", args.lang)}`] : []),
      ...(args.platform ? [`platform ${named("platform", args.platform)}`] : []),
      ...(args.length ? [`length ${args.length} (${LENGTH_WORDS[args.length - 1]})`] : []),
    ];

    /** Which of these VNs are on the user's list: one /ulist request. */
    const listed = async (ids: string[]): Promise<Set<string>> => {
      if (!user || !ids.length) return new Set();
      const res = await ctx.api.query(
        "ulist",
        { user, filters: ids.length === 1 ? ["id", "=", ids[0]] : ["or", ...ids.map((id) => ["id", "=", id])], fields: "", results: CANDIDATES },
        { signal: ctx.signal },
      );
      return new Set(res.results.map((r) => String(r.id)));
    };

    // The seeds are named in every answer, so the model can tell the user what was compared.
    const source = like.length
      ? `Seeds: ${seedList(seeds)}.`
      : `Seeds: the votes ≥ 8 of ${whose} (${seeds.length} VNs: ${seedList(seeds)}).`;
    const head = [source];
    if (within.length) head.push(`Only VNs with ${within.join(", ")}.`);
    const avoiding = avoided ? avoidedText(avoided) : null;
    if (avoiding) head.push(avoiding);
    if (notes.length) head.push(`Note: ${notes.join("; ")}.`);
    /** What the public votes add (a mirror built with VNDB's votes dump), after either path's picks. */
    const byVotes = (picks: Pick[]) => votePicks(ctx, seeds, picks, extra, listed, avoided, spoilers);

    if (!profile.length) {
      // No content tags to compare by: the seeds' makers, relations and rating instead.
      const signals = fallbackSignals(seeds);
      const noTags = `No content tags on ${seeds.length === 1 ? "this VN" : "these VNs"} at spoiler level ${spoilers}${ctx.config.embedded ? " (the offline sample holds tags for only a few VNs)" : ""}`;
      if (!hasSignals(signals)) {
        throw new ToolError(
          `${noTags}, and no developers, writer/artist/composer credits or relations either: nothing to compare ${seedList(seeds)} by.`,
          "Try other VNs, or search by what the user likes with vndb_search_vn filters (tag, developer, staff).",
        );
      }
      const mean = meanRating(seeds);
      head.push(`${noTags}; signals used: ${signalsText(signals)}${mean !== null ? `; ties go to the rating closest to the seeds' (${ratingText(mean)})` : ""}.`);
      const candidates = await fallbackCandidates(ctx.api, signals, extra, CANDIDATES, ctx.signal);
      const onList = await listed(candidates.map((c) => c.id));
      if (user && onList.size > 0) head.push(`Dropped ${onList.size} already on the list of ${whose}.`);
      const rows = new Map(candidates.map((c) => [c.id, c]));
      const scoredPicks: Pick[] = scoreFallback(candidates.filter((c) => !onList.has(c.id)), signals, mean).map((p) => ({
        id: p.id,
        title: p.title,
        rating: p.rating,
        reasons: [`${p.weak ? "weak match, only " : ""}${p.shares.join("; ")}`],
        shares: p.shares,
        score: p.score,
        weak: p.weak,
        from: ["makers"],
        makers: [...(rows.get(p.id)?.developers ?? []).map((d) => d.id), ...(rows.get(p.id)?.staff ?? []).filter((x) => x.role === "scenario").map((x) => x.id)],
      }));
      const barren = barrenSignals(signals, candidates, onList, filtered);
      if (barren.length) head.push(`Found nothing through: ${barren.join("; ")}.`);
      const voted = await byVotes(scoredPicks);
      if (voted.line) head.push(voted.line);
      const picks = rank(weighedDown(voted.picks, avoided, (id) => id));
      const lines = picks.map((p) => `- ${p.id} ${p.title}${p.rating ? ` (rating ${ratingText(p.rating)})` : ""}: ${p.reasons.join("; ")}`);
      const none = candidates.length
        ? `All ${candidates.length} VNs sharing these are on the list already.`
        : `No other VN shares these${filtered ? " within the filters" : ""}.`;
      return {
        text: [...head, ...(picks.length ? lines : [none])].join("\n"),
        links: entryLinks(picks.map((p) => ({ id: p.id, title: p.title }))),
        structured: {
          seeds: seeds.map((s) => s.id),
          signals: [
            ...["developers", "staff", "relations"].filter((k) => (k === "developers" ? signals.developers : k === "staff" ? signals.credits : signals.relations).length),
            ...(voted.used ? ["votes"] : []),
          ],
          profile: [],
          picks: picks.map(pickOut),
          ...(user ? { user, droppedOnList: onList.size } : {}),
        },
      };
    }

    const tagFilter = (id: string) => ["tag", "=", spoilers >= 2 ? [id, spoilers, MATCH_MIN_RATING] : [id, spoilers, MATCH_MIN_RATING, true]];
    const pairs: unknown[] = [];
    for (let i = 0; i < profile.length; i++) {
      for (let j = i + 1; j < profile.length; j++) pairs.push(["and", tagFilter(profile[i]!.id), tagFilter(profile[j]!.id)]);
    }
    const ask = async (match: unknown[]) => {
      const any = match.length === 1 ? match[0] : ["or", ...match];
      // The caller's filters may name a profile tag again: one predicate per tag (one-per-tag.ts).
      const res = await ctx.api.query(
        "vn",
        { filters: onePerTag("vn", ["and", any, ...extra]), fields: "title,rating,votecount,tags{id,rating,spoiler,lie}", sort: "rating", reverse: true, results: CANDIDATES },
        { signal: ctx.signal },
      );
      return res.results as unknown as VnRow[];
    };
    let candidates = pairs.length ? await ask(pairs) : [];
    if (candidates.length < PICKS * 2) {
      const more = await ask(profile.map((t) => tagFilter(t.id)));
      candidates = [...candidates, ...more.filter((m) => !candidates.some((c) => c.id === m.id))];
    }

    const onList = await listed(candidates.map((c) => c.id));

    const scored: Pick[] = candidates
      .filter((c) => !onList.has(c.id))
      .map((c) => {
        const shared = profile.filter((p) => (c.tags ?? []).some((t) => t.id === p.id && tagCounts(t, spoilers)));
        return {
          id: c.id,
          title: c.title,
          rating: c.rating ?? null,
          reasons: [`shares ${shared.map((p) => p.name).join(", ")}`],
          shares: shared.map((p) => p.name),
          score: shared.reduce((n, p) => n + p.weight, 0),
          from: ["tags"],
          tags: (c.tags ?? []).filter((t) => tagCounts(t, spoilers)).map((t) => t.id),
        };
      })
      .filter((x) => x.shares.length > 0);

    head.push(`Signals used: shared content tags. Profile: ${profile.map((p) => p.name).join(", ")}.`);
    if (user && onList.size > 0) head.push(`Dropped ${onList.size} already on the list of ${whose}.`);
    const voted = await byVotes(scored);
    if (voted.line) head.push(voted.line);
    const tagNames = new Map<string, string>(profile.map((p) => [p.id, p.name]));
    const picks = rank(weighedDown(voted.picks, avoided, (id) => tagNames.get(id) ?? id));
    const lines = picks.map((x) => `- ${x.id} ${x.title}${x.rating ? ` (rating ${ratingText(x.rating)})` : ""}: ${x.reasons.join("; ")}`);
    const none = candidates.length
      ? `All ${candidates.length} VNs sharing these tags are on the list already.`
      : `No other VN shares these tags${filtered ? " within the filters" : ""}.`;
    const text = [...head, ...(picks.length ? lines : [none])].join("\n");
    return {
      text,
      links: entryLinks(picks.map((x) => ({ id: x.id, title: x.title }))),
      structured: {
        seeds: seeds.map((s) => s.id),
        signals: ["tags", ...(voted.used ? ["votes"] : [])],
        profile: profile.map((p) => p.name),
        picks: picks.map(pickOut),
        ...(user ? { user, droppedOnList: onList.size } : {}),
      },
    };
  },
});

/** A pick of either path, before the shared steps (votes, avoid, rank). */
interface Pick {
  id: string;
  title: string;
  rating: number | null;
  /** Why it fits, in words, one per signal. */
  reasons: string[];
  /** What it shares with the seeds (tags, makers, relations), for structuredContent. */
  shares: string[];
  score: number;
  /** Found through: "tags", "makers" (developers, staff, relations), "votes". */
  from: string[];
  weak?: boolean;
  /** Its counted tag ids, developer and writer ids: what an avoided VN may share. */
  tags?: string[];
  makers?: string[];
}

function pickOut(p: Pick): Record<string, unknown> {
  return { id: p.id, title: p.title, shares: p.shares, from: p.from, ...(p.weak ? { weak: true } : {}) };
}

/** Best first: weak matches after the others (issue 29 item 9), then score, then rating; PICKS of them. */
function rank(picks: Pick[]): Pick[] {
  return picks
    .filter((p) => p.score > 0)
    .sort((a, b) => Number(a.weak ?? false) - Number(b.weak ?? false) || b.score - a.score || (b.rating ?? 0) - (a.rating ?? 0))
    .slice(0, PICKS);
}

/** Each pick that shares an avoided VN's tags or makers weighs less, and says why. */
function weighedDown(picks: Pick[], avoided: Avoided | null, tagName: (id: string) => string): Pick[] {
  if (!avoided?.vns.length) return picks;
  return picks.map((p) => {
    const down = weighDown(avoided, p, tagName);
    return down.weight ? { ...p, score: p.score - down.weight, reasons: [...p.reasons, `weighed down: ${down.why.join("; ")}`] } : p;
  });
}

/** Candidates asked for by their public-votes neighbours: enough to fill the picks after the list and filters drop some. */
const VOTE_CANDIDATES = 20;
/**
 * A neighbour's cosine (0..1, mirror/derive/similar.ts) in the units of the other signals: a
 * cosine of 0.3 — a strong co-liking on VNDB — weighs about as much as two shared seed tags.
 */
const VOTES_WEIGHT = 10;

/**
 * "People who liked the seeds also liked": with a mirror built with VNDB's public votes dump,
 * the seeds' neighbours join the picks (one /vn request for the ones not yet among them, with
 * the call's filters), each saying how many liked both. Without such data the picks stay as
 * they are and the answer says nothing of votes.
 */
async function votePicks(
  ctx: ToolContext,
  seeds: readonly VnRow[],
  picks: Pick[],
  extra: unknown[],
  listed: (ids: string[]) => Promise<Set<string>>,
  avoided: Avoided | null,
  spoilers: number,
): Promise<{ picks: Pick[]; line: string | null; used: boolean }> {
  const table = ctx.local ? await ctx.local.neighbours(seeds.map((s) => s.id)) : null;
  if (!table) return { picks, line: null, used: false };
  const seedIds = new Set(seeds.map((s) => s.id));
  const titleOf = new Map(seeds.map((s) => [s.id, s.title]));
  const best = new Map<string, { score: number; together: number; seed: string }>();
  for (const [seed, list] of Object.entries(table.of)) {
    for (const n of list) {
      if (seedIds.has(n.id) || avoided?.vns.some((v) => v.id === n.id)) continue;
      const had = best.get(n.id);
      if (!had) best.set(n.id, { score: n.score, together: n.together, seed });
      else {
        had.score += n.score;
        if (n.together > had.together) Object.assign(had, { together: n.together, seed });
      }
    }
  }
  if (!best.size) return { picks, line: "Public votes: no VN is liked often enough by the people who liked the seeds.", used: false };
  const reason = (id: string) => {
    const b = best.get(id)!;
    return `liked by ${b.together} who liked ${b.seed} ${titleOf.get(b.seed) ?? ""}`.trim() + " (public votes)";
  };
  const merged = picks.map((p) =>
    best.has(p.id) ? { ...p, score: p.score + VOTES_WEIGHT * best.get(p.id)!.score, reasons: [...p.reasons, reason(p.id)], from: [...p.from, "votes"], weak: false } : p,
  );
  const fresh = [...best].filter(([id]) => !picks.some((p) => p.id === id)).sort((a, b) => b[1].score - a[1].score).slice(0, VOTE_CANDIDATES).map(([id]) => id);
  if (fresh.length) {
    const res = await ctx.api.query(
      "vn",
      { filters: ["and", fresh.length === 1 ? ["id", "=", fresh[0]] : ["or", ...fresh.map((id) => ["id", "=", id])], ...extra], fields: "title,rating,tags{id,rating,spoiler,lie},developers{id},staff{id,role}", results: VOTE_CANDIDATES },
      { signal: ctx.signal },
    );
    const rows = res.results as unknown as (VnRow & { developers?: { id: string }[]; staff?: { id: string; role: string }[] })[];
    const onList = await listed(rows.map((r) => r.id));
    for (const r of rows) {
      if (onList.has(r.id)) continue;
      merged.push({
        id: r.id,
        title: r.title,
        rating: (r as { rating?: number | null }).rating ?? null,
        reasons: [reason(r.id)],
        shares: [],
        score: VOTES_WEIGHT * best.get(r.id)!.score,
        from: ["votes"],
        tags: (r.tags ?? []).filter((t) => tagCounts(t, spoilers)).map((t) => t.id),
        makers: [...(r.developers ?? []).map((d) => d.id), ...(r.staff ?? []).filter((x) => x.role === "scenario").map((x) => x.id)],
      });
    }
  }
  return { picks: merged, line: `Signals used also: public votes (${table.rule}).`, used: true };
}

/**
 * A VN rating as the search tools show it: VNDB's 10-100 scale, one decimal (issue 29 item 9:
 * the recommender's 8.69 beside the search's 86.9 read as two different ratings).
 */
function ratingText(rating: number): string {
  return String(Math.round(rating * 10) / 10);
}

/** VNDB's length buckets 1-5 (GET /schema `length`), for the constraints line. */
const LENGTH_WORDS = ["very short", "short", "medium", "long", "very long"] as const;

/** Seeds shown by id and title; a long vote list is cut after SEEDS_NAMED. */
function seedList(seeds: readonly VnRow[]): string {
  const shown = seeds.slice(0, SEEDS_NAMED).map((s) => `${s.id} ${s.title}`);
  return seeds.length > SEEDS_NAMED ? `${shown.join(", ")} and ${seeds.length - SEEDS_NAMED} more` : shown.join(", ");
}
