// A page of query results as a tool result: structuredContent plus its compact text mirror,
// both within one size budget, with everything left out disclosed and the exact arguments
// of the next call when VNDB says there is more.

import type { QueryEndpoint } from "../kana/types.js";
import { renderEntry } from "./render-text.js";
import { shapeEntry, type Detail, type ShapeReport } from "./shape-entry.js";
import { addCounts, DEFAULT_SPOILER_LEVEL, type HiddenCounts } from "./spoilers.js";
import { displayTitle } from "./titles.js";
import { approxTokens } from "./tokens.js";
import { missingValues } from "./missing-values.js";
import { DEFAULT_RESULTS } from "../kana/query-limits.js";

type Obj = Record<string, unknown>;

/**
 * Default size of one tool result (text + structuredContent), in approximate tokens.
 * Issue 5 asks for "about 6,000"; Claude Code refuses results over 25,000 tokens
 * (research/peers.md §3 item 12), so this leaves room for several calls per turn.
 */
export const DEFAULT_MAX_TOKENS = 6000;

/** Entries left out for size are named (with titles) up to this many; the rest are counted. */
export const OMITTED_TITLES_MAX = 10;

/** Descriptions longer than this are cut even when the budget would allow more. */
export const DEFAULT_TEXT_CHARS = 1200;

/**
 * The description limit when a page holds one entry: asking for one entry by id is how the
 * model reads a whole description (the cut note says so), so only the size cap limits it.
 * VNDB descriptions run to a few thousand characters; this is well above the longest.
 */
export const SINGLE_ENTRY_TEXT_CHARS = 20_000;

/**
 * The detail levels tried in order until a page fits. The last level keeps only scalar
 * members; below it, entries are left out from the end of the page (and named).
 */
export function detailLevels(textChars: number): Detail[] {
  return [
    { textChars, listItems: Infinity, scalarsOnly: false },
    ...(textChars > DEFAULT_TEXT_CHARS ? [{ textChars: DEFAULT_TEXT_CHARS, listItems: Infinity, scalarsOnly: false }] : []),
    { textChars: Math.min(textChars, 400), listItems: 15, scalarsOnly: false },
    { textChars: Math.min(textChars, 150), listItems: 5, scalarsOnly: false },
    { textChars: 0, listItems: 0, scalarsOnly: true },
  ];
}

export interface FormatOptions {
  /** 0 none (default), 1 minor, 2 all spoilers shown. */
  spoilerLevel?: number;
  /** Budget for text + structuredContent together, in approximate tokens (tokens.ts). */
  maxTokens?: number;
  /** Longest description kept at full detail, in characters. */
  textChars?: number;
  /** Render database ids inside descriptions as Markdown links. */
  idLinks?: boolean;
  /**
   * The name of the call argument that raises the spoiler level, when the tool has one:
   * the note on hidden spoilers then says exactly what to pass.
   */
  spoilerArgument?: string;
  /** Top-level members the call asked for: those that come back empty are named (missing-values.ts). */
  requested?: readonly string[];
  /** Top-level lists named with options (nested-lists.ts): shown whole, never shortened for size. */
  keptLists?: readonly string[];
  /** Top-level lists with a spoiler level of their own. */
  listLevels?: Readonly<Record<string, number>>;
  /** The sort key: when no row has it, the order note says so and the page does not again. */
  sort?: string;
}

/** The call that produced the page, so the next page can be spelled out exactly. */
export interface CallInfo {
  tool: string;
  args: Obj;
}

export interface QueryPage {
  endpoint: QueryEndpoint;
  /** `results` as VNDB returned them. */
  results: Obj[];
  more: boolean;
  /** Present when the call asked for `count`. */
  count?: number;
  /** Present to render the next-page hint when `more` is true. */
  call?: CallInfo;
  /** The call asked for the total only (`results: 0`): the header is the answer. */
  countOnly?: boolean;
}

export interface FormattedResult {
  text: string;
  structuredContent: Obj;
  /** The approximate token size of text + JSON of structuredContent (what the cap bounds). */
  approxTokens: number;
}

/** The arguments of the next page: the same call with `page` one higher. */
export function nextPageArgs(args: Obj): Obj {
  const page = typeof args.page === "number" && args.page >= 1 ? args.page : 1;
  return { ...args, page: page + 1 };
}

/**
 * The arguments that continue right after the last entry shown when the size cap left some
 * out: VNDB pages are fixed windows (offset = (page-1) × results), so the page size is
 * chosen to start at that entry, the largest that does not exceed what fitted. Where no
 * size between half of that and all of it starts exactly there, the one starting closest
 * before it is taken and `repeats` says how many entries come again.
 */
