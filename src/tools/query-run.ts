// Executing a query tool call: fields checked, filters converted (names resolved), the
// request sent, the page formatted. Loaded on the first query call (see query-tool.ts).

import type { Session } from "../kana/types.js";
import type { QueryBody } from "./api.js";
import type { ToolContext, ToolResult } from "./define-tool.js";
import { ToolError } from "./errors.js";
import { checkedFields } from "./fields.js";
import { toFilters } from "./filter-port.js";
import { renderQuery } from "./format-port.js";
import { FIELD_PRESETS, type QuerySpec } from "./query-specs.js";
import { resolveUserId } from "./users.js";
import { applyListOptions, parseListOptions } from "../format/nested-lists.js";
import { missingSortKeyNote, topLevelFields } from "../format/missing-values.js";
import { describeFilter, usesRawFilter } from "../filters/describe.js";
import { matchReasons, planMatchReasons } from "./query-match-reason.js";
import { creditsFor } from "./query-credits.js";
import { typoAnswer } from "./query-typos.js";
import { nestedSearchNote } from "./query-nested-search.js";
import { spoilerRetryNote, usesSpoilerFilter } from "./query-spoiler-retry.js";
import { seiyuuOf } from "./voiced-vns.js";

/** Results per page when the model does not say; small so answers stay readable. */
import { DEFAULT_RESULTS } from "../kana/query-limits.js";

export { DEFAULT_RESULTS };

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

