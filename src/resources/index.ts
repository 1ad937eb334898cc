// MCP resources: one URI template per kind of database entry (vndb://vn/{id}, ...) whose
// read answers what the matching search tool would for that id (compact text and the same
// entry as JSON), and, when the session has a token, the token owner's list. Template ids
// complete from names (name-completion.ts).

import { ProtocolError, ProtocolErrorCode, ResourceTemplate, type McpServer, type ReadResourceResult } from "@modelcontextprotocol/server";
import type { QueryEndpoint } from "../kana/types.js";
import { ALL_TOOLS } from "../tools/index.js";
import { inputObject, type AnyTool, type RegisterOptions, type ToolContext, type ToolResult } from "../tools/define-tool.js";
import { describeError } from "../tools/errors.js";
import { redact } from "../server/log.js";
import { completeEntryId } from "./name-completion.js";
import { ICONS } from "../server/icon.js";

/** The entry kinds with a template, each with the search tool that answers for it. */
export const ENTRY_KINDS: ReadonlyArray<{ kind: QueryEndpoint; noun: string; example: string }> = [
  { kind: "vn", noun: "visual novel", example: "v17" },
  { kind: "release", noun: "release", example: "r1" },
  { kind: "producer", noun: "producer", example: "p1" },
  { kind: "character", noun: "character", example: "c1" },
  { kind: "staff", noun: "staff member", example: "s1" },
  { kind: "tag", noun: "tag", example: "g1" },
  { kind: "trait", noun: "trait", example: "i1" },
];

export const OWN_LIST_URI = "vndb://list";

function searchTool(endpoint: QueryEndpoint): AnyTool {
  const tool = ALL_TOOLS.find((t) => t.endpoint === endpoint && t.name.startsWith("vndb_search_"));
  if (!tool) throw new Error(`no search tool for ${endpoint}`);
  return tool;
}

function contextFor(options: RegisterOptions, signal: AbortSignal): ToolContext {
  return {
    api: options.api,
    config: options.config,
    log: options.log,
    session: options.session,
    signal,
    // Reading a resource asks nobody anything and reports no steps.
    confirm: async () => "unsupported",
    progress: () => {},
  };
}

async function runAsResource(uri: string, tool: AnyTool, args: Record<string, unknown>, ctx: ToolContext): Promise<ReadResourceResult> {
  let result: ToolResult;
  try {
    // Through the tool's own schema, so defaults apply exactly as in a tool call.
    result = await tool.run(inputObject(tool).parse(args), ctx);
  } catch (error) {
    throw new ProtocolError(ProtocolErrorCode.InternalError, redact(describeError(error)));
  }
  if (result.isError) throw new ProtocolError(ProtocolErrorCode.InternalError, redact(result.text));
  const results = result.structured?.results;
  if (Array.isArray(results) && results.length === 0 && "id" in (args.filters as object ?? {})) {
    // -32002 is the spec's "Resource not found".
    throw new ProtocolError(-32002, `No entry ${String((args.filters as { id: unknown }).id)} on VNDB`);
  }
  return {
    contents: [
      { uri, mimeType: "text/plain", text: redact(result.text) },
      ...(result.structured ? [{ uri, mimeType: "application/json", text: redact(JSON.stringify(result.structured)) }] : []),
    ],
  };
}

/**
 * The templates, built once per api: HTTP sessions that share a client share them, instead of
 * a copy per session (issue 22). A template holds its URI pattern and completion only.
 */
const templates = new WeakMap<RegisterOptions["api"], Map<string, ResourceTemplate>>();

function templateOf(kind: (typeof ENTRY_KINDS)[number]["kind"], api: RegisterOptions["api"]): ResourceTemplate {
  let byKind = templates.get(api);
  if (!byKind) templates.set(api, (byKind = new Map()));
  let template = byKind.get(kind);
  if (!template) {
    template = new ResourceTemplate(`vndb://${kind}/{id}`, { list: undefined, complete: { id: (value) => completeEntryId(api, kind, value) } });
    byKind.set(kind, template);
  }
  return template;
}

/** Registers the templates, and the own-list resource when the session has a token. */
export function registerResources(server: McpServer, options: RegisterOptions): void {
  for (const { kind, noun, example } of ENTRY_KINDS) {
    const tool = searchTool(kind);
    server.registerResource(
      `vndb-${kind}`,
      templateOf(kind, options.api),
      { title: `VNDB ${noun}`, description: `A ${noun} by id (e.g. ${example}): compact text and JSON, as ${tool.name} gives it.`, mimeType: "text/plain", icons: [...ICONS] },
      async (uri, variables, extra) => {
        const id = String(Array.isArray(variables.id) ? variables.id[0] : variables.id);
        return runAsResource(uri.href, tool, { filters: { id }, fields: "standard" }, contextFor(options, extra.mcpReq.signal));
      },
    );
  }
  if (options.config.token) {
    const listTool = ALL_TOOLS.find((t) => t.name === "vndb_get_user_list")!;
    server.registerResource(
      "vndb-own-list",
      OWN_LIST_URI,
      { title: "My VNDB list", description: "The token owner's VN list, highest votes first (first page).", mimeType: "text/plain", icons: [...ICONS] },
      async (uri, extra) => runAsResource(uri.href, listTool, { sort: "vote", reverse: true, fields: "brief" }, contextFor(options, extra.mcpReq.signal)),
    );
  }
}
