// What --embedded answers from, said plainly: the bundled catalogue is a sample of real
// VNDB data, not the live database. Kept as constants (checked against the catalogue by
// test/server/offline-sample.test.ts) so that the instructions need not load the catalogue.

/** Visible VNs in the bundled catalogue (src/emulator/catalogue/data/vn.json). */
export const OFFLINE_SAMPLE_VNS = 1212;

/** The years the sample's sources come from (docs/catalogue.md, "Sources"). */
export const OFFLINE_SAMPLE_YEARS = "2020–2026";

/** One sentence for the server instructions in --embedded mode. */
export function offlineSampleNote(): string {
  return (
    `Offline mode: answers come from an offline sample of ${OFFLINE_SAMPLE_VNS.toLocaleString("en-US")} VNs ` +
    `(the most-voted ones, with their releases, characters, staff and quotes) from VNDB's ${OFFLINE_SAMPLE_YEARS} data, not the live database. ` +
    "Counts and lists are incomplete, most release dates are unknown, release titles repeat the VN's, and only a few VNs have tags; say so when it matters."
  );
}

/** How vndb_get_stats introduces its counts in --embedded mode. */
export const OFFLINE_STATS_PREFIX = `The offline sample (VNDB data of ${OFFLINE_SAMPLE_YEARS}, not the live database) holds`;
