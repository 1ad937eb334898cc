// Registers the workflows of workflows.ts as MCP prompts, with name completion on the
// arguments that name a VN (ids) or a user (as typed: VNDB has no user search).

import { completable, type McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { VndbApi } from "../tools/api.js";
import { completeEntryId } from "../resources/name-completion.js";
import { WORKFLOWS, type EntryArgument } from "./workflows.js";
import { ICONS } from "../server/icon.js";

function argumentSchema(arg: EntryArgument, api: VndbApi) {
  const base = z.string().describe(arg.description);
  const schema = arg.kind === "vn" ? completable(base, (value) => completeEntryId(api, "vn", value ?? "")) : base;
  return arg.optional ? schema.optional() : schema;
}

/**
 * The argument shapes of each workflow, built once per api: HTTP sessions that share a
 * client share them, instead of a copy per session (issue 22).
 */
const shapes = new WeakMap<VndbApi, Map<string, z.ZodObject>>();

function shapeOf(flow: (typeof WORKFLOWS)[number], api: VndbApi): z.ZodObject {
  let byFlow = shapes.get(api);
  if (!byFlow) shapes.set(api, (byFlow = new Map()));
  let shape = byFlow.get(flow.name);
  if (!shape) byFlow.set(flow.name, (shape = z.object(Object.fromEntries(Object.entries(flow.args).map(([name, arg]) => [name, argumentSchema(arg, api)])))));
  return shape;
}

/** Registers the prompts this session can use; returns their names. */
export function registerPrompts(server: McpServer, api: VndbApi, hasToken: boolean): string[] {
  const names: string[] = [];
  for (const flow of WORKFLOWS) {
    if (flow.needsList && !hasToken) continue;
    const shape = shapeOf(flow, api);
    server.registerPrompt(flow.name, { title: flow.title, description: flow.description, argsSchema: shape, icons: [...ICONS] }, (args) => ({
      description: flow.description,
      messages: [{ role: "user" as const, content: { type: "text" as const, text: flow.text(args as Record<string, string | undefined>) } }],
    }));
    names.push(flow.name);
  }
  return names;
}
