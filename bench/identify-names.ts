// Folder and file names as players have them on disk, written from the catalogue's own titles
// and aliases with the noise launchers meet (issue 31 item 3): brand prefixes and brand
// folders, DLsite dates, underscores and squashed spaces, edition, platform and language tags,
// versions, archive extensions, generic executables, and the other romanisation of long
// vowels and Kunrei/Hepburn syllables. Seeded, so every run measures the same set.
//
// Left out: VNs whose source name is also, letter for letter, another VN's title or alias —
// no name alone can tell those apart (the count is reported).

import type { VndbApi } from "../src/tools/api.js";
import { prng } from "./synthetic-catalogue.js";

export interface NamedCase {
  vn: string;
  /** The catalogue name it was written from. */
  source: string;
  name: string;
}

export interface GeneratedSet {
  cases: NamedCase[];
  /** VNs left out because their source name is another VN's name too. */
  ambiguous: number;
}

interface CatalogueVn {
  id: string;
  title: string;
  olang: string;
  titles: { lang: string; title: string; latin: string | null; official: boolean }[];
  aliases: string[];
  votecount: number;
  developers: { name: string }[];
}

const PAGE = 100;

async function catalogue(api: VndbApi): Promise<CatalogueVn[]> {
  const out: CatalogueVn[] = [];
  for (let page = 1; ; page++) {
    const res = await api.query("vn", {
      filters: ["id", ">=", "v1"],
      fields: "title,olang,titles{lang,title,latin,official},aliases,votecount,developers{name}",
      sort: "id",
      results: PAGE,
      page,
    });
    out.push(...(res.results as unknown as CatalogueVn[]));
    if (!res.more) return out;
  }
}

const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
const latinScript = (s: string) => /^[\x20-\x7e\u00c0-\u024f\u014d\u016b]+$/.test(s);

/** The other romanisation a player might type: long vowels doubled or dropped, Kunrei syllables. */
function romanise(s: string, r: () => number): string {
  const rules: [RegExp, string][] = [
    [/ō/g, r() < 0.5 ? "ou" : "o"],
    [/ū/g, r() < 0.5 ? "uu" : "u"],
    [/ou/g, "o"],
    [/shi/g, "si"],
    [/tsu/g, "tu"],
    [/chi/g, "ti"],
    [/oo/g, "o"],
  ];
  let out = s;
  for (const [re, to] of rules) if (re.test(out) && r() < 0.7) out = out.replace(re, to);
  return out;
}

const TAGS = [" (Steam)", "_FV", " [ENG]", " HD", " Remastered", " v1.02", " [JP]", " (Full Voice)", " eng patched", " [MTL]", " (DL版)", " ver1.1", " [English]", " Complete Edition", " (x64)"];
const EXTENSIONS = [".zip", ".rar", ".7z", ".exe", ".iso"];
const PLACES = ["C:\\Games\\", "D:\\VN\\", "/home/me/Games/", "E:\\Eroge\\", "~/Downloads/"];

function pick<T>(xs: readonly T[], r: () => number): T {
  return xs[Math.floor(r() * xs.length)]!;
}

/** A noisy name from `source`. */
function noisy(source: string, developer: string | undefined, r: () => number): string {
  let t = romanise(source, r);
  const x = r();
  if (x < 0.35) t = t.replace(/\s+/g, "_");
  else if (x < 0.45) t = t.replace(/\s+/g, "");
  else if (x < 0.55) t = t.replace(/\s+/g, ".");
  const c = r();
  if (c < 0.15) t = t.toUpperCase();
  else if (c < 0.3) t = t.toLowerCase();
  const tags = r();
  if (tags < 0.45) t += pick(TAGS, r);
  if (tags < 0.1) t += pick(TAGS, r);
  const b = r();
  if (developer && b < 0.3) t = `[${developer}] ${t}`;
  else if (developer && b < 0.4) t = `[${String(100000 + Math.floor(r() * 800000)).slice(0, 6)}][${developer}] ${t}`;
  else if (developer && b < 0.55) t = `${r() < 0.5 ? developer.toUpperCase() : developer}\\${t}`;
  const e = r();
  if (e < 0.3) t += pick(EXTENSIONS, r);
  else if (e < 0.38) t += "\\game.exe";
  if (r() < 0.4) t = pick(PLACES, r) + t;
  return t;
}

/** `count` noisy names of the best-known catalogue VNs, each from its title, a romanisation or an alias. */
export async function generateNames(api: VndbApi, count = 240, seed = 31): Promise<GeneratedSet> {
  const vns = await catalogue(api);
  const r = prng(seed);
  // Who else has a name: a source shared with another VN is unidentifiable by name.
  const owners = new Map<string, Set<string>>();
  for (const vn of vns) {
    for (const n of [vn.title, ...vn.titles.flatMap((t) => [t.title, t.latin ?? ""]), ...vn.aliases]) {
      if (!n) continue;
      const set = owners.get(key(n)) ?? new Set();
      set.add(vn.id);
      owners.set(key(n), set);
    }
  }
  const cases: NamedCase[] = [];
  let ambiguous = 0;
  for (const vn of [...vns].sort((a, b) => b.votecount - a.votecount || a.id.localeCompare(b.id))) {
    if (cases.length >= count) break;
    const main = vn.titles.find((t) => t.lang === vn.olang);
    const names = [main?.latin ?? vn.title, ...vn.titles.filter((t) => t.lang === "en" && t.official).map((t) => t.title), ...vn.aliases.filter(latinScript)];
    const y = r();
    const source = (y < 0.55 ? names[0] : y < 0.8 ? (names[1] ?? names[0]) : (names[2] ?? names[0]))!;
    if (!source || key(source).length < 2) continue;
    if ((owners.get(key(source))?.size ?? 0) > 1) {
      ambiguous++;
      continue;
    }
    cases.push({ vn: vn.id, source, name: noisy(source, vn.developers[0]?.name, r) });
  }
  return { cases, ambiguous };
}
