// API tokens (reference §2.3): parsing the Authorization header exactly as the service does,
// and the inverse encoding, which the emulator uses for fixed test tokens. A token value
// never goes into an error message or a log line from here.
import type { KanaFailure, Validated } from "./types.js";

/** z-base-32, the alphabet VNDB encodes tokens in; index = 5-bit value. */
export const ZBASE32_ALPHABET = "ybndrfg8ejkmcpqxot1uwisza345h769";

/** Characters in a token once the dashes are removed (160 bits = 20 bytes). */
export const TOKEN_CHARS = 32;
export const TOKEN_BYTES = 20;
/** Byte offsets of the big-endian user id inside the decoded token (`_api2_gen_token`). */
export const UID_BYTE_OFFSETS = [2, 7, 12, 17] as const;
/** Embedded user ids must satisfy 1 <= uid < UID_LIMIT (the 7-digit vndbid range). */
export const UID_LIMIT = 10_000_000;
/** The grouping VNDB displays tokens in. */
export const TOKEN_DISPLAY_GROUPS = [4, 5, 5, 4, 5, 5, 4] as const;

/** `^(?i:Token) +([-<alphabet>]+)$` of lib/VNWeb/Auth.pm. */
const HEADER = /^[Tt][Oo][Kk][Ee][Nn] +([-ybndrfg8ejkmcpqxot1uwisza345h769]+)$/;

export const INVALID_HEADER_FORMAT = "Invalid Authorization header format.";
export const INVALID_TOKEN_FORMAT = "Invalid token format.";
export const INVALID_TOKEN = "Invalid token.";

export interface ParsedToken {
  /** The token without dashes, as the service looks it up. */
  token: string;
  uid: number;
  /** "u" + uid. */
  userId: string;
}

const unauthorized = (message: string): { ok: false; failure: KanaFailure } => ({
  ok: false,
  failure: { status: 401, message },
});

/**
 * Checks an Authorization header (steps 1–3 of §2.3). A missing or empty header (or "0",
 * which is false in Perl) is anonymous (value null). Whether the database knows the token (step 4) is the caller's
 * question; an unknown token is also `Invalid token.`.
 */
export function parseAuthorization(header: string | undefined): Validated<ParsedToken | null> {
  // Auth.pm `return if !$header`: every header false in Perl is anonymous, "0" included.
  if (header === undefined || header === "" || header === "0") return { ok: true, value: null };
  const m = HEADER.exec(header);
  if (!m) return unauthorized(INVALID_HEADER_FORMAT);
  const token = m[1].replace(/-/g, "");
  if (token.length !== TOKEN_CHARS) return unauthorized(INVALID_TOKEN_FORMAT);
  const uid = embeddedUid(decodeZBase32(token));
  if (uid < 1 || uid >= UID_LIMIT) return unauthorized(INVALID_TOKEN);
  return { ok: true, value: { token, uid, userId: `u${uid}` } };
}

/** Decodes z-base-32 characters (5 bits each, most significant first) into bytes. */
export function decodeZBase32(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let acc = 0;
  let bits = 0;
  let i = 0;
  for (const ch of text) {
    const v = ZBASE32_ALPHABET.indexOf(ch);
    if (v < 0) throw new Error("not a z-base-32 character");
    acc = ((acc << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[i++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** Encodes bytes as z-base-32 (the length must be a multiple of 5 bytes). */
export function encodeZBase32(bytes: Uint8Array): string {
  let out = "";
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ZBASE32_ALPHABET[(acc >> bits) & 31];
    }
  }
  if (bits > 0) out += ZBASE32_ALPHABET[(acc << (5 - bits)) & 31];
  return out;
}

function embeddedUid(bytes: Uint8Array): number {
  // >>> 0 keeps the top bit from making the id negative.
  return (
    ((bytes[UID_BYTE_OFFSETS[0]] << 24) |
      (bytes[UID_BYTE_OFFSETS[1]] << 16) |
      (bytes[UID_BYTE_OFFSETS[2]] << 8) |
      bytes[UID_BYTE_OFFSETS[3]]) >>>
    0
  );
}

/**
 * Builds a token for `uid` from 16 random bytes, in VNDB's display form
 * (`xxxx-xxxxx-xxxxx-xxxx-xxxxx-xxxxx-xxxx`): the uid's four bytes go to offsets 2, 7, 12
 * and 17, the random bytes fill the other offsets in order.
 */
export function encodeToken(uid: number, random: Uint8Array): string {
  if (!Number.isInteger(uid) || uid < 1 || uid >= UID_LIMIT) throw new RangeError("uid out of range");
  if (random.length !== TOKEN_BYTES - UID_BYTE_OFFSETS.length) throw new RangeError("need 16 random bytes");
  const bytes = new Uint8Array(TOKEN_BYTES);
  const uidBytes = [(uid >>> 24) & 0xff, (uid >>> 16) & 0xff, (uid >>> 8) & 0xff, uid & 0xff];
  let r = 0;
  for (let i = 0; i < TOKEN_BYTES; i++) {
    const slot = (UID_BYTE_OFFSETS as readonly number[]).indexOf(i);
    bytes[i] = slot >= 0 ? uidBytes[slot] : random[r++];
  }
  const plain = encodeZBase32(bytes);
  const groups: string[] = [];
  let at = 0;
  for (const size of TOKEN_DISPLAY_GROUPS) {
    groups.push(plain.slice(at, at + size));
    at += size;
  }
  return groups.join("-");
}
