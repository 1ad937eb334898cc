// MCP resources: one URI template per kind of database entry (vndb://vn/{id}, ...) whose
// read answers what the matching search tool would for that id (compact text and the same
// entry as JSON), and, when the session has a token, the token owner's list. Template ids
// complete from names (name-completion.ts).

import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, UriTemplate, type McpServer, type ReadResourceResult } from "@modelcontextprotocol/server";
import type { QueryEndpoint } from "../kana/types.js";
import { inputObject, type AnyTool, type RegisterOptions, type ToolContext, type ToolResult } from "../tools/define-tool.js";
import type { ToolCard, ToolShelf } from "../tools/shelf.js";
import { describeError } from "../tools/errors.js";
import { redact } from "../server/log.js";
import { completeEntryId, completionResult, ID_LETTER, NO_COMPLETION, type Completion } from "./name-completion.js";
import { vndbIdPattern } from "../kana/vndbid.js";
import { uiPage, uiResources } from "../ui/resources.js";
import { ICONS, type IconEntry } from "../server/icon.js";
import { userFileTemplates } from "./user-files.js";

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

const ID_EXAMPLE = Object.fromEntries(ENTRY_KINDS.map((k) => [k.kind, k.example])) as Record<QueryEndpoint, string>;

/**
 * The entry id a template's `{id}` names: an id, or a completion value "v17 (Ever17 …)" as
 * name-completion.ts offers them (percent-encoded in the URI); null when it names none.
 */
function entryIdOf(kind: QueryEndpoint, variable: string): string | null {
  let text = variable;
  try {
    text = decodeURIComponent(variable);
  } catch {
    // Not percent-encoded after all: read it as it is.
  }
  const id = /^\s*([a-z]\d+)(?:\s|$)/.exec(text)?.[1];
  return id && vndbIdPattern(ID_LETTER[kind]!).test(id) ? id : null;
}

function searchCard(cards: readonly ToolCard[], endpoint: QueryEndpoint): ToolCard {
  const card = cards.find((c) => c.endpoint === endpoint && c.name.startsWith("vndb_search_"));
  if (!card) throw new Error(`no search tool for ${endpoint}`);
  return card;
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
    // The spec's resource-not-found: -32602 with the URI as data (2026-07-28 MUST; the SDK's class).
    throw new ResourceNotFoundError(uri, `No entry ${String((args.filters as { id: unknown }).id)} on VNDB`);
  }
  return {
    contents: [
      { uri, mimeType: "text/plain", text: redact(result.text) },
      ...(result.structured ? [{ uri, mimeType: "application/json", text: redact(JSON.stringify(result.structured)) }] : []),
    ],
  };
}

/** An entry template as every session serves it: its URI pattern and templates/list entry. */
interface SharedTemplate {
  kind: QueryEndpoint;
  name: string;
  /** The search tool that answers a read. */
  tool: string;
  template: UriTemplate;
  metadata: { title: string; description: string; mimeType: string; icons: IconEntry[] };
}

/** A fixed resource as every session serves it; `read` gets the session's options. */
interface SharedResource {
  uri: string;
  name: string;
  metadata: { title: string; description: string; mimeType: string; icons: IconEntry[]; _meta?: Record<string, unknown> };
  read(uri: URL, options: RegisterOptions, shelf: ToolShelf, signal: AbortSignal): Promise<ReadResourceResult>;
}

/**
 * Built on first use, then shared by every session: the templates, the view resources (one
 * set per kind of server, embedded or live) and the own-list resource. Registering them with
 * the SDK (McpServer.registerResource) built registration objects, closures, copies of the
 * texts and of each view's page per session instead, a cost each of 3,000 HTTP sessions paid
 * (issue 22). The handlers below answer as the SDK's own resource handlers do.
 */
let templates: SharedTemplate[] | undefined;
const sharedTemplates = (shelf: ToolShelf) =>
  (templates ??= ENTRY_KINDS.map(({ kind, noun, example }) => {
    const tool = searchCard(shelf.cards, kind).name;
    return {
      kind,
      name: `vndb-${kind}`,
      tool,
      template: new UriTemplate(`vndb://${kind}/{id}`),
      metadata: { title: `VNDB ${noun}`, description: `A ${noun} by id (e.g. ${example}): compact text and JSON, as ${tool} gives it.`, mimeType: "text/plain", icons: [...ICONS] },
    };
  }));

