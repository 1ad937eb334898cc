// VNDB's recent verdicts on tokens pasted on the sign-in page, by fingerprint (never the
// token): asking again about a token VNDB answered for a moment ago costs no request (issue
// 30: the same made-up tokens could be checked again and again, each a request to VNDB).

import { GOOD_TOKEN_TTL_MS, REFUSED_TOKEN_TTL_MS, TOKEN_VERDICTS_MAX } from "./limits.js";
import type { VndbUser } from "./records.js";

export type Verdict = { good: true; user: VndbUser } | { good: false };

export class TokenVerdicts {
  readonly #known = new Map<string, { verdict: Verdict; until: number }>();
  constructor(readonly now: () => number = Date.now) {}

  get(fingerprint: string): Verdict | undefined {
    const entry = this.#known.get(fingerprint);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.#known.delete(fingerprint);
      return undefined;
    }
    return entry.verdict;
  }

  set(fingerprint: string, verdict: Verdict): void {
    this.#known.delete(fingerprint);
    this.#known.set(fingerprint, { verdict, until: this.now() + (verdict.good ? GOOD_TOKEN_TTL_MS : REFUSED_TOKEN_TTL_MS) });
    for (const oldest of this.#known.keys()) {
      if (this.#known.size <= TOKEN_VERDICTS_MAX) break;
      this.#known.delete(oldest);
    }
  }
}
