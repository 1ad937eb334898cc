// The server's instructions: shared explanations said once for every tool (ids, searching,
// filters, fields, paging, spoilers, votes, what the token allows). Clients hand them to the
// model with the tool list.

import { writesEnabled, type ServerConfig } from "./config.js";
import { FILTER_GUIDE } from "../filters/guide.js";
import { offlineSampleNote } from "./offline-sample.js";

/**
 * Shared explanations, said once here instead of in every tool description (the tool list
 * has a token budget; issue 5). Clients pass `instructions` to the model with the tools.
 */
export function serverInstructions(config: ServerConfig): string {
  // One text per kind of configuration, shared by every HTTP session's server (issue 22).
  const kind = `${config.spoilerLevel} ${config.embedded} ${writesEnabled(config)} ${config.token !== undefined}`;
  let text = texts.get(kind);
  if (text === undefined) texts.set(kind, (text = compose(config)));
  return text;
}

const texts = new Map<string, string>();

function compose(config: ServerConfig): string {
  const lines = [
    "VNDB is the visual novel database. Ids carry a type letter: v visual novel (v17), r release, p producer, c character, s staff, g tag, i trait, q quote, u user; an entry's page is https://vndb.org/<id>.",
    'Searching: vndb_search_* take `query` (text matched against names, titles and aliases; an id such as "v17" works too; results by relevance) and/or `filters`, a structured object; several keys in one object must all match.',
    FILTER_GUIDE,
    'Fields: "brief" for lists, "standard" (default) for details, "full" for everything, or explicit paths ("brief,image{url}"); vndb_get_schema lists field names and the codes of languages, platforms and media. ' +
      'For one fact ask only for it: who voices a character {"query":"Saber","fields":"name,seiyuu"}, a date "title,released" (a fifth of the standard view\'s tokens). ' +
      "Long lists in an entry take options: tags[category=cont,min_rating=2,spoiler=1,from=50,limit=50] (spoiler=N: up to level N, this list only; min_spoiler=N: level N and up; category=!ero: all but ero; limit ≤ 100), staff[role=chardesign], traits[group=Hair].",
    "Sorting: each tool's `sort` lists what VNDB can sort by; characters only by id or name (filter age, height, birthday instead: {age: {gte: 18}}).",
    "Paging: 10 results by default (max 100); \"results\": 0 answers the total only. When an answer has more, it ends with the exact arguments for the next page. Answers are capped in size and say what was left out.",
    `Spoilers: descriptions' [spoiler] text, tags/traits above spoiler level ${config.spoilerLevel} and tags/traits VNDB marks as lies are hidden and counted; tag/trait filters match up to the same level. Pass spoilers 1 or 2 only when the user asks for spoilers.`,
    "Ratings and votes are 10-100 in VNDB data (the site shows 1-10).",
  ];
  if (config.embedded) lines.push(offlineSampleNote());
  if (writesEnabled(config)) {
    lines.push(
      "List tools act on the token owner's list: vndb_update_list_entry (vote on the 1-10 scale, labels by name or id, dates YYYY-MM-DD or today), vndb_update_release_entry, and the removes, which preview until called with confirm: true after the user agreed. " +
        "VN and release search hits say whether they are on the owner's list; the release list: vndb_search_release {\"filters\":{\"rlist\":{\"any\":[0,1,2,3,4]}}}.",
    );
  } else if (config.token) {
    lines.push(
      "List-write tools are disabled (read-only mode); private list entries of the token owner are readable, and VN and release search hits say whether they are on that list.",
    );
  } else {
    lines.push("No VNDB token is configured: lists can be read by user (public entries only); list editing is unavailable.");
  }
  return lines.join("\n");
}
