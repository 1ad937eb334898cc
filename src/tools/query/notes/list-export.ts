// A list read a page at a time points at the whole list as one file (issue 31 item 2): fresh
// players never found the export resources (they only call tools) and paged through the list
// instead. The pointer is two resource_link content items (vndb://user/{user}/list.csv and
// .json, src/resources/user-files.ts) and one short line, so tools/list does not grow.

import type { EntryLink } from "../entry-links.js";
import type { QueryNote } from "./note.js";

/** The two files of a user's list, as links a client can read or save. */
export function listFileLinks(user: string): EntryLink[] {
  return [
    { uri: `vndb://user/${user}/list.csv`, name: `${user}-list.csv`, title: `${user}'s whole list as CSV`, mimeType: "text/csv" },
    { uri: `vndb://user/${user}/list.json`, name: `${user}-list.json`, title: `${user}'s whole list as JSON`, mimeType: "application/json" },
  ];
}

export const listExport: QueryNote = {
  name: "list-export",
  phase: "annotate",
  // The token owner's id is the session's whoAmI, already asked by the list-owner note.
  maxRequests: 1,
  // The first page of a list that has more: where a reader would start paging.
  applies: (ctx) => ctx.spec.endpoint === "ulist" && ctx.firstPage && ctx.response.more === true,
  async run(ctx) {
    const user = ctx.user ?? (await ctx.tool.session.whoAmI(ctx.api, ctx.signal)).id;
    const [csv, json] = listFileLinks(user);
    return { tail: `Whole list in one read (no paging): resource ${csv!.uri} (or list.json).`, links: [csv!, json!] };
  },
};
