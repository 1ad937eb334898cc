// A user named by id ("u2", "2") or by username, as the model will have it from the
// conversation. GET /user resolves names (reference §4.3: names never look like ids).

import type { VndbApi } from "../api.js";
import { ToolError } from "../errors.js";
import { vndbIdPattern } from "../../kana/vndbid.js";

const USER_ID = vndbIdPattern("u", true);

export async function resolveUserId(api: VndbApi, user: string, signal?: AbortSignal): Promise<string> {
  const trimmed = user.trim();
  const id = USER_ID.exec(trimmed);
  if (id) return `u${id[1]}`;
  const found = await api.user([trimmed], undefined, { signal });
  const record = found[trimmed];
  if (!record) throw new ToolError(`No VNDB user is called "${trimmed}".`, "Check the spelling, or give the user id (u123).");
  if (record.username) rememberName(record.id, record.username);
  return record.id;
}

/**
 * Names as VNDB spells them, by user id, from the names this process has resolved: a model
 * types "YORHEL" for Yorhel, and the answer should not echo the typing back (issue 29,
 * defect 4). Public data; bounded, oldest forgotten first.
 */
const NAMES = new Map<string, string>();
/** Enough for every user a busy server's recent calls named; each entry is a few bytes. */
const NAMES_KEPT = 1_000;

function rememberName(id: string, username: string): void {
  NAMES.delete(id);
  NAMES.set(id, username);
  if (NAMES.size > NAMES_KEPT) NAMES.delete(NAMES.keys().next().value as string);
}

/**
 * A user as every list view says it: "Yorhel (u2)", whether the call named them by id or by
 * name, in any case; the name is looked up (GET /user takes ids too) unless this process
 * knows it. "u2" alone when VNDB has no name for the id or cannot be asked.
 */
export async function userLabel(api: VndbApi, id: string, signal?: AbortSignal): Promise<string> {
  let name = NAMES.get(id);
  if (name === undefined) {
    try {
      const found = await api.user([id], undefined, { signal });
      const username = found[id]?.username;
      if (username) rememberName(id, (name = username));
    } catch {
      // The label is a courtesy: the id alone still says whose list it is.
    }
  }
  return name ? `${name} (${id})` : id;
}
