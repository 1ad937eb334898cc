// What the authorization server stores, one record kind per step of the flow (docs/oauth.md
// lists the keys and lifetimes). Secrets appear only as fingerprints (secrets.ts) and the
// VNDB token only sealed (sealed-token.ts).

import type { AuthInfo } from "../kana/api-types.js";

export type RecordKind = "client" | "consent" | "code" | "grant" | "access" | "refresh";

export type ClientAuthMethod = "none" | "client_secret_post" | "client_secret_basic";

/** A client: registered here (RFC 7591) or read from its metadata document (client ID is a URL). */
export interface ClientRecord {
  client_id: string;
  client_name?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: ClientAuthMethod;
  grant_types: string[];
  response_types: string[];
  client_uri?: string;
  /** Fingerprint of the client secret, for confidential clients. */
  secretHash?: string;
  issuedAt: number;
  source: "registered" | "metadata-document";
}

/** Who a VNDB token belongs to and what it may do, as /authinfo said at the page. */
export type VndbUser = Pick<AuthInfo, "id" | "username" | "permissions">;

/** An authorization request parked while the person is on the page. */
export interface ConsentRecord {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  scope: string;
  resource: string;
  /** Fingerprint of the CSRF value held by the browser (cookie and form field). */
  csrfHash: string;
  /** After a token was checked: the token sealed (under the secret) to this consent, and whose it is. */
  sealedToken?: string;
  user?: VndbUser;
}

/** `wrappedKey`: the grant's data key wrapped for this very code or token (sealed-token.ts);
 * absent for a grant without a VNDB token. */
export interface CodeRecord {
  grantId: string;
  wrappedKey?: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  /** Exchanged already: kept (without its key) so that a replay ends the grant. */
  used?: boolean;
}

/** One person's connection of one client: the VNDB token (sealed under the grant's data key) or none (read-only). */
export interface GrantRecord {
  clientId: string;
  scope: string;
  resource: string;
  sealedToken?: string;
  user?: VndbUser;
  createdAt: number;
}

export interface AccessRecord {
  grantId: string;
  wrappedKey?: string;
  clientId: string;
  /** Seconds since the epoch (AuthInfo.expiresAt). */
  expiresAt: number;
}

/** A refresh token; a rotated one is kept (marked) so that its reuse ends the grant. */
export interface RefreshRecord {
  grantId: string;
  wrappedKey?: string;
  clientId: string;
  rotated?: boolean;
}
