// vndb_list_insight {"compare": "<user>"}: two readers' tastes side by side (issue 31 item 1).
// Both lists paged through POST /ulist, then POST /vn for the developers, writers and tags of
// the VNs either voted (their best TASTE_VNS each, one request per 100).

import type { ToolContext, ToolResult } from "../define-tool.js";
import { ToolError } from "../errors.js";
import type { InsightTag } from "./list-stats.js";
import { compareTastes, MIN_SHARED_FOR_CORRELATION, type ComparedEntry, type Favourites, type NameMean, type VnDetail } from "./taste-compare.js";
import { idFilter, listOwner, OFFLINE_SAMPLE_NOTE, PAGE_SIZE, readWholeList, type ListOwner } from "./whole-list.js";

/** The voted VNs per reader whose makers and tags are read: the best 100, one request each at most. */
const TASTE_VNS = 100;

interface RawEntry {
  id: string;
  vote?: number | null;
  vn?: { title?: string };
}

interface RawVn {
  id: string;
  developers?: { name: string }[];
  staff?: { name: string; role: string }[];
  tags?: InsightTag[];
}

async function readVotes(ctx: ToolContext, owner: ListOwner): Promise<{ entries: ComparedEntry[]; cut: boolean }> {
  const { rows, cut } = await readWholeList<RawEntry>(ctx.api, owner.id, "vote,vn{title}", ctx);
  return { entries: rows.map((r) => ({ id: r.id, title: r.vn?.title ?? r.id, vote: r.vote ?? null })), cut };
}

async function readDetails(ctx: ToolContext, lists: readonly (readonly ComparedEntry[])[]): Promise<Map<string, VnDetail>> {
  const ids = new Set<string>();
  for (const list of lists) {
    for (const e of list.filter((x) => x.vote !== null).sort((x, y) => y.vote! - x.vote!).slice(0, TASTE_VNS)) ids.add(e.id);
  }
  const out = new Map<string, VnDetail>();
  const all = [...ids];
  for (let i = 0; i < all.length; i += PAGE_SIZE) {
    const chunk = all.slice(i, i + PAGE_SIZE);
    const res = await ctx.api.query(
      "vn",
      { filters: idFilter(chunk), fields: "developers{name},staff{name,role},tags{name,rating,spoiler,lie}", results: PAGE_SIZE },
      { signal: ctx.signal },
    );
    for (const v of res.results as unknown as RawVn[]) {
      out.set(v.id, {
        developers: (v.developers ?? []).map((d) => d.name),
        writers: (v.staff ?? []).filter((s) => s.role === "scenario").map((s) => s.name),
        tags: v.tags ?? [],
      });
    }
  }
  return out;
}

const means = (xs: readonly NameMean[]) => xs.map((x) => `${x.name} ${x.mean.toFixed(1)} (${x.count})`).join(", ") || "none with enough votes";
const favouritesText = (who: string, f: Favourites) =>
  `${who} rates highest — developers: ${means(f.developers)}; writers: ${means(f.writers)}; tags: ${means(f.tags)}.`;

export async function runCompare(ctx: ToolContext, user: string | undefined, other: string): Promise<ToolResult> {
  const a = await listOwner(ctx, user);
  const b = await listOwner(ctx, other);
  if (a.id === b.id) throw new ToolError(`Both are ${a.label}.`, 'Give "compare" another user (u123 or a username).');
  const [la, lb] = [await readVotes(ctx, a), await readVotes(ctx, b)];
  const visibility = [a, b].filter((o) => !o.seesPrivate).map((o) => o.label);
  const lines: string[] = [];
  if (visibility.length) lines.push(`Public list entries only for ${visibility.join(" and ")} (private ones are visible to their owner's token alone).`);
  const empty = [[a, la], [b, lb]].filter(([, l]) => (l as { entries: ComparedEntry[] }).entries.length === 0).map(([o]) => (o as ListOwner).label);
  if (empty.length) {
    lines.push(`Nothing to compare: the list of ${empty.join(" and ")} shows no ${visibility.length ? "public " : ""}entries (empty or private).`);
    return { text: lines.join("\n"), structured: { users: [a.id, b.id], names: [a.label, b.label], entries: [la.entries.length, lb.entries.length], shared: 0 } };
  }
  const details = await readDetails(ctx, [la.entries, lb.entries]);
  const c = compareTastes(la.entries, lb.entries, details, ctx.config.spoilerLevel);
  const cut = [a, b].filter((_, i) => [la, lb][i]!.cut).map((o) => o.label);
  lines.push(
    `${a.label}: ${c.entries[0]} entries, ${c.votes[0]} votes. ${b.label}: ${c.entries[1]} entries, ${c.votes[1]} votes.${cut.length ? ` Only the first 5,000 entries of ${cut.join(" and ")} were read.` : ""}`,
  );
  lines.push(`Shared VNs: ${c.shared}; both voted: ${c.sharedVoted}.`);
  if (c.sharedVoted) {
    lines.push(
      `Agreement: ${c.correlation === null ? `no correlation (needs ${MIN_SHARED_FOR_CORRELATION} shared votes with some spread)` : `correlation ${c.correlation.toFixed(2)}`}; mean difference ${c.meanDifference!.toFixed(2)} points.`,
    );
  }
  if (c.disagreements.length) {
    lines.push(`Biggest disagreements: ${c.disagreements.map((d) => `${d.id} ${d.title} (${d.a} vs ${d.b})`).join("; ")}.`);
  }
  lines.push(favouritesText(a.label, c.favourites[0]), favouritesText(b.label, c.favourites[1]));
  const loved = (who: string, other: string, xs: readonly ComparedEntry[]) =>
    `Loved by ${who}, not on ${other}'s list: ${xs.map((e) => `${e.id} ${e.title} (${e.vote! / 10})`).join("; ") || "none"}.`;
  lines.push(loved(a.label, b.label, c.lovedUnread[0]), loved(b.label, a.label, c.lovedUnread[1]));
  if (ctx.config.embedded) lines.push(OFFLINE_SAMPLE_NOTE);
  return {
    text: lines.join("\n"),
    structured: {
      users: [a.id, b.id],
      // The names as the text gives them, for the comparison view (src/ui/app/taste-chart.ts).
      names: [a.label, b.label],
      public_only: [!a.seesPrivate, !b.seesPrivate],
      ...c,
    },
  };
}
