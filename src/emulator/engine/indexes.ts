// Reverse indexes built on first use and kept in the database's memo (the catalogue is
// read-only, so they never go stale).
import type { Database } from "../database.js";

export interface StaffCredit {
  vn: string;
  /** The staff_role id, or null for a voice-acting credit (vn_seiyuu). */
  role: string | null;
}

/** A value built on first use and kept for the database's life. */
export function memo<T>(db: Database, key: string, build: () => T): T {
  let v = db.memo.get(key) as T | undefined;
  if (v === undefined) {
    v = build();
    db.memo.set(key, v);
  }
  return v;
}

/** Staff alias id → every credit (vn_staff and vn_seiyuu rows) of that alias. */
export function staffCredits(db: Database): Map<number, StaffCredit[]> {
  return memo(db, "staffCredits", () => {
    const out = new Map<number, StaffCredit[]>();
    const add = (aid: number, c: StaffCredit) => {
      const l = out.get(aid);
      if (l) l.push(c);
      else out.set(aid, [c]);
    };
    for (const v of db.catalogue.vn) {
      for (const s of v.staff) add(s.aid, { vn: v.id, role: s.role });
      for (const s of v.va) add(s.aid, { vn: v.id, role: null });
    }
    return out;
  });
}

/** Character id → staff alias ids voicing it in any VN. */
export function vaByCharacter(db: Database): Map<string, number[]> {
  return memo(db, "vaByCharacter", () => {
    const out = new Map<string, number[]>();
    for (const v of db.catalogue.vn) {
      for (const s of v.va) {
        const l = out.get(s.character);
        if (l) l.push(s.aid);
        else out.set(s.character, [s.aid]);
      }
    }
    return out;
  });
}
