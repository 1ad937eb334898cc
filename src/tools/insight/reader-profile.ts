// Which languages a reader reads and on which platforms, as their release list shows it: the
// languages and platforms of the releases they own or play (one POST /ulist request for the
// `releases` of their VN list entries). VNDB keeps no language setting a client may read, so
// this is an inference, said as one.

import type { ToolContext } from "../define-tool.js";
import { PAGE_SIZE } from "./whole-list.js";

/** A language or platform counts when this share of the release list has it (multi-language releases list many). */
const SHARE = 0.25;

export interface ReaderProfile {
  langs: string[];
  platforms: string[];
  /** Where the languages come from ("N releases on the release list"); null when unknown. */
  source: string | null;
}

interface RawEntry {
  releases?: { languages?: { lang: string }[]; platforms?: string[] }[];
}

/** The codes that occur on at least SHARE of the releases, most frequent first. */
function frequent(lists: readonly (readonly string[])[]): string[] {
  const counts = new Map<string, number>();
  for (const l of lists) for (const x of new Set(l)) counts.set(x, (counts.get(x) ?? 0) + 1);
  const min = Math.max(1, Math.ceil(lists.length * SHARE));
  return [...counts].filter(([, n]) => n >= min).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([x]) => x);
}

export async function readerProfile(ctx: ToolContext, user: string): Promise<ReaderProfile> {
  const res = await ctx.api.query(
    "ulist",
    // Entries that have releases on the release list (reference §5: ulist `releases`).
    { user, fields: "releases{languages{lang},platforms}", sort: "lastmod", reverse: true, results: PAGE_SIZE },
    { signal: ctx.signal },
  );
  const releases = (res.results as unknown as RawEntry[]).flatMap((e) => e.releases ?? []);
  const platforms = frequent(releases.map((r) => r.platforms ?? []));
  if (!releases.length) return { langs: [], platforms, source: null };
  return { langs: frequent(releases.map((r) => (r.languages ?? []).map((l) => l.lang))), platforms, source: `${releases.length} releases on the release list` };
}
