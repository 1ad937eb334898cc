// Resource links from a tool result to the entries it shows (issue 19 item 6): each is a
// `resource_link` content item to the entry's vndb:// template (src/resources/index.ts), so a
// client can open an entry without another tool call. Links are content items beside the
// text, so the text the model reads does not grow.

import { displayTitle } from "../../format/titles.js";

/**
 * Entries linked per result: the first few shown. One per row of a long page would repeat
 * the page as links; the first five cover a lookup, a search's best hits and a short list.
 */
export const LINKED_ENTRIES_MAX = 5;

/** Id prefix → the resource template's kind (`vndb://<kind>/<id>`); quotes and users have none. */
const TEMPLATE_KIND: Readonly<Record<string, string>> = {
  v: "vn",
  r: "release",
  p: "producer",
  c: "character",
  s: "staff",
  g: "tag",
  i: "trait",
};

const ENTRY_ID = /^([a-z])[1-9][0-9]*$/;

/** A `resource_link` content item without its `type` (define-tool.ts adds it). */
export interface EntryLink {
  uri: string;
  name: string;
  title?: string;
  mimeType: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The link of one entry, or null when its id has no template. */
export function entryLink(entry: Obj): EntryLink | null {
  const id = typeof entry.id === "string" ? entry.id : "";
  const kind = TEMPLATE_KIND[ENTRY_ID.exec(id)?.[1] ?? ""];
  if (!kind) return null;
  const title = displayTitle(entry);
  // The templates answer with text (and the same entry as JSON): resources/index.ts.
  return { uri: `vndb://${kind}/${id}`, name: id, ...(title ? { title } : {}), mimeType: "text/plain" };
}

/**
 * Links to the first entries shown, at most LINKED_ENTRIES_MAX, each entry once. An entry
 * without a template of its own (a quote) links what it names: its VN and character. A list
 * entry's id is its VN's, which it links (with the VN's title).
 */
export function entryLinks(entries: readonly unknown[]): EntryLink[] {
  const links: EntryLink[] = [];
  const seen = new Set<string>();
  const add = (entry: Obj) => {
    const link = entryLink(entry);
    if (link && !seen.has(link.uri) && links.length < LINKED_ENTRIES_MAX) {
      seen.add(link.uri);
      links.push(link);
    }
  };
  for (const entry of entries) {
    if (!isObj(entry)) continue;
    if (entryLink(entry)) add(entry);
    else for (const named of [entry.vn, entry.character]) if (isObj(named)) add(named);
  }
  return links;
}
