// vndb_list_insight {"vn": ...}: "should I read it?" for one VN and one reader (issue 31
// item 5): rating and votes, length, availability in the reader's languages (and MTL),
// content warnings at or below the spoiler level, what to read first (relations), and how
// it matches the reader's votes. Requests: POST /vn once, POST /release once, POST /ulist
// three times (the reader's votes with tags, this VN and its relations, the release list).

import type { ToolContext, ToolResult } from "../define-tool.js";
import { ToolError } from "../errors.js";
import { countedTags, type InsightTag } from "./list-stats.js";
import { readerProfile } from "./reader-profile.js";
import { idFilter, listOwner, OFFLINE_SAMPLE_NOTE, PAGE_SIZE } from "./whole-list.js";

/** The reader's votes read for the taste match: the most recent 500 (5 of VNDB's 200 requests per 5 minutes). */
const TASTE_PAGES = 5;
/** A voted VN is "similar" when it shares this many counted content tags with the VN. */
const SIMILAR_MIN_SHARED = 3;
/** Similar VNs named. */
const SIMILAR_SHOWN = 5;
/** Voted label (7): only voted entries carry a vote. */
const VOTED_LABEL = 7;

/**
 * Tags readers commonly want to be warned about (VNDB tag names; a name starting with one of
 * these counts, so "Rape by Deception" is under "Rape"). Chosen from VNDB's tag tree: sexual
 * violence, gore and torture, abuse, self-harm, netorare; not a VNDB list, so said as ours.
 */
const WARNING_PREFIXES = [
  "Rape", "Non-consensual", "Sexual Abuse", "Gore", "Graphic Violence", "Torture", "Child Abuse", "Domestic Violence", "Animal Cruelty",
  "Suicide", "Self-harm", "Cannibalism", "Netorare", "Incest", "Mind Control", "Mind Break", "Bullying", "Drug Use",
];
/** Named tags that begin like a warning but are not one. */
const NOT_WARNINGS = new Set(["Gore Filter"]);

/** Relations to read before this VN: the other VN is its prequel, parent story or original game. */
const READ_FIRST: Readonly<Record<string, string>> = { preq: "prequel", par: "parent story", orig: "original game" };

const BRIEF_FIELDS =
  "title,released,rating,votecount,length,length_minutes,length_votes,olang,developers{name}," +
  "tags{name,rating,spoiler,lie,category},relations{title,relation,relation_official}";

interface BriefTag extends InsightTag {
  category?: string;
}

interface RawVn {
  id: string;
  title: string;
  released?: string | null;
  rating?: number | null;
  votecount?: number;
  length?: number | null;
  length_minutes?: number | null;
  length_votes?: number;
  olang?: string;
  developers?: { name: string }[];
  tags?: BriefTag[];
  relations?: { id: string; title: string; relation: string; relation_official: boolean }[];
}

interface RawRelease {
  id: string;
  released?: string | null;
  official?: boolean;
  patch?: boolean;
  platforms?: string[];
  languages?: { lang: string; mtl: boolean }[];
}

interface RawVote {
  id: string;
  vote: number | null;
  vn?: { title?: string; developers?: { name: string }[]; tags?: BriefTag[] };
}

const LENGTHS: Readonly<Record<number, string>> = { 1: "very short (< 2 h)", 2: "short (2-10 h)", 3: "medium (10-30 h)", 4: "long (30-50 h)", 5: "very long (> 50 h)" };

/** The VN named: an id, or the best-known VN whose title matches. */
async function findVn(ctx: ToolContext, vn: string): Promise<{ row: RawVn; resolved?: string }> {
  const id = /^v?\d+$/i.test(vn.trim()) ? `v${vn.trim().replace(/^v/i, "")}` : undefined;
  const res = await ctx.api.query(
    "vn",
    { filters: id ? ["id", "=", id] : ["search", "=", vn.trim()], fields: BRIEF_FIELDS, sort: "votecount", reverse: true, results: id ? 1 : 5 },
    { signal: ctx.signal },
  );
  const rows = res.results as unknown as RawVn[];
  if (!rows.length) throw new ToolError(`No VN ${id ?? `matches "${vn}"`}.`, "Find the id with vndb_search_vn.");
  const exact = rows.find((r) => r.title.toLowerCase() === vn.trim().toLowerCase());
  const row = exact ?? rows[0]!;
  return { row, ...(id || exact ? {} : { resolved: `"${vn}" → ${row.id} ${row.title}` }) };
}

function isWarning(name: string): boolean {
  return !NOT_WARNINGS.has(name) && WARNING_PREFIXES.some((p) => name === p || name.startsWith(`${p} `));
}

const day = (d: string | null | undefined) => d ?? "TBA";

