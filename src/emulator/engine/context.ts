// What every engine module needs to answer one request: the database, who asks, and
// "today" (the `today` date value and c_languages-style checks use the request clock).
import type { Session } from "../../kana/types.js";
import type { Database } from "../database.js";

export interface EngineContext {
  db: Database;
  session: Session | null;
  /** The clock's current UTC date as YYYYMMDD (what the filter value 1 = "today" means). */
  today: number;
}

/**
 * May the session read `uid`'s list privately? Same-user token with listread (reference
 * §2.4). Cookie sessions do not exist in the emulator. `withUsermod` adds user
 * moderators, which the label filter and /ulist_labels honour but POST /ulist does not.
 */
export function canReadList(session: Session | null, uid: string, withUsermod: boolean): boolean {
  if (!session) return false;
  if (withUsermod && session.usermod) return true;
  return session.userId === uid && session.listread;
}
