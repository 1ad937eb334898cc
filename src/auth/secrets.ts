// The opaque values the authorization server hands out, and the one way they are kept at
// rest: a SHA-256 fingerprint. Every value we issue starts with a fixed prefix, so a bearer
// can be told apart from a raw VNDB token (z-base-32 and dashes, never an underscore) by its
// shape alone, and a leaked one is recognisable in a secret scanner.

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** The prefix of everything we issue; the kind follows it (`vndbmcp_at_…`). */
export const ISSUED_PREFIX = "vndbmcp_";
/** 32 random bytes: 256 bits, far beyond guessing (RFC 6749 §10.10 asks for at least 128). */
const TOKEN_BYTES = 32;

export type IssuedKind = "at" | "rt" | "code" | "client" | "secret" | "consent" | "csrf" | "grant";

/** A fresh random value of one kind, URL-safe. */
export function issue(kind: IssuedKind): string {
  return `${ISSUED_PREFIX}${kind}_${randomBytes(TOKEN_BYTES).toString("base64url")}`;
}

/** Whether a bearer is one of our access tokens (by its shape; the store decides the rest). */
export function isIssued(value: string, kind: IssuedKind): boolean {
  return value.startsWith(`${ISSUED_PREFIX}${kind}_`);
}

/** How a secret is stored and looked up: its SHA-256, hex. The values are 256-bit random,
 * so a plain hash is enough (no salt or slow hash is needed against guessing). */
export function fingerprint(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Compares two secrets in constant time (a timing side channel must not reveal a prefix). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** RFC 7636 §4.6: BASE64URL(SHA256(code_verifier)) must equal the S256 challenge. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  return sameSecret(createHash("sha256").update(verifier).digest("base64url"), challenge);
}
