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
  return record.id;
}
