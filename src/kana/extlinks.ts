// External-link sites for the `extlink` filter (reference §8.3): which site names the filter
// accepts, and how a pasted URL is turned into [site, value].
//
// The names are VNDB's link table (lib/VNDB/ExtLinks.pm %LINKS), which holds every site in
// GET /schema's extlinks plus a few without a URL parser (the catch-all `website`, and the
// retired `dlsiteen`, `encubed`, `erotrail`, `wp`). The recorded vectors show the filter on
// every entity accepting every name in that table, so there is one shared set.
//
// URL patterns are written here from the site URL shapes VNDB recognises. A URL is matched
// without its `http(s)://` prefix and `#fragment`, against the whole remaining text. Sites
// that GET /schema lists but this table does not know fall back to a pattern derived from
// the schema's `url_format` (its %s/%d parts captured).

import { EXTLINK_SITES } from "../schema/index.js";

/** Captures a decimal integer, dropping leading zeros (VNDB's `$int`). */
const INT = "0*([1-9][0-9]*)";

interface SiteParser {
  /** Matched against the URL without scheme and fragment; anchored unless `unanchored`. */
  pattern: string;
  /** Picks the value from the match; default: the first group that took part. */
  value?: (m: RegExpExecArray) => string | undefined;
  /** VNDB's sub-based parsers search the URL instead of matching all of it. */
  unanchored?: boolean;
}

/** Sites VNDB accepts by name only: they have no URL parser. */
export const NAME_ONLY_SITES = ["dlsiteen", "encubed", "erotrail", "website", "wp"] as const;

/**
 * URL parsers by site. Order matters only for URLs two patterns both accept (a product page
 * on a publisher's BOOTH subdomain): the more specific site comes first.
 */
