// The reshaped Kana responses (api-v2-derived/) and the Kana description texts
// (descriptions/). SOURCES.md §3 and §4 describe how upstream reshaped them.
import { hintVn, type Draft } from "./draft.js";
import { blankRelease } from "../../src/emulator/catalogue/blank-rows.js";
import { readJson } from "./sources.js";
import type { NamedRecord } from "./dump-2024.js";
import { guessLang, imageIdFromUrl, round1, toRDate } from "./values.js";

interface CalendarEntry {
  vid: string;
  id: string;
  released: string;
  title: string;
}

interface SoraEntry {
  id: string;
  title: string;
  released: string | null;
  image: string | null;
  /** vn.rating / 10 */
  rating: number | null;
  /** vote / 10 */
  vote: number;
  /** The API's `voted` timestamp (upstream named it "finished"). */
  finished: number;
}

/** The sora list's owner. The real uid is not in the data, so the catalogue gives one. */
export const SORA_UID = "u5";
export const SORA_USERNAME = "sora-o-tobu";

/** The list was fetched with the filter ["label","=",7]: every entry carries "Voted". */
const VOTED_LABEL = 7;

/** Names and descriptions (JiZPaper, 2026-07) over the legacy character records. */
export function applyCharacterDescriptions(texts: NamedRecord[], draft: Draft): void {
  for (const d of texts) {
    const row = draft.character.get(d.id);
    if (!row) continue;
    row.description = d.description;
    if (d.original) {
      row.name = d.original;
      row.latin = d.name;
    } else {
      row.name = d.name;
      row.latin = null;
    }
  }
}

export function convertCalendar(dir: string, draft: Draft): void {
  const entries = readJson<CalendarEntry[]>(dir, "api-v2-derived/vinfall-vndb-calendar/vndb-release.json");
  for (const e of entries) {
    // The title is the release's alttitle when set (original script), else its title;
    // its language is guessed from the script (the query asked for ja/zh releases).
    const olang = guessLang(e.title);
    const row = blankRelease(e.id, olang);
    row.titles = [{ lang: olang, title: e.title, latin: null, mtl: false }];
    // The calendar's query only asked for releases of type "complete".
    row.vns = [{ vn: e.vid, rtype: "complete" }];
    row.released = toRDate(e.released);
    draft.release.set(e.id, row);
    hintVn(draft, e.vid, { title: e.title, original: null, olang, current: true });
  }
}

export function convertSora(dir: string, draft: Draft): void {
  const entries = readJson<SoraEntry[]>(dir, "api-v2-derived/sora-o-tobu-vndb-site/my_galgame.json");
  draft.users.set(SORA_UID, { id: SORA_UID, username: SORA_USERNAME, manual: true });
  for (const e of entries) {
    hintVn(draft, e.id, {
      title: e.title,
      released: toRDate(e.released),
      // Upstream divided the API's 10..100 values by 10.
      rating: e.rating === null ? undefined : round1(e.rating * 10),
      image: e.image ? imageIdFromUrl(e.image) : undefined,
      current: true,
    });
    draft.ulist.push({
      uid: SORA_UID,
      vid: e.id,
      // Only the vote time is known: it stands in for the time the entry was added and changed.
      added: e.finished,
      lastmod: e.finished,
      voteDate: e.finished,
      vote: Math.round(e.vote * 10),
      started: null,
      finished: null,
      notes: "",
      labels: [VOTED_LABEL],
    });
  }
}

interface DocUser {
  id: string;
  username: string;
}

/**
 * Usernames as the API docs' examples (2022) show them; they are newer than the legacy
 * user.json (2020), which has "yorhel" where today's account name is "Yorhel".
 */
export function applyDocUsernames(dir: string, draft: Draft): void {
  const files = [
    "doc-examples/get-user_q-NoUserWithThisNameExists_AYO_u3.json",
    "doc-examples/get-user_q-yorhel_fields-lengthvotes.json",
  ];
  for (const file of files) {
    for (const u of Object.values(readJson<Record<string, DocUser | null>>(dir, file))) {
      const row = u && draft.users.get(u.id);
      if (row) row.username = u.username;
    }
  }
}