export function continuationArgs(args: Obj, kept: number): { args: Obj; repeats: number } {
  const results = typeof args.results === "number" && args.results >= 1 ? args.results : DEFAULT_RESULTS;
  const page = typeof args.page === "number" && args.page >= 1 ? args.page : 1;
  const offset = (page - 1) * results + kept;
  const fits = Math.max(1, kept);
  // Among sizes from half of what fitted up to all of it, the one that repeats fewest.
  let size = fits;
  for (let c = fits; c >= Math.ceil(fits / 2); c--) if (offset % c < offset % size) size = c;
  const start = Math.floor(offset / size) * size;
  return { args: { ...args, results: size, page: start / size + 1 }, repeats: offset - start };
}

/** Singular and plural nouns for the page header. */
const ENDPOINT_NOUN: Record<QueryEndpoint, [string, string]> = {
  vn: ["visual novel", "visual novels"],
  release: ["release", "releases"],
  producer: ["producer", "producers"],
  character: ["character", "characters"],
  staff: ["staff name", "staff names"],
  tag: ["tag", "tags"],
  trait: ["trait", "traits"],
  quote: ["quote", "quotes"],
  ulist: ["list entry", "list entries"],
};

const count = (n: number, [one, many]: [string, string]): string => `${n} ${n === 1 ? one : many}`;

/**
 * "10 visual novels, more available" read as a total of 10 (issue 21): a page without its
 * total says it is a page, and how to get the total (/ulist has no usable `count`, §11).
 */
function moreText(endpoint: QueryEndpoint, counted: boolean): string {
  if (counted) return ", more available";
  return endpoint === "ulist" ? " on this page, more available" : ' on this page, more available ("count": true gives the total)';
}
const DESCRIPTIONS: [string, string] = ["description", "descriptions"];
const ENTRIES: [string, string] = ["entry", "entries"];

/**
 * What the members hidden counts are keyed by are called in a sentence: "1 VN appearance",
 * not "1 vns" (issue 29, defect 4). Others read as their name, singular for one.
 */
const HIDDEN_NOUNS: Readonly<Record<string, [string, string]>> = {
  vns: ["VN appearance", "VN appearances"],
  tags: ["tag", "tags"],
  traits: ["trait", "traits"],
  characters: ["character", "characters"],
  relations: ["relation", "relations"],
};

function hiddenCount(key: string, n: number): string {
  const noun = HIDDEN_NOUNS[key];
  if (noun) return count(n, noun);
  const name = key.replace(/_/g, " ");
  return `${n} ${n === 1 && name.endsWith("s") && !name.endsWith("ss") ? name.slice(0, -1) : name}`;
}

/** Entries named in the spoiler line ("in c59"), at most; more are left unnamed. */
const HIDDEN_IN_NAMED_MAX = 3;

function hiddenSummary(hidden: HiddenCounts, level: number, argument: string | undefined, hiddenIn: readonly string[] = []): string | null {
  const parts = Object.entries(hidden)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => hiddenCount(k, n));
  if (!parts.length) return null;
  // A row whose only VN appearance is a spoiler shows no role at all; naming it saves the
  // model working out which row the line means (eval round 5, size-characters-1).
  const where = hiddenIn.length > 0 && hiddenIn.length <= HIDDEN_IN_NAMED_MAX ? ` in ${hiddenIn.join(", ")}` : "";
  const raise =
    level >= 2
      ? ""
      : argument
        ? ` To see them, call again with "${argument}": 2 (or 1 for minor ones only), only if the user wants spoilers.`
        : " The server's spoiler level (VNDB_SPOILER_LEVEL) decides what is shown.";
  // "above level N": "(level 0)" read as if the hidden items were level-0 ones (issue 21).
  return `Hidden as spoilers (above level ${level}): ${parts.join(", ")}${where}.${raise}`;
}

/** Rows named in a "for N of M" line, at most; the rest are counted. */
export const GAP_ROWS_NAMED_MAX = 8;

/**
 * A requested member empty on several rows of a page is said once, with the rows it bites
 * ("age: unknown for 29 of 31 (all but c24, c25)"), not once per row: players counted the
 * unknowns row by row (issue 29 item 7). Texts with a per-row part (a rating's vote count)
 * stay on their rows.
 */
