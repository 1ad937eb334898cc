// SHA-256 fingerprints for the call path (a confirmation's call, a token's budget share).
// node:crypto is taken when the first one is made, not imported: loading it costs the stdio
// start-up 15 internal modules, and a host's tools/list never needs it (bench:server).

/** The SHA-256 of `text` (UTF-8), in `encoding`. */
export function sha256(text: string, encoding: "hex" | "base64url"): string {
  return process.getBuiltinModule("node:crypto").createHash("sha256").update(text).digest(encoding);
}
