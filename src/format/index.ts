// Response shaping for the model (issue 5, item 4). Pure functions: no I/O, no MCP.
export { bbcodeToMarkdown, BBCODE_SPOILER_REVEAL_LEVEL, SPOILER_MARKER } from "./bbcode.js";
export type { BbcodeOptions, BbcodeResult } from "./bbcode.js";
export { vndbUrl } from "./links.js";
export { dropEmpty, isEmpty } from "./prune.js";
export { DEFAULT_SPOILER_LEVEL, hideSpoilers } from "./spoilers.js";
export type { HiddenCounts } from "./spoilers.js";
export { cutText } from "./text-cut.js";
export { displayTitle, withOriginal } from "./titles.js";
export { approxTokens } from "./tokens.js";
export { renderEntry } from "./render-text.js";
export { shapeEntry } from "./shape-entry.js";
export {
  DEFAULT_MAX_TOKENS,
  DEFAULT_TEXT_CHARS,
  formatQueryPage,
  nextPageArgs,
} from "./query-result.js";
export type { CallInfo, FormatOptions, FormattedResult, QueryPage } from "./query-result.js";