export type QueryArgs = {
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

/**
 * /ulist columns that can be null; PostgreSQL puts NULLs first in descending order
 * (reference §7), so "sort by vote, highest first" starts with the unvoted entries.
 */
const NULLS_FIRST_WHEN_REVERSED: Readonly<Record<string, string>> = {
  vote: "vote",
  voted: "vote",
  started: "start date",
  finished: "finish date",
};

/** What to tell the model when VNDB's descending order put entries without the value first. */
function nullsFirstNote(spec: QuerySpec, args: QueryArgs, results: Record<string, unknown>[]): string | null {
  const what = args.sort && args.reverse ? NULLS_FIRST_WHEN_REVERSED[args.sort] : undefined;
  if (spec.endpoint !== "ulist" || !what || !results.some((r) => r[args.sort!] === null)) return null;
  const note = `Entries without a ${what} come first in VNDB's descending order.`;
  const filters = args.filters;
  const plain = filters === undefined || (typeof filters === "object" && filters !== null && !Array.isArray(filters));
  if (what !== "vote" || !plain || mentionsLabel(filters)) return note;
  const next = { ...args, filters: { ...(filters as object), label: "Voted" } };
  delete (next as QueryArgs).page;
  return `${note} For voted entries only: ${spec.tool} ${JSON.stringify(next)}`;
}

/** Whether a filter argument mentions list labels (only then is the token's user needed). */
function mentionsLabel(filters: unknown): boolean {
  return filters !== undefined && JSON.stringify(filters).includes('"label"');
}

export async function runQuery(spec: QuerySpec, asked: QueryArgs, ctx: ToolContext): Promise<ToolResult> {
  const { api, signal } = ctx;
  // A random quote of one VN: drawn among its quotes (quote-random.ts), not VNDB's global draw.
  // Loaded only for quotes: the first call of a session pays for what it uses (start-up budget).
  const drawn = spec.endpoint === "quote" ? await (await import("./quote-random.js")).drawRandomQuote(spec, asked, ctx) : null;
  const args = drawn?.args ?? asked;
  if (args.query !== undefined && args.query.trim() === "") {
    // An empty search would silently become "no filter" and answer with arbitrary entries.
    throw new ToolError("query is empty.", "Leave query out to list by filters alone, or give search text or an id.");
  }
  const lists = parseListOptions(spec.endpoint, args.fields);
  if (!lists.ok) throw new ToolError(lists.message, "Example: tags[category=cont,min_rating=2,from=15,limit=50].");
  let fields = checkedFields(spec, lists.fields);
  // Sorting by a value that may be missing: fetch it, so the answer can say who lacks it.
  if (args.sort && SORT_FIELDS.has(`${spec.endpoint}.${args.sort}`) && !topLevelFields(fields).includes(args.sort)) fields += `,${args.sort}`;
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
  const convertAt = (maxSpoiler: number) =>
    toFilters(spec.endpoint, args.filters, {
      api,
      signal,
      resolver,
      session,
      ...(user ? { user } : {}),
      maxSpoiler,
      ...(user ?? session?.userId ? { labelUser: user ?? session?.userId } : {}),
    });
  const converted = await convertAt(spoilerLevel);
  const search = args.query?.trim();
  const withSearch = (f: unknown): unknown => {
    if (!search) return f;
    const predicate = ["search", "=", search];
    return f === null ? predicate : ["and", predicate, f];
  };
  const filters = withSearch(converted.filters);
  const matchPlan = planMatchReasons(spec.endpoint, fields, search);
  const body: QueryBody = { fields: matchPlan?.fields ?? fields, results: args.results ?? DEFAULT_RESULTS };
  if (filters !== null) body.filters = filters;
  // Text search without an explicit order reads best by relevance.
  const sort = args.sort ?? (search ? "searchrank" : undefined);
  if (sort) body.sort = sort;
  if (args.reverse !== undefined) body.reverse = args.reverse;
  if (args.page !== undefined) body.page = args.page;
  if (args.count) body.count = true;
  if (user) body.user = user;
  ctx.progress(1, 2, `querying /${spec.endpoint}`);
  let response = await api.query(spec.endpoint, body, { signal });
  ctx.progress(2, 2);
  // A search that finds nothing: near spellings; one clearly closest is shown in its place.
  let typo: string | null = null;
  let shown = false;
  if (response.results.length === 0 && search && (args.page ?? 1) === 1) {
    // The fields as asked (no match-reason members: the entry is shown by id, not by a match).
    const answer = await typoAnswer({ api, signal, endpoint: spec.endpoint, query: search, filters: converted.filters, body: { ...body, fields } });
    if (answer?.response) {
      response = answer.response;
      shown = true;
    }
    typo = answer?.note ?? null;
  }
  // Characters filtered by voice actor: their VN lists cut to the voiced ones (voiced-vns.ts).
  const voicedBy = spec.endpoint === "character" ? seiyuuOf(converted.filters) : null;
  const voicedNote = voicedBy ? await (await import("./voiced-vns.js")).keepVoicedVns(api, signal, voicedBy, response.results) : null;
  const listNotes = applyListOptions(response.results, lists.options, spoilerLevel);
  if (voicedNote) listNotes.push(voicedNote);
  const matched = matchPlan && search && !shown ? matchReasons(spec.endpoint, search, response.results, matchPlan) : null;
  if (matched) listNotes.push(matched);
  const rendered = renderQuery({
    endpoint: spec.endpoint,
    tool: spec.tool,
    response,
    args: args as Record<string, unknown>,
    spoilerLevel,
    maxTokens: ctx.config.maxResponseTokens,
    spoilerArgument: spec.spoilers,
    requested: namedFields({ ...args, ...(lists.fields !== undefined ? { fields: lists.fields } : {}) }),
  });
  const heads: string[] = [];
  // Whose list this is: a model answering "my list" must not confuse it with another user's.
  if (spec.endpoint === "ulist") heads.push(await listOwnerLine(args, user, ctx));
  heads.push(...listNotes);
  // Say which entries the names stood for, so a wrong guess is visible to the model.
  if (converted.resolved.length) {
    const said = (r: (typeof converted.resolved)[number]) =>
      `${r.kind} "${r.name}" = ${r.id} ${r.as}${r.others ? ` (also credited as ${r.others.join(", ")}; the id covers all)` : ""}`;
    heads.push(`Names resolved: ${converted.resolved.map(said).join("; ")}.`);
  }
  // A pasted URL or compact string is opaque to the model: say what it decoded to.
  if (usesRawFilter(args.filters) && converted.filters !== null) heads.push(`Filter applied: ${describeFilter(converted.filters)}.`);
  const order = nullsFirstNote(spec, args, response.results) ?? missingSortKeyNote(spec.endpoint, args.sort, args.reverse, response.results);
  if (order) heads.push(order);
  if (response.results.length === 0 && (args.page ?? 1) === 1 && spoilerLevel < 2 && usesSpoilerFilter(converted.filters)) {
    const retry = await spoilerRetryNote({
      api,
      signal,
      endpoint: spec.endpoint,
      level: spoilerLevel,
      filtersAt: async (level) => withSearch((await convertAt(level)).filters),
      ...(user ? { extra: { user } } : {}),
    });
    if (retry) heads.push(retry);
  }
  if ((args.page ?? 1) === 1 && response.results.length > 0) {
    const nested = await nestedSearchNote({ api, signal, endpoint: spec.endpoint, filters: args.filters });
    if (nested) heads.push(nested);
  }
  if (typo) heads.push(typo);
  // Staff and character answers carry credits / voice actors unless only a listing was asked for.
  const credits =
    args.fields?.trim().toLowerCase() !== "brief" && (spec.endpoint === "staff" || spec.endpoint === "character")
      ? await creditsFor({ api, signal, endpoint: spec.endpoint, results: response.results })
      : null;
  // Writer mode (issue 21): the token owner's list status of the hits; a list lookup's miss named.
  const listStatus = ctx.config.token || spec.endpoint === "ulist" ? await import("./list-status.js") : null;
  const listNote = !listStatus
    ? null
    : spec.endpoint === "ulist"
      ? response.results.length === 0 && (args.page ?? 1) === 1
        ? await listStatus.listMissNote(ctx, args.filters, user)
        : null
      : await listStatus.listStatusNote(ctx, spec.endpoint, response.results);
  if (listNote) heads.push(listNote);
  if (drawn) heads.push(drawn.note);
  if (heads.length === 0 && !credits) return rendered;
  return {
    ...rendered,
    text: [...heads, rendered.text].join("\n") + (credits ? `\n\n${credits.text}` : ""),
    structured: {
      ...rendered.structured,
      ...(credits ? credits.structured : {}),
      ...(converted.resolved.length ? { resolved: converted.resolved } : {}),
      ...(order ? { order_note: order } : {}),
    },
  };
}

async function listOwnerLine(args: QueryArgs, user: string | undefined, ctx: ToolContext): Promise<string> {
  if (!user) {
    const me = await ctx.session.whoAmI(ctx.api, ctx.signal);
    return `List of ${me.username} (${me.id}, the token owner).`;
  }
  const given = args.user!.trim();
  return given.toLowerCase() === user ? `List of ${user}.` : `List of ${given} (${user}).`;
}
