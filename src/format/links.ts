// Links to the entries a response mentions, so the model can cite them.

import { SITE_ORIGIN } from "../kana/vndbid.js";

// Prefixes that have their own page on the site: v r p c s g i, plus u (users), quotes (q)
// have no page of their own.
const PAGE_ID_RE = /^[vrpcsgiu][1-9][0-9]*$/;

/** The vndb.org page of an entry, or null for ids without a page (quotes). */
export function vndbUrl(id: unknown): string | null {
  if (typeof id !== "string" || !PAGE_ID_RE.test(id)) return null;
  return `${SITE_ORIGIN}/${id}`;
}
