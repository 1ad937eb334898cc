// A cheap token estimate for size capping. Exact tokenizers are slow and Claude's current one
// is not published; what matters is never undercounting badly.

/**
 * Characters per token for ASCII text. English prose and JSON both land near 3.5–4 chars per
 * token with BPE tokenizers (the o200k and Anthropic counts in research/perf-anchors.md §2);
 * 3.5 errs on the side of counting more.
 */
export const ASCII_CHARS_PER_TOKEN = 3.5;

/**
 * Tokens per non-ASCII character. Japanese and Chinese text (original titles, names) costs
 * about one token per character or more; accented Latin letters cost less, so 1.2 is a
 * deliberate overestimate for the mixed text VNDB returns.
 */
export const NON_ASCII_TOKENS_PER_CHAR = 1.2;

/** Approximate token count of a string: ASCII chars / 3.5 + non-ASCII code points × 1.2. */
export function approxTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) ascii++;
    else other++;
  }
  return Math.ceil(ascii / ASCII_CHARS_PER_TOKEN + other * NON_ASCII_TOKENS_PER_CHAR);
}
