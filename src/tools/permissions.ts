// What to tell the model when the token lacks a permission: the fix is on vndb.org.

import type { AuthInfo } from "./api.js";

export function permissionHint(info: AuthInfo, missing: string[]): string {
  return (
    `The token lacks ${missing.join(" and ")}. Create a new token on vndb.org (profile → Applications, ` +
    `https://vndb.org/${info.id}/tokens) with "Access to my list" and "Add/remove/edit items on my list" ticked, ` +
    `then update VNDB_TOKEN (or the token setting in Claude Desktop) and restart the server.`
  );
}