const views = new Map<boolean, SharedResource[]>();
function sharedViews(config: RegisterOptions["config"]): SharedResource[] {
  let made = views.get(config.embedded);
  if (!made) {
    made = uiResources().map((ui) => ({
      uri: ui.view.uri,
      name: `vndb-view-${ui.view.name}`,
      metadata: { title: ui.view.title, description: ui.view.description, mimeType: ui.mimeType, icons: [...ICONS], _meta: ui._meta },
      read: async (uri: URL) => ({ contents: [{ uri: uri.href, mimeType: ui.mimeType, text: await uiPage(ui.view, config), _meta: ui._meta }] }),
    }));
    views.set(config.embedded, made);
  }
  return made;
}

let ownList: SharedResource | undefined;
const sharedOwnList = (): SharedResource =>
  (ownList ??= {
    uri: OWN_LIST_URI,
    name: "vndb-own-list",
    metadata: { title: "My VNDB list", description: "The token owner's VN list, highest votes first (first page).", mimeType: "text/plain", icons: [...ICONS] },
    read: async (uri, options, shelf, signal) =>
      runAsResource(uri.href, await shelf.tool("vndb_get_user_list"), { sort: "vote", reverse: true, fields: "brief" }, contextFor(options, signal)),
  });

/** The fixed resources of a session: the views, and its own list when it has a token. */
const resourcesOf = (options: RegisterOptions): SharedResource[] =>
  options.config.token ? [...sharedViews(options.config), sharedOwnList()] : sharedViews(options.config);

/** Serves resources/list, resources/templates/list and resources/read for a session; reads run the tools of `shelf`. */
export function registerResources(server: McpServer, options: RegisterOptions, shelf: ToolShelf): void {
  server.server.setRequestHandler("resources/list", () => ({ resources: resourcesOf(options).map((r) => ({ uri: r.uri, name: r.name, ...r.metadata })) }));
  server.server.setRequestHandler("resources/templates/list", () => ({
    resourceTemplates: [...sharedTemplates(shelf), ...userFileTemplates()].map((t) => ({ name: t.name, uriTemplate: t.template.toString(), ...t.metadata })),
  }));
  server.server.setRequestHandler("resources/read", async (request, ctx) => {
    let uri: URL;
    try {
      uri = new URL(request.params.uri);
    } catch {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource URI ${request.params.uri} is invalid`, { uri: request.params.uri, reason: "invalid_uri" });
    }
    const fixed = resourcesOf(options).find((r) => r.uri === uri.toString());
    if (fixed) return fixed.read(uri, options, shelf, ctx.mcpReq.signal);
    for (const { kind, tool, template } of sharedTemplates(shelf)) {
      const variables = template.match(uri.toString());
      if (!variables) continue;
      const id = entryIdOf(kind, String(Array.isArray(variables.id) ? variables.id[0] : variables.id));
      // No such id can exist: the entry is not found (not a failure of the server, -32603).
      if (!id) throw new ResourceNotFoundError(request.params.uri, `Resource not found: ${request.params.uri} (a ${kind} id looks like ${ID_EXAMPLE[kind]})`);
      return runAsResource(uri.href, await shelf.tool(tool), { filters: { id }, fields: "standard" }, contextFor(options, ctx.mcpReq.signal));
    }
    for (const file of userFileTemplates()) {
      const variables = file.template.match(uri.toString());
      if (!variables) continue;
      const user = decodeURIComponent(String(Array.isArray(variables.user) ? variables.user[0] : variables.user));
      try {
        return await file.read(uri.href, user, contextFor(options, ctx.mcpReq.signal));
      } catch (error) {
        throw new ProtocolError(ProtocolErrorCode.InternalError, redact(describeError(error)));
      }
    }
    throw new ResourceNotFoundError(request.params.uri);
  });
}

/**
 * completion/complete for a resource: a template's id completes from names; a fixed resource
 * has nothing to complete; anything else is unknown.
 */
export async function completeResourceArgument(options: RegisterOptions, shelf: ToolShelf, uri: string, argument: string, value: string): Promise<Completion> {
  const template = sharedTemplates(shelf).find((t) => t.template.toString() === uri);
  if (!template && userFileTemplates().some((t) => t.template.toString() === uri)) return NO_COMPLETION;
  if (!template) {
    if (resourcesOf(options).some((r) => r.uri === uri)) return NO_COMPLETION;
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource template ${uri} not found`);
  }
  if (argument !== "id") return NO_COMPLETION;
  return completionResult(await completeEntryId(options.api, template.kind, value));
}
