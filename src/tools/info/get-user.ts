// vndb_get_user: GET /user — find users by id or name (reference §4.3).

import { z } from "zod";
import { defineTool, READ_ANNOTATIONS } from "../define-tool.js";
import { USER_OUTPUT } from "../output-shapes.js";
import { vndbUrl } from "../../format/links.js";

/** GET /user accepts 1..100 `q` values (reference §4.3). */
const MAX_USERS = 100;

export const getUserTool = defineTool({
  name: "vndb_get_user",
  endpoint: "user",
  title: "Look up VNDB users",
  description:
    'Find VNDB users by id or username (case-insensitive); gives the user id other tools take. Example: {"users":["yorhel"]}',
  input: {
    users: z.array(z.string().trim().min(1)).min(1).max(MAX_USERS),
    lengthvotes: z.boolean().optional().describe("play-time vote count and sum"),
  },
  output: USER_OUTPUT,
  annotations: READ_ANNOTATIONS,
  access: "read",
  async run(args, ctx) {
    const fields = args.lengthvotes ? (["lengthvotes", "lengthvotes_sum"] as const) : undefined;
    const found = await ctx.api.user(args.users, fields, { signal: ctx.signal });
    const lines = args.users.map((q) => {
      const u = found[q];
      if (!u) return `- ${q}: no such user`;
      const votes = u.lengthvotes !== undefined ? `, ${u.lengthvotes} play-time votes (${u.lengthvotes_sum ?? 0} min)` : "";
      return `- ${q}: ${u.id} ${u.username ?? "(deleted account)"} <${vndbUrl(u.id)}>${votes}`;
    });
    return { text: lines.join("\n"), structured: { users: found } };
  },
});
