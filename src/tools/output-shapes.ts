// outputSchema of the tools that answer with structuredContent. tools/list carries every
// schema on every connection and the whole list must stay within 5,000 tokens, so these
// describe the stable frame of each answer (what a client can rely on), not every field:
// the entries of a query follow the caller's `fields` and are described by vndb_get_schema.
// Objects are loose: notes, counts and continuation hints are added when they apply.

import { z } from "zod";

/**
 * A page of query results (format/query-result.ts). Only `results` is declared: each further
 * property costs ~8 tokens × 9 query tools (`more`, `count`, `next` are there when they apply).
 */
export const QUERY_OUTPUT = {
  results: z.array(z.unknown()),
};

/** GET /stats: entry counts per database section (reference §4.2). */
export const STATS_OUTPUT = { vn: z.number(), releases: z.number() };

/** GET /authinfo plus whether this server refuses list writes. */
export const AUTH_INFO_OUTPUT = {
  id: z.string(),
  permissions: z.array(z.string()),
};
