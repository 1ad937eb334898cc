// The vote filter on user lists (../list-vote.ts): VNDB cannot filter by vote, so the voted
// entries are read highest vote first, a page of VNDB_PAGE_MAX at a time, the filter applied
// here, and the asked page cut from what matched. The answer says it was filtered here.

import { VOTED_LABEL } from "../../lists/labels.js";
import { MAX_RESULTS, DEFAULT_RESULTS } from "../../../kana/query-limits.js";
import { takeVoteFilter, voteFloor, voteMatches } from "../list-vote.js";
import type { KanaRow } from "../../../kana/api-types.js";
import type { QueryNote } from "./note.js";

/**
 * Pages of voted entries read at most: 1,000 votes, more than all but a few VNDB users have
 * (the longest lists hold a few thousand entries, most unvoted). Past it the answer says so.
 */
export const VOTE_FILTER_PAGES_MAX = 10;

export const listVote: QueryNote = {
  name: "list-vote",
  phase: "replace",
  maxRequests: VOTE_FILTER_PAGES_MAX,
  fields: (plan) => (plan.endpoint === "ulist" && takeVoteFilter(plan.args.filters).vote ? { vote: "vote" } : null),
  applies: (ctx) => ctx.spec.endpoint === "ulist" && takeVoteFilter(ctx.args.filters).vote !== null,
  async run(ctx) {
    const vote = takeVoteFilter(ctx.args.filters).vote!;
    const voted = ["label", "=", VOTED_LABEL];
    const filters = ctx.body.filters === undefined ? voted : ["and", ctx.body.filters, voted];
    // Highest vote first unless the call sorts otherwise: then a "≥" filter can stop early.
    const sort = ctx.args.sort ?? "vote";
    const reverse = ctx.args.sort === undefined ? true : ctx.args.reverse === true;
    const early = sort === "vote" && reverse;
    const floor = voteFloor(vote);
    const matched: KanaRow[] = [];
    let read = 0;
    let requests = 0;
    let more = true;
    for (let page = 1; more && page <= VOTE_FILTER_PAGES_MAX; page++) {
      const body = { ...ctx.body, filters, sort, reverse, results: MAX_RESULTS, page };
      delete (body as { count?: boolean }).count;
      const res = await ctx.api.query("ulist", body, { signal: ctx.signal });
      requests++;
      read += res.results.length;
      for (const row of res.results) if (voteMatches(vote, row.vote)) matched.push(row);
      more = res.more;
      const last = res.results[res.results.length - 1];
      if (early && last && typeof last.vote === "number" && last.vote < floor) more = false;
    }
    const size = ctx.args.results ?? DEFAULT_RESULTS;
    const start = ((ctx.args.page ?? 1) - 1) * size;
    const rows = matched.slice(start, start + size);
    const cut = more ? ` It stopped after ${read} entries (${VOTE_FILTER_PAGES_MAX} requests): entries past them are not counted.` : "";
    const head = `VNDB has no vote filter: this server read ${read} voted ${read === 1 ? "entry" : "entries"} (${requests} ${requests === 1 ? "request" : "requests"}) and kept ${matched.length} with vote ${vote.text}.${cut}`;
    return { head, response: { results: rows, more: matched.length > start + size } };
  },
};
