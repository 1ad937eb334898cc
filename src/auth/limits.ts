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

/** Registrations one address may make per window (RFC 7591 has none; a host registers once
 * per person who connects, so ten in ten minutes is ample for one machine; a host pool gets
 * POOL_LIMIT_FACTOR times it, address-limiter.ts). Issue 30: 25,000 in 10 s from one address. */
export const REGISTRATIONS_PER_ADDRESS = 10;
export const REGISTRATION_WINDOW_MS = 10 * 60_000;
/** Requests to the sign-in page (GET and POST /authorize) one address may make per minute: a
 * sign-in is three to five (open, check, allow; a mistyped token adds one each). */
export const PAGE_REQUESTS_PER_ADDRESS = 60;
export const PAGE_WINDOW_MS = 60_000;
/** Token checks ("Check token", one /authinfo request each) one address may ask for per window,
 * on top of their cost to its share of the budget: a person mistypes a few times at most. */
export const TOKEN_CHECKS_PER_ADDRESS = 10;
export const TOKEN_CHECK_WINDOW_MS = 10 * 60_000;
/** How long VNDB's verdict on a token is remembered (by fingerprint), so that asking again
 * costs no request: good for the permissions' lifetime (server/transports/http.ts), refused
 * for VNDB's own window (a corrected token is a different one and is asked about at once). */
export const GOOD_TOKEN_TTL_MS = 10 * 60_000;
export const REFUSED_TOKEN_TTL_MS = 5 * 60_000;
/** Verdicts remembered at most (the oldest go first). */
export const TOKEN_VERDICTS_MAX = 20_000;
/** Registered clients kept at most (memory, and Redis through its own index): real records are
 * ~300 bytes and are bounded by MAX_CLIENT_RECORD_BYTES, so 10,000 stay under 40 MiB. The least
 * recently used goes first; grants never count against it (issue 30: registrations evicted a grant). */
export const MAX_STORED_CLIENTS = 10_000;
/** A registration's stored record at most: real clients' are a few hundred bytes (issue 30:
 * 20,000 registrations of 16 KiB grew the process from 103 to 428 MB). */
export const MAX_CLIENT_RECORD_BYTES = 4 * 1024;
