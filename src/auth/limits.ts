// Every lifetime and size the authorization server enforces, in one place, each with where
// it comes from. Times are milliseconds unless the name says otherwise.

/** RFC 6749 §4.1.2: "a maximum authorization code lifetime of 10 minutes is RECOMMENDED"; a
 * client exchanges its code within a second of the redirect, so one minute is ample. */
export const CODE_TTL_MS = 60_000;
/** The parked authorization request while the person reads the page and finds their VNDB
 * token (the consent page checklist of the aesthetics note uses 600 s). */
export const CONSENT_TTL_MS = 10 * 60_000;
/** Access tokens are short so that a leaked one is worth little; clients refresh silently. */
export const ACCESS_TOKEN_TTL_MS = 60 * 60_000;
/** A grant (and its refresh token) lives this long without use; every refresh renews it.
 * Thirty days keeps a weekly user connected without asking again. */
export const GRANT_TTL_MS = 30 * 24 * 60 * 60_000;
/** Registered clients are kept this long after their last registration or use. */
export const CLIENT_TTL_MS = 90 * 24 * 60 * 60_000;
/** A fetched client-ID metadata document is trusted this long before it is fetched again. */
export const CLIENT_DOCUMENT_TTL_MS = 60 * 60_000;

/** Registration and metadata documents are a few hundred bytes; 16 KiB refuses abuse. */
export const MAX_CLIENT_METADATA_BYTES = 16 * 1024;
/** A form post of the page or /token is under 1 KiB. */
export const MAX_FORM_BYTES = 16 * 1024;
/** Redirect URIs one client may register: real clients use one or two. */
export const MAX_REDIRECT_URIS = 10;
/** Longest accepted value of any single parameter (URIs, state, names). */
export const MAX_PARAM_CHARS = 2048;
/** Fetching a client-ID metadata document may not hold an authorization request longer. */
export const CLIENT_DOCUMENT_TIMEOUT_MS = 5_000;
/** Records of one kind the in-memory store keeps at most; anyone may register a client, so it
 * is bounded (the oldest of the kind goes first). Records are 200-600 bytes of JSON: six kinds
 * at 20,000 each stay under about 70 MiB. */
export const MEMORY_STORE_MAX_RECORDS_PER_KIND = 20_000;
/** A Redis call of the authorization server waits this long before it answers 503. */
export const STORE_TIMEOUT_MS = 3_000;

/** RFC 7636 §4.1: a code verifier is 43 to 128 unreserved characters. */
export const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** A S256 challenge is the base64url of a SHA-256: 43 characters. */
export const PKCE_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;
/** The shortest secret accepted from VNDB_OAUTH_SECRET: 32 characters of a random string
 * carry well over the 128 bits the sealing key needs. */
export const MIN_SECRET_CHARS = 32;
