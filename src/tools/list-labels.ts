// vndb_list_labels: GET /ulist_labels — the labels of a user's list (reference §4.5).

import { z } from "zod";
import { defineTool } from "./define-tool.js";
import { ToolError } from "./errors.js";
import { resolveUserId } from "./users.js";

export const listLabelsTool = defineTool({
  name: "vndb_list_labels",
  endpoint: "ulist_labels",
  title: "List a user's list labels",
  description:
    "List the labels of a user's VN list (Playing, Finished, Stalled, Dropped, Wishlist, Blacklist, Voted, custom ones) with ids and entry counts. Default user: the token owner.",
  input: {
    user: z.string().optional().describe("u123 or username"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  access: "read",
  async run(args, ctx) {
    if (!args.user && !ctx.config.token) {
      throw new ToolError("Whose labels? No VNDB token is configured.", 'Pass "user" (u123 or a username).');
    }
    const user = args.user ? await resolveUserId(ctx.api, args.user, ctx.signal) : undefined;
    const { labels } = await ctx.api.ulistLabels({ ...(user ? { user } : {}), fields: "count" }, { signal: ctx.signal });
    const lines = labels.map((l) => {
      const n = l.count === undefined ? "" : ` — ${l.count} ${l.count === 1 ? "entry" : "entries"}`;
      // Id 0 is VNDB's virtual "No label" row for the owner: entries with no label but Voted.
      if (l.id === 0) return `- 0 "${l.label}" (entries with no label other than Voted; filter with label 0)${n}`;
      return `- ${l.id} ${l.label}${l.private ? " (private)" : ""}${n}`;
    });
    return {
      text: `${labels.length} labels${user ? ` of ${user}` : ""}:\n${lines.join("\n")}`,
      structured: { ...(user ? { user } : {}), labels },
    };
  },
});
