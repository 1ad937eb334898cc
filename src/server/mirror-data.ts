// What answers from a mirror say about their data, in one place: the date of VNDB's dump the
// served build was made from (issue 28: "VNDB data of 2026-11-27"), said once per answer and
// briefly, the way offline answers say they come from a sample (offline-sample.ts).

/** The build being served, read live: a refresh (mirror-refresh.ts) changes it while serving. */
export interface MirrorData {
  readonly dataDate: string;
}

/** The line a mirror's answer carries. */
export function mirrorDataLine(data: MirrorData): string {
  return `VNDB data of ${data.dataDate}.`;
}

/** How vndb_get_stats introduces its counts with a mirror. */
export function mirrorStatsPrefix(data: MirrorData): string {
  return `VNDB (data of ${data.dataDate}) holds`;
}
