// Adapter between the query tools and response formatting (src/format/, built in parallel).
// Until the formatter lands this renders a plain, capped listing so the tools work end to
// end; switching to the formatter changes this file alone.

import { approxTokens } from "../format/tokens.js";
import { vndbUrl } from "../format/links.js";
import type { QueryEndpoint } from "../kana/types.js";
import type { QueryResponse } from "./api.js";
import type { ToolResult } from "./define-tool.js";

export interface RenderQueryInput {
  endpoint: QueryEndpoint;
  tool: string;
  response: QueryResponse;
  /** The arguments of this call, to build the exact arguments of the next page. */
  args: Record<string, unknown>;
  spoilerLevel: number;
  maxTokens: number;
}

function label(row: Record<string, unknown>): string {
  const main = (row.title ?? row.name ?? row.quote ?? (row.vn as { title?: string } | undefined)?.title ?? "") as string;
  const orig = (row.alttitle ?? row.original) as string | undefined;
  return orig ? `${main} (${orig})` : main;
}

export function renderQuery(input: RenderQueryInput): ToolResult {
  const { response } = input;
  const lines: string[] = [];
  const shown: Record<string, unknown>[] = [];
  let used = 0;
  let omitted = 0;
  for (const row of response.results) {
    const url = vndbUrl(row.id);
    const line = `- ${row.id} ${label(row)}${url ? ` <${url}>` : ""}\n  ${JSON.stringify(row)}`;
    const cost = approxTokens(line);
    if (used + cost > input.maxTokens) {
      omitted++;
      continue;
    }
    used += cost;
    lines.push(line);
    shown.push(row);
  }
  const head =
    `${response.results.length} result(s)` +
    (response.count !== undefined ? ` of ${response.count}` : "") +
    (omitted ? `; ${omitted} left out to stay under ${input.maxTokens} tokens` : "");
  const next = response.more ? { ...input.args, page: ((input.args.page as number | undefined) ?? 1) + 1 } : undefined;
  if (next) lines.push(`More results: call ${input.tool} with ${JSON.stringify(next)}`);
  return {
    text: [head, ...lines].join("\n"),
    structured: {
      results: shown,
      more: response.more,
      ...(response.count !== undefined ? { count: response.count } : {}),
      ...(omitted ? { omitted } : {}),
      ...(next ? { next } : {}),
    },
  };
}
