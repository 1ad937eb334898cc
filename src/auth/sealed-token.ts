// The VNDB token of a grant, sealed with AES-256-GCM (node:crypto), in two layers:
//
// - each grant has its own random data key, and its VNDB token is sealed under it with the
//   grant's id as additional data (a sealed token copied onto another grant does not open);
// - the data key is stored only *wrapped* by each live token of the grant (its code, access
//   token and refresh token): the wrapping key is derived with HKDF-SHA256 from that token
//   and from the server's secret. The store holds only fingerprints of those tokens.
//
// So a dump of the store opens no VNDB token, not even together with the secret: it takes a
// live token of the grant as well, which only its client holds. While the person is still on
// the page (ten minutes at most) the token is sealed under the secret alone (`seal`/`open`).

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** HKDF inputs: fixed, so one secret always gives the same keys (replicas share grants). */
const KEY_SALT = "vndb-mcp-server oauth";
const KEY_INFO = "sealing VNDB tokens of grants, v1";
const WRAP_INFO = "wrapping a grant's data key for one of its tokens, v1";
/** AES-256 keys; GCM's 96-bit nonce (NIST SP 800-38D §8.2.2: random nonces, fresh per seal). */
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
/** The full 128-bit GCM tag; a shorter tag presented to open() is refused, not accepted. */
const TAG_BYTES = 16;
/** The format tag: a later key or cipher change can read (and re-seal) old records. */
const VERSION = "v1";

function encrypt(key: Buffer, plain: Buffer, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [VERSION, ...[nonce, body, cipher.getAuthTag()].map((p) => p.toString("base64url"))].join(".");
}

function decrypt(key: Buffer, sealed: string, context: string): Buffer | undefined {
  const [version, nonce, body, tag] = sealed.split(".");
  if (version !== VERSION || nonce === undefined || body === undefined || tag === undefined) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
  } catch {
    return undefined;
  }
}

export class TokenSealer {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(hkdfSync("sha256", secret, KEY_SALT, KEY_INFO, KEY_BYTES));
  }

  /** Under the secret alone: `v1.<nonce>.<ciphertext>.<tag>`; `context` must be given again to open. */
  seal(plain: string, context: string): string {
    return encrypt(this.#key, Buffer.from(plain, "utf8"), context);
  }

  /** The plain value, or undefined when sealed under another secret or context, or changed. */
  open(sealed: string, context: string): string | undefined {
    return decrypt(this.#key, sealed, context)?.toString("utf8");
  }

  /** A fresh data key for one grant. */
  newDataKey(): Buffer {
    return randomBytes(KEY_BYTES);
  }

  sealWith(dataKey: Buffer, plain: string, context: string): string {
    return encrypt(dataKey, Buffer.from(plain, "utf8"), context);
  }

  openWith(dataKey: Buffer, sealed: string, context: string): string | undefined {
    return decrypt(dataKey, sealed, context)?.toString("utf8");
  }

  /** The data key wrapped for one issued token (only that token and the secret unwrap it). */
  wrapKey(dataKey: Buffer, token: string): string {
    return encrypt(this.#wrappingKey(token), dataKey, "data key");
  }

  unwrapKey(wrapped: string, token: string): Buffer | undefined {
    const key = decrypt(this.#wrappingKey(token), wrapped, "data key");
    return key?.length === KEY_BYTES ? key : undefined;
  }

  #wrappingKey(token: string): Buffer {
    return Buffer.from(hkdfSync("sha256", token, this.#key, WRAP_INFO, KEY_BYTES));
  }
}
