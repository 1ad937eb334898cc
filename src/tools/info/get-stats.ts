// vndb_get_stats: GET /stats, the database's entry counts (reference §4.2).

import { STATS_OUTPUT } from "../output-shapes.js";
import { defineTool, READ_ANNOTATIONS } from "../define-tool.js";
import { OFFLINE_STATS_PREFIX } from "../../server/offline-sample.js";
import { mirrorStatsPrefix } from "../../server/mirror-data.js";

export const getStatsTool = defineTool({
  name: "vndb_get_stats",
  endpoint: "stats",
  title: "VNDB database statistics",
  description: "Count the entries in VNDB (visual novels, releases, producers, characters, staff, tags, traits).",
  input: {},
  output: STATS_OUTPUT,
  annotations: READ_ANNOTATIONS,
  access: "read",
  async run(_args, ctx) {
    const stats = await ctx.api.stats({ signal: ctx.signal });
    const text = Object.entries(stats)
      .map(([k, v]) => `${k}: ${v.toLocaleString("en-US")}`)
      .join(", ");
    // --embedded answers from the bundled sample; it must not pass for VNDB's own counts.
    // A mirror's counts are VNDB's of its dump's day (server/mirror-data.ts).
    const holder = ctx.config.embedded ? OFFLINE_STATS_PREFIX : ctx.config.mirrorData ? mirrorStatsPrefix(ctx.config.mirrorData) : "VNDB holds";
    return { text: `${holder} ${text}.`, structured: stats };
  },
});
