// Serves the workflows of workflows.ts as MCP prompts, with name completion on the arguments
// that name a VN (ids) or a user (as typed: VNDB has no user search).
//
// Every session is served from the same values, built once: each workflow's argument schema
// and its prompts/list entry. Registering them with the SDK (McpServer.registerPrompt) built
// registration objects, closures and copies per session instead, a cost each of 3,000 HTTP
// sessions paid (issue 22). The handlers answer as the SDK's own prompt handlers do.

import { ProtocolError, ProtocolErrorCode, type McpServer, type Prompt } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { VndbApi } from "../tools/api.js";
import { completeEntryId, completionResult, NO_COMPLETION, type Completion } from "../resources/name-completion.js";
import { WORKFLOWS, type Workflow } from "./workflows.js";
import { ICONS } from "../server/icon.js";
import { sdkIssuesText } from "../tools/define-tool.js";

/** A workflow as every session serves it. */
interface SharedPrompt {
  flow: Workflow;
  /** What prompts/get checks the arguments against (strings; optional ones may be left out). */
  shape: z.ZodObject;
  /** Its prompts/list entry. */
  listed: Prompt;
}

function sharedPrompt(flow: Workflow): SharedPrompt {
  const shape = z.object(
    Object.fromEntries(
      Object.entries(flow.args).map(([name, arg]) => {
        const schema = z.string().describe(arg.description);
        return [name, arg.optional ? schema.optional() : schema];
      }),
    ),
  );
  // The arguments as the SDK derives them from the schema: name, description, required.
  const json = z.toJSONSchema(shape, { target: "draft-2020-12", io: "input" }) as { properties?: Record<string, { description?: string }>; required?: string[] };
  const args = Object.entries(json.properties ?? {}).map(([name, prop]) => ({ name, description: prop.description, required: (json.required ?? []).includes(name) }));
  return { flow, shape, listed: { name: flow.name, title: flow.title, description: flow.description, arguments: args, icons: [...ICONS] } };
}

/** Built on first use, then shared by every session; a session without a token sees fewer. */
let shared: { withToken: SharedPrompt[]; withoutToken: SharedPrompt[] } | undefined;
function promptsFor(hasToken: boolean): SharedPrompt[] {
  shared ??= (() => {
    const all = WORKFLOWS.map(sharedPrompt);
    return { withToken: all, withoutToken: all.filter((p) => !p.flow.needsList) };
  })();
  return hasToken ? shared.withToken : shared.withoutToken;
}

function promptNamed(name: string, hasToken: boolean): SharedPrompt {
  const prompt = promptsFor(hasToken).find((p) => p.flow.name === name);
  if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${name} not found`);
  return prompt;
}

/**
 * Serves prompts/list and prompts/get for a session; returns the names it offers. The
 * prompts' schemas and entries are built by the first request for them, not at the start
 * (a host lists prompts later than tools, if at all).
 */
export function registerPrompts(server: McpServer, hasToken: boolean): string[] {
  server.server.setRequestHandler("prompts/list", () => ({ prompts: promptsFor(hasToken).map((p) => p.listed) }));
  server.server.setRequestHandler("prompts/get", (request) => {
    const { flow, shape } = promptNamed(request.params.name, hasToken);
    const parsed = shape.safeParse(request.params.arguments ?? {});
    if (!parsed.success) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for prompt ${flow.name}: ${sdkIssuesText(parsed.error)}`);
    return {
      description: flow.description,
      messages: [{ role: "user" as const, content: { type: "text" as const, text: flow.text(parsed.data as Record<string, string | undefined>) } }],
    };
  });
  return WORKFLOWS.filter((flow) => hasToken || !flow.needsList).map((flow) => flow.name);
}

/** completion/complete for a prompt's argument: VN ids from names; other arguments have none. */
export async function completePromptArgument(api: VndbApi, hasToken: boolean, name: string, argument: string, value: string): Promise<Completion> {
  const { flow } = promptNamed(name, hasToken);
  if (flow.args[argument]?.kind !== "vn") return NO_COMPLETION;
  return completionResult(await completeEntryId(api, "vn", value ?? ""));
}
