// The escape hatch: a filter the structured form cannot say, or one copied from elsewhere.
// Accepts VNDB's own forms (predicate array, compact string, JSON array as a string) and a
// vndb.org advanced-search URL, whose `f` parameter is a compact string (reference §19).

import type { EntityType, QueryEndpoint } from "../kana/types.js";
import { SITE_URL } from "../format/links.js";

/** The site's search page letter per entity type (vndb.org/v?f=…, /r, /p, /c, /s, /g, /i). */
export const SEARCH_PAGE_LETTER: Record<EntityType, string | null> = {
  vn: "v",
  release: "r",
  producer: "p",
  character: "c",
  staff: "s",
  tag: "g",
  trait: "i",
  quote: null,
};

/** The filter type of an endpoint: /ulist filters are VN filters (reference §8.4). */
export function entityOf(endpoint: QueryEndpoint): EntityType {
  return endpoint === "ulist" ? "vn" : endpoint;
}

export type RawParse =
  | { ok: true; filters: unknown; /** the site's `q` search box, when the URL had one */ search?: string }
  | { ok: false; message: string };

const URL_RE = /^https?:\/\//i;

/** Turns a raw escape-hatch value into what VNDB accepts as `filters` for `endpoint`. */
export function parseRaw(endpoint: QueryEndpoint, raw: unknown): RawParse {
  if (typeof raw !== "string" || !URL_RE.test(raw.trim())) return { ok: true, filters: raw };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, message: `raw: "${raw}" is not a valid URL.` };
  }
  const site = new URL(SITE_URL);
  if (url.hostname !== site.hostname && url.hostname !== `www.${site.hostname}`) {
    return { ok: false, message: `raw: only ${SITE_URL} search URLs are accepted, not ${url.hostname}.` };
  }
  const letter = SEARCH_PAGE_LETTER[entityOf(endpoint)];
  const page = url.pathname.replace(/^\/+|\/+$/g, "");
  if (!letter || page !== letter) {
    const want = letter ? `${SITE_URL}/${letter}?f=…` : "none (this endpoint has no search page on the site)";
    return { ok: false, message: `raw: the URL is a search of /${page}, but ${endpoint} filters need ${want}.` };
  }
  const f = url.searchParams.get("f") ?? "";
  const q = url.searchParams.get("q")?.trim();
  return q ? { ok: true, filters: f, search: q } : { ok: true, filters: f };
}
