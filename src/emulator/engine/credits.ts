// A VN's staff and voice credits, resolved to their staff entries and characters once, on
// the VN's first projection with them: pages of credits otherwise looked up every staff
// alias and character by id and re-checked their visibility, row after row, query after
// query. The catalogue does not change under a database, so neither do these.
import type { VnRow } from "../catalogue/types.js";
import type { Database, VnStaffCredit, VnCache, VnVoiceCredit } from "../database.js";
import { nstr } from "./derive.js";

/** The VN's staff credits whose staff is visible, in credit order. */
export function vnStaffCredits(db: Database, v: VnRow, cache: VnCache): VnStaffCredit[] {
  if (cache.staffCredits === undefined) {
    const out: VnStaffCredit[] = [];
    for (const credit of v.staff) {
      const entry = db.staffAlias.get(credit.aid);
      if (entry && !entry.staff.hidden) out.push({ entry, link: { eid: credit.eid, role: credit.role, note: nstr(credit.note) } });
    }
    cache.staffCredits = out;
  }
  return cache.staffCredits;
}

/** The VN's voice credits whose staff and character are both visible, in credit order. */
export function vnVoiceCredits(db: Database, v: VnRow, cache: VnCache): VnVoiceCredit[] {
  if (cache.voiceCredits === undefined) {
    const out: VnVoiceCredit[] = [];
    for (const va of v.va) {
      const entry = db.staffAlias.get(va.aid);
      const character = db.character.get(va.character);
      if (entry && !entry.staff.hidden && character && !character.hidden) out.push({ entry, character, note: nstr(va.note) });
    }
    cache.voiceCredits = out;
  }
  return cache.voiceCredits;
}
