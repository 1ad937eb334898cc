// vndb.org's advanced-search pages carry a compact filter string in `?f=` (reference §19):
// /v for VNs, /r releases, /p producers, /c characters, /s staff, /g tags, /i traits.
// Quotes and list entries have no such page. The CLI and the MCP filter helper both
// accept these URLs, so the one reading of them lives here.

import { ENTITY_LETTER } from "./filters.js";
import { SITE_ORIGIN } from "./vndbid.js";
import type { EntityType } from "./types.js";

export { SITE_ORIGIN };

const SITE_HOST_RE = /^(www\.)?vndb\.org$/;

/** The search-page path letter of an entity type, or null when the site has no such page. */
export function searchPageLetter(entity: EntityType): string | null {
  return entity === "quote" ? null : ENTITY_LETTER[entity];
}

/** The search page URL of a compact filter string ("" = the unfiltered page). */
export function searchPageUrl(entity: EntityType, compact: string): string | null {
  const letter = searchPageLetter(entity);
  if (letter === null) return null;
  const page = `${SITE_ORIGIN}/${letter}`;
  return compact === "" ? page : `${page}?f=${encodeURIComponent(compact)}`;
}

export type SiteSearch =
  | { ok: true; type: EntityType; /** the compact string of `f` */ filters: string; /** the `q` search box */ search?: string }
  | { ok: false; message: string };

/** Reads a vndb.org search-page URL; the message says why a URL is not one. */
export function parseSearchUrl(text: string): SiteSearch {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: `"${text}" is not a valid URL.` };
  }
  if (!SITE_HOST_RE.test(url.hostname)) {
    return { ok: false, message: `only ${SITE_ORIGIN} search URLs are accepted, not ${url.hostname}.` };
  }
  const page = url.pathname.replace(/^\/+|\/+$/g, "");
  const type = (Object.keys(ENTITY_LETTER) as EntityType[]).find((e) => searchPageLetter(e) === page);
  if (type === undefined) {
    return { ok: false, message: `${SITE_ORIGIN}/${page} is not a search page (those are /v, /r, /p, /c, /s, /g and /i).` };
  }
  const filters = url.searchParams.get("f") ?? "";
  const search = url.searchParams.get("q")?.trim();
  return search ? { ok: true, type, filters, search } : { ok: true, type, filters };
}
