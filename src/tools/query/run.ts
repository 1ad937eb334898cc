// Executing a query tool call: the request built (fields checked, filters converted with
// names resolved), sent, then the notes of QUERY_NOTES (src/tools/query/notes/) over the response and
// the page formatted. Loaded on the first query call (see tools/query/tool.ts).

import type { ToolContext, ToolResult } from "../define-tool.js";
import { renderQuery } from "./format-port.js";
import type { QueryArgs } from "./args.js";
import { buildRequest } from "./request.js";
import type { QuerySpec } from "./specs.js";
import { QUERY_NOTES } from "./notes/index.js";
import { runNotes } from "./notes/run-notes.js";
import { keptLists, listLevels } from "../../format/nested-lists.js";

export async function runQuery(spec: QuerySpec, asked: QueryArgs, ctx: ToolContext): Promise<ToolResult> {
  // Before the request, not a note: a random quote of one VN is drawn among that VN's quotes
  // (quote-random.ts; VNDB's own draw is global). Loaded only for quotes.
  const drawn = spec.endpoint === "quote" ? await (await import("./quote-random.js")).drawRandomQuote(spec, asked, ctx) : null;
  const args = drawn?.args ?? asked;
  const request = await buildRequest(spec, args, ctx, QUERY_NOTES);
  ctx.progress(1, 2, `querying /${spec.endpoint}`);
  const response = await ctx.api.query(spec.endpoint, request.body, { signal: ctx.signal });
  ctx.progress(2, 2);
  const notes = { ...request.notes, response, replaced: false };
  const result = await runNotes(QUERY_NOTES, notes, request.strip, (done) =>
    renderQuery({
      endpoint: spec.endpoint,
      tool: spec.tool,
      response: done.response,
      args: args as Record<string, unknown>,
      spoilerLevel: done.spoilerLevel,
      maxTokens: ctx.config.maxResponseTokens,
      spoilerArgument: spec.spoilers,
      requested: request.requested,
      keptLists: keptLists(done.listOptions),
      listLevels: listLevels(done.listOptions, done.spoilerLevel),
    }),
  );
  return drawn ? { ...result, text: `${drawn.note}\n${result.text}` } : result;
}
