// One result entry made ready for a model: spoilers hidden, formatting codes rendered as
// Markdown, long prose cut, long lists trimmed, empty members dropped, a site link added.
// The shaped entry is both the structuredContent element and the input of the text renderer.

import { bbcodeToMarkdown, type BbcodeResult } from "./bbcode.js";
import { vndbUrl } from "./links.js";
import { keepListBlanks } from "./list-entry.js";
import { dropEmpty } from "./prune.js";
import { addCounts, hideSpoilers, type HiddenCounts } from "./spoilers.js";
import { cutText } from "./text-cut.js";
import { mergeStaffCredits } from "./merge-credits.js";

type Obj = Record<string, unknown>;

/** How much detail survives; the response assembler lowers these to fit its size cap. */
export interface Detail {
  /** Longest description/notes kept, in characters (0 drops them). */
  textChars: number;
  /** Longest array kept, in elements (Infinity keeps all). */
  listItems: number;
  /** Keep only scalars and the title keys (the last resort before dropping entries). */
  scalarsOnly: boolean;
}

export interface ShapeOptions {
  spoilerLevel: number;
  idLinks: boolean;
  /**
   * Markdown of texts already converted, keyed by the BBCode source. The response assembler
   * shapes a page at several detail levels; converting each text once keeps that cheap.
   */
  markdownCache?: Map<string, BbcodeResult>;
  /** Top-level lists named with options: their window is shown whole, never shortened for size. */
  keptLists?: ReadonlySet<string>;
  /** Top-level lists with a spoiler level of their own (tags[spoiler=2]). */
  listLevels?: Readonly<Record<string, number>>;
}

/** What shaping left out of one entry, so the response can say it. */
export interface ShapeReport {
  hidden: HiddenCounts;
  /** Number of descriptions/notes cut or dropped. */
  textsCut: number;
  /** Number of arrays shortened. */
  listsCut: number;
  /** Number of members dropped by scalarsOnly. */
  membersDropped: number;
  /** The names of the members dropped by scalarsOnly, so the answer can name them. */
  droppedNames: string[];
}

/** Member that records how long shortened arrays were, e.g. {tags: 42}. */
export const TRUNCATED_KEY = "truncated_lists";

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Arrays whose elements the site orders by relevance: best rated first. */
const RATED_LISTS: ReadonlySet<string> = new Set(["tags"]);

/**
 * Whether a member holds VNDB formatting codes (§13): every `description`, and `notes` of
 * releases. List-entry `notes` and staff/va `note` are plain text typed by users.
 */
function isFormatted(key: string, inRelease: boolean): boolean {
  return key === "description" || (key === "notes" && inRelease);
}

const RELEASE_KEYS: ReadonlySet<string> = new Set(["release", "releases"]);
const NON_RELEASE_KEYS: ReadonlySet<string> = new Set(["vn", "vns", "producers", "developers", "character", "staff"]);

const NAMED_OBJECTS: ReadonlySet<string> = new Set(["vn", "character"]);
const NAME_KEYS: ReadonlySet<string> = new Set(["id", "title", "alttitle", "name", "original"]);

export function shapeEntry(
  endpoint: string,
  raw: Obj,
  detail: Detail,
  options: ShapeOptions,
): { entry: Obj; report: ShapeReport } {
  const report: ShapeReport = { hidden: {}, textsCut: 0, listsCut: 0, membersDropped: 0, droppedNames: [] };
  const visible = hideSpoilers(raw, options.spoilerLevel, report.hidden, options.listLevels);
  const truncated: Record<string, number> = {};

  const walk = (value: unknown, key: string, inRelease: boolean, top: boolean): unknown => {
    if (typeof value === "string" && isFormatted(key, inRelease)) {
      let md = options.markdownCache?.get(value);
      if (!md) {
        md = bbcodeToMarkdown(value, { spoilerLevel: options.spoilerLevel, idLinks: options.idLinks });
        options.markdownCache?.set(value, md);
      }
      if (md.spoilersHidden) addCounts(report.hidden, { spoiler_passages: md.spoilersHidden });
      const cut = cutText(md.markdown, detail.textChars);
      if (cut.omitted) report.textsCut++;
      return detail.textChars > 0 ? cut.text : undefined;
    }
    if (Array.isArray(value)) {
      let items = value;
      if (top && endpoint === "vn" && key === "staff") items = mergeStaffCredits(items);
      if (RATED_LISTS.has(key) && items.every((e) => isObj(e) && typeof e.rating === "number")) {
        items = [...items].sort((a, b) => (b as Obj).rating as number - ((a as Obj).rating as number));
      }
      if (items.length > detail.listItems && !(top && options.keptLists?.has(key))) {
        report.listsCut++;
        if (top) truncated[key] = items.length;
        items = items.slice(0, detail.listItems);
      }
      return items.map((e) => walk(e, key, inRelease, false));
    }
    if (isObj(value)) {
      const nowInRelease = RELEASE_KEYS.has(key) || (inRelease && !NON_RELEASE_KEYS.has(key));
      const out: Obj = {};
      for (const [k, v] of Object.entries(value)) out[k] = walk(v, k, nowInRelease, false);
      return out;
    }
    return value;
  };

  const entry: Obj = {};
  for (const [k, v] of Object.entries(visible)) {
    if (detail.scalarsOnly && isObj(v) && NAMED_OBJECTS.has(k)) {
      // A list entry or quote without its VN/character name would be unreadable.
      entry[k] = Object.fromEntries(Object.entries(v).filter(([nk]) => NAME_KEYS.has(nk)));
      continue;
    }
    if (detail.scalarsOnly && v !== null && typeof v === "object") {
      if (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0) {
        report.membersDropped++;
        report.droppedNames.push(k);
      }
      continue;
    }
    entry[k] = walk(v, k, endpoint === "release", true);
    if (k === "id") {
      // ulist rows are keyed by the VN id; both link to the VN page.
      const url = vndbUrl(v);
      if (url) entry.url = url;
    }
  }
  if (Object.keys(truncated).length) entry[TRUNCATED_KEY] = truncated;
  const pruned = dropEmpty(entry);
  return { entry: endpoint === "ulist" ? keepListBlanks(raw, pruned) : pruned, report };
}
