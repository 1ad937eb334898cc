// Runs the notes of QUERY_NOTES over one answer: replace notes first, then shape notes, then
// the page is rendered and the annotate notes read it (together). Whatever each says is placed by its
// position in the list, so the text order never depends on when a note ran.

import type { ToolResult } from "../../define-tool.js";
import type { KanaRow } from "../../../kana/api-types.js";
import type { EntryLink } from "../entry-links.js";
import type { FieldsPlan, NoteContext, NoteOutcome, Obj, QueryNote } from "./note.js";

/** The field strings the notes need added to the request, and the members only they need. */
export function noteFields(notes: readonly QueryNote[], plan: FieldsPlan, have: readonly string[]): { add: string[]; strip: string[] } {
  const add: string[] = [];
  const strip = new Set<string>();
  for (const note of notes) {
    const wanted = note.fields?.(plan);
    if (!wanted) continue;
    for (const [member, field] of Object.entries(wanted)) {
      // VNDB merges duplicate selections (reference §5.4): "staff{name}" asked and
      // "staff{id,role}" added give both; only members the call did not ask for are stripped.
      if (have.includes(member)) {
        if (field !== member) add.push(field);
        continue;
      }
      if (strip.has(member)) continue;
      add.push(field);
      strip.add(member);
    }
  }
  return { add, strip: [...strip] };
}

/**
 * The notes over one answer. `render` formats the rows left after the shape notes, with the
 * members in `strip` left out; the result carries every note's lines in list order.
 */
export async function runNotes(
  notes: readonly QueryNote[],
  ctx: NoteContext,
  strip: readonly string[],
  render: (ctx: NoteContext) => ToolResult,
): Promise<ToolResult> {
  const outcomes = new Map<QueryNote, NoteOutcome>();
  for (const phase of ["replace", "shape"] as const) {
    for (const note of notes) {
      if (note.phase !== phase || !note.applies(ctx)) continue;
      const out = await note.run(ctx);
      if (!out) continue;
      outcomes.set(note, out);
      if (out.response) {
        ctx.response = out.response;
        ctx.replaced = true;
      }
      if (out.rows) ctx.response = { ...ctx.response, results: out.rows };
    }
  }
  if (strip.length) ctx.response = { ...ctx.response, results: ctx.response.results.map((r) => without(r, strip)) };
  const rendered = render(ctx);
  ctx.rendered = rendered;
  // Annotate notes read the final answer and change nothing: they run together (their
  // requests overlap), and the list, not the finishing order, places what they say.
  const annotating = notes.filter((note) => note.phase === "annotate" && note.applies(ctx));
  const said = await Promise.all(annotating.map((note) => note.run(ctx)));
  annotating.forEach((note, i) => {
    if (said[i]) outcomes.set(note, said[i]!);
  });
  const heads: string[] = [];
  const tails: string[] = [];
  let structured: Obj = {};
  const links: EntryLink[] = [];
  for (const note of notes) {
    const out = outcomes.get(note);
    if (!out) continue;
    if (out.links) links.push(...out.links);
    if (typeof out.head === "string") heads.push(out.head);
    else if (out.head) heads.push(...out.head);
    if (out.tail) tails.push(out.tail);
    if (out.structured) structured = { ...structured, ...out.structured };
  }
  if (heads.length === 0 && tails.length === 0 && Object.keys(structured).length === 0) return rendered;
  return {
    ...rendered,
    text: [...heads, rendered.text].join("\n") + tails.map((t) => `\n\n${t}`).join(""),
    structured: { ...rendered.structured, ...structured },
    ...(links.length ? { links: [...(rendered.links ?? []), ...links] } : {}),
  };
}

function without(row: KanaRow, members: readonly string[]): KanaRow {
  if (!members.some((m) => m in row)) return row;
  const out = { ...row };
  for (const m of members) delete out[m];
  return out;
}
