// Who a request runs as (reference §2). Evaluated lazily: only the handlers that ask for a
// session call this, in the order each route checks things (§2.1), so a bad token is
// silently ignored on /schema, /stats and /user.
//
// Mechanisms:
// - `Origin` equal to the site URL switches to cookie authentication and ignores the
//   Authorization header (§2.2). The emulator has no web sessions, so a cookie request is
//   simply anonymous — exactly what the recorded vectors show (none carries a session
//   cookie).
// - Otherwise the Authorization header: parsed by the shared token rules, then looked up
//   in the database (the token must belong to the uid it embeds and the user must exist).
// - Test-only: with `allowSessionHeader`, a request without Authorization may carry
//   `X-Emulator-Session: {"user_id":"u5","user_name":null,"listread":1,"listwrite":1}`,
//   the vectors' injected-session form. Off by default; the CLI never enables it.

import { INVALID_TOKEN, parseAuthorization } from "../../kana/token.js";
import type { KanaFailure, Session } from "../../kana/types.js";
import { findToken, getUser, type Database } from "../database.js";
import { SITE_ORIGIN, USER_ID } from "../../kana/vndbid.js";

/** The site whose Origin means "cookie session" (VNDB's `config->{url}`). */
export const DEFAULT_SITE_ORIGIN = SITE_ORIGIN;
/** Header name of the test-only session injection. */
export const SESSION_HEADER = "x-emulator-session";

export type AuthOutcome = { ok: true; session: Session | null } | { ok: false; failure: KanaFailure };

export interface AuthOptions {
  siteOrigin: string;
  allowSessionHeader: boolean;
}

/** Request headers with lower-case names (several values of one header joined by ", "). */
export type HeaderMap = Record<string, string | undefined>;

export function authenticate(db: Database, headers: HeaderMap, opts: AuthOptions): AuthOutcome {
  if (headers.origin !== undefined && headers.origin === opts.siteOrigin) return { ok: true, session: null };
  const header = headers.authorization;
  if ((header === undefined || header === "") && opts.allowSessionHeader && headers[SESSION_HEADER] !== undefined) {
    return injectedSession(headers[SESSION_HEADER]!);
  }
  const parsed = parseAuthorization(header);
  if (!parsed.ok) return parsed;
  if (parsed.value === null) return { ok: true, session: null };
  const row = findToken(db, parsed.value.token);
  const user = getUser(db, parsed.value.userId);
  if (!row || row.uid !== parsed.value.userId || !user) {
    return { ok: false, failure: { status: 401, message: INVALID_TOKEN } };
  }
  return {
    ok: true,
    session: {
      userId: user.id,
      userName: user.username,
      listread: row.listread,
      listwrite: row.listwrite,
      ...(user.usermod ? { usermod: true } : {}),
    },
  };
}

/** The vectors' `auth` object: `{user_id, user_name, listread: 0|1, listwrite: 0|1}`. */
export interface InjectedSession {
  user_id: string;
  user_name: string | null;
  listread: 0 | 1 | boolean;
  listwrite: 0 | 1 | boolean;
}

function injectedSession(text: string): AuthOutcome {
  let value: Partial<InjectedSession>;
  try {
    value = JSON.parse(text) as Partial<InjectedSession>;
  } catch {
    return { ok: false, failure: { status: 401, message: INVALID_TOKEN } };
  }
  if (typeof value.user_id !== "string" || !USER_ID.test(value.user_id)) {
    return { ok: false, failure: { status: 401, message: INVALID_TOKEN } };
  }
  return {
    ok: true,
    session: {
      userId: value.user_id,
      userName: typeof value.user_name === "string" ? value.user_name : null,
      listread: Boolean(value.listread),
      listwrite: Boolean(value.listwrite),
    },
  };
}

/** Serialises a session for {@link SESSION_HEADER} (tests and the vector replay). */
export function sessionHeaderValue(session: InjectedSession): string {
  return JSON.stringify(session);
}
