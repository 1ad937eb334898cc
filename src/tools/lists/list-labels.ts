// vndb_list_labels: GET /ulist_labels — the labels of a user's list (reference §4.5).

import { z } from "zod";
import { defineTool, READ_ANNOTATIONS } from "../define-tool.js";
import { LABELS_OUTPUT } from "../output-shapes.js";
import { ToolError } from "../errors.js";
import { resolveUserId, userLabel } from "./users.js";
import { labelText } from "../../format/list-labels.js";
import { writesEnabled } from "../../server/config.js";

/** The list rules a model otherwise meets only as a failed write (issue 12 item 6). */
export const LABEL_RULES =
  "Voted (id 7) follows the vote: set or remove a vote, never the label. Labels cannot be created through the API (the user adds them on vndb.org).";
const WRITE_RULES = "In vndb_update_list_entry, labels_set/labels_unset add and remove; `labels` replaces the whole set.";
/** Without list writes the editing rules are noise (issue 21): only what Voted means when reading. */
const READ_RULES = "Voted (id 7) is the entries with a vote.";

export const listLabelsTool = defineTool({
  name: "vndb_list_labels",
  endpoint: "ulist_labels",
  title: "List a user's list labels",
  description:
    "The labels of a user's VN list (Playing, Finished, Stalled, Dropped, Wishlist, Blacklist, Voted, custom ones) with ids and entry counts. Default user: token owner.",
  input: {
    user: z.string().optional().describe("u123 or username"),
  },
  output: LABELS_OUTPUT,
  annotations: READ_ANNOTATIONS,
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
      if (l.id === 0) return `- "${l.label}" (id 0): entries with no label other than Voted; filter with label 0${n}`;
      return `- ${l.private ? `${l.label} (id ${l.id}, private)` : labelText(l)}${n}`;
    });
    const me = user ? null : await ctx.session.whoAmI(ctx.api, ctx.signal);
    const whose = me ? `${me.username} (${me.id}, the token owner)` : await userLabel(ctx.api, user!, ctx.signal);
    const rules = writesEnabled(ctx.config) ? `${LABEL_RULES} ${WRITE_RULES}` : READ_RULES;
    return {
      text: `${labels.length} labels of ${whose}:\n${lines.join("\n")}\n${rules}`,
      structured: { ...(user ? { user } : {}), labels },
    };
  },
});
