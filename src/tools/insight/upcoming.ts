// vndb_list_insight {"upcoming": true}: the releases still to come of the VNs on a reader's
// list or wishlist, in their languages and on their platforms (issue 31 item 4; VNDB itself
// has no feed or calendar of these). The list paged through POST /ulist, the reader's
// languages and platforms from their release list (reader-profile.ts), then POST /release
// per 100 VNs. The same answer is a text/calendar resource (calendar.ts).

import type { ToolContext, ToolResult } from "../define-tool.js";
import { readerProfile } from "./reader-profile.js";
import { idFilter, listOwner, OFFLINE_SAMPLE_NOTE, PAGE_SIZE, readWholeList } from "./whole-list.js";

/** Labels whose VNs are not waited for: Dropped (4) and Blacklist (6). */
const NOT_WAITED = new Set([4, 6]);
/** Release pages read per 100 VNs: 500 releases still to come is more than any list has. */
const RELEASE_PAGES = 5;
/** Releases listed in the text (all are in structuredContent and the calendar). */
const SHOWN = 30;

export interface UpcomingRelease {
  id: string;
  title: string;
  /** "YYYY-MM-DD", a partial "YYYY-MM"/"YYYY", or "TBA". */
  released: string;
  vns: { id: string; title: string }[];
  languages: string[];
  platforms: string[];
  mtl: boolean;
}

export interface Upcoming {
  user: string;
  label: string;
  vns: number;
  languages: string[];
  platforms: string[];
  /** Where the languages and platforms come from; null when unknown (then all count). */
  from: string | null;
  releases: UpcomingRelease[];
}

interface RawEntry {
  id: string;
  labels?: { id: number; label: string }[];
}

interface RawRelease {
  id: string;
  title: string;
  released?: string | null;
  vns?: { id: string; title: string }[];
  languages?: { lang: string; mtl: boolean }[];
  platforms?: string[];
}

/** One OR filter of a field's values, or the single predicate. */
const anyOf = (field: string, values: readonly string[]) => (values.length === 1 ? [field, "=", values[0]] : ["or", ...values.map((v) => [field, "=", v])]);

export async function readUpcoming(ctx: ToolContext, user: string | undefined, today = new Date().toISOString().slice(0, 10)): Promise<Upcoming> {
  const owner = await listOwner(ctx, user);
  const { rows } = await readWholeList<RawEntry>(ctx.api, owner.id, "labels{id}", ctx);
  const waited = rows.filter((e) => !(e.labels ?? []).some((l) => NOT_WAITED.has(l.id))).map((e) => e.id);
  const profile = await readerProfile(ctx, owner.id);
  const releases: UpcomingRelease[] = [];
  for (let i = 0; i < waited.length; i += PAGE_SIZE) {
    const chunk = waited.slice(i, i + PAGE_SIZE);
    const filters = [
      "and",
      ["vn", "=", idFilter(chunk)],
      // "TBA" sorts after every date (reference §8: released is 99999999 when unknown).
      ["released", ">", today],
      ...(profile.langs.length ? [anyOf("lang", profile.langs)] : []),
    ];
    for (let page = 1; page <= RELEASE_PAGES; page++) {
      const res = await ctx.api.query(
        "release",
        { filters, fields: "title,released,vns{title},languages{lang,mtl},platforms", sort: "released", results: PAGE_SIZE, page },
        { signal: ctx.signal },
      );
      for (const r of res.results as unknown as RawRelease[]) {
        // A release to come often has no platform yet: kept, and shown without one.
        if (profile.platforms.length && r.platforms?.length && !r.platforms.some((p) => profile.platforms.includes(p))) continue;
        const langs = (r.languages ?? []).filter((l) => !profile.langs.length || profile.langs.includes(l.lang));
        releases.push({
          id: r.id,
          title: r.title,
          released: r.released ?? "TBA",
          vns: (r.vns ?? []).filter((v) => chunk.includes(v.id)).map((v) => ({ id: v.id, title: v.title })),
          languages: langs.map((l) => l.lang),
          platforms: (r.platforms ?? []).filter((p) => !profile.platforms.length || profile.platforms.includes(p)),
          mtl: langs.length > 0 && langs.every((l) => l.mtl),
        });
      }
      if (!res.more) break;
    }
  }
  releases.sort((a, b) => (a.released === "TBA" ? 1 : 0) - (b.released === "TBA" ? 1 : 0) || a.released.localeCompare(b.released) || a.id.localeCompare(b.id));
  return { user: owner.id, label: owner.label, vns: waited.length, languages: profile.langs, platforms: profile.platforms, from: profile.source, releases };
}

export async function runUpcoming(ctx: ToolContext, user: string | undefined): Promise<ToolResult> {
  const u = await readUpcoming(ctx, user);
  const scope = u.from
    ? `in ${u.languages.join(", ") || "any language"}${u.platforms.length ? ` on ${u.platforms.join(", ")}` : ""} (from ${u.from})`
    : "in any language and on any platform (no releases on the release list to tell which)";
  const head = `Upcoming releases of the ${u.vns} VNs on ${u.label}'s list (Dropped and Blacklist left out), ${scope}:`;
  const lines = u.releases
    .slice(0, SHOWN)
    .map((r) => `- ${r.released} ${r.id} ${r.title} (${r.vns.map((v) => `${v.id} ${v.title}`).join(", ")}) [${r.languages.join(", ")}${r.mtl ? " MTL" : ""}; ${r.platforms.join(", ")}]`);
  const text = [
    head,
    ...(lines.length ? lines : ["none."]),
    ...(u.releases.length > SHOWN ? [`…and ${u.releases.length - SHOWN} more (all in structuredContent).`] : []),
    `As a calendar: vndb://user/${u.user}/upcoming.ics`,
    ...(ctx.config.embedded ? [OFFLINE_SAMPLE_NOTE] : []),
  ].join("\n");
  const { label: _label, ...structured } = u;
  return { text, structured: { ...structured } };
}
