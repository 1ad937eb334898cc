// The nine query tools share one shape: search text, structured filters, fields (preset or
// paths), sort, paging. This factory builds a tool value from a row of tools/query/specs.ts.
// Executing a query (filter conversion, field checks, formatting) lives in tools/query/run.ts and
// is loaded on the first call, so that start-up only builds the tool list.

import { z } from "zod";
import { defineTool, READ_ANNOTATIONS, type AnyTool } from "../define-tool.js";
import type { QueryArgs } from "./args.js";
import { filterSchema } from "../../filters/schema.js";
import { MAX_RESULTS } from "../../kana/query-limits.js";
import type { QuerySpec } from "./specs.js";
import { queryOutput } from "../output-shapes.js";
import { entryLinks } from "./entry-links.js";
import { aboutKind } from "./about-kind.js";

/** Longest `about` text: a sentence of words, not a document. */
const ABOUT_MAX_CHARS = 200;

export { MAX_RESULTS } from "../../kana/query-limits.js";

function inputShape(spec: QuerySpec) {
  return {
    // `query`, `fields` and paging are explained once in the server instructions (token budget).
    ...(spec.searchable ? { query: z.string().optional() } : {}),
    // Words in descriptions: local data only (about.ts). ~15 tokens on two tools.
    ...(aboutKind(spec.endpoint) ? { about: z.string().min(1).max(ABOUT_MAX_CHARS).optional().describe("words in descriptions (local data only)") } : {}),
    // Issue 31 item 3: a mode of the VN search rather than a tool of its own (~15 tokens, not ~50).
    ...(spec.endpoint === "vn" ? { identify: z.string().optional().describe("game folder/file name → ranked guesses") } : {}),
    filters: filterSchema(spec.endpoint).optional(),
    ...(spec.endpoint === "ulist" ? { user: z.string().optional().describe("u123 or username") } : {}),
    fields: z.string().optional(),
    sort: z.enum(spec.sorts as [string, ...string[]]).optional(),
    reverse: z.boolean().optional(),
    // 0: count only (VNDB skips the rows, reference §5); /ulist cannot count (§11).
    results: z.number().int().min(spec.endpoint === "ulist" ? 1 : 0).max(MAX_RESULTS).optional(),
    // Whole pages up to VNDB's bound (1e6) are checked with VNDB's message by the client's validator
    // (kana/validate-query.ts); zod's int() would print a 16-digit maximum into every query tool.
    page: z.number().min(1).optional(),
    // POST /ulist `count` fails unless the page is the last one (reference §11), so it is not offered there.
    ...(spec.endpoint === "ulist" ? {} : { count: z.boolean().optional() }),
    ...(spec.spoilers ? { spoilers: z.number().int().min(0).max(2).optional() } : {}),
  };
}

/**
 * The query runner, imported on the first call and kept: an `import()` of a module already
 * loaded still goes through the ESM loader on every call (measured 0.1-0.3 ms under load).
 */
let runner: Promise<typeof import("./run.js")> | undefined;
const loadRunner = () => (runner ??= import("./run.js"));

let identifier: Promise<typeof import("./identify/identify.js")> | undefined;
const loadIdentify = () => (identifier ??= import("./identify/identify.js"));

export function defineQueryTool(spec: QuerySpec): AnyTool {
  // The zod shapes are built on first use: a call, or tools/list where the entries are not
  // precomputed. The bundle lists tools from entries computed at build time, so its start-up
  // never builds the nine filter and entry schemas (bench:server, spawn -> tools/list).
  let input: ReturnType<typeof inputShape> | undefined;
  let output: z.ZodRawShape | undefined;
  let listedOutput: z.ZodRawShape | undefined;
  return defineTool({
    name: spec.tool,
    endpoint: spec.endpoint,
    title: spec.title,
    description: spec.description,
    get input() {
      return (input ??= inputShape(spec));
    },
    get output() {
      return (output ??= queryOutput(spec.endpoint));
    },
    get listedOutput() {
      return (listedOutput ??= queryOutput(spec.endpoint, true));
    },
    annotations: READ_ANNOTATIONS,
    access: "read",
    run: async (args, ctx) => {
      const asked = args as QueryArgs;
      if (asked.identify !== undefined) return (await loadIdentify()).runIdentify(ctx, asked.identify);
      const { runQuery } = await loadRunner();
      const result =
        asked.about !== undefined
          ? await (await import("./about.js")).runAbout(spec, asked.about, asked, ctx, (a) => runQuery(spec, a, ctx))
          : await runQuery(spec, asked, ctx);
      const shown = result.structured?.results;
      // The entries shown, then whatever a note linked (a list's files: notes/list-export.ts).
      return Array.isArray(shown) ? { ...result, links: [...entryLinks(shown), ...(result.links ?? [])] } : result;
    },
  });
}
