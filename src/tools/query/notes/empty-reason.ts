// "No visual novels found." with no reason sent models probing two or three more calls. When
// the reason is in the data, the answer says it: a tag or trait that is on no entry at all,
// a producer filtered as developer that only ever published (VNDB has no VN publisher
// filter; a VN's releases do name their publishers), with the call that works, a release
// list filter on a release list that is empty, or a user list label that holds nothing.
// Offline, an unused tag or trait also gets its name's best description matches.

import { descriptionPreview } from "./description-preview.js";
import { nothingMatched, type QueryNote } from "./note.js";

/** VNs named of a producer's published ones, most voted first (the call names them all). */
const PUBLISHED_NAMED = 5;

/** Filters checked at most per answer (each one or two requests). */
export const EMPTY_REASON_CHECKS_MAX = 2;

type Check = { kind: "tag" | "trait"; id: string } | { kind: "developer"; id: string } | { kind: "rlist" } | { kind: "label"; id: number };

/** The release list statuses (rlist filter values): unknown, pending, obtained, on loan, deleted. */
const RLIST_STATUSES = [0, 1, 2, 3, 4];

/** Whether a filter is on the release list only: `["rlist", …]`, or an and/or of such. */
const onReleaseList = (f: unknown): boolean =>
  Array.isArray(f) && (f[0] === "rlist" || ((f[0] === "or" || f[0] === "and") && f.length > 1 && f.slice(1).every(onReleaseList)));

/** The id of a tag/trait value: "g123" or [id, max spoiler, min level (, exclude lies)]. */
const idOf = (v: unknown): string | null => (typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : null);

/** Filters whose emptiness can be told from the data alone: top-level conjuncts only (an "or" may match elsewhere). */
export function emptyChecks(endpoint: string, filters: unknown): Check[] {
  if (!Array.isArray(filters)) return [];
  const conjuncts = filters[0] === "and" ? filters.slice(1) : [filters];
  const out: Check[] = [];
  for (const c of conjuncts) {
    // A release list filter matches nothing at all when the list is empty (an eval player
    // spent a second call to tell that from "nothing matches").
    if (endpoint === "release" && onReleaseList(c)) {
      out.push({ kind: "rlist" });
      continue;
    }
    if (!Array.isArray(c) || c[1] !== "=") continue;
    const [name, , value] = c as [string, string, unknown];
    if (name === "tag" || name === "dtag" || name === "trait" || name === "dtrait") {
      const id = idOf(value);
      if (id) out.push({ kind: name.endsWith("tag") ? "tag" : "trait", id });
    } else if (name === "label" && endpoint === "ulist" && typeof value === "number") {
      out.push({ kind: "label", id: value });
    } else if (name === "developer" && endpoint === "vn" && Array.isArray(value) && value[0] === "id" && value[1] === "=" && typeof value[2] === "string") {
      out.push({ kind: "developer", id: value[2] });
    }
  }
  // One check per entry: a filter can name the same trait twice (direct and inherited forms).
  const key = (c: Check) => `${c.kind}:${"id" in c ? c.id : ""}`;
  const unique = out.filter((c, i) => out.findIndex((d) => key(d) === key(c)) === i);
  return unique.slice(0, EMPTY_REASON_CHECKS_MAX);
}

export const emptyReason: QueryNote = {
  name: "empty-reason",
  phase: "annotate",
  // A tag/trait check: its count, then (offline) the titles of its description matches.
  maxRequests: 2 * EMPTY_REASON_CHECKS_MAX,
  applies: (ctx) => nothingMatched(ctx) && ctx.firstPage && !ctx.replaced && emptyChecks(ctx.spec.endpoint, ctx.converted.filters).length > 0,
  async run(ctx) {
    const lines: string[] = [];
    const opts = { signal: ctx.signal };
    const offline = ctx.tool.config.embedded;
    for (const check of emptyChecks(ctx.spec.endpoint, ctx.converted.filters)) {
      if (check.kind === "label") {
        // A label that holds no entry at all (an eval player looked the wishlist up a second way).
        const { labels } = await ctx.api.ulistLabels({ ...(ctx.user ? { user: ctx.user } : {}), fields: "count" }, opts);
        const label = labels.find((l) => l.id === check.id);
        if (!label || label.count !== 0) continue;
        lines.push(`Label ${label.id} "${label.label}" holds no entry on ${ctx.user ? `the list of ${ctx.user}` : "this list"}, so this filter matches nothing.`);
      } else if (check.kind === "rlist") {
        const any = await ctx.api.query("release", { filters: ["or", ...RLIST_STATUSES.map((s) => ["rlist", "=", s])], fields: "id", results: 1 }, opts);
        if (any.results.length > 0) continue;
        lines.push("The token owner's release list is empty (no release at any status), so a release list filter matches nothing.");
      } else if (check.kind === "tag" || check.kind === "trait") {
        const count = check.kind === "tag" ? "vn_count" : "char_count";
        const r = await ctx.api.query(check.kind, { filters: ["id", "=", check.id], fields: `name,${count}` }, opts);
        const row = r.results[0];
        if (!row || row[count] !== 0) continue;
        const what = check.kind === "tag" ? "VN" : "character";
        lines.push(
          `${check.kind === "tag" ? "Tag" : "Trait"} ${check.id} ${String(row.name)} is on no ${what} here (${count} 0), so this filter matches nothing` +
            (offline ? "; the offline sample holds tags and traits for only a few entries." : "."),
        );
        const preview = offline ? await descriptionPreview(ctx, check.kind, String(row.name)) : null;
        if (preview) lines.push(preview);
      } else {
        // Developed nothing at all (not only nothing matching the other filters)?
        const developed = await ctx.api.query("vn", { filters: ["developer", "=", ["id", "=", check.id]], fields: "id", results: 1 }, opts);
        if (developed.results.length > 0) continue;
        // The most voted of them are named: players listed them in a second call (eval round 5, empty-publisher-1).
        const published = await ctx.api.query(
          "vn",
          { filters: ["release", "=", ["producer", "=", ["id", "=", check.id]]], fields: "title", sort: "votecount", reverse: true, results: PUBLISHED_NAMED, count: true },
          opts,
        );
        const n = published.count ?? published.results.length;
        if (n === 0) continue;
        const call = { filters: { release: { producer: check.id } } };
        const name = ctx.converted.resolved.find((r) => r.id === check.id)?.as;
        const named = published.results.map((r) => `${String(r.id)} ${String(r.title ?? "")}`.trim()).join("; ");
        lines.push(
          `${check.id}${name ? ` ${name}` : ""} developed no VN here; it is credited (as publisher) on releases of ${n} ${n === 1 ? "VN" : "VNs"}` +
            `${n > published.results.length ? `, the most voted: ${named}; all` : `: ${named}`}: ${ctx.spec.tool} ${JSON.stringify(call)}`,
        );
      }
    }
    return lines.length ? { head: lines } : null;
  },
};