function sharedGaps(rows: readonly { id: string; missing: [string, string][] }[]): { lines: string[]; perRow: [string, string][][] } {
  const shared = (text: string) => !text.startsWith("—");
  const byKey = new Map<string, string[]>();
  for (const r of rows) for (const [k, t] of r.missing) if (shared(t)) byKey.set(`${k}: ${t}`, [...(byKey.get(`${k}: ${t}`) ?? []), r.id]);
  const said = new Set([...byKey].filter(([, ids]) => ids.length >= 2).map(([k]) => k));
  if (!said.size) return { lines: [], perRow: rows.map((r) => r.missing) };
  const all = rows.map((r) => r.id);
  const lines = [...said].map((k) => {
    const lacking = byKey.get(k)!;
    const having = all.filter((id) => !lacking.includes(id));
    const [ids, prefix] = having.length < lacking.length ? [having, "all but "] : [lacking, ""];
    const more = ids.length > GAP_ROWS_NAMED_MAX ? ` and ${ids.length - GAP_ROWS_NAMED_MAX} more` : "";
    const which = lacking.length === all.length ? "" : ` (${prefix}${ids.slice(0, GAP_ROWS_NAMED_MAX).join(", ")}${more})`;
    return lacking.length === all.length ? `${k} for ${all.length === 2 ? "both" : `all ${all.length}`}.` : `${k} for ${lacking.length} of ${all.length}${which}.`;
  });
  return { lines, perRow: rows.map((r) => r.missing.filter(([k, t]) => !said.has(`${k}: ${t}`))) };
}

interface Attempt {
  entries: Obj[];
  reports: ShapeReport[];
}

export function formatQueryPage(page: QueryPage, options: FormatOptions = {}): FormattedResult {
  const level = options.spoilerLevel ?? DEFAULT_SPOILER_LEVEL;
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  const shapeOpts = {
    spoilerLevel: level,
    idLinks: options.idLinks ?? true,
    markdownCache: new Map(),
    keptLists: new Set(options.keptLists ?? []),
    ...(options.listLevels ? { listLevels: options.listLevels } : {}),
  };
  const levels = detailLevels(options.textChars ?? (page.results.length === 1 ? SINGLE_ENTRY_TEXT_CHARS : DEFAULT_TEXT_CHARS));

  const shapeAll = (detail: Detail): Attempt => {
    const entries: Obj[] = [];
    const reports: ShapeReport[] = [];
    for (const r of page.results) {
      const s = shapeEntry(page.endpoint, r, detail, shapeOpts);
      entries.push(s.entry);
      reports.push(s.report);
    }
    return { entries, reports };
  };

  const argument = options.spoilerArgument;
  let requested = options.requested ?? [];
  const fits = (b: FormattedResult) => b.approxTokens <= maxTokens;
  // The levels that keep every member shortened (texts, lists) before any row is cut;
  // the last level, scalars only, drops members and is taken only when one row needs it.
  const keepsMembers = levels.slice(0, -1);
  // A sort key every row lacks is said by the order note (sort-order.ts); not twice.
  if (options.sort && page.results.length > 0 && page.results.every((r) => r[options.sort!] === null || r[options.sort!] === undefined)) {
    requested = requested.filter((k) => k !== options.sort);
  }
  let built = build(page, shapeAll(levels[0]), page.results.length, levels[0], argument, level, requested);
  for (let i = 1; i < keepsMembers.length && !fits(built); i++) {
    built = build(page, shapeAll(levels[i]), page.results.length, levels[i], argument, level, requested);
  }
  if (fits(built)) return built;
  // Rows are cut before members are dropped: what was asked for stays on the rows shown.
  const lastKeeping = keepsMembers[keepsMembers.length - 1]!;
  const shaped = shapeAll(lastKeeping);
  const most = mostThatFit(page.results.length, (n) => fits(build(page, shaped, n, lastKeeping, argument, level, requested)));
  if (most > 0) return build(page, shaped, most, lastKeeping, argument, level, requested);
  // Even one entry with its members does not fit: keep only simple members, as many entries as fit.
  const lastIndex = levels.length - 1;
  const last = shapeAll(levels[lastIndex]);
  const lo = mostThatFit(page.results.length, (n) => fits(build(page, last, n, levels[lastIndex], argument, level, requested)));
  built = build(page, last, lo, levels[lastIndex], argument, level, requested);
  return built;
}

/**
 * The largest count of entries, below `total`, for which `fits` holds (0 when none does).
 * Size grows with the number of entries kept, so it is found by bisection.
 */
