// Writes what a first VN search needs, computed once (src/emulator/catalogue/prebuilt.ts),
// beside a copy of the catalogue data that a package ships: dist/emulator/catalogue/data
// (copy-data.ts) and the .mcpb's server/data (scripts/bundle.ts). Computed from that copy,
// by the code being shipped, for today's date.
import { lazyCatalogue } from "../../src/emulator/catalogue/load.js";
import { PREBUILT_FILE, writePrebuilt } from "../../src/emulator/catalogue/prebuilt.js";
import { createDatabase, rdateOf } from "../../src/emulator/database.js";

/** Writes `dataDir`/prebuilt.json; throws when the folder has no checked manifest to tie it to. */
export function shipPrebuilt(dataDir: string, today = rdateOf(new Date())): void {
  if (!writePrebuilt(dataDir, createDatabase(lazyCatalogue(dataDir), { today }), today)) {
    throw new Error(`${dataDir} has no checked.json naming vn.json, release.json and release-lists.json: ${PREBUILT_FILE} not written`);
  }
}
