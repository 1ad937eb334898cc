// Adapter between the query tools and response formatting (src/format/): the tools speak
// in VNDB responses and call arguments; format/ turns them into text + structuredContent.

import { formatQueryPage } from "../../format/index.js";
import type { QueryEndpoint } from "../../kana/types.js";
import type { QueryResponse } from "../api.js";
import type { ToolResult } from "../define-tool.js";

export interface RenderQueryInput {
  endpoint: QueryEndpoint;
  tool: string;
  response: QueryResponse;
  /** The arguments of this call, to build the exact arguments of the next page. */
  args: Record<string, unknown>;
  spoilerLevel: number;
  maxTokens: number;
  /** Whether the tool takes a per-call `spoilers` level (the hidden-spoiler note names it). */
  spoilerArgument: boolean;
  /** Top-level members asked for (empty ones are named in the text). */
  requested?: readonly string[];
  /** Nested lists named with options: shown whole, some with their own spoiler level. */
  keptLists?: readonly string[];
  listLevels?: Readonly<Record<string, number>>;
}

export function renderQuery(input: RenderQueryInput): ToolResult {
  const formatted = formatQueryPage(
    {
      endpoint: input.endpoint,
      results: input.response.results,
      more: input.response.more,
      ...(input.response.count !== undefined ? { count: input.response.count } : {}),
      ...(input.args.results === 0 ? { countOnly: true } : {}),
      call: { tool: input.tool, args: input.args },
    },
    {
      spoilerLevel: input.spoilerLevel,
      maxTokens: input.maxTokens,
      ...(input.spoilerArgument ? { spoilerArgument: "spoilers" } : {}),
      ...(input.requested ? { requested: input.requested } : {}),
      ...(input.keptLists ? { keptLists: input.keptLists } : {}),
      ...(input.listLevels ? { listLevels: input.listLevels } : {}),
      ...(typeof input.args.sort === "string" ? { sort: input.args.sort } : {}),
    },
  );
  return { text: formatted.text, structured: formatted.structuredContent };
}
