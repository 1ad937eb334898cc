// A vote filter on user lists. VNDB has none (POST /ulist filters are the VN filters plus
// `label`; reference §6.9), and players asked for "my 8s and up" three ways before sorting
// by vote and reading down. So `filters: {vote: {gte: 8}}` on vndb_get_user_list is taken out
// of the request and applied here, to the voted entries read page by page, and the answer
// says so (issue 29 item 8). Votes are on the 1-10 scale the list shows.

import { ToolError } from "../errors.js";

type Op = "eq" | "ne" | "gt" | "gte" | "lt" | "lte";

export interface VoteFilter {
  /** On VNDB's 10-100 scale. */
  tests: { op: Op; value: number }[];
  /** The filter as the model gave it, for the note. */
  text: string;
}

const SYMBOL: Record<Op, string> = { eq: "=", ne: "≠", gt: ">", gte: "≥", lt: "<", lte: "≤" };

function toVndb(v: unknown): number {
  if (typeof v !== "number" || !Number.isFinite(v) || v < 1 || v > 10) {
    throw new ToolError(`vote filter value ${JSON.stringify(v)} is not a vote.`, "Votes are 1-10 on the list (one decimal: 7.5).");
  }
  return Math.round(v * 10);
}

/** The filters without a top-level `vote`, and the vote test taken out (null when none). */
export function takeVoteFilter(filters: unknown): { rest: unknown; vote: VoteFilter | null } {
  if (filters === null || typeof filters !== "object" || Array.isArray(filters) || !("vote" in filters)) return { rest: filters, vote: null };
  const { vote, ...others } = filters as Record<string, unknown>;
  const rest = Object.keys(others).length ? others : undefined;
  const tests: VoteFilter["tests"] = [];
  if (typeof vote === "number") tests.push({ op: "eq", value: toVndb(vote) });
  else if (vote && typeof vote === "object" && !Array.isArray(vote)) {
    for (const [k, v] of Object.entries(vote)) {
      if (!(k in SYMBOL)) throw new ToolError(`vote takes a number or {gt|gte|lt|lte|ne: n}, not "${k}".`, 'Example: {"vote": {"gte": 8}}.');
      tests.push({ op: k as Op, value: toVndb(v) });
    }
  }
  if (!tests.length) throw new ToolError("vote takes a number or {gt|gte|lt|lte|ne: n}.", 'Example: {"vote": {"gte": 8}}.');
  return { rest, vote: { tests, text: tests.map((t) => `${SYMBOL[t.op]} ${t.value / 10}`).join(" and ") } };
}

export function voteMatches(filter: VoteFilter, vote: unknown): boolean {
  if (typeof vote !== "number") return false;
  return filter.tests.every(({ op, value }) =>
    op === "eq" ? vote === value : op === "ne" ? vote !== value : op === "gt" ? vote > value : op === "gte" ? vote >= value : op === "lt" ? vote < value : vote <= value,
  );
}

/** The lowest vote the filter admits (10-100), for stopping early in a highest-first read. */
export function voteFloor(filter: VoteFilter): number {
  let floor = 10;
  for (const { op, value } of filter.tests) {
    if (op === "eq" || op === "gte") floor = Math.max(floor, value);
    else if (op === "gt") floor = Math.max(floor, value + 1);
  }
  return floor;
}