function mostThatFit(total: number, fits: (n: number) => boolean): number {
  let lo = 0;
  let hi = total - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function build(
  page: QueryPage,
  shaped: Attempt,
  keep: number,
  detail: Detail,
  spoilerArgument: string | undefined,
  spoilerLevel: number,
  requested: readonly string[],
): FormattedResult {
  const entries = shaped.entries.slice(0, keep);
  const hidden: HiddenCounts = {};
  let textsCut = 0;
  let listsCut = 0;
  let membersDropped = 0;
  const droppedNames = new Set<string>();
  const hiddenIn: string[] = [];
  shaped.reports.slice(0, keep).forEach((r, i) => {
    if (Object.values(r.hidden).some((n) => n > 0) && entries[i]) hiddenIn.push(String(entries[i]!.id));
    addCounts(hidden, r.hidden);
    textsCut += r.textsCut;
    listsCut += r.listsCut;
    membersDropped += r.membersDropped;
    for (const name of r.droppedNames) droppedNames.add(name);
  });

  const notes: string[] = [];
  const hiddenNote = hiddenSummary(hidden, spoilerLevel, spoilerArgument, hiddenIn);
  if (hiddenNote) notes.push(hiddenNote);
  if (textsCut) {
    notes.push(
      detail.textChars > 0
        ? `${count(textsCut, DESCRIPTIONS)} cut to about ${detail.textChars} characters (${keep === 1 ? "to fit the size limit" : "fetch one entry by id for more"}).`
        : `${count(textsCut, DESCRIPTIONS)} left out for size.`,
    );
  }
  if (listsCut) {
    notes.push(
      `${listsCut} long ${listsCut === 1 ? "list" : "lists"} shortened to ${detail.listItems} items (see truncated_lists for the full lengths). ` +
        `For the rest, name the list in fields with options: tags[from=${detail.listItems}], tags[category=cont,min_rating=2,spoiler=1], staff[role=scenario], traits[group=Hair] (one entry at a time reads best).`,
    );
  }
  if (membersDropped) {
    notes.push(
      `To fit the size limit only simple members are shown: ${[...droppedNames].join(", ")} left out (${membersDropped} in all; ask for fewer fields, or fetch the entry by id with those fields).`,
    );
  }
  const left = shaped.entries.slice(keep);
  // The first few are named with titles; naming all would spend the room the entries
  // need, and the continuation call below fetches them anyway.
  const omitted = left.slice(0, OMITTED_TITLES_MAX).map((e) => ({ id: e.id, title: displayTitle(e) }));
  if (left.length) {
    const names = omitted.map((o) => [o.id, o.title].filter(Boolean).join(" ")).join("; ");
    const rest = left.length > omitted.length ? ` and ${left.length - omitted.length} more` : "";
    // The page size that fits with these fields, so the next call can ask for it at once.
    const fitting = keep > 0 ? ` A page of "results": ${keep} fits with these fields.` : "";
    notes.push(
      `${count(left.length, ENTRIES)} left out for size: ${names}${rest}.${fitting} ${page.call ? "The next call below starts with them." : "Fetch them by id or ask for fewer results."}`,
    );
  }

  const noun = ENDPOINT_NOUN[page.endpoint];
  const total = page.count !== undefined ? ` (of ${page.count} matching)` : "";
  const header =
    page.countOnly && page.count !== undefined
      ? `${count(page.count, noun)} ${page.count === 1 ? "matches" : "match"} (count only).`
      : page.results.length === 0
      ? `No ${noun[1]} found${total}.`
      : `${count(page.results.length, noun)}${total}${keep < page.results.length ? ` (${keep} shown)` : ""}${page.more ? moreText(page.endpoint, total !== "") : ""}:`;

  const structured: Obj = { results: entries, more: page.more };
  if (page.count !== undefined) structured.count = page.count;
  let nextLine: string | null = null;
  if (left.length && page.call) {
    // "page + 1" would skip the entries left out for size: continue right after the last shown.
    const cont = continuationArgs(page.call.args, keep);
    structured.next = { tool: page.call.tool, arguments: cont.args };
    const repeats = cont.repeats ? ` (its first ${count(cont.repeats, ENTRIES)} repeat the end of this page)` : "";
    nextLine = `Next page: ${page.call.tool} ${JSON.stringify(cont.args)}${repeats}`;
  } else if (page.more) {
    if (page.call) {
      const next = nextPageArgs(page.call.args);
      structured.next = { tool: page.call.tool, arguments: next };
      nextLine = `Next page: ${page.call.tool} ${JSON.stringify(next)}`;
    } else {
      nextLine = "More results exist: repeat the call with page + 1.";
    }
  }
  if (Object.keys(hidden).length) structured.hidden_spoilers = hidden;
  if (omitted.length) structured.omitted = omitted;
  if (left.length > omitted.length) structured.omitted_count = left.length;
  const sizeNotes = notes.filter((n) => n !== hiddenNote);
  if (sizeNotes.length) structured.notes = sizeNotes;

  const gaps = sharedGaps(entries.map((e, i) => ({ id: String(e.id), missing: missingValues(page.results[i]!, requested, page.endpoint) })));
  const text = [
    [header, ...gaps.lines].join("\n"),
    ...entries.map((e, i) => renderEntry(e, page.endpoint, gaps.perRow[i]!)),
    ...notes,
    ...(nextLine ? [nextLine] : []),
  ].join("\n\n");
  const size = approxTokens(text) + approxTokens(JSON.stringify(structured));
  return { text, structuredContent: structured, approxTokens: size };
}
