// What a first VN search needs beyond the VN rows, computed once by the package build instead
// of at every start: every VN's search labels (titles, aliases, release titles) and its cached
// columns (c_released, c_languages, c_platforms, developers, ranks: database.ts VnCache).
//
// Both come from the VNs and their releases. Computed at the start, they had the offline
// worker read and expand all 14,000 releases, normalise every title and walk every VN's
// releases before the first answer: most of that answer's time (bench:offline). The package
// build (scripts/catalogue/write-prebuilt.ts, run by `npm run build` and `npm run bundle`)
// computes them with the engine's own code from the data it ships, and writes them beside
// it; the catalogue preset gives them to its database while they still hold, so the release
// table is read only by a query that needs releases. Run from source there is no such file,
// and everything is computed as before.
//
// They hold for the data they were computed from (the checked.json hashes of the source
// files) and, for the caches, for the dates between the release dates around the build's
// day: c_languages and c_platforms count only releases already out.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Database, VnCache } from "../database.js";
import { computeLabels, type SearchLabel } from "../engine/search.js";
import { SHARED_LISTS_FILE } from "./compact-rows.js";
import { CATALOGUE_FILES, readManifest } from "./load.js";

export const PREBUILT_FILE = "prebuilt.json";

/** The files both are made from: the prebuilt data holds for the data whose checked hashes it names. */
const SOURCE_FILES = [CATALOGUE_FILES.vn, CATALOGUE_FILES.release, SHARED_LISTS_FILE] as const;

interface PrebuiltFile {
  /** checked.json's hash of each source file when this was computed. */
  from: Record<string, string>;
  /** The days (YYYYMMDD) the caches hold for: from the last release date on or before the build's day, to before the next one; null is unbounded. */
  validFrom: number | null;
  validBefore: number | null;
  /** VN id → [label, priority] pairs, in computeLabels' order. */
  vnLabels: Record<string, [string, number][]>;
  /** VN id → its cached columns, without the credits a projection adds later. */
  vnCache: Record<string, VnCache>;
}

/** What the database of a catalogue can be given instead of computing it. */
export interface Prebuilt {
  vnLabels: Map<string, SearchLabel[]>;
  vnCache: Map<string, VnCache>;
}

/** The checked hashes of the source files, or null when the folder has no manifest covering them. */
function sourceHashes(dir: string): Record<string, string> | null {
  const manifest = readManifest(dir);
  if (!manifest) return null;
  const out: Record<string, string> = {};
  for (const file of SOURCE_FILES) {
    const hash = manifest.files[file];
    if (hash === undefined) return null;
    out[file] = hash;
  }
  return out;
}

/**
 * The release dates around `today` that bound the days on which every VN's caches come out
 * the same. `recordedHold`: a VN whose catalogue row records c_languages and c_platforms (a
 * mirror's rows carry VNDB's own) takes them from the row on every day, so its releases'
 * dates bound nothing.
 */
function validDays(db: Database, today: number, recordedHold = false): { validFrom: number | null; validBefore: number | null } {
  let validFrom: number | null = null;
  let validBefore: number | null = null;
  const recorded = (vid: string) => {
    const v = db.vn.get(vid);
    return v !== undefined && v.cLanguages !== undefined && v.cLanguages !== null && v.cPlatforms !== undefined && v.cPlatforms !== null;
  };
  for (const r of db.catalogue.release) {
    // 0 is an unknown date: counted on every day.
    if (r.released === 0) continue;
    if (recordedHold && r.vns.every((x) => recorded(x.vn))) continue;
    if (r.released <= today) validFrom = Math.max(validFrom ?? 0, r.released);
    else validBefore = Math.min(validBefore ?? Infinity, r.released);
  }
  return { validFrom, validBefore };
}

/**
 * Computes the labels and caches of `db` (the catalogue in `dir`, dated `today`) and writes
 * them to `dir`; false when `dir` has no checked manifest to tie them to.
 */
export function writePrebuilt(dir: string, db: Database, today: number): boolean {
  const from = sourceHashes(dir);
  if (!from) return false;
  const file: PrebuiltFile = { from, ...prebuiltPayload(db, today) };
  writeFileSync(join(dir, PREBUILT_FILE), JSON.stringify(file));
  return true;
}

/** What the prebuilt data holds, without what ties it to its source files (a mirror ties it its own way: serve-index.ts). */
export type PrebuiltPayload = Omit<PrebuiltFile, "from">;

/** Computes the labels and caches of `db` dated `today`, and the days they hold for (see validDays for `recordedHold`). */
export function prebuiltPayload(db: Database, today: number, recordedHold = false): PrebuiltPayload {
  const vnLabels: PrebuiltFile["vnLabels"] = {};
  for (const [id, labels] of computeLabels(db, "vn")) vnLabels[id] = labels.map((l) => [l.label, l.prio]);
  return { ...validDays(db, today, recordedHold), vnLabels, vnCache: Object.fromEntries(db.vnCache) };
}

/** The payload as the database takes it, or null on a day outside the one its caches hold for. */
export function usePayload(file: PrebuiltPayload, today: number): Prebuilt | null {
  if ((file.validFrom !== null && today < file.validFrom) || (file.validBefore !== null && today >= file.validBefore)) return null;
  const vnLabels = new Map<string, SearchLabel[]>();
  for (const [id, pairs] of Object.entries(file.vnLabels)) vnLabels.set(id, pairs.map(([label, prio]) => ({ label, prio })));
  return { vnLabels, vnCache: new Map(Object.entries(file.vnCache)) };
}

/**
 * The labels and caches written beside the data in `dir`, for `today`, or null: no file (a
 * source checkout), one computed from other data than the folder's manifest names now, or a
 * day outside the one its caches hold for.
 */
export function readPrebuilt(dir: string, today: number): Prebuilt | null {
  const path = join(dir, PREBUILT_FILE);
  if (!existsSync(path)) return null;
  const file = JSON.parse(readFileSync(path, "utf8")) as PrebuiltFile;
  const now = sourceHashes(dir);
  if (!now || SOURCE_FILES.some((f) => file.from?.[f] !== now[f])) return null;
  return usePayload(file, today);
}