const PARSERS: Record<string, SiteParser> = {
  afdian: { pattern: String.raw`(?:www\.)?afdian\.com/(?:a/|@)([a-zA-Z0-9_]+)(?:[?/].*)?` },
  anidb: { pattern: String.raw`anidb\.net/(?:cr|creator/)${INT}` },
  animateg: { pattern: String.raw`(?:www\.)?animategames\.jp/home/detail/${INT}` },
  anison: { pattern: String.raw`anison\.info/data/person/${INT}\.html` },
  appstore: {
    pattern: String.raw`(?:itunes|apps)\.apple\.com/(?:([^/]+)/)?app/(?:[^/]+/)?id${INT}(?:[/?].*)?`,
    value: (m) => m[2],
    unanchored: true,
  },
  bgmtv: { pattern: String.raw`(?:www\.)?(?:bgm|bangumi)\.tv/person/${INT}(?:[?/].*)?` },
  bilibili: { pattern: String.raw`space.bilibili.com/${INT}(?:[?/].*)?` },
  boosty: { pattern: String.raw`boosty\.to/([a-z0-9_.-]+)/?` },
  booth: { pattern: String.raw`(?:[a-z0-9_-]+\.)?booth\.pm/(?:[a-z-]+/)?items/${INT}.*` },
  booth_pub: { pattern: String.raw`([a-z0-9_-]+)\.booth\.pm/.*` },
  bsky: { pattern: String.raw`(?:([a-z0-9-]+\.bsky\.social)|bsky\.app/profile/([a-z0-9.-]+))/?` },
  cien: { pattern: String.raw`(?:ci-en\.dlsite\.com|ci-en\.net)/creator/([0-9]+)` },
  denpa: { pattern: String.raw`(?:www\.)?denpasoft\.com/products?/([^/&#?:]+).*` },
  deviantar: {
    pattern: String.raw`(?:([a-z0-9-]+)\.deviantart\.com/?|(?:www\.)?deviantart\.com/([^/?]+)(?:[?/].*)?)`,
  },
  digiket: { pattern: String.raw`(?:www\.)?digiket\.com/.*ITM${INT}.*` },
  discogs: { pattern: String.raw`(?:www\.)?discogs\.com/artist/${INT}(?:[?/-].*)?` },
  dlsite: {
    pattern: String.raw`(?:www\.)?dlsite\.com/([^/]+)/(?:dlaf/=/link/work/aid/.*/id|work/=/product_id)/([VR]J[0-9]{6,8}).*`,
    value: (m) => m[2],
    unanchored: true,
  },
  dmm: { pattern: String.raw`((?:www\.|dlsoft\.)?dmm\.(?:com|co\.jp)/[^\s?]+)(?:\?.*)?` },
  egs: {
    pattern: String.raw`erogamescape\.dyndns\.org/~ap2/ero/toukei_kaiseki/(?:before_)?game\.php\?(?:.*&)?game=${INT}(?:&.*)?`,
  },
  egs_creator: {
    pattern: String.raw`erogamescape\.dyndns\.org/~ap2/ero/toukei_kaiseki/(?:before_)?creater\.php\?(?:.*&)?creater=${INT}(?:&.*)?`,
  },
  facebook: {
    pattern: String.raw`(?:[^.]+\.)?facebook\.com/(?:profile\.php\?id=([a-zA-Z0-9.-]+)(?:&.*)?|([a-zA-Z0-9.-]+)/?(?:\?.*)?)`,
  },
  fakku: { pattern: String.raw`(?:www\.)?fakku\.(?:net|com)/games/([^/]+)(?:[/?].*)?` },
  fanbox: { pattern: String.raw`(?:www\.fanbox\.cc/@([a-z0-9-]+)|([a-z0-9-]+)\.fanbox\.cc/.*)` },
  fantia: { pattern: String.raw`fantia\.jp/fanclubs/${INT}(\?.*)?` },
  freegame: { pattern: String.raw`(?:www\.)?freegame-mugen\.jp/([^/]+/game_[0-9]+)\.html` },
  freem: { pattern: String.raw`(?:www\.)?freem\.ne\.jp/win/game/${INT}` },
  gamefaqs_comp: { pattern: String.raw`(?:www\.)?gamefaqs\.gamespot\.com/(?:games/)?company/${INT}-.*` },
  gamejolt: { pattern: String.raw`(?:www\.)?gamejolt\.com/games/(?:[^/]+)/${INT}(?:/.*)?` },
  getchu: { pattern: String.raw`(?:www\.)?getchu\.com/soft\.phtml\?id=${INT}.*` },
  getchudl: { pattern: String.raw`(?:dl|order)\.getchu\.com/(?:i/item|(?:r|index).php.*[?&]gcd=D?)${INT}.*` },
  gog: { pattern: String.raw`(?:www\.)?gog\.com/(?:[a-z]{2}/)?game/([a-z0-9_]+).*` },
  googplay: { pattern: String.raw`play\.google\.com/store/apps/details\?id=([^/&?]+)(?:&.*)?` },
  gyutto: { pattern: String.raw`(?:www\.)?gyutto\.(?:com|jp|me)/(?:.+/)?i/item${INT}.*` },
  imdb: { pattern: String.raw`(?:www\.)?imdb\.com/name/nm${INT}(?:[?/].*)?` },
  instagram: { pattern: String.raw`(?:www\.)?instagram\.com/([^/?]+)(?:[?/].*)?` },
  // The value is "<artist>/<product>", matching the schema's https://%s.itch.io/%s.
  itch: { pattern: String.raw`([a-z0-9_-]+)\.itch\.io/([a-z0-9_-]+)/?`, value: (m) => `${m[1]}/${m[2]}` },
  itch_dev: { pattern: String.raw`(?:([a-z0-9_-]+)\.itch\.io/?|itch\.io/profile/([a-z0-9_-]+))` },
  jastusa: { pattern: String.raw`(?:www\.)?jastusa\.com/games/([a-z0-9_-]+)/([^/]+)`, unanchored: true },
  jlist: { pattern: String.raw`(?:www\.)?(?:jlist|jbox)\.com/shop/product/([^/#?]+).*` },
  johren: { pattern: String.raw`www\.johren\.(?:net|games)/games/download/([^/#?]+).*` },
  kagura: { pattern: String.raw`(?:www\.)?kaguragame(?:r|s|sjp)\.com/(?:product/)?([^/#?]+).*` },
  kofi: { pattern: String.raw`(?:www\.)?ko-fi\.com/([^/?]+)(?:[?/].*)?` },
  mbrainz: {
    pattern: String.raw`musicbrainz\.org/artist/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})`,
  },
  melon: { pattern: String.raw`(?:www\.)?melonbooks\.com/.*products_id=IT${INT}.*` },
  melonjp: { pattern: String.raw`(?:www\.)?melonbooks\.co\.jp/detail/detail\.php\?product_id=${INT}(&:?.*)?` },
  mg: { pattern: String.raw`(?:www\.)?mangagamer\.com/.*product_code=${INT}.*` },
  mobygames: { pattern: String.raw`(?:www\.)?mobygames\.com/person/${INT}(?:[?/].*)?` },
  mobygames_comp: { pattern: String.raw`(?:www\.)?mobygames\.com/company/${INT}(?:[?/].*)?` },
  nijie: { pattern: String.raw`nijie\.info/members(?:_illust)?\.php\?id=${INT}` },
  nintendo: { pattern: String.raw`www\.nintendo\.com/store/products/([-a-z0-9]+)/` },
  nintendo_hk: { pattern: String.raw`store\.nintendo\.com\.hk/${INT}` },
  nintendo_jp: { pattern: String.raw`store-jp\.nintendo\.com/(?:item|list)/software/D?${INT}(?:\.html)?` },
  novelgam: { pattern: String.raw`(?:www\.)?novelgame\.jp/games/show/${INT}` },
  nutaku: { pattern: String.raw`(?:www\.)?nutaku\.net/games/(?:mobile/|download/|app/)?([a-z0-9-]+)/?` },
  patreon: { pattern: String.raw`(?:www\.)?patreon\.com/(?:c/)?(?!user[?/]|posts[?/]|join[?/])([^/?]+).*` },
  patreonp: { pattern: String.raw`(?:www\.)?patreon\.com/posts/(?:[^/?]+-)?${INT}.*` },
  pixiv: { pattern: String.raw`www\.pixiv\.net/(?:member\.php\?id=|en/users/|users/)${INT}` },
  playasia: {
    pattern: String.raw`www\.play-asia\.com/(?:([^/]+)/)?13/70([1-9a-z][0-9a-z]+)(?:[?#/].*)?`,
    value: (m) => m[2],
    unanchored: true,
  },
  playstation_eu: { pattern: String.raw`store\.playstation\.com/(?:[-a-z]+/)?product/(EP\d{4}-[A-Z]{4}\d{5}_00-[\dA-Z_]{16})` },
  playstation_hk: { pattern: String.raw`store\.playstation\.com/(?:[-a-z]+/)?product/(HP\d{4}-[A-Z]{4}\d{5}_00-[\dA-Z_]{16})` },
  playstation_jp: { pattern: String.raw`store\.playstation\.com/(?:[-a-z]+/)?product/(JP\d{4}-[A-Z]{4}\d{5}_00-[\dA-Z_]{16})` },
  playstation_na: { pattern: String.raw`store\.playstation\.com/(?:[-a-z]+/)?product/(UP\d{4}-[A-Z]{4}\d{5}_00-[\dA-Z_]{16})` },
  renai: { pattern: String.raw`renai\.us/game/([^/]+)` },
  scloud: { pattern: String.raw`soundcloud\.com/([a-z0-9_-]+)` },
  steam: {
    pattern: String.raw`(?:www\.)?(?:store\.steampowered\.com/app/${INT}(?:/.*)?|steamcommunity\.com/(?:app|games)/${INT}(?:/.*)?|steamdb\.info/app/${INT}(?:/.*)?)`,
  },
  steam_curator: { pattern: String.raw`store\.steampowered\.com/curator/${INT}(?:[-/].*)?` },
  substar: { pattern: String.raw`(?:www\.)?subscribestar\.((?:adult|com)/[^/?]+).*` },
  toranoana: {
    pattern: String.raw`(?:www\.)?ecs?\.toranoana\.(?:shop|jp)/(?:aqua/ec|(?:tora|joshi)(?:/ec|_r/ec|_d/digi|_rd/digi)?)/item/${INT}.*`,
  },
  tumblr: { pattern: String.raw`(?:(?:www\.)?tumblr\.com/(?:blog/)?([a-z0-9-]+)|([a-z0-9-]+)\.tumblr\.com)(?:/.*)?` },
  twitter: { pattern: String.raw`(?:(?:www\.)?(?:x|twitter)\.com|nitter\.[^/]+)/([^?/ ]{1,16})(?:[?/].*)?` },
  vgmdb: { pattern: String.raw`vgmdb\.net/artist/${INT}` },
  vgmdb_org: { pattern: String.raw`vgmdb\.net/org/${INT}` },
  vk: { pattern: String.raw`vk\.com/([a-zA-Z0-9_.]+)` },
  vndb: { pattern: String.raw`vndb\.org/(u[1-9][0-9]*)` },
  weibo: { pattern: String.raw`(?:www\.)?weibo\.com/u/${INT}` },
  wikidata: { pattern: String.raw`(?:www\.)?wikidata\.org/wiki/(?:Special:EntityPage/)?Q${INT}` },
  youtube: { pattern: String.raw`(?:www\.)?youtube\.com/@([^/?]+)` },
};

