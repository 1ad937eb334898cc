// What a --mirror worker loads after it is ready (embedded-worker.ts loadRest), in order, one
// step at a time: a request that arrives meanwhile waits for the step being taken at most,
// then builds itself whatever it needs that is not loaded yet (it jumps the queue).
//
// Why this order and these steps (bench:mirror, issue 28 "ready ≤ 5 s" for the first query
// of each kind): at VNDB's size the parts after ready cost some 20 s of one core, and the
// database's own order (LAZY_PARTS: images, every table, then the caches) left what a tag
// search needs (the VN tag votes, the inherited tags, the engine's tag postings: ~6 s) for
// late, so the first tag question built it all while it waited. Here the questions asked
// most come first (the VN sorts, tags, releases and developers, characters and traits, staff, a VN's
// details), each part its own step, and what only the engine builds on first use (its
// postings, link tables and search labels, kept in the database's memo) is built by asking
// the engine a small question of that kind — the same code a real request runs, so nothing
// is built twice or differently.

import type { LAZY_PARTS } from "../emulator/database.js";
import type { InProcessRequest } from "../emulator/http/in-process.js";
import type { SPLIT_COLUMNS } from "../emulator/catalogue/serve-index.js";

type Part = (typeof LAZY_PARTS)[number];
type SplitColumn = { [T in keyof typeof SPLIT_COLUMNS]: { table: T; name: (typeof SPLIT_COLUMNS)[T][number] } }[keyof typeof SPLIT_COLUMNS];

/**
 * One step: a part of the database, a heavy column of the serve index, or a question whose
 * answer is dropped (it builds the engine's indexes for that kind of question), or a full
 * garbage collection (after the steps that leave the most parse garbage: bench:mirror's peak).
 */
export type LoadStep = { part: Part } | { column: SplitColumn } | { ask: string; request: InProcessRequest } | { collect: true };

/** A question to the engine: one result and one field, so its cost is the indexes it builds. */
function ask(endpoint: string, filters: unknown, extra: Record<string, unknown> = {}): { ask: string; request: InProcessRequest } {
  const body = JSON.stringify({ filters, fields: "id", results: 1, ...extra });
  return { ask: `${endpoint} ${JSON.stringify(filters)}`, request: { method: "POST", path: `/${endpoint}`, headers: { "content-type": "application/json" }, body } };
}

/**
 * The order. Ids in the questions need not exist: the indexes are built for every id at
 * once before one is looked up. Whatever is not named here (LAZY_PARTS, the serve index's
 * other columns) is loaded after these, in the database's order.
 */
export const MIRROR_LOAD_STEPS: readonly LoadStep[] = [
  // The VN sorts a search asks for (each sorts the whole table once: engine/sort-ranks.ts).
  ask("vn", ["id", ">=", "v1"], { sort: "title" }),
  ask("vn", ["id", ">=", "v1"], { sort: "rating", reverse: true }),
  ask("vn", ["id", ">=", "v1"], { sort: "votecount", reverse: true }),
  ask("vn", ["id", ">=", "v1"], { sort: "released", reverse: true }),
  // Tags: the votes, tags_vn_inherit, then the engine's postings for tag and dtag filters.
  { part: "tag" },
  { column: { table: "vn", name: "tags" } },
  { part: "inheritedTags" },
  ask("vn", ["tag", "=", "g1"]),
  ask("vn", ["dtag", "=", "g1"]),
  { collect: true },
  // Releases and developers.
  { part: "release" },
  ask("vn", ["release", "=", ["platform", "=", "win"]]),
  ask("release", ["vn", "=", ["id", "=", "v1"]]),
  { part: "producer" },
  ask("vn", ["developer", "=", ["id", "=", "p1"]]),
  ask("producer", ["search", "=", "a"]),
  ask("release", ["search", "=", "a"]),
  // Characters and traits.
  { part: "character" },
  { column: { table: "character", name: "traits" } },
  { part: "trait" },
  { part: "charCache" },
  { part: "charactersByVn" },
  ask("character", ["trait", "=", "i1"]),
  ask("vn", ["character", "=", ["trait", "=", "i1"]]),
  ask("character", ["vn", "=", ["id", "=", "v1"]]),
  ask("character", ["search", "=", "a"]),
  { collect: true },
  // Staff and their credits.
  { part: "staff" },
  { part: "staffAlias" },
  { column: { table: "vn", name: "staff" } },
  { column: { table: "vn", name: "va" } },
  ask("vn", ["staff", "=", ["role", "=", "scenario"]]),
  ask("staff", ["search", "=", "a"]),
  ask("character", ["seiyuu", "=", ["id", "=", "s1"]]),
  // A VN's details: its titles, aliases and description.
  { column: { table: "vn", name: "titles" } },
  { column: { table: "vn", name: "aliases" } },
  { column: { table: "vn", name: "description" } },
  // Quotes, then the rest.
  { part: "quote" },
  { part: "quotesByVn" },
  ask("quote", ["vn", "=", ["id", "=", "v1"]]),
  { column: { table: "character", name: "description" } },
  ask("tag", ["search", "=", "a"]),
  ask("trait", ["search", "=", "a"]),
];
