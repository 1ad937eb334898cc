// A game's folder or file name, taken apart the way a launcher does before it searches:
// `C:\Games\KEY\CLANNAD_FV\` is the brand "KEY", the title "CLANNAD" and the edition word
// "FV"; `[Nitroplus] Saya no Uta (Steam).zip` is the brand "Nitroplus", the title
// "Saya no Uta" and the edition word "Steam". Pure: no requests, no catalogue.

import { normalizeSearchTerm } from "../../../kana/search-normalize.js";

export interface ParsedName {
  /** The title part's words as written (brand brackets, tags and extension removed). */
  words: string[];
  /** Brand candidates: bracketed names that are not tags, and parent folders. */
  brands: string[];
  /** Edition, platform and language words found (FV, Steam, ENG…), as written. */
  editions: string[];
}

/** Archive, installer and disc-image extensions a downloaded game comes in. */
const EXTENSION = /\.(zip|rar|7z|exe|iso|lnk|tar|gz|tgz|bin|cue|mdf|mds|lzh|url|dmg|apk|xp3|nsp|cia|vpk)$/i;

/** Folders whose next folder is a user's own, named after its owner: /home/<user>, C:\Users\<user>. */
const HOME_ROOTS: ReadonlySet<string> = new Set(["home", "users"]);

/** Folders that say where games are kept, not which game: never a brand or a title. */
const PLACE_FOLDERS = new Set(
  [
    "games", "game", "program files", "program files (x86)", "programfiles", "steam", "steamapps", "common", "steamlibrary",
    "downloads", "download", "desktop", "documents", "users", "vn", "vns", "visual novels", "visualnovels", "eroge", "galgame",
    "galgames", "novels", "installed", "gog", "gog games", "dlsite", "dmm", "dmm games", "library", "home", "mnt", "media", "d",
    "jast", "mangagamer", "sekai project", "fakku",
  ].map((s) => s.toLowerCase()),
);

/** Executable and data names that say nothing of the game: their folder names it. */
const GENERIC_FILES = /^(game|start|launcher|setup|install|installer|autorun|data|system|play|run|main|bgi|siglus(engine)?|reallive|nscripter|kirikiri|krkr|ons|onscripter|arc\d*|config|readme|patch)$/i;

/**
 * Edition, platform, language and release words: searched without, scored with
 * (a launcher's "edition words"). Lower-case, as they appear after splitting.
 */
export const EDITION_WORDS = new Set([
  "fv", "fullvoice", "hd", "remaster", "remastered", "remake", "steam", "gog", "dlsite", "dmm", "dl", "dlver", "pkg",
  "complete", "edition", "ed", "deluxe", "standard", "limited", "premium", "collectors", "uncensored", "censored", "uncut",
  "patch", "patched", "eng", "english", "en", "jp", "jpn", "japanese", "ja", "chs", "cht", "chinese", "zh", "cn", "ru", "rus",
  "russian", "es", "spa", "de", "fr", "translated", "translation", "mtl", "tl", "fan", "portable", "pc", "win", "windows",
  "x64", "x86", "64bit", "32bit", "ver", "version", "trial", "demo", "r18", "18", "allages", "dvd", "cd", "dvdpg", "cdpg",
  "iso", "repack", "final", "fix", "fixed", "setup", "installer", "jast", "mangagamer", "mg", "sekai", "voice", "full",
  "renewal", "hq", "android", "switch", "ps4", "psv", "vita", "psp",
]);

/** Edition words that are never title words, wherever they stand. */
const STRONG_EDITION_WORDS = new Set(["fv", "hd", "steam", "gog", "dlsite", "eng", "jpn", "mtl", "x64", "x86", "uncensored", "repack", "dvdpg", "r18"]);

/** A version ("v1.02", "1.2.0", "ver2") or a DLsite date ("081128"): noise in a title. */
const VERSION_OR_DATE = /^(v(er)?\.?\d+([._]\d+)*[a-z]?|\d+([._]\d+)+|\d{6}|\d{8})$/i;

