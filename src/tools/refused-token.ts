// A configured token that VNDB refuses (revoked, or from another account's deleted app)
// must not take the whole server down with it: VNDB checks a token on every POST, so each
// catalogue search would fail with "Invalid token." although it needs no token at all.
// Reads fall back to anonymous requests and say so once per answer; writes say what to do.

import { KanaError } from "../kana/errors.js";
import { TOKEN_SETTINGS_URL } from "../kana/hints.js";
import { parseAuthorization } from "../kana/token.js";
import type { Logger } from "../server/log.js";
import type { RequestOptions, VndbApi } from "./api.js";
import { ToolError } from "./errors.js";
import type { WriteGate } from "./lists/permissions.js";

/** The line prepended to every answer once the token has been refused. */
export const REFUSED_TOKEN_NOTE = "Your VNDB token was refused; public data only.";
/** The same for the offline sample, which knows only its own test tokens: a real token is not wrong there. */
export const OFFLINE_TOKEN_NOTE = "The offline sample does not know your VNDB token; public sample data only.";

/** Where the token's owner makes a new one (My Profile → Applications on vndb.org). */
export function tokenPageUrl(token: string | undefined): string {
  const parsed = token ? parseAuthorization(`Token ${token}`) : undefined;
  return parsed?.ok && parsed.value ? `https://vndb.org/${parsed.value.userId}/tokens` : TOKEN_SETTINGS_URL;
}

/** VNDB's answer to a token it does not know (reference §2.3: 401 "Invalid token."). */
export function isRefusedToken(error: unknown): boolean {
  return error instanceof KanaError && error.status === 401 && /invalid token/i.test(error.message);
}

export class TokenRefusal {
  #refused = false;

  constructor(
    private readonly token: string | undefined,
    private readonly log: Logger,
    /** --embedded: the "VNDB" refusing is the offline sample, and the token is probably fine. */
    private readonly offline = false,
  ) {}

  get refused(): boolean {
    return this.#refused;
  }

  /** Records the refusal; the log hears of it once. */
  refuse(): void {
    if (this.#refused) return;
    this.#refused = true;
    this.log.warn(
      this.offline
        ? "the offline sample (--embedded) knows only its test tokens, not VNDB_TOKEN; serving public sample data only"
        : `VNDB refused the configured token (VNDB_TOKEN); serving public data only. Make a new token at ${tokenPageUrl(this.token)}`,
    );
  }

  /** The error a list tool gives once the token is refused. */
  error(): ToolError {
    if (this.offline) {
      return new ToolError(
        "The offline sample (--embedded) knows only its own test tokens, not yours: your list lives on VNDB.",
        "Turn the offline sample off (no --embedded, or the Offline sample setting unticked) to read or change your list. Catalogue searches work here meanwhile.",
      );
    }
    return new ToolError(
      "VNDB refused the configured token (VNDB_TOKEN): it was revoked or mistyped, so your list cannot be read or changed.",
      `Make a new token at ${tokenPageUrl(this.token)} (My Profile → Applications on vndb.org) with list read and write access, set it as VNDB_TOKEN and restart the server. Catalogue searches keep working meanwhile.`,
    );
  }

  /** The note for an answer: present once the token has been refused. */
  note(): string | undefined {
    if (!this.#refused) return undefined;
    return this.offline ? OFFLINE_TOKEN_NOTE : REFUSED_TOKEN_NOTE;
  }
}

type Method<K extends keyof VndbApi> = VndbApi[K];

/**
 * `authed` with the configured token, `anonymous` without: reads go to `authed` until VNDB
 * refuses the token, then (that request retried once) to `anonymous`; list reads and writes
 * answer with what to do.
 */
export function withTokenFallback(authed: VndbApi, anonymous: VndbApi, refusal: TokenRefusal): VndbApi {
  const read =
    <K extends "query" | "schema" | "stats" | "user" | "ulistLabels">(name: K): Method<K> =>
    (async (...args: unknown[]) => {
      const call = (api: VndbApi) => (api[name] as (...a: unknown[]) => Promise<unknown>)(...args);
      if (refusal.refused) return call(anonymous);
      try {
        return await call(authed);
      } catch (error) {
        if (!isRefusedToken(error)) throw error;
        refusal.refuse();
        return call(anonymous);
      }
    }) as Method<K>;
  const own =
    <K extends "authinfo" | "ulistLabels" | "patchUlist" | "deleteUlist" | "patchRlist" | "deleteRlist">(name: K): Method<K> =>
    (async (...args: unknown[]) => {
      if (refusal.refused) throw refusal.error();
      try {
        return await (authed[name] as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        if (!isRefusedToken(error)) throw error;
        refusal.refuse();
        throw refusal.error();
      }
    }) as Method<K>;
  const ownLabels = own("ulistLabels");
  const readLabels = read("ulistLabels");
  return {
    query: read("query"),
    schema: read("schema"),
    stats: read("stats"),
    user: read("user"),
    authinfo: own("authinfo"),
    // Another user's labels are public data; one's own (no user named) need the token.
    ulistLabels: (params, options) => (params.user === undefined ? ownLabels(params, options) : readLabels(params, options)),
    patchUlist: own("patchUlist"),
    deleteUlist: own("deleteUlist"),
    patchRlist: own("patchRlist"),
    deleteRlist: own("deleteRlist"),
    close: async () => {
      await Promise.all([authed.close(), anonymous.close()]);
    },
  };
}

/**
 * Asks VNDB once whether it knows the token (GET /authinfo), in the background of the start;
 * a token that may not write closes `gate` (the write tools leave tools/list).
 */
export async function checkTokenAtStart(api: VndbApi, refusal: TokenRefusal, options: RequestOptions = {}, gate?: WriteGate): Promise<void> {
  try {
    gate?.learn(await api.authinfo(options));
  } catch (error) {
    // A refusal is recorded by the wrapper; anything else (VNDB unreachable) is the first call's to report.
    if (!(error instanceof ToolError) && !isRefusedToken(error)) return;
  }
}
