// outputSchema of every tool that answers with structuredContent: the contract a client can
// validate against and rely on. Query entries are described field by field (entry-shapes.ts,
// from the field tree); the rest here. Output schemas are for the client, not the model: a
// host hands the model each tool's name, description and input schema only, so their size
// does not count against the tools/list token budget (test/server/registry.test.ts).
// Objects are loose, so that a client written today keeps working when an answer gains a
// member; test/tools/output-contract.test.ts checks, strictly, that every member sent is declared.

import { z } from "zod";
import type { QueryEndpoint } from "../kana/types.js";
import { entrySchema, listedEntrySchema, selectionSchema } from "./query/entry-shapes.js";
import { ENTRY_FIELDS } from "./lists/list-entries.js";

const int = z.number().int();
const strings = z.array(z.string());
/** Counts keyed by a name: hidden spoilers per kind, finished entries per year. */
const countsByName = z.record(z.string(), int);

/** The exact call for the next page or the entries left out for size (format/query-result.ts). */
const NEXT_CALL = z.looseObject({ tool: z.string(), arguments: z.record(z.string(), z.json()) });
/**
 * The same in tools/list: `arguments` an object. z.json() is a recursive definition (~300
 * bytes per query tool) that says no more than "JSON", which an object from JSON already is.
 */
const LISTED_NEXT_CALL = z.looseObject({ tool: z.string(), arguments: z.looseObject({}) });

/** A name in `filters` and the entry it stood for (filters/to-predicate.ts ResolvedName). */
const RESOLVED_NAME = z.looseObject({
  kind: z.string(),
  name: z.string(),
  id: z.string(),
  as: z.string(),
  how: z.enum(["exact", "search"]),
  others: strings.optional(),
});
/** The same in tools/list: what a client needs to map a name to its entry (the rest is allowed). */
const LISTED_RESOLVED_NAME = z.looseObject({ name: z.string(), id: z.string() });

/** Staff answers: each person's credits per VN (query-credits.ts). */
const CREDITS = z.record(z.string(), z.array(z.looseObject({ vn: z.string(), roles: strings, voiced: strings }))).optional();
/** Character answers: the voice actors and the VNs they voice the character in. */
const VOICE_ACTORS = z.record(z.string(), z.array(z.looseObject({ staff: z.string(), vns: strings }))).optional();

/** Entries named by id and title: those left out for size, the newest-added stand-in. One definition, used twice. */
const TITLED_IDS = z.array(z.looseObject({ id: z.string(), title: z.string().optional() })).meta({ id: "titled_ids" });

/**
 * A page of query results (format/query-result.ts) plus what tools/query/run.ts adds to it.
 * `listed`: the entries as tools/list describes them (entry-shapes.ts listedEntrySchema),
 * otherwise in full, as the server checks every answer.
 */
export function queryOutput(endpoint: QueryEndpoint, listed = false): z.ZodRawShape {
  return {
    results: z.array(listed ? listedEntrySchema(endpoint) : entrySchema(endpoint)),
    more: z.boolean(),
    count: int.optional(),
    next: (listed ? LISTED_NEXT_CALL : NEXT_CALL).optional(),
    hidden_spoilers: countsByName.optional(),
    omitted: TITLED_IDS.optional(),
    omitted_count: int.optional(),
    notes: strings.optional(),
    resolved: z.array(listed ? LISTED_RESOLVED_NAME : RESOLVED_NAME).optional(),
    order_note: z.string().optional(),
    // Only the answers that carry them declare them: listed once per query tool otherwise.
    ...(endpoint === "staff" ? { credits: CREDITS } : {}),
    ...(endpoint === "character" ? { voice_actors: VOICE_ACTORS } : {}),
    // A "newest first" sort where no match has a date: the most recently added (notes/undated-stand-in.ts).
    ...(endpoint === "vn" || endpoint === "release" ? { newest_added: TITLED_IDS.optional() } : {}),
    // A long release page: releases per platform code, and per type for one VN's releases (notes/release-tally.ts).
    ...(endpoint === "release" ? { platform_counts: z.record(z.string(), int).optional(), rtype_counts: z.record(z.string(), int).optional() } : {}),
  };
}

/** GET /stats: entry counts per database section (reference §4.2). */
export const STATS_OUTPUT = {
  chars: int,
  producers: int,
  releases: int,
  staff: int,
  tags: int,
  traits: int,
  vn: int,
};

