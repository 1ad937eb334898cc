// Shortening long prose with the cut disclosed, at a boundary a reader would choose.

export interface CutResult {
  text: string;
  /** Characters of the input that were left out (0 when nothing was cut). */
  omitted: number;
}

/**
 * A break point may move back from the limit by at most this share of it, so that a cut
 * at a paragraph or sentence end never throws away more than 40% of what would fit.
 */
const MAX_BACKTRACK_SHARE = 0.4;

/**
 * Cuts `text` to at most `maxChars` characters (plus the notice), preferring a paragraph end,
 * then a sentence end, then a space. The notice says how much is missing, so the model never
 * mistakes a cut text for the whole.
 */
export function cutText(text: string, maxChars: number): CutResult {
  if (text.length <= maxChars) return { text, omitted: 0 };
  if (maxChars <= 0) return { text: `[${text.length} characters left out]`, omitted: text.length };
  const head = text.slice(0, maxChars);
  const floor = Math.floor(maxChars * (1 - MAX_BACKTRACK_SHARE));
  let end = head.lastIndexOf("\n\n");
  if (end < floor) {
    const sentence = Math.max(head.lastIndexOf(". "), head.lastIndexOf(".\n"), head.lastIndexOf("。"));
    end = sentence >= floor ? sentence + 1 : -1;
  }
  if (end < floor) {
    const space = head.lastIndexOf(" ");
    end = space >= floor ? space : maxChars;
  }
  // Never split a surrogate pair (emoji, rare CJK) in two.
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  const kept = text.slice(0, end).trimEnd();
  const omitted = text.length - kept.length;
  return { text: `${kept} … [cut: ${omitted} more characters]`, omitted };
}
