// Whose list this is: a model answering "my list" must not confuse it with another user's.

import type { QueryNote } from "./note.js";

export const listOwner: QueryNote = {
  name: "list-owner",
  phase: "annotate",
  // whoAmI is the session's (cached per token), not a query.
  maxRequests: 0,
  applies: (ctx) => ctx.spec.endpoint === "ulist",
  async run(ctx) {
    if (!ctx.user) {
      const me = await ctx.tool.session.whoAmI(ctx.api, ctx.signal);
      return { head: `List of ${me.username} (${me.id}, the token owner).` };
    }
    const given = ctx.args.user!.trim();
    return { head: given.toLowerCase() === ctx.user ? `List of ${ctx.user}.` : `List of ${given} (${ctx.user}).` };
  },
};
