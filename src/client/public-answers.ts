// Answers that depend on no token (a VN, a release, the schema, a user's public profile)
// are the same for every user: a server that many people share (the HTTP transport, in
// either mode) fetches each once, keeps it for a while, joins identical calls in flight and,
// with Redis, shares it with the other replicas. One PublicAnswers serves every client of
// the process; a client given none keeps its answers to itself (stdio: one user).
//
// What stays per token (kana-client.ts): /authinfo, /ulist_labels, /ulist queries of a client
// with a token (private entries and labels), and any query whose filters ask about the
// token's own list (`on_list` on VNs, `rlist` on releases, reference §2.4); a compact filter
// string is opaque here, so with a token it counts as private too. Public list queries (an
// anonymous client reading someone's public list) are joined in flight but not kept: a list
// changes with its owner's writes.

import { KanaError } from "../kana/errors.js";
import { SharedCalls } from "./shared-calls.js";
import { LastGoodAnswers } from "./stale-answers.js";
import { DEFAULT_DEADLINE_MS } from "./options.js";
import type { SharedResponseCache } from "./shared-stores.js";
import type { QueryEndpoint } from "../kana/types.js";
import type { QueryBody } from "../kana/api-types.js";

/**
 * How long a public query answer is reused. An edit on vndb.org shows within 5 minutes, and
 * a question repeated by any number of users costs at most one request per budget window
 * (VNDB's is 5 minutes too).
 */
export const PUBLIC_QUERY_TTL_MS = 5 * 60_000;
/**
 * Public answers kept in memory per process. A tool's page is a few to a few tens of KiB:
 * 1,000 of them stay within tens of MiB. (Redis, when configured, keeps more.)
 */
export const PUBLIC_ANSWERS_MAX_ENTRIES = 1_000;

/**
 * Filters that ask about the authenticated user's own lists (reference §7: vn 65, release
 * 18), and `label`: a bare label id means the token's owner, and a private label is visible
 * to its owner only (issue 30: over HTTP the owner's filter on a private label was sent
 * without the token and VNDB refused it). A label of another user's list is then asked with
 * the token too: correct, only not shared.
 */
const TOKEN_FILTERS = /"(on_list|rlist|label)"/;

/**
 * Whether a query's answer is the same whoever asks: always without a token; with one,
 * unless it reads the token's lists.
 */
export function isPublicQuery(endpoint: QueryEndpoint, body: QueryBody, hasToken: boolean): boolean {
  if (!hasToken) return true;
  if (endpoint === "ulist") return false;
  const filters = (body as { filters?: unknown }).filters;
  if (typeof filters === "string") return false;
  return filters === undefined || !TOKEN_FILTERS.test(JSON.stringify(filters));
}

export interface PublicAnswersOptions {
  /** The replicas' cache (Redis): what one replica fetched, the others need not fetch. */
  sharedCache?: SharedResponseCache;
  onSharedError?: (error: unknown) => void;
  deadlineMs?: number;
}

/** The process-wide store of public answers; give the same one to every client. */
export class PublicAnswers {
  readonly calls: SharedCalls;

  constructor(options: PublicAnswersOptions = {}) {
    this.calls = new SharedCalls({
      deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
      maxEntries: PUBLIC_ANSWERS_MAX_ENTRIES,
      sharedCache: options.sharedCache,
      onSharedError: options.onSharedError,
      // The last good answer may stand in during an outage, but never a list (public entries
      // read anonymously): after its owner's write, an old copy would contradict it.
      staleOnError: { answers: new LastGoodAnswers(), serves: (key) => !key.startsWith("POST /ulist"), outage: outageCause },
    });
  }
}


/** The outage a failure shows (for serving a kept answer), or undefined for any other failure. */
export function outageCause(error: unknown): string | undefined {
  if (!(error instanceof KanaError)) return undefined;
  if (error.kind === "unavailable" || error.kind === "network") return error.message;
  if (error.kind === "http" && (error.status === 502 || error.status === 503 || error.status === 504)) return `VNDB answered ${error.status}`;
  return undefined;
}
