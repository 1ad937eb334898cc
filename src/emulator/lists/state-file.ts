// `--state FILE`: the emulator's mutable state (users, labels, VN and release lists, tokens,
// length votes) kept in a JSON file, so list writes survive a restart. The file is read at
// start-up and rewritten after every successful write — to a temporary file next to it,
// then renamed over it, so a crash mid-write never leaves a half-written state behind.

import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { exportListState, importListState, type Database } from "../database.js";
import type { PresetName } from "../presets/index.js";

export const STATE_FORMAT = "vndb-mcp-emulator-state";
export const STATE_VERSION = 1;

export type ListSnapshot = ReturnType<typeof exportListState>;

export interface StateFile {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  /** The preset the state belongs to: a file saved over one preset is refused by another. */
  preset: PresetName;
  lists: ListSnapshot;
}

/** Reads a state file; null when it does not exist. Throws on a file of another kind or preset. */
export function readStateFile(path: string, preset: PresetName): ListSnapshot | null {
  if (!existsSync(path)) return null;
  const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<StateFile>;
  if (parsed.format !== STATE_FORMAT || parsed.version !== STATE_VERSION || !parsed.lists) {
    throw new Error(`${path} is not a ${STATE_FORMAT} file (version ${STATE_VERSION})`);
  }
  if (parsed.preset !== preset) {
    throw new Error(`${path} holds state of the "${String(parsed.preset)}" preset, not "${preset}"`);
  }
  return parsed.lists;
}

/** Writes the database's list state atomically (temp file + rename). */
export function writeStateFile(path: string, preset: PresetName, db: Database): void {
  const state: StateFile = { format: STATE_FORMAT, version: STATE_VERSION, preset, lists: exportListState(db) };
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(state)}\n`);
  renameSync(temp, path);
}

/** Loads a state file into the database if there is one; returns whether it did. */
export function restoreState(path: string, preset: PresetName, db: Database): boolean {
  const lists = readStateFile(path, preset);
  if (!lists) return false;
  importListState(db, lists);
  return true;
}
