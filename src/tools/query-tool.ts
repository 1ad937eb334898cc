// The nine query tools share one shape: search text, structured filters, fields (preset or
// paths), sort, paging. This factory builds a tool value from a row of query-specs.ts.

import { z } from "zod";
import type { QueryBody } from "./api.js";
import type { Session } from "../kana/types.js";
import { defineTool, type AnyTool, type ToolContext, type ToolResult } from "./define-tool.js";
import { ToolError } from "./errors.js";
import { checkedFields } from "./fields.js";
import { filterSchema, toFilters } from "./filter-port.js";
import { renderQuery } from "./format-port.js";
import type { QuerySpec } from "./query-specs.js";
import { resolveUserId } from "./users.js";

/** Results per page when the model does not say; small so answers stay readable. */
export const DEFAULT_RESULTS = 10;
/** The API's own maximum (reference §5.1). */
export const MAX_RESULTS = 100;

function inputShape(spec: QuerySpec) {
  return {
    ...(spec.searchable ? { query: z.string().optional().describe("Text search or id") } : {}),
    filters: filterSchema(spec.endpoint).optional(),
    ...(spec.endpoint === "ulist" ? { user: z.string().optional().describe("u123 or username") } : {}),
    fields: z.string().optional().describe("brief|standard|full and/or field paths"),
    sort: z.enum(spec.sorts as [string, ...string[]]).optional(),
    reverse: z.boolean().optional(),
    results: z.number().int().min(1).max(MAX_RESULTS).optional(),
    page: z.number().int().min(1).optional(),
    // POST /ulist `count` fails unless the page is the last one (reference §11), so it is not offered there.
    ...(spec.endpoint === "ulist" ? {} : { count: z.boolean().optional() }),
    ...(spec.spoilers ? { spoilers: z.number().int().min(0).max(2).optional() } : {}),
  };
}

type QueryArgs = {
  query?: string;
  filters?: unknown;
  user?: string;
  fields?: string;
  sort?: string;
  reverse?: boolean;
  results?: number;
  page?: number;
  count?: boolean;
  spoilers?: number;
};

/** Whether a filter argument mentions list labels (only then is the token's user needed). */
function mentionsLabel(filters: unknown): boolean {
  return filters !== undefined && JSON.stringify(filters).includes('"label"');
}

async function run(spec: QuerySpec, args: QueryArgs, ctx: ToolContext): Promise<ToolResult> {
  const { api, signal } = ctx;
  const fields = checkedFields(spec, args.fields);
  let user: string | undefined;
  if (spec.endpoint === "ulist") {
    if (args.user) user = await resolveUserId(api, args.user, signal);
    else if (!ctx.config.token)
      throw new ToolError(
        "Whose list? No VNDB token is configured, so there is no default user.",
        'Pass "user" (u123 or a username).',
      );
  }
  let session: Session | null = null;
  if (ctx.config.token && mentionsLabel(args.filters)) {
    const me = await ctx.session.whoAmI(api, signal);
    session = {
      userId: me.id,
      userName: me.username,
      listread: me.permissions.includes("listread"),
      listwrite: me.permissions.includes("listwrite"),
    };
  }
  const converted = await toFilters(spec.endpoint, args.filters, {
    api,
    signal,
    resolver: ctx.session.resolver(api),
    session,
    ...(user ? { user } : {}),
  });
  const search = args.query?.trim();
  let filters: unknown = converted.filters;
  if (search) {
    const predicate = ["search", "=", search];
    filters = filters === null ? predicate : ["and", predicate, filters];
  }
  const body: QueryBody = { fields, results: args.results ?? DEFAULT_RESULTS };
  if (filters !== null) body.filters = filters;
  // Text search without an explicit order reads best by relevance.
  const sort = args.sort ?? (search ? "searchrank" : undefined);
  if (sort) body.sort = sort;
  if (args.reverse !== undefined) body.reverse = args.reverse;
  if (args.page !== undefined) body.page = args.page;
  if (args.count) body.count = true;
  if (user) body.user = user;
  const response = await api.query(spec.endpoint, body, { signal });
  const rendered = renderQuery({
    endpoint: spec.endpoint,
    tool: spec.tool,
    response,
    args: args as Record<string, unknown>,
    spoilerLevel: args.spoilers ?? ctx.config.spoilerLevel,
    maxTokens: ctx.config.maxResponseTokens,
  });
  if (converted.resolved.length === 0) return rendered;
  // Say which entries the names stood for, so a wrong guess is visible to the model.
  const names = converted.resolved.map((r) => `${r.kind} "${r.name}" = ${r.id} ${r.as}`).join("; ");
  return {
    ...rendered,
    text: `Names resolved: ${names}.\n${rendered.text}`,
    structured: { ...rendered.structured, resolved: converted.resolved },
  };
}

export function defineQueryTool(spec: QuerySpec): AnyTool {
  return defineTool({
    name: spec.tool,
    title: spec.title,
    description: spec.description,
    input: inputShape(spec),
    annotations: { readOnlyHint: true, openWorldHint: true },
    access: "read",
    run: (args, ctx) => run(spec, args as QueryArgs, ctx),
  });
}
