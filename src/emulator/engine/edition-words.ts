// Edition and version words VNDB cuts from the end of release titles before they become
// search labels of the release's VNs (update_search_terms in sql/func.sql): "CLANNAD
// 初回限定版" adds "clannad", "… Trial Version" nothing new, "Demo" no label at all. The
// release's own labels keep the full title; people looking for an edition search releases.
//
// The words, as func.sql lists them, applied to a label already normalised by
// search_norm_term (lower case, no spaces), any number of them, only at the very end.
const EDITION_WORDS = [
  "体験|ダウンロド|初回限定|初回|限定|通常|廉価|豪華|追加|コレクション",
  "パッケージ|ダウンロード|ベスト|復刻|新装|7対応|版|生産|リメイク",
  "first|press|limited|regular|standard|full|remake",
  "pack|package|boxed|download|complete|popular|premium|deluxe|collectors?|collection",
  "lowprice|price|free|best|thebest|cheap|budget|reprint|bundle|set|renewal|extended",
  "special|trial|demo|allages|voiced?|uncensored|web|patch|port|r18|18|earlyaccess",
  "cd|cdr|cdrom|dvdrom|dvd|dvdpg|disk|disc|steam|for",
  "(?:win|windows)(?:7|10|95)?|vista|pc9821|support(?:ed)?",
  "(?:parts?|vol|volumes?|chapters?|v|ver|versions?)(?:[0-9]+)",
  "editions?|version|production|thebest|append|scenario|dlc",
].join("|");

/**
 * The trailing run of edition words. PostgreSQL takes the leftmost position from which the
 * rest of the label splits into these words; a backtracking match of the same pattern
 * anchored at the end finds that same position.
 */
const TRAILING_EDITION_WORDS = new RegExp(`(?:${EDITION_WORDS})+$`, "u");

/** A normalised release-title label without its trailing edition words ("" if nothing is left). */
export function stripEditionWords(label: string): string {
  return label.replace(TRAILING_EDITION_WORDS, "");
}
