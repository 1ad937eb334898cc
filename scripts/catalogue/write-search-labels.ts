// Writes the VN search labels (src/emulator/catalogue/search-labels.ts) beside a copy of the
// catalogue data that a package ships: dist/emulator/catalogue/data (copy-data.ts) and the
// .mcpb's server/data (scripts/bundle.ts). Computed from that copy, by the code being shipped.
import { lazyCatalogue } from "../../src/emulator/catalogue/load.js";
import { SEARCH_LABELS_FILE, writeSearchLabels } from "../../src/emulator/catalogue/search-labels.js";
import { createDatabase } from "../../src/emulator/database.js";

/** Writes `dataDir`/search-labels.json; throws when the folder has no checked manifest to tie them to. */
export function shipSearchLabels(dataDir: string): void {
  if (!writeSearchLabels(dataDir, createDatabase(lazyCatalogue(dataDir)))) {
    throw new Error(`${dataDir} has no checked.json naming vn.json and release.json: ${SEARCH_LABELS_FILE} not written`);
  }
}
