// Offline, a tag or trait that is on no entry of the sample (the sample holds tags and traits
// for a few entries only) leaves a question like "VNs tagged Fantasy" with nothing. Eval
// players then searched the descriptions for the tag's name with `about` (eval round 5,
// empty-tag-1 and empty-trait-1: 11 extra calls in 6 runs). The empty answer names the best
// description matches at once, as what they are: words in descriptions, not VNDB's tagging.

import type { NoteContext } from "./note.js";

/** Matches named in the line, best first. */
export const PREVIEW_SHOWN = 5;
/** Matches counted (the `about` argument's own candidate count: tools/query/about.ts). */
const PREVIEW_COUNTED = 100;

/**
 * "Its name in descriptions: …" for a tag or trait name, or null when no description holds
 * it or no description search is at hand (the live API). One local search, one request for the titles.
 */
export async function descriptionPreview(ctx: NoteContext, kind: "tag" | "trait", name: string): Promise<string | null> {
  const local = ctx.tool.local;
  if (!local || local.source !== "sample") return null;
  const described = kind === "tag" ? "vn" : "character";
  const { hits } = await local.describe(described, name, PREVIEW_COUNTED);
  if (!hits.length) return null;
  const shown = hits.slice(0, PREVIEW_SHOWN).map((h) => h.id);
  const label = described === "vn" ? "title" : "name";
  const page = await ctx.api.query(described, { filters: ["or", ...shown.map((id) => ["id", "=", id])], fields: label, results: shown.length }, { signal: ctx.signal });
  const names = new Map(page.results.map((r) => [String(r.id), String(r[label] ?? "")]));
  const count = `${hits.length}${hits.length >= PREVIEW_COUNTED ? "+" : ""}`;
  const noun = described === "vn" ? "VN" : "character";
  const call = { about: name };
  return `Its name in ${noun} descriptions instead (words, not VNDB's ${kind}s): ${count} match${hits.length === 1 ? "" : "es"}, best first: ${shown.map((id) => `${id} ${names.get(id) ?? ""}`.trim()).join("; ")}${hits.length > shown.length ? ` (all: ${JSON.stringify(call)})` : ""}.`;
}
