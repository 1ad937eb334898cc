// The VNDB token of a grant, sealed with AES-256-GCM (node:crypto) under a key derived from
// the server's secret with HKDF-SHA256. The grant's id is the additional data, so a sealed
// token copied onto another grant does not open. A dump of the store therefore holds no
// usable VNDB token without the secret; a wrong secret or a changed byte fails to open.

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** HKDF inputs: fixed, so one secret always gives the same key (replicas share grants). */
const KEY_SALT = "vndb-mcp-server oauth";
const KEY_INFO = "sealing VNDB tokens of grants, v1";
/** AES-256 key; GCM's 96-bit nonce (NIST SP 800-38D §8.2.2: random nonces, fresh per seal). */
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
/** The full 128-bit GCM tag; a shorter tag presented to open() is refused, not accepted. */
const TAG_BYTES = 16;
/** The format tag: a later key or cipher change can read (and re-seal) old records. */
const VERSION = "v1";

export class TokenSealer {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(hkdfSync("sha256", secret, KEY_SALT, KEY_INFO, KEY_BYTES));
  }

  /** `v1.<nonce>.<ciphertext>.<tag>`, base64url parts; `context` must be given again to open. */
  seal(plain: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [VERSION, nonce, body, cipher.getAuthTag()].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
  }

  /** The plain value, or undefined when it was sealed under another secret or context, or changed. */
  open(sealed: string, context: string): string | undefined {
    const [version, nonce, body, tag] = sealed.split(".");
    if (version !== VERSION || nonce === undefined || body === undefined || tag === undefined) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, Buffer.from(nonce, "base64url"), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      return undefined;
    }
  }
}
