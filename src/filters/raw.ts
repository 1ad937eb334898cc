// The escape hatch: a filter the structured form cannot say, or one copied from elsewhere.
// Accepts VNDB's own forms (predicate array, compact string, JSON array as a string) and a
// vndb.org advanced-search URL, whose `f` parameter is a compact string (reference §19).

import { filterEntity } from "../kana/filters.js";
import type { QueryEndpoint } from "../kana/types.js";
import { parseSearchUrl, searchPageLetter, SITE_ORIGIN } from "../kana/site-search.js";

export type RawParse =
  | { ok: true; filters: unknown; /** the site's `q` search box, when the URL had one */ search?: string }
  | { ok: false; message: string };

const URL_RE = /^https?:\/\//i;

/** Turns a raw escape-hatch value into what VNDB accepts as `filters` for `endpoint`. */
export function parseRaw(endpoint: QueryEndpoint, raw: unknown): RawParse {
  if (typeof raw !== "string" || !URL_RE.test(raw.trim())) return { ok: true, filters: raw };
  const site = parseSearchUrl(raw);
  if (!site.ok) return { ok: false, message: `raw: ${site.message}` };
  const entity = filterEntity(endpoint);
  if (site.type !== entity) {
    const letter = searchPageLetter(entity);
    const want = letter ? `${SITE_ORIGIN}/${letter}?f=…` : "none (this endpoint has no search page on the site)";
    return { ok: false, message: `raw: the URL is a search of /${searchPageLetter(site.type)}, but ${endpoint} filters need ${want}.` };
  }
  return site.search ? { ok: true, filters: site.filters, search: site.search } : { ok: true, filters: site.filters };
}
