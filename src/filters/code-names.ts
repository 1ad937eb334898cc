// Names for VNDB's coded filter values: platforms, languages, media, staff roles, character
// roles and release types are codes (swi, en, scenario) a model would have to guess. A model
// says "Switch", "PS Vita", "English" or "writer"; this maps such names to the code and says
// what it took them for, the same echo as tag and producer names.

import { didYouMean } from "../kana/hints.js";
import { ENUMS } from "../kana/filters.js";
import { RLIST_STATUS_NAMES } from "../kana/list-write.js";
import { LANGUAGE, MEDIUM, PLATFORM, STAFF_ROLE } from "../schema/index.js";

/** What a coded value is, as said in the resolution echo. */
export type CodeKind = "language" | "platform" | "medium" | "staff role" | "character role" | "release type" | "release-list status";

interface CodeEntry {
  code: string;
  label: string;
}

/**
 * Names people use that are not VNDB's labels. Each maps to a code; a VNDB label or code
 * always wins over these (checked first).
 */
const EXTRA_NAMES: Readonly<Record<CodeKind, Readonly<Record<string, string>>>> = {
  language: { chinese: "zh", "simplified chinese": "zh-Hans", "traditional chinese": "zh-Hant", portuguese: "pt-pt", brazilian: "pt-br", jp: "ja", jpn: "ja", eng: "en" },
  platform: {
    switch: "swi", "switch 2": "sw2", pc: "win", "ms windows": "win", "pc windows": "win", macos: "mac", osx: "mac", "os x": "mac",
    ios: "ios", iphone: "ios", ipad: "ios", browser: "web", "web browser": "web", vita: "psv", "ps vita": "psv",
    psp: "psp", ps1: "ps1", psx: "ps1", playstation: "ps1", ps2: "ps2", ps3: "ps3", ps4: "ps4", ps5: "ps5",
    "3ds": "n3d", ds: "nds", nds: "nds", "wii u": "wiu", gba: "gba", "game boy advance": "gba", "mega drive": "smd", genesis: "smd",
    "mega cd": "scd", "sega cd": "scd", saturn: "sat", dreamcast: "drc", "xbox 360": "xb3", "xbox one": "xbo",
    "xbox series": "xxs", "xbox series x": "xxs", mobile: "mob", famicom: "nes", nes: "nes", snes: "sfc",
  },
  medium: { "blu-ray": "blr", bluray: "blr", download: "in", digital: "in", floppy: "flp", "floppy disk": "flp", cartridge: "mrt" },
  "staff role": {
    writer: "scenario", "scenario writer": "scenario", script: "scenario", story: "scenario", author: "scenario",
    artist: "art", "cg artist": "art", illustrator: "art", "character designer": "chardesign", "character artist": "chardesign",
    composer: "music", musician: "music", "sound": "music", singer: "songs", vocalist: "songs", songs: "songs",
    "voice actor": "seiyuu", "voice actress": "seiyuu", voice: "seiyuu", va: "seiyuu", seiyu: "seiyuu", cast: "seiyuu",
    translation: "translator", tester: "qa", "quality assurance": "qa", "other staff": "staff",
  },
  "character role": { protagonist: "main", "main character": "main", heroine: "primary", "main heroine": "primary", "primary character": "primary", "side character": "side", cameo: "appears", "makes an appearance": "appears" },
  "release type": { full: "complete", "full version": "complete", demo: "trial", "trial version": "trial", partial: "partial" },
  "release-list status": { owned: "2", bought: "2", "on_loan": "3", loaned: "3", borrowed: "3", ordered: "1", preordered: "1" },
};

const TABLES: Readonly<Record<CodeKind, readonly CodeEntry[]>> = {
  language: LANGUAGE.map((e) => ({ code: e.id, label: e.label })),
  platform: PLATFORM.map((e) => ({ code: e.id, label: e.label })),
  medium: MEDIUM.map((e) => ({ code: e.id, label: e.label })),
  "staff role": [...STAFF_ROLE.map((e) => ({ code: e.id as string, label: e.label as string })), { code: "seiyuu", label: "Voice actor" }],
  "character role": [
    { code: "main", label: "Protagonist" },
    { code: "primary", label: "Main character" },
    { code: "side", label: "Side character" },
    { code: "appears", label: "Makes an appearance" },
  ],
  "release type": ENUMS.releaseType.map((c) => ({ code: c, label: c === "complete" ? "Complete" : c === "partial" ? "Partial" : "Trial" })),
  // The rlist filter takes 0-4; the list tools show and take the names (issue 29 item 8).
  "release-list status": RLIST_STATUS_NAMES.map((name, i) => ({ code: String(i), label: name.replace("_", " ") })),
};

/** Kinds whose codes are numbers on the wire. */
export const NUMERIC_CODES: ReadonlySet<CodeKind> = new Set(["release-list status"]);

/** Which coded filters take which table (filter name → kind), per entity where they differ. */
export function codeKindOf(entity: string, filter: string): CodeKind | null {
  if (filter === "lang" || filter === "olang") return "language";
  if (filter === "platform") return "platform";
  if (filter === "medium") return "medium";
  if (filter === "rtype") return "release type";
  if (filter === "rlist") return "release-list status";
  if (filter === "role") return entity === "staff" ? "staff role" : entity === "character" ? "character role" : null;
  return null;
}

/** Spaces, dots, dashes and case do not tell names apart ("PS-Vita" = "ps vita"). */
const squash = (s: string): string => s.toLowerCase().replace(/[\s._\-/()]+/g, "");

export type CodeResolution =
  | { ok: true; code: string; label: string; exact: boolean }
  | { ok: false; message: string };

/** A name or code of `kind` → the code (exact: it already was one). */
export function resolveCode(kind: CodeKind, input: string): CodeResolution {
  const table = TABLES[kind];
  const trimmed = input.trim();
  const exact = table.find((e) => e.code === trimmed);
  if (exact) return { ok: true, code: exact.code, label: exact.label, exact: true };
  const key = squash(trimmed);
  const found =
    table.find((e) => squash(e.code) === key) ??
    table.find((e) => squash(e.label) === key) ??
    (() => {
      const extra = Object.entries(EXTRA_NAMES[kind]).find(([name]) => squash(name) === key);
      return extra ? table.find((e) => e.code === extra[1]) : undefined;
    })();
  if (found) return { ok: true, code: found.code, label: found.label, exact: false };
  const names = [...table.flatMap((e) => [e.label, e.code]), ...Object.keys(EXTRA_NAMES[kind])];
  const close = didYouMean(trimmed, names)
    .map((n) => table.find((e) => e.label === n || e.code === n) ?? table.find((e) => e.code === EXTRA_NAMES[kind][n]))
    .filter((e): e is CodeEntry => e !== undefined);
  const unique = [...new Map(close.map((e) => [e.code, e])).values()].slice(0, 3);
  const hint = unique.length ? ` Did you mean ${unique.map((e) => `${e.label} (${e.code})`).join(" or ")}?` : "";
  return { ok: false, message: `Unknown ${kind} "${trimmed}".${hint} Codes: ${table.map((e) => e.code).join(", ")}.` };
}
