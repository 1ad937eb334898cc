// GET /stats (reference §4.2): counts of non-hidden entries per section, as
// update_stats_cache_full computes them.
import type { Database } from "../database.js";

export interface Stats {
  chars: number;
  producers: number;
  releases: number;
  staff: number;
  tags: number;
  traits: number;
  vn: number;
}

export function stats(db: Database): Stats {
  const live = (rows: { hidden?: boolean }[]) => rows.filter((r) => !r.hidden).length;
  const c = db.catalogue;
  return {
    chars: live(c.character),
    producers: live(c.producer),
    releases: live(c.release),
    staff: live(c.staff),
    tags: live(c.tag),
    traits: live(c.trait),
    vn: live(c.vn),
  };
}
