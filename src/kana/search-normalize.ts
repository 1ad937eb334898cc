// Search-word normalisation (reference §8.6; `search_query` and `search_norm_term` in VNDB's
// sql/util.sql). The validator needs it to decide whether a search has any usable word
// (the searchrank rule); the emulator's search matches entries with the same words.

/** Characters `search_norm_term` deletes (its translate() list, minus '@' which becomes 'a'). */
const DELETED_CHARS = "`,_-‐.~～〜∼ー῀:[]()%+!?#$♥★☆♪†「」『』【】・<>'";
/** The same as a character class (each one UTF-16 unit); `\`, `]`, `[`, `^` and `-` escaped. */
const DELETED = new RegExp(`[${DELETED_CHARS.replace(/[\\\][^-]/g, "\\$&")}]`, "g");

/**
 * Printable ASCII, which NFKC, NFD and `unaccent` all leave as it is: most titles and
 * every Latin alias, normalised without the Unicode passes (the emulator normalises every
 * title when it builds its search index).
 */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Dropped before anything else (trademark signs). */
const SYMBOLS = /[™©®]/g;

/**
 * Letters PostgreSQL's `unaccent` rewrites that Unicode decomposition leaves alone
 * (a practical subset of its rules file).
 */
const UNACCENT_EXTRA: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  ł: "l",
  Ł: "L",
  þ: "th",
  Þ: "TH",
  ı: "i",
};

/** Word replacements applied after deletion, in the service's order. */
const REPLACEMENTS: readonly (readonly [RegExp, string])[] = [
  [/\*/g, "x"],
  [/&/g, "and"],
  [/disc/g, "disk"],
  [/gray/g, "grey"],
  [/colour/g, "color"],
  [/senpai/g, "sempai"],
];

/** Whitespace as PostgreSQL's regex `\s` sees it in these functions. */
const WS = /[\s\u0085]+/g;

/**
 * The combining diacritics `unaccent` removes. Only these blocks: kana voicing marks
 * (U+3099/U+309A) are combining marks too, and unaccent leaves が alone.
 */
const DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

function unaccent(text: string): string {
  const stripped = text.normalize("NFD").replace(DIACRITICS, "").normalize("NFC");
  let out = "";
  for (const ch of stripped) out += UNACCENT_EXTRA[ch] ?? ch;
  return out;
}

/** One search term normalised; "" when nothing searchable is left. */
export function normalizeSearchTerm(term: string): string {
  let t = PLAIN_ASCII.test(term) ? term.toLowerCase() : unaccent(term.replace(SYMBOLS, "").normalize("NFKC")).toLowerCase();
  t = t.replaceAll("@", "a").replace(DELETED, "").replace(WS, "");
  for (const [pattern, replacement] of REPLACEMENTS) t = t.replace(pattern, replacement);
  return t;
}

/**
 * Splits a search string into normalised words: whitespace separates words, a
 * "double quoted" run is one word, words that normalise to nothing and repeated words
 * are dropped. An empty result means the search matches everything.
 */
export function searchWords(query: string): string[] {
  const words: string[] = [];
  let rest = query;
  for (;;) {
    rest = rest.replace(/^[\s\u0085]+/, "");
    if (rest === "") break;
    let raw: string;
    const quoted = /^"([^"]+)"/.exec(rest);
    if (quoted) {
      raw = quoted[1];
      rest = rest.slice(quoted[0].length);
    } else {
      const word = /^[^\s\u0085]+/.exec(rest)!;
      raw = word[0];
      rest = rest.slice(raw.length);
    }
    const norm = normalizeSearchTerm(raw);
    if (norm !== "" && !words.includes(norm)) words.push(norm);
  }
  return words;
}
