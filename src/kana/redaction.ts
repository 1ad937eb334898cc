// Keeping the API token out of every text that leaves the process. The client scrubs its
// errors with this, and the MCP server's logger and tool results do the same, so both
// agree on what counts as the token and what replaces it.

/** What a redacted secret is replaced with. */
export const REDACTED = "[redacted]";

/**
 * Shorter "secrets" are not redacted by substring: they would blank out ordinary words.
 * Real VNDB tokens are 32 characters plus dashes (reference §2.3).
 */
export const MIN_SECRET_LENGTH = 8;

/** The spellings of a token a message could echo: as given and without dashes (the API ignores them). */
export function tokenSpellings(token: string): string[] {
  return [...new Set([token, token.replace(/-/g, "")])].filter((s) => s.length >= MIN_SECRET_LENGTH);
}

/** `text` with every secret replaced, the longest first so that no fragment survives. */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) {
    if (s.length >= MIN_SECRET_LENGTH && out.includes(s)) out = out.split(s).join(REDACTED);
  }
  return out;
}
