// The `vectors` preset: exactly the stubbed state the recorded Kana vectors ran against
// (kana-vectors/README.md, "What the stubbed database contains"), so every recorded
// request can be replayed over HTTP and compared byte for byte.
//
// - VNs v17 and v11 and releases r12 and r13 exist and are not hidden; nothing else does.
//   The rows carry neutral values only and exist for PATCH's existence check: POST queries
//   run over an empty database, as the stub's queries returned no rows.
// - Users u2 "testuser", u3 "reader", u4 "nobody"; no list entries, no labels (not even the
//   built-in ones: the stub's label table was empty), no length votes.
// - Three tokens (below). GET /stats answers 0 for every section (empty stats table).
// - A frozen clock, so the `time` member reports 0.
// - Impossible calendar dates in PATCH are stored, as the stub stored them, instead of
//   failing the way PostgreSQL would.

import type { Catalogue, ReleaseRow, TokenRow, VnRow } from "../catalogue/types.js";
import { blankCatalogue, blankRelease, blankVn } from "../catalogue/blank-rows.js";
import { frozenClock } from "../clock.js";
import type { Stats } from "../engine/stats.js";
import type { PresetData } from "./preset.js";

/** The tokens the vectors README lists, with their sessions. */
export const VECTOR_TOKENS: readonly TokenRow[] = [
  { token: "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy", uid: "u2", listread: true, listwrite: true, note: "u2 testuser, listread + listwrite" },
  { token: "nreo-yretn-reoyr-etnr-eoyre-tnreo-gret", uid: "u3", listread: true, listwrite: false, note: "u3 reader, listread only" },
  { token: "rety-yetnr-etyye-tnre-tyyet-nrety-eetn", uid: "u4", listread: false, listwrite: false, note: "u4 nobody, no permissions" },
];

/** The stubbed stats table is empty, so every section reads 0. */
export const VECTOR_STATS: Stats = { chars: 0, producers: 0, releases: 0, staff: 0, tags: 0, traits: 0, vn: 0 };

/** The vectors were recorded with the request clock frozen; this is the instant it reads. */
export const VECTOR_CLOCK_INSTANT = "2026-01-01T00:00:00Z";

/** A VN row with neutral values only (the stub's rows; also handy for test fixtures). */
export function stubVn(id: string): VnRow {
  return { ...blankVn(id, "ja"), titles: [{ lang: "ja", title: id, latin: null, official: true }] };
}

/** A release of one VN with neutral values only. */
export function stubRelease(id: string, vid: string): ReleaseRow {
  return {
    ...blankRelease(id, "ja"),
    titles: [{ lang: "ja", title: id, latin: null, mtl: false }],
    vns: [{ vn: vid, rtype: "complete" }],
  };
}

export function vectorsCatalogue(): Catalogue {
  return {
    ...blankCatalogue(),
    meta: { source: "kana-vectors/README.md (stubbed database state)", built: "", attribution: "" },
    vn: [stubVn("v11"), stubVn("v17")],
    release: [stubRelease("r12", "v17"), stubRelease("r13", "v11")],
    users: [
      { id: "u2", username: "testuser" },
      { id: "u3", username: "reader" },
      { id: "u4", username: "nobody" },
    ],
    tokens: VECTOR_TOKENS.map((t) => ({ ...t })),
  };
}

export function vectorsPreset(): PresetData {
  return {
    name: "vectors",
    catalogue: vectorsCatalogue,
    clock: frozenClock(VECTOR_CLOCK_INSTANT),
    statsOverride: VECTOR_STATS,
    emptyQueries: true,
    checkCalendarDates: false,
  };
}
