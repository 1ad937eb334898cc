// SHA-256 fingerprints: of a token (the one way a token may be named in a key, a budget or a
// cache), of a confirmation's call, of catalogue files, of cache keys. node:crypto is taken
// when the first one is made, not imported: loading it costs a start 15 internal modules, and
// neither a host's tools/list nor the offline worker's first search needs it (bench:server,
// bench:offline).

/** The SHA-256 of `data` (a string as UTF-8), in `encoding`. */
export function sha256(data: string | Uint8Array, encoding: "hex" | "base64url" = "hex"): string {
  return process.getBuiltinModule("node:crypto").createHash("sha256").update(data).digest(encoding);
}

/** A token's fingerprint (16 hex digits of its SHA-256): never the token itself. */
export function tokenFingerprint(token: string): string {
  return sha256(token).slice(0, 16);
}
