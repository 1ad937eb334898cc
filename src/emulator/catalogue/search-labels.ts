// The VN search labels, computed once by the package build instead of at every start.
//
// A first VN search needs every VN's normalised labels, release titles included (engine/
// search.ts): about 30 ms of the offline mode's first answer (bench:offline). The package
// build (scripts/catalogue/write-search-labels.ts, run by `npm run build` and `npm run bundle`)
// computes them with the same code from the data it ships and writes them beside it; the
// catalogue preset hands them to its database. Run from source there is no such file and the
// labels are computed as before.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "../database.js";
import { computeLabels, type SearchLabel } from "../engine/search.js";
import { CATALOGUE_FILES, readManifest } from "./load.js";

export const SEARCH_LABELS_FILE = "search-labels.json";

/** The tables VN labels are made from: the file holds for the data whose checked hashes it names. */
const SOURCE_FILES = [CATALOGUE_FILES.vn, CATALOGUE_FILES.release] as const;

interface LabelsFile {
  /** checked.json's hash of each source file when the labels were computed. */
  from: Record<string, string>;
  /** VN id → [label, priority] pairs, in the order computeLabels made them. */
  vn: Record<string, [string, number][]>;
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

/** Computes the VN labels of `db` (the catalogue in `dir`) and writes them to `dir`; false when `dir` has no checked manifest. */
export function writeSearchLabels(dir: string, db: Database): boolean {
  const from = sourceHashes(dir);
  if (!from) return false;
  const vn: LabelsFile["vn"] = {};
  for (const [id, labels] of computeLabels(db, "vn")) vn[id] = labels.map((l) => [l.label, l.prio]);
  writeFileSync(join(dir, SEARCH_LABELS_FILE), JSON.stringify({ from, vn } satisfies LabelsFile));
  return true;
}

/**
 * The VN labels written beside the data in `dir`, or null: no file (a source checkout), or
 * one computed from other tables than the folder's manifest names now (data rebuilt since).
 */
export function readSearchLabels(dir: string): Map<string, SearchLabel[]> | null {
  const path = join(dir, SEARCH_LABELS_FILE);
  if (!existsSync(path)) return null;
  const file = JSON.parse(readFileSync(path, "utf8")) as LabelsFile;
  const now = sourceHashes(dir);
  if (!now || SOURCE_FILES.some((f) => file.from?.[f] !== now[f])) return null;
  const labels = new Map<string, SearchLabel[]>();
  for (const [id, pairs] of Object.entries(file.vn)) labels.set(id, pairs.map(([label, prio]) => ({ label, prio })));
  return labels;
}
