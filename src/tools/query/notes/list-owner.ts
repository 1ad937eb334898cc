// Whose list this is: a model answering "my list" must not confuse it with another user's.

import type { QueryNote } from "./note.js";
import { userLabel } from "../../lists/users.js";

export const listOwner: QueryNote = {
  name: "list-owner",
  phase: "annotate",
  // whoAmI is the session's (cached per token); another user's name as VNDB spells it is
  // one GET /user, unless this process has it (lists/users.ts).
  maxRequests: 1,
  applies: (ctx) => ctx.spec.endpoint === "ulist",
  async run(ctx) {
    if (!ctx.user) {
      const me = await ctx.tool.session.whoAmI(ctx.api, ctx.signal);
      return { head: `List of ${me.username} (${me.id}, the token owner).` };
    }
    return { head: `List of ${await userLabel(ctx.api, ctx.user, ctx.signal)}.` };
  },
};
