// Answers kept for when VNDB is unavailable: the last good answer of each recent read, served
// instead of an error while VNDB is down (502/503/504, no connection, the breaker open), and
// marked as such. A call that was served one learns it through `collectStaleNotices`, which
// the tool layer wraps around a tool call to say so in the answer.

import { AsyncLocalStorage } from "node:async_hooks";

export interface StaleNotice {
  /** "POST /vn", "GET /stats". */
  request: string;
  /** How old the served answer was. */
  ageMs: number;
  /** Why it was served: VNDB's failure as said in the error. */
  cause: string;
}

const notices = new AsyncLocalStorage<StaleNotice[]>();

/** Runs `fn`, returning the stale answers any VNDB call inside it was served. */
export async function collectStaleNotices<T>(fn: () => Promise<T>): Promise<{ value: T; stale: StaleNotice[] }> {
  const list: StaleNotice[] = [];
  const value = await notices.run(list, fn);
  return { value, stale: list };
}

export function noteStaleAnswer(notice: StaleNotice): void {
  notices.getStore()?.push(notice);
}

/** 6 hours: older answers are more likely wrong than useful. */
export const DEFAULT_MAX_STALE_MS = 6 * 60 * 60_000;
/** Answers kept: a conversation's worth of recent reads. */
export const DEFAULT_MAX_STALE_ENTRIES = 256;

/** The last good answer per request key, oldest evicted first. */
export class LastGoodAnswers {
  readonly #entries = new Map<string, { json: string; at: number }>();

  constructor(
    private readonly maxEntries = DEFAULT_MAX_STALE_ENTRIES,
    private readonly maxAgeMs = DEFAULT_MAX_STALE_MS,
  ) {}

  remember(key: string, value: unknown): void {
    this.#entries.delete(key);
    // Stored as text: a later caller's edits to its copy cannot change it.
    this.#entries.set(key, { json: JSON.stringify(value), at: Date.now() });
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  /** The kept answer and its age, if not too old. */
  recall(key: string): { value: unknown; ageMs: number } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const ageMs = Date.now() - entry.at;
    if (ageMs > this.maxAgeMs) return undefined;
    return { value: JSON.parse(entry.json) as unknown, ageMs };
  }
}

/** "3 min ago", "2 h ago": how old a served answer is. */
export function ageText(ms: number): string {
  const min = Math.round(ms / 60_000);
  if (min < 1) return "under a minute ago";
  if (min < 90) return `${min} min ago`;
  return `${Math.round(min / 60)} h ago`;
}