/** GET /authinfo plus whether this server refuses list writes. */
export const AUTH_INFO_OUTPUT = {
  id: z.string(),
  username: z.string(),
  permissions: z.array(z.enum(["listread", "listwrite"])),
  readOnly: z.boolean(),
};

/** GET /user, keyed by what was asked: null for no such user (reference §4.3). */
export const USER_OUTPUT = {
  users: z.record(
    z.string(),
    z
      .looseObject({
        id: z.string(),
        /** null for a deleted account. */
        username: z.string().nullable(),
        lengthvotes: int.optional(),
        lengthvotes_sum: int.optional(),
      })
      .nullable(),
  ),
};

/** GET /ulist_labels (reference §4.5); `count` is asked for. */
export const LABELS_OUTPUT = {
  user: z.string().optional(),
  labels: z.array(z.looseObject({ id: int, label: z.string(), private: z.boolean(), count: int.optional() })),
};

/** An `api_fields` tree of GET /schema: leaves are null, `_inherit` names an endpoint. */
const FIELD_TREE: z.ZodType = z.lazy(() => z.record(z.string(), z.union([z.null(), z.string(), FIELD_TREE]))).meta({ id: "field_tree" });
/**
 * Named (zod's meta id), so that its four uses are one definition in JSON Schema, referred to
 * four times: a part used twice in one answer is named so (test/tools/schema-portability.test.ts).
 */
const CODES = z.array(z.looseObject({ id: z.string(), label: z.string() })).meta({ id: "codes" });

/** vndb_get_schema answers one of four slices; each member is there for its slice only. */
export const SCHEMA_OUTPUT = {
  /** The endpoint of a field tree or an extlink list ("/vn"). */
  endpoint: z.string().optional(),
  fields: FIELD_TREE.optional(),
  extlinks: z.array(z.looseObject({ name: z.string(), label: z.string() })).optional(),
  language: CODES.optional(),
  platform: CODES.optional(),
  medium: CODES.optional(),
  staff_role: CODES.optional(),
  /** The overview: top-level field names per endpoint, and the enumerations' names. */
  endpoints: z.record(z.string(), strings).optional(),
  enums: strings.optional(),
};

const NAME_COUNTS = z.array(z.looseObject({ name: z.string(), count: int })).meta({ id: "name_counts" });

/** vndb_list_insight: list-stats.ts ListStats plus whose list and whether it was read whole. */
/**
 * vndb_list_insight: the statistics (the default), or a comparison (`compare`), a reading
 * brief (`vn`) or upcoming releases (`upcoming`): only `user` is common to all four.
 */
export const INSIGHT_OUTPUT = {
  user: z.string().optional(),
  cut: z.boolean().optional(),
  entries: z.union([int, z.array(int)]).optional(),
  labels: z.array(z.looseObject({ id: int, label: z.string(), count: int })).optional(),
  unlabelled: int.optional(),
  votes: z.union([int, z.array(int)]).optional(),
  average: z.number().nullable().optional(),
  histogram: z.array(int).optional(),
  finishedByYear: countsByName.optional(),
  finishedUndated: int.optional(),
  highVoted: int.optional(),
  topDevelopers: NAME_COUNTS.optional(),
  topTags: NAME_COUNTS.optional(),
  /** compare: the two users. */
  users: z.array(z.string()).optional(),
};

/** vndb_recommend: seeds, the tag profile and the picks with the tags each shares. */
export const RECOMMEND_OUTPUT = {
  seeds: strings,
  /** What the picks were found by: "tags", or without tags "developers", "staff", "relations". */
  signals: strings.optional(),
  profile: strings,
  /** `from`: the signals that found the pick ("tags", "makers", "votes"); `weak`: shares only artists or composers. */
  picks: z.array(z.looseObject({ id: z.string(), title: z.string(), shares: strings, from: strings.optional(), weak: z.boolean().optional() })),
  user: z.string().optional(),
  droppedOnList: int.optional(),
};

/** A list entry as the write tools read it back: a raw /ulist row with the fields list-entries.ts asks for. */
const LIST_ENTRY = selectionSchema("ulist", ENTRY_FIELDS).meta({ id: "list_entry" });
/** "sent" when VNDB acknowledged the write, "unknown" when its answer was lost. */
const WRITTEN = z.union([z.literal(true), z.literal("unknown")]);
const RELEASE_STATUS = z.string().nullable();
/** The release of a release-list write (list-entries.ts readReleaseEntry). */
const LIST_RELEASE = z.looseObject({ id: z.string(), title: z.string().optional(), alttitle: z.string().nullable().optional(), vns: strings });

