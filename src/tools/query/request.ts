// A query call's arguments as a request: the search checked, nested-list options taken out
// of `fields`, fields checked (plus what the notes need), names in filters resolved to ids,
// the default order, and the /ulist user. Also the context the notes read afterwards.

import type { Session } from "../../kana/types.js";
import type { QueryBody } from "../api.js";
import type { ToolContext } from "../define-tool.js";
import { ToolError } from "../errors.js";
import { checkedFields } from "./fields.js";
import { toFilters } from "./filter-port.js";
import { FIELD_PRESETS, type QuerySpec } from "./specs.js";
import { resolveUserId } from "../lists/users.js";
import { mentionsLabel, type QueryArgs } from "./args.js";
import { parseListOptions } from "../../format/nested-lists.js";
import { SAID_WHEN_EMPTY, topLevelFields } from "../../format/missing-values.js";
import { DEFAULT_RESULTS } from "../../kana/query-limits.js";
import type { NoteContext, QueryNote } from "./notes/note.js";
import { noteFields } from "./notes/run-notes.js";
import { takeVoteFilter } from "./list-vote.js";

/** Sorts on values some entries lack (missing-values.ts says how many). */
const SORT_FIELDS: ReadonlySet<string> = new Set(["vn.released", "vn.rating", "release.released"]);

/**
 * The members the model named (fields other than presets) or sorted by: an empty one is said
 * ("unknown", "none"). Preset members are left out when empty, or every answer would list
 * a dozen unknowns nobody asked about.
 */
function namedFields(args: QueryArgs): string[] {
  const named = args.fields ? topLevelFields(args.fields).filter((f) => !(FIELD_PRESETS as readonly string[]).includes(f.toLowerCase())) : [];
  // A member both selected and sorted by is said once ("released: unknown", not twice).
  return args.sort && !named.includes(args.sort) ? [...named, args.sort] : named;
}

export interface QueryRequest {
  body: QueryBody;
  /** Members fetched only for notes, left out of the answer. */
  strip: string[];
  /** Top-level members asked for by name (empty ones are said). */
  requested: string[];
  /** The notes' context, before the response. */
  notes: Omit<NoteContext, "response" | "replaced">;
}

export async function buildRequest(spec: QuerySpec, args: QueryArgs, ctx: ToolContext, notes: readonly QueryNote[]): Promise<QueryRequest> {
  const { api, signal } = ctx;
  if (args.query !== undefined && args.query.trim() === "") {
    // An empty search would silently become "no filter" and answer with arbitrary entries.
    throw new ToolError("query is empty.", "Leave query out to list by filters alone, or give search text or an id.");
  }
  const lists = parseListOptions(spec.endpoint, args.fields);
  if (!lists.ok) throw new ToolError(lists.message, "Example: tags[category=cont,min_rating=2,from=15,limit=50].");
  let fields = checkedFields(spec, lists.fields);
  // Sorting by a value that may be missing: fetch it, so the answer can say who lacks it.
  if (args.sort && SORT_FIELDS.has(`${spec.endpoint}.${args.sort}`) && !topLevelFields(fields).includes(args.sort)) fields += `,${args.sort}`;
  // A list entry's heading is its VN's title whatever `fields` asks ("vote" alone gave bare
  // ids, and a second call for the titles; issue 29 item 8). VNDB merges a second vn{…}.
  if (spec.endpoint === "ulist" && !/(^|[,{])\s*vn\s*\{[^}]*\btitle\b/.test(fields)) fields += ",vn{title}";
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
  const spoilerLevel = args.spoilers ?? ctx.config.spoilerLevel;
  // Names in filters may each need a lookup before the query itself: worth a progress step.
  ctx.progress(0, 2, "resolving filters");
  const resolver = await ctx.session.resolver(api);
  const labelUser = user ?? session?.userId;
  // A vote filter on a list is applied to the fetched pages (notes/list-vote.ts), not sent.
  const sent = spec.endpoint === "ulist" ? takeVoteFilter(args.filters).rest : args.filters;
  const convertAt = (maxSpoiler: number) =>
    toFilters(spec.endpoint, sent, {
      api,
      signal,
      resolver,
      session,
      ...(user ? { user } : {}),
      maxSpoiler,
      ...(labelUser ? { labelUser } : {}),
    });
  const converted = await convertAt(spoilerLevel);
  const search = args.query?.trim();
  const withSearch = (f: unknown): unknown => {
    if (!search) return f;
    const predicate = ["search", "=", search];
    return f === null ? predicate : ["and", predicate, f];
  };
  const filters = withSearch(converted.filters);
  const extra = noteFields(notes, { endpoint: spec.endpoint, fields, search, args, converted, offline: ctx.config.embedded }, topLevelFields(fields));
  const body: QueryBody = { fields: [fields, ...extra.add].join(","), results: args.results ?? DEFAULT_RESULTS };
  if (filters !== null) body.filters = filters;
  // Text search without an explicit order reads best by relevance.
  const sort = args.sort ?? (search ? "searchrank" : undefined);
  if (sort) body.sort = sort;
  if (args.reverse !== undefined) body.reverse = args.reverse;
  if (args.page !== undefined) body.page = args.page;
  // A count-only call (`results: 0`) asks for the total whether or not it says `count`.
  if (args.count || body.results === 0) body.count = true;
  if (user) body.user = user;
  return {
    body,
    strip: extra.strip,
    requested: [
      ...new Set([
        ...namedFields({ ...args, ...(lists.fields !== undefined ? { fields: lists.fields } : {}) }),
        ...(SAID_WHEN_EMPTY[spec.endpoint] ?? []).filter((k) => topLevelFields(fields).includes(k)),
      ]),
    ],
    notes: {
      spec,
      args,
      tool: ctx,
      api,
      signal,
      search,
      user,
      spoilerLevel,
      firstPage: (args.page ?? 1) === 1,
      fields,
      body,
      converted,
      filtersAt: async (level) => withSearch((await convertAt(level)).filters),
      listOptions: lists.options,
    },
  };
}
