// vndb_list_insight: "what's my average vote?", "how many did I finish this year?", "my
// favourite developers" — statistics over a whole list, which no single /ulist page answers.
// Pages through POST /ulist (bounded), then one /vn request for the tags of the highly voted.

import { z } from "zod";
import type { VndbApi } from "../api.js";
import { defineTool, READ_ANNOTATIONS, type ToolContext } from "../define-tool.js";
import { ToolError } from "../errors.js";
import { INSIGHT_OUTPUT } from "../output-shapes.js";
import { HIGH_VOTE, listStats, type InsightEntry, type InsightTag, type ListStats } from "./list-stats.js";
import { readWholeList } from "./whole-list.js";
import { resolveUserId, userLabel } from "../lists/users.js";

/** VNs per tag request: one request, the API's page maximum. */
const TAG_VNS = 100;

const ENTRY_FIELDS = "vote,finished,labels{id,label},vn{developers{name}}";

interface RawEntry {
  id: string;
  vote?: number | null;
  finished?: string | null;
  labels?: { id: number; label: string }[];
  vn?: { developers?: { name: string }[] };
}

async function readInsightEntries(api: VndbApi, user: string, ctx: ToolContext): Promise<{ entries: InsightEntry[]; cut: boolean }> {
  const { rows, cut } = await readWholeList<RawEntry>(api, user, ENTRY_FIELDS, ctx);
  const entries = rows.map((r) => ({
    id: r.id,
    vote: r.vote ?? null,
    finished: r.finished ?? null,
    labels: r.labels ?? [],
    developers: (r.vn?.developers ?? []).map((d) => d.name),
  }));
  return { entries, cut };
}

async function tagsOfHighVoted(api: VndbApi, entries: InsightEntry[], ctx: ToolContext): Promise<Map<string, InsightTag[]>> {
  const ids = entries
    .filter((e) => e.vote !== null && e.vote >= HIGH_VOTE)
    .sort((a, b) => b.vote! - a.vote!)
    .slice(0, TAG_VNS)
    .map((e) => e.id);
  const out = new Map<string, InsightTag[]>();
  if (ids.length === 0) return out;
  const filters = ids.length === 1 ? ["id", "=", ids[0]] : ["or", ...ids.map((id) => ["id", "=", id])];
  const res = await api.query("vn", { filters, fields: "tags{name,rating,spoiler,lie}", results: TAG_VNS }, { signal: ctx.signal });
  for (const r of res.results as unknown as { id: string; tags?: InsightTag[] }[]) out.set(r.id, r.tags ?? []);
  return out;
}

/** "10: 14, 9: 21, …", highest first, empty points left out. */
function histogramText(histogram: number[]): string {
  return histogram
    .map((n, i) => [i + 1, n] as const)
    .filter(([, n]) => n > 0)
    .reverse()
    .map(([point, n]) => `${point}: ${n}`)
    .join(", ");
}

function render(owner: string, s: ListStats, cut: boolean): string {
  const lines = [`List of ${owner}: ${s.entries} entries${cut ? ` (only the first ${s.entries} by id were read)` : ""}.`];
  lines.push(
    `Labels: ${s.labels.map((l) => `${l.label} ${l.count}`).join(", ") || "none"}; no label but Voted: ${s.unlabelled}.`,
  );
  lines.push(
    s.votes
      ? `Votes: ${s.votes}, average ${s.average!.toFixed(2)}/10; per whole point (a 7.5 counts as 7): ${histogramText(s.histogram)}.`
      : "Votes: none.",
  );
  const years = Object.entries(s.finishedByYear).sort(([a], [b]) => b.localeCompare(a));
  lines.push(
    `Finished (by finish date): ${years.map(([y, n]) => `${y}: ${n}`).join(", ") || "none dated"}${s.finishedUndated ? `; ${s.finishedUndated} labelled Finished without a date` : ""}.`,
  );
  const named = (xs: { name: string; count: number }[]) => xs.map((x) => `${x.name} (${x.count})`).join(", ") || "none";
  lines.push(
    s.highVoted
      ? `Of the ${s.highVoted} voted ≥ 8 — developers: ${named(s.topDevelopers)}; tags: ${s.topTags.length ? named(s.topTags) : "none with tag votes"}.`
      : "No votes ≥ 8, so no favourite developers or tags.",
  );
  return lines.join("\n");
}

/** The modes' runners, loaded on their first call. */
const loadCompare = () => import("./compare-users.js");
const loadBrief = () => import("./read-brief.js");
const loadUpcoming = () => import("./upcoming.js");

export const listInsightTool = defineTool({
  name: "vndb_list_insight",
  endpoint: "ulist",
  composite: true,
  alsoQueries: ["vn"],
  title: "List insight",
  // Items of issue 31 folded in as modes: a tool each would cost ~60 tokens of tools/list apiece.
  description:
    "A list's stats (labels, votes, finished per year, top developers/tags of votes ≥ 8); " +
    "compare: another user's tastes side by side; vn: should the user read it; upcoming: releases to come. Default user: token owner.",
  input: {
    user: z.string().optional().describe("u123 or username"),
    compare: z.string().optional(),
    vn: z.string().optional(),
    upcoming: z.boolean().optional(),
  },
  output: INSIGHT_OUTPUT,
  annotations: READ_ANNOTATIONS,
  access: "read",
  async run(args, ctx) {
    const modes = (["compare", "vn", "upcoming"] as const).filter((m) => args[m] !== undefined);
    if (modes.length > 1) throw new ToolError(`Give one of ${modes.join(", ")}, not several.`);
    if (args.compare !== undefined) return (await loadCompare()).runCompare(ctx, args.user, args.compare);
    if (args.vn !== undefined) return (await loadBrief()).runBrief(ctx, args.user, args.vn);
    if (args.upcoming) return (await loadUpcoming()).runUpcoming(ctx, args.user);
    let user: string;
    if (args.user) {
      user = await resolveUserId(ctx.api, args.user, ctx.signal);
    } else if (ctx.config.token) {
      user = (await ctx.session.whoAmI(ctx.api, ctx.signal)).id;
    } else {
      throw new ToolError("Whose list? No VNDB token is configured.", 'Pass "user" (u123 or a username).');
    }
    const { entries, cut } = await readInsightEntries(ctx.api, user, ctx);
    const tags = await tagsOfHighVoted(ctx.api, entries, ctx);
    // The server's spoiler level (VNDB_SPOILER_LEVEL) decides which tags count.
    const stats = listStats(entries, tags, ctx.config.spoilerLevel);
    const owner = args.user ? await userLabel(ctx.api, user, ctx.signal) : user;
    return { text: render(owner, stats, cut), structured: { user, cut, ...stats } };
  },
});
