// vndb_get_schema: GET /schema, summarised. The whole schema is ~28 KB of JSON (reference
// §4.1); the model needs one slice at a time: an endpoint's field tree or one enumeration.

import { z } from "zod";
import { QUERY_ENDPOINTS } from "../../kana/types.js";
import { defineTool, READ_ANNOTATIONS } from "../define-tool.js";
import { SCHEMA_OUTPUT } from "../output-shapes.js";

const LISTS = ["language", "platform", "medium", "staff_role", "extlinks"] as const;

/** Depth of the field tree shown: deeper levels repeat `_inherit`ed endpoints. */
const FIELD_TREE_DEPTH = 2;

type FieldTree = { [name: string]: FieldTree | string | null };

function renderTree(tree: FieldTree, depth: number): string {
  const parts: string[] = [];
  for (const [name, sub] of Object.entries(tree)) {
    if (name === "_inherit") {
      parts.push(`…all ${String(sub)} fields`);
    } else if (sub === null || typeof sub === "string") {
      parts.push(name);
    } else if (depth <= 1) {
      parts.push(`${name}{…}`);
    } else {
      parts.push(`${name}{${renderTree(sub, depth - 1)}}`);
    }
  }
  return parts.join(", ");
}

interface SchemaShape {
  api_fields: Record<string, FieldTree>;
  enums: Record<string, { id: string; label: string }[]>;
  extlinks: Record<string, { name: string; label: string }[]>;
}

export const getSchemaTool = defineTool({
  name: "vndb_get_schema",
  endpoint: "schema",
  title: "VNDB field names and enumerations",
  description:
    "Look up selectable field names of an endpoint (for `fields`) or an enumeration's codes (languages, platforms, media, staff roles, external-link sites). " +
    'Example: {"list":"platform"}.',
  input: {
    endpoint: z.enum(QUERY_ENDPOINTS).optional(),
    list: z.enum(LISTS).optional().describe("An enumeration; extlinks needs endpoint"),
  },
  output: SCHEMA_OUTPUT,
  annotations: READ_ANNOTATIONS,
  access: "read",
  async run(args, ctx) {
    const schema = (await ctx.api.schema({ signal: ctx.signal })) as SchemaShape;
    if (args.list === "extlinks") {
      const key = `/${args.endpoint ?? "release"}`;
      const sites = schema.extlinks[key] ?? [];
      return {
        text: `External-link sites usable in ${key} extlink filters (${sites.length}): ${sites.map((s) => `${s.name} (${s.label})`).join(", ")}`,
        structured: { endpoint: key, extlinks: sites.map((s) => ({ name: s.name, label: s.label })) },
      };
    }
    if (args.list) {
      const entries = schema.enums[args.list] ?? [];
      return {
        text: `${args.list} (${entries.length}): ${entries.map((e) => `${e.id}=${e.label}`).join(", ")}`,
        structured: { [args.list]: entries.map((e) => ({ id: e.id, label: e.label })) },
      };
    }
    if (args.endpoint) {
      const tree = schema.api_fields[`/${args.endpoint}`] ?? {};
      return {
        text:
          `Fields of /${args.endpoint} (object fields need sub-fields, e.g. image{url}; ` +
          `"…all /x fields" means every field of that endpoint is available there):\n${renderTree(tree, FIELD_TREE_DEPTH)}`,
        structured: { endpoint: `/${args.endpoint}`, fields: tree },
      };
    }
    const lines = Object.entries(schema.api_fields).map(([ep, tree]) => `${ep}: ${renderTree(tree, 1)}`);
    const enums = Object.entries(schema.enums).map(([name, list]) => `${name} (${list.length})`);
    return {
      text:
        `Endpoints and their top-level fields:\n${lines.join("\n")}\n` +
        `Enumerations: ${enums.join(", ")}, extlinks (per endpoint). Ask with {"list": name} or {"endpoint": name} for details.`,
      structured: {
        endpoints: Object.fromEntries(Object.entries(schema.api_fields).map(([ep, tree]) => [ep, Object.keys(tree)])),
        enums: Object.keys(schema.enums),
      },
    };
  },
});