/** Builds a pattern from a schema `url_format` for sites the table above does not know. */
function patternFromUrlFormat(urlFormat: string): string {
  const body = urlFormat.replace(/^https?:\/\//, "");
  let out = "";
  for (const part of body.split(/(%[-0-9.]*[sd])/)) {
    if (/^%[-0-9.]*d$/.test(part)) out += "0*([0-9]+)";
    else if (/^%[-0-9.]*s$/.test(part)) out += "([^?#]+?)";
    else out += part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return out.replace(/\/$/, "") + "/?";
}

interface CompiledParser {
  site: string;
  regex: RegExp;
  value: (m: RegExpExecArray) => string | undefined;
}

const firstGroup = (m: RegExpExecArray): string | undefined => m.slice(1).find((g) => g !== undefined);

const COMPILED: readonly CompiledParser[] = (() => {
  const out: CompiledParser[] = [];
  for (const [site, p] of Object.entries(PARSERS)) {
    out.push({
      site,
      regex: new RegExp(p.unanchored === true ? p.pattern : `^(?:${p.pattern})$`),
      value: p.value ?? firstGroup,
    });
  }
  const known = new Set(Object.keys(PARSERS));
  for (const sites of Object.values(EXTLINK_SITES)) {
    for (const s of sites) {
      if (known.has(s.name) || (NAME_ONLY_SITES as readonly string[]).includes(s.name)) continue;
      known.add(s.name);
      out.push({ site: s.name, regex: new RegExp(`^(?:${patternFromUrlFormat(s.urlFormat)})$`), value: firstGroup });
    }
  }
  return out;
})();

/** Every site name the extlink filter accepts, sorted. */
export const FILTERABLE_SITES: readonly string[] = [
  ...new Set([...COMPILED.map((c) => c.site), ...NAME_ONLY_SITES]),
].sort();

const FILTERABLE = new Set(FILTERABLE_SITES);

export function isFilterableSite(name: string): boolean {
  return FILTERABLE.has(name);
}

/**
 * Parses a site URL into [site, value] (the value as text), or null when no site recognises
 * it. Only `http://` and `https://` URLs are considered.
 */
export function parseExtlinkUrl(url: string): [string, string] | null {
  const m = /^https?:\/\/(.*)$/s.exec(url);
  if (m === null) return null;
  const rest = m[1]!.replace(/#.*$/s, "");
  for (const c of COMPILED) {
    const hit = c.regex.exec(rest);
    if (hit === null) continue;
    const value = c.value(hit);
    if (value !== undefined) return [c.site, value];
  }
  return null;
}
