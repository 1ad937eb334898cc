// A cheap token estimate for size capping. Exact tokenizers are slow and Claude's current one
// is not published (research/perf-anchors.md §2.3); what matters is never undercounting much.
//
// Calibrated on formatted VNDB pages (real descriptions, every detail level, text and JSON)
// against @anthropic-ai/tokenizer: the estimate was 0.96–1.19 × the real count, i.e. it errs
// high. Plain chars/3.5 undercounted JSON-heavy pages by 20% (digits and punctuation split
// into many tokens), which is why character classes are weighted separately.

/** Letters and spaces per token: English prose runs about 4 per token; 3.6 errs high. */
export const LETTERS_PER_TOKEN = 3.6;

/** Tokens per ASCII punctuation character: JSON's `":"`, `","`, `{"` pieces are short tokens. */
export const PUNCTUATION_TOKENS = 0.5;

/** Tokens per digit: ids and numbers split into one token per one to three digits. */
export const DIGIT_TOKENS = 0.6;

/** Tokens per non-ASCII character: Japanese and Chinese cost about one per character or more. */
export const NON_ASCII_TOKENS = 1.2;

/** Approximate token count of a string (see the constants above). */
export function approxTokens(text: string): number {
  let letters = 0;
  let punctuation = 0;
  let digits = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) continue; // second half of a surrogate pair
    if (c >= 0x80) other++;
    else if (c >= 48 && c <= 57) digits++;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 32) letters++;
    else punctuation++;
  }
  return Math.ceil(letters / LETTERS_PER_TOKEN + punctuation * PUNCTUATION_TOKENS + digits * DIGIT_TOKENS + other * NON_ASCII_TOKENS);
}
