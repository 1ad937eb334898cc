// What a query answer adds after its request, as values: a note looks at the call and the
// response and says nothing, adds a line, reshapes the rows, or answers in place of the
// response. runQuery reads request → notes → render; a new note is a file and one line in
// QUERY_NOTES (index.ts), not another branch in the runner.

import type { QueryEndpoint } from "../../../kana/types.js";
import type { KanaRow } from "../../../kana/api-types.js";
import type { QueryBody, QueryResponse, VndbApi } from "../../api.js";
import type { ToolContext, ToolResult } from "../../define-tool.js";
import type { ConvertedFilters } from "../filter-port.js";
import type { ListOptions } from "../../../format/nested-lists.js";
import type { QueryArgs } from "../args.js";
import type { QuerySpec } from "../specs.js";
import type { EntryLink } from "../entry-links.js";

export type Obj = Record<string, unknown>;

/**
 * When a note runs. The list order is the text order; the phase decides the run order:
 * - "replace" first: it may answer in place of the response (the typo fallback);
 * - "shape" next, in list order: it may give the rows to render (windowed lists, added
 *   members read and left out);
 * - "annotate" after rendering: it reads the final rows and the rendered answer.
 */
export type Phase = "replace" | "shape" | "annotate";

/** What the fields plan of a note sees: the request before it is sent. */
export interface FieldsPlan {
  endpoint: QueryEndpoint;
  /** The fields the call asked for (checked; list options rewritten). */
  fields: string;
  search: string | undefined;
  args: QueryArgs;
  converted: ConvertedFilters;
  /** The offline mode (--embedded): answers come from the bundled sample. */
  offline: boolean;
}

export interface NoteContext {
  spec: QuerySpec;
  args: QueryArgs;
  tool: ToolContext;
  api: VndbApi;
  signal: AbortSignal | undefined;
  /** The trimmed search text, if any. */
  search: string | undefined;
  /** The /ulist user of the request, if any. */
  user: string | undefined;
  spoilerLevel: number;
  /** Notes that explain a whole answer apply to its first page only. */
  firstPage: boolean;
  /** The fields the call asked for, without the members notes added (fields()). */
  fields: string;
  /** The request as sent. */
  body: QueryBody;
  converted: ConvertedFilters;
  /** The request's filters (search included) rebuilt at another spoiler level. */
  filtersAt(level: number): Promise<unknown>;
  /** Nested-list options given inside `fields` (format/nested-lists.ts). */
  listOptions: readonly ListOptions[];
  /** The response; a replace outcome swaps it, a shape outcome its rows. */
  response: QueryResponse;
  /** Whether a replace note answered in place of the response. */
  replaced: boolean;
  /** The rendered page; set for annotate notes. */
  rendered?: ToolResult;
}

export interface NoteOutcome {
  /** Lines before the page, in list order. */
  head?: string | readonly string[];
  /** A block after the page. */
  tail?: string;
  /** Members merged into structuredContent. */
  structured?: Obj;
  /** resource_link content items beside the text (entry-links.ts): files the answer points at. */
  links?: readonly EntryLink[];
  /** replace: the answer shown in place of the response. */
  response?: QueryResponse;
  /** shape: the rows to render. */
  rows?: KanaRow[];
}

export interface QueryNote {
  /** kebab-case; unique in QUERY_NOTES. */
  name: string;
  phase: Phase;
  /** Extra VNDB requests the note makes at most (a named limit in its file). */
  maxRequests: number;
  /**
   * Members this note needs fetched with the request: member → field string. Those the call
   * did not ask for are left out of the rows before rendering.
   */
  fields?(plan: FieldsPlan): Record<string, string> | null;
  /** Pure: no I/O. Whether run() has anything to say. */
  applies(ctx: NoteContext): boolean;
  run(ctx: NoteContext): Promise<NoteOutcome | null> | NoteOutcome | null;
}

/** A count-only call (`results: 0`): no rows by design, the total is the answer. */
export const countOnly = (ctx: Pick<NoteContext, "body">): boolean => ctx.body.results === 0;

/**
 * Nothing matched: an empty page, or a count-only call that counted 0. Notes that explain an
 * empty answer read this, not the empty rows (a count-only call always has none).
 */
export const nothingMatched = (ctx: Pick<NoteContext, "body" | "response">): boolean =>
  ctx.response.results.length === 0 && (!countOnly(ctx) || ctx.response.count === 0);

/** One-line outcome helper for notes that only say a line. */
export const line = (text: string | null): NoteOutcome | null => (text ? { head: text } : null);