/** Per language of the reader: official releases (not MTL), machine translations, fan translations. */
function availability(releases: readonly RawRelease[], langs: readonly string[], today: string) {
  return langs.map((lang) => {
    const inLang = releases.filter((r) => (r.languages ?? []).some((l) => l.lang === lang));
    const human = inLang.filter((r) => !(r.languages ?? []).find((l) => l.lang === lang)!.mtl);
    const official = human.filter((r) => r.official !== false);
    const fan = human.filter((r) => r.official === false);
    const mtl = inLang.filter((r) => (r.languages ?? []).find((l) => l.lang === lang)!.mtl);
    const first = (xs: RawRelease[]) => [...xs].sort((a, b) => day(a.released).localeCompare(day(b.released)))[0];
    const out = (xs: RawRelease[]) => {
      const f = first(xs);
      if (!f) return null;
      const platforms = [...new Set(xs.flatMap((r) => r.platforms ?? []))];
      return { first: f.released ?? null, out: f.released !== null && f.released !== undefined && f.released <= today, platforms, releases: xs.length };
    };
    return { lang, official: out(official), fan: out(fan), mtl: out(mtl) };
  });
}

export async function runBrief(ctx: ToolContext, user: string | undefined, vn: string): Promise<ToolResult> {
  const owner = await listOwner(ctx, user);
  const { row, resolved } = await findVn(ctx, vn);
  const spoilers = ctx.config.spoilerLevel;
  const today = new Date().toISOString().slice(0, 10);
  const rel = await ctx.api.query(
    "release",
    { filters: ["vn", "=", ["id", "=", row.id]], fields: "released,official,patch,platforms,languages{lang,mtl}", sort: "released", results: PAGE_SIZE },
    { signal: ctx.signal },
  );
  const releases = rel.results as unknown as RawRelease[];
  const profile = await readerProfile(ctx, owner.id);

  // The reader's votes (most recent first) with each VN's developers and tags.
  const votes: RawVote[] = [];
  let votesCut = false;
  for (let page = 1; page <= TASTE_PAGES; page++) {
    const res = await ctx.api.query(
      "ulist",
      { user: owner.id, filters: ["label", "=", VOTED_LABEL], fields: "vote,vn{title,developers{name},tags{name,rating,spoiler,lie,category}}", sort: "voted", reverse: true, results: PAGE_SIZE, page },
      { signal: ctx.signal },
    );
    votes.push(...(res.results as unknown as RawVote[]));
    if (!res.more) break;
    if (page === TASTE_PAGES) votesCut = true;
  }
  const readFirst = (row.relations ?? []).filter((r) => READ_FIRST[r.relation]);
  const listed = await ctx.api.query(
    "ulist",
    { user: owner.id, filters: idFilter([row.id, ...readFirst.map((r) => r.id)]), fields: "vote,labels{id,label}", results: PAGE_SIZE },
    { signal: ctx.signal },
  );
  const onList = new Map((listed.results as unknown as { id: string; vote: number | null; labels?: { id: number; label: string }[] }[]).map((e) => [e.id, e]));
  const statusOf = (id: string) => {
    const e = onList.get(id);
    if (!e) return "not on the list";
    const labels = (e.labels ?? []).filter((l) => l.id !== VOTED_LABEL).map((l) => l.label);
    return [...labels, ...(e.vote ? [`vote ${e.vote / 10}`] : [])].join(", ") || "on the list, no label";
  };

  const lines: string[] = [`Should ${owner.label} read ${row.id} ${row.title}?`];
  if (resolved) lines.push(`Title resolved: ${resolved}.`);
  lines.push(
    `Rating: ${row.rating ? `${(row.rating / 10).toFixed(2)} from ${row.votecount ?? 0} votes` : `none yet (${row.votecount ?? 0} votes)`}. Length: ${
      row.length_minutes ? `about ${Math.round(row.length_minutes / 60)} h (${row.length_votes ?? 0} length votes)` : row.length ? LENGTHS[row.length] : "unknown"
    }.`,
  );
  lines.push(`On ${owner.label}'s list: ${statusOf(row.id)}.${owner.seesPrivate ? "" : " (Public entries only.)"}`);

  // Availability in the reader's languages.
  const avail = availability(releases, profile.langs, today);
  if (profile.source === null) {
    lines.push(`Languages: unknown (no releases on ${owner.label}'s release list). Released in: ${[...new Set(releases.flatMap((r) => (r.languages ?? []).map((l) => l.lang)))].join(", ") || "no release yet"}.`);
  } else {
    const say = (x: ReturnType<typeof availability>[number]) => {
      const part = (what: string, a: { first: string | null; out: boolean; platforms: string[] } | null) =>
        a ? `${what} ${a.out ? "since" : "due"} ${day(a.first)} (${a.platforms.join(", ")})` : null;
      const parts = [part("official", x.official), part("fan translation", x.fan), part("MTL", x.mtl)].filter(Boolean);
      return `${x.lang}: ${parts.join("; ") || "none"}`;
    };
    lines.push(`In ${owner.label}'s languages (from ${profile.source}): ${avail.map(say).join(". ")}.`);
    if (profile.platforms.length) {
      const playable = releases.some((r) => (r.platforms ?? []).some((p) => profile.platforms.includes(p)) && (r.languages ?? []).some((l) => profile.langs.includes(l.lang)));
      lines.push(`On ${owner.label}'s platforms (${profile.platforms.join(", ")}): ${playable ? "yes" : "no release in these languages"}.`);
    }
  }

  // Content warnings at or below the spoiler level.
  const tags = row.tags ?? [];
  const shown = tags.filter((t) => isWarning(t.name) && countedTags([t], spoilers).length);
  const hidden = tags.filter((t) => isWarning(t.name) && t.spoiler > spoilers && t.rating >= 2).length;
  lines.push(
    `Content warnings (tags at spoiler level ≤ ${spoilers}, from our list of warning tags): ${shown.map((t) => `${t.name} (${t.rating.toFixed(1)})`).join(", ") || "none"}${hidden ? `; ${hidden} more above this spoiler level, not named` : ""}.`,
  );

  // What to read first.
  lines.push(
    readFirst.length
      ? `Read first: ${readFirst.map((r) => `${r.id} ${r.title} (${READ_FIRST[r.relation]}${r.relation_official ? "" : ", unofficial"}; ${statusOf(r.id)})`).join("; ")}.`
      : "Read first: nothing (no prequel, parent story or original game).",
  );

  // Taste match against the reader's votes.
  const voted = votes.filter((v) => v.vote !== null && v.id !== row.id);
  const mean = voted.length ? voted.reduce((s, v) => s + v.vote!, 0) / voted.length / 10 : null;
  const mine = new Set(countedTags(tags, spoilers).filter((n) => tags.find((t) => t.name === n)?.category === "cont"));
  const similar = voted
    .map((v) => ({ v, shared: countedTags(v.vn?.tags ?? [], spoilers).filter((n) => mine.has(n)) }))
    .filter((x) => x.shared.length >= SIMILAR_MIN_SHARED)
    .sort((a, b) => b.shared.length - a.shared.length || b.v.vote! - a.v.vote!);
  const devs = new Set((row.developers ?? []).map((d) => d.name));
  const sameDev = voted.filter((v) => (v.vn?.developers ?? []).some((d) => devs.has(d.name)));
  const avg = (xs: RawVote[]) => xs.reduce((s, v) => s + v.vote!, 0) / xs.length / 10;
  const taste: string[] = [];
  if (mean === null) {
    taste.push(`no votes${owner.seesPrivate ? "" : " in public"} to compare with`);
  } else {
    taste.push(`mean vote ${mean.toFixed(2)} over ${voted.length}${votesCut ? " most recent" : ""} votes`);
    taste.push(
      similar.length
        ? `${similar.length} voted VNs share ≥ ${SIMILAR_MIN_SHARED} of its content tags, mean ${avg(similar.map((s) => s.v)).toFixed(2)}: ${similar
            .slice(0, SIMILAR_SHOWN)
            .map((s) => `${s.v.id} ${s.v.vn?.title ?? ""} (${s.v.vote! / 10})`)
            .join(", ")}`
        : `no voted VN shares ≥ ${SIMILAR_MIN_SHARED} of its content tags`,
    );
    if (devs.size) taste.push(sameDev.length ? `${sameDev.length} voted VNs by ${[...devs].join(", ")}, mean ${avg(sameDev).toFixed(2)}` : `no votes for ${[...devs].join(", ")}`);
  }
  lines.push(`Taste match: ${taste.join("; ")}.`);

  if (ctx.config.embedded) lines.push(OFFLINE_SAMPLE_NOTE);
  return {
    text: lines.join("\n"),
    structured: {
      user: owner.id,
      // As the text names the reader, for the brief's card (src/ui/app/brief-card.ts).
      name: owner.label,
      vn: { id: row.id, title: row.title, rating: row.rating ?? null, votecount: row.votecount ?? 0, length: row.length ?? null, length_minutes: row.length_minutes ?? null },
      on_list: onList.has(row.id) ? statusOf(row.id) : null,
      languages: profile.langs,
      languages_from: profile.source,
      availability: avail,
      warnings: shown.map((t) => ({ name: t.name, rating: t.rating, spoiler: t.spoiler })),
      warnings_hidden: hidden,
      read_first: readFirst.map((r) => ({ id: r.id, title: r.title, relation: r.relation, status: statusOf(r.id) })),
      taste: {
        mean_vote: mean === null ? null : Math.round(mean * 100) / 100,
        votes: voted.length,
        similar: similar.slice(0, SIMILAR_SHOWN).map((s) => ({ id: s.v.id, vote: s.v.vote! / 10, shared: s.shared })),
        similar_mean: similar.length ? Math.round(avg(similar.map((s) => s.v)) * 100) / 100 : null,
        same_developer_mean: sameDev.length ? Math.round(avg(sameDev) * 100) / 100 : null,
      },
    },
  };
}