/** A version inside a name, before it is split into words: "BUNNYBLACK v1.02", "Rance_ver1.1". */
const VERSION_IN_TEXT = /(^|[\s_])(v(?:er)?\.?\s?\d+(?:[._]\d+)*[a-z]?)(?=$|[\s_])/gi;

/** Bracketed groups of a name: [..], (..), 【..】, （..）, {..}. */
const BRACKETS = /[[【(（{]([^\]】)）}]*)[\]】)）}]/g;

/** Words of a stretch of text: separators are spaces, underscores, dots and plus signs. */
function splitWords(text: string): string[] {
  return text
    .replace(/[_.+]+/g, " ")
    .split(/\s+/)
    .map((w) => w.replace(/^[-~:,!]+|[-~:,]+$/g, ""))
    .filter((w) => w.length > 0);
}

/** Whether a word is an edition/platform/language word or a version (normalised as VNDB does). */
export function isEditionWord(word: string): boolean {
  const n = normalizeSearchTerm(word);
  return n.length > 0 && (EDITION_WORDS.has(n) || VERSION_OR_DATE.test(word));
}

export function parseName(input: string): ParsedName {
  const trimmed = input.trim();
  // "/" separates folders in a path ("/home/me/Games/…", "C:\…", "Games/Key/Clannad"), but is a
  // title's own in "Fate/EXTRA" or "Hatsukoi 1/1": a lone slash in a bare name is not a path.
  const isPath = /\\/.test(trimmed) || /^(~|\.{1,2})?\//.test(trimmed) || (trimmed.match(/\//g)?.length ?? 0) >= 2;
  const segments = trimmed
    .split(isPath ? /[\\/]+/ : /\\+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && !/^[a-z]:$/i.test(s));
  // The last segment names the game, unless it is a generic executable: then its folder does.
  let last = (segments.pop() ?? "").replace(EXTENSION, "");
  while (segments.length && (GENERIC_FILES.test(last) || last === "")) last = segments.pop()!.replace(EXTENSION, "");
  // A home folder's owner (/home/<user>, C:\Users\<user>) is a person, not a brand (an eval
  // player saw "/home/me/Games/…" read as the brand "me").
  const owners = new Set(segments.flatMap((seg, i) => (i > 0 && HOME_ROOTS.has(segments[i - 1]!.toLowerCase()) ? [i] : [])));
  const brands = segments.filter((seg, i) => !owners.has(i) && !PLACE_FOLDERS.has(seg.toLowerCase())).slice(-2);
  const editions: string[] = [];
  for (const match of last.matchAll(BRACKETS)) {
    const inside = match[1]!.trim();
    const words = splitWords(inside);
    if (words.length === 0 || words.every((w) => /^\d+$/.test(w))) continue; // a date or a number
    if (words.every(isEditionWord)) editions.push(...words);
    else brands.push(inside);
  }
  // Edition words end a name ("CLANNAD FV", "Saya no Uta ENG v1.02"); in the middle only the
  // unmistakable ones go: "de" in "Minna de Nyan Nyan" is a title word, not German.
  const words: string[] = [];
  // A version keeps its dots ("v1.02"): split first, it would leave a stray "02" behind.
  const bare = last.replace(BRACKETS, " ").replace(VERSION_IN_TEXT, (_m, lead: string, version: string) => {
    editions.push(version);
    return lead;
  });
  for (const w of splitWords(bare)) {
    if (STRONG_EDITION_WORDS.has(normalizeSearchTerm(w)) || VERSION_OR_DATE.test(w)) editions.push(w);
    else words.push(w);
  }
  while (words.length > 1 && isEditionWord(words[words.length - 1]!)) editions.unshift(words.pop()!);
  // A name that was nothing but tags ("[ENG] (Steam)") keeps them: better than nothing.
  return { words: words.length ? words : editions.slice(), brands, editions };
}