/** PATCH /ulist members as sent (kana/api-types.ts UlistPatch). */
const ULIST_PATCH = z.looseObject({
  vote: int.nullable().optional(),
  notes: z.string().nullable().optional(),
  started: z.string().optional(),
  finished: z.string().optional(),
  labels: z.array(int).optional(),
  labels_set: z.array(int).optional(),
  labels_unset: z.array(int).optional(),
});

/** One VN's write; `vn`, `sent` and `written` are absent from an import's or undo's answer (list-import.ts). */
export const UPDATE_LIST_OUTPUT = {
  user: z.string().optional(),
  vn: z.string().optional(),
  created: z.boolean().optional(),
  sent: ULIST_PATCH.optional(),
  written: WRITTEN.optional(),
  changes: strings.optional(),
  not_applied: strings.optional(),
  entry: LIST_ENTRY.nullable().optional(),
  /** The entry before the write (null: it was not on the list); the list editor view undoes from it. */
  previous: LIST_ENTRY.nullable().optional(),
  notes: strings.optional(),
  /** false when the write could not be read back. */
  read_back: z.boolean().optional(),
  /** import: whether nothing was written yet, the batch id for undo, the rows written, each row's plan and outcome. */
  dry_run: z.boolean().optional(),
  batch: z.string().nullable().optional(),
  rows_written: int.optional(),
  rows: z.array(z.looseObject({ line: int, action: z.string() })).optional(),
};

export const REMOVE_LIST_OUTPUT = {
  removed: z.union([z.boolean(), z.literal("unknown")]),
  confirmed: z.boolean().optional(),
  preview: z.boolean().optional(),
  entry: LIST_ENTRY.nullable().optional(),
  previous: LIST_ENTRY.optional(),
};

export const UPDATE_RELEASE_OUTPUT = {
  user: z.string(),
  release: LIST_RELEASE,
  status: RELEASE_STATUS.optional(),
  previous: RELEASE_STATUS.optional(),
  vns_added_to_list: strings.optional(),
  written: WRITTEN,
  read_back: z.boolean().optional(),
};

export const REMOVE_RELEASE_OUTPUT = {
  removed: z.union([z.boolean(), z.literal("unknown")]),
  confirmed: z.boolean().optional(),
  preview: z.boolean().optional(),
  release: LIST_RELEASE.optional(),
  status: RELEASE_STATUS.optional(),
  previous: RELEASE_STATUS.optional(),
};

/** An image and VNDB's two flags for it, averaged over `votecount` votes (ui/shapes.ts ImageFlags). */
const IMAGE_FLAGS = z.object({ url: z.string(), sexual: z.number(), violence: z.number(), votecount: int });
const IMAGE_LIMITS = z.object({ sexual: int, violence: int });
const VN_CARD = {
  id: z.string(),
  title: z.string(),
  alttitle: z.string().nullable(),
  released: z.string().nullable(),
  rating: z.number().nullable(),
  votecount: int.nullable(),
  length_minutes: int.nullable(),
  developers: strings,
  image: IMAGE_FLAGS.nullable(),
};

/** vndb_vn_cards (app-only): ui/shapes.ts CardsResult. */
export const CARDS_OUTPUT = { cards: z.array(z.object(VN_CARD)), limits: IMAGE_LIMITS };

/** vndb_vn_sheet (app-only): ui/shapes.ts SheetResult. */
export const SHEET_OUTPUT = {
  vn: z.object({
    ...VN_CARD,
    titles: z.array(z.object({ lang: z.string(), title: z.string(), latin: z.string().nullable(), official: z.boolean(), main: z.boolean() })),
    languages: strings,
    platforms: strings,
    staff: z.array(z.object({ name: z.string(), role: z.string(), note: z.string().nullable() })),
    cast: z.array(z.object({ character: z.string(), seiyuu: z.string().nullable() })),
    tags: z.array(z.object({ name: z.string(), rating: z.number(), spoiler: int })),
    relations: z.array(z.object({ id: z.string(), title: z.string(), relation: z.string(), official: z.boolean() })),
  }),
  limits: IMAGE_LIMITS,
  spoilerLevel: int,
};
