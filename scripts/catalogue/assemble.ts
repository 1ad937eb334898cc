// Puts the catalogue together: real data first (dumps, legacy records, reshaped Kana
// responses, descriptions), then the hand-added rows of src/emulator/catalogue/manual.ts,
// then the VN rows for everything that is only referenced, then sorting. Pure apart from
// reading the source folder: same input, same output.
import type { Catalogue, LabelRow, VnRow } from "../../src/emulator/catalogue/types.js";
import { MANUAL } from "../../src/emulator/catalogue/manual.js";
import { convertTags, convertTraits, readProducers } from "./dumps.js";
import { addImage, defaultImage, emptyDraft, type Draft } from "./draft.js";
import { blankVn } from "../../src/emulator/catalogue/blank-rows.js";
import {
  applyPendingCredits,
  convertLegacyCharacters,
  convertLegacyLists,
  convertLegacyProducers,
  convertLegacyReleases,
  convertLegacyStaff,
  convertLegacyVn,
} from "./legacy.js";
import {
  applyCharacterDescriptions,
  applyDocUsernames,
  convertCalendar,
  convertSora,
  readDescriptions,
} from "./derived.js";
import { checkSourceDir } from "./sources.js";
import { compareIds, guessLang, round1, sortById } from "./values.js";

export const ATTRIBUTION = "Data from VNDB.org, under the Open Database License.";

/**
 * The date of the newest real-data file (the release calendar's snapshot, SOURCES.md §3).
 * Written as meta.built instead of the build time so that rebuilding changes nothing.
 */
export const DATA_AS_OF = "2026-08-22";

/** Built-in labels every account has (reference §4.5, `ulist_labels_create`). */
export const BUILTIN_LABELS: readonly [number, string][] = [
  [1, "Playing"],
  [2, "Finished"],
  [3, "Stalled"],
  [4, "Dropped"],
  [5, "Wishlist"],
  [6, "Blacklist"],
  [7, "Voted"],
];

/**
 * Producers kept for search tests beyond the referenced ones: short names ("Key"),
 * accents in aliases ("âge"), Latin-only names, names sharing words ("soft").
 */
export const SEARCH_PRODUCERS = [
  "p3", "p4", "p5", "p21", "p24", "p98", "p132", "p162", "p277", "p336", "p428",
];

/** [url=/p123] links inside description texts. */
const PRODUCER_LINK = /\[url=\/(p\d+)\]/g;

export interface BuildResult {
  catalogue: Catalogue;
  /** Real values left out because the newer dumps no longer know the id they name. */
  dropped: string[];
}

export function buildCatalogue(sourceDir: string): BuildResult {
  checkSourceDir(sourceDir);
  const draft = emptyDraft();
  for (const t of convertTags(sourceDir)) draft.tag.set(t.id, t);
  for (const t of convertTraits(sourceDir)) draft.trait.set(t.id, t);
  draft.allProducers = readProducers(sourceDir);
  readDescriptions(sourceDir, draft);

  // Order matters for VN title hints: the first source to name a VN wins (after
  // descriptions/, which always win as the newest source).
  convertLegacyVn(sourceDir, draft);
  convertLegacyReleases(sourceDir, draft);
  convertLegacyProducers(sourceDir, draft);
  convertLegacyCharacters(sourceDir, draft);
  applyCharacterDescriptions(sourceDir, draft);
  convertLegacyStaff(sourceDir, draft);
  convertLegacyLists(sourceDir, draft);
  applyDocUsernames(sourceDir, draft);
  convertSora(sourceDir, draft);
  convertCalendar(sourceDir, draft);

  addManualRows(draft);
  makeReferencedVns(draft);
  addManualVnTags(draft);
  applyPendingCredits(draft);
  fillVotes(draft);
  fillLengthVotes(draft);
  addBuiltinLabels(draft);

  return { catalogue: finish(draft), dropped: [...draft.dropped].sort() };
}

function addManualRows(draft: Draft): void {
  const put = <T extends { id: string }>(map: Map<string, T>, rows: T[]): void => {
    for (const r of rows) {
      if (map.has(r.id)) throw new Error(`manual.ts row ${r.id} collides with a real row`);
      map.set(r.id, r);
    }
  };
  put(draft.images, MANUAL.images);
  put(draft.vn, MANUAL.vn);
  put(draft.release, MANUAL.release);
  put(draft.allProducers, MANUAL.producer);
  put(draft.character, MANUAL.character);
  put(draft.staff, MANUAL.staff);
  put(draft.quote, MANUAL.quote);
  put(draft.users, MANUAL.users);
  draft.labels.push(...MANUAL.labels);
  draft.ulist.push(...MANUAL.ulist);
  draft.rlist.push(...MANUAL.rlist);
  draft.tokens.push(...MANUAL.tokens);
  draft.lengthVotes.push(...MANUAL.lengthVotes);
}

/** Every VN id any row points at, plus every VN with a description file. */
function referencedVns(draft: Draft): Set<string> {
  const ids = new Set([...draft.vnHints.keys(), ...draft.vnDescriptions.keys()]);
  for (const r of draft.release.values()) for (const v of r.vns) ids.add(v.vn);
  for (const c of draft.character.values()) for (const v of c.vns) ids.add(v.vn);
  for (const v of draft.vn.values()) for (const r of v.relations) ids.add(r.vn);
  for (const q of draft.quote.values()) ids.add(q.vn);
  for (const e of draft.ulist) ids.add(e.vid);
  for (const e of draft.lengthVotes) ids.add(e.vid);
  return ids;
}

/**
 * Makes a row for every referenced VN that has no full record, and applies the
 * descriptions/ texts and names to every real VN. A VN that only the 2020 legacy files
 * mention and that the 2026 descriptions set lacks is taken to be deleted since (hidden).
 */
function makeReferencedVns(draft: Draft): void {
  for (const id of [...referencedVns(draft)].sort(compareIds)) {
    const hint = draft.vnHints.get(id) ?? {};
    const desc = draft.vnDescriptions.get(id);
    let row = draft.vn.get(id);
    if (row?.manual) continue;
    if (!row) {
      const original = desc ? desc.original : (hint.original ?? null);
      row = blankVn(id, hint.olang ?? guessLang(original));
      const knownToday = desc !== undefined || hint.current === true;
      if (!knownToday) row.hidden = true;
      if (hint.released !== undefined) row.cReleased = hint.released;
      if (hint.image) {
        row.image = hint.image;
        addImage(draft, defaultImage(hint.image));
      }
      draft.vn.set(id, row);
    }
    const name = desc?.name ?? hint.title ?? id;
    const original = desc ? desc.original : (hint.original ?? null);
    row.titles = [
      original
        ? { lang: row.olang, title: original, latin: name, official: true }
        : { lang: row.olang, title: name, latin: null, official: true },
    ];
    if (desc && desc.description !== "") row.description = desc.description;
    if (hint.rating !== undefined && row.rating === null) row.rating = hint.rating;
  }
}

/**
 * MANUAL.vnTags: hand-added tags on real VNs, appended after the VN's real tags in
 * manual.ts order. After makeReferencedVns, because most real VNs only get their row there.
 * Refuses what would be silently wrong: an unknown VN or tag, a hand-made VN (those set
 * their tags in their own row), or a tag the VN already has.
 */
function addManualVnTags(draft: Draft): void {
  for (const { vn, tag, rating, spoiler, lie } of MANUAL.vnTags) {
    const row = draft.vn.get(vn);
    if (!row) throw new Error(`manual.ts vnTags: unknown VN ${vn}`);
    if (row.manual) throw new Error(`manual.ts vnTags: ${vn} is hand-made; set its tags in its row`);
    if (!draft.tag.has(tag)) throw new Error(`manual.ts vnTags: unknown tag ${tag} (on ${vn})`);
    if (row.tags.some((t) => t.tag === tag)) throw new Error(`manual.ts vnTags: ${vn} already has ${tag}`);
    row.tags.push({ tag, rating, spoiler, lie });
  }
}

/**
 * Vote statistics for real VNs whose record does not carry them: votecount and the plain
 * average come from the votes on the catalogue's own lists (so the two agree); the
 * Bayesian rating is the recorded one when a source gave it, else null.
 */
function fillVotes(draft: Draft): void {
  const votes = new Map<string, number[]>();
  for (const e of draft.ulist) {
    if (e.vote === null) continue;
    const list = votes.get(e.vid) ?? [];
    list.push(e.vote);
    votes.set(e.vid, list);
  }
  for (const v of draft.vn.values()) {
    if (v.manual || v.votecount > 0) continue;
    const mine = votes.get(v.id) ?? [];
    v.votecount = mine.length;
    v.average = mine.length > 0 ? round1(mine.reduce((s, x) => s + x, 0) / mine.length) : null;
  }
}

/** VnRow.lengthVotes mirrors the per-user play-time votes, so both views agree. */
function fillLengthVotes(draft: Draft): void {
  for (const v of draft.vn.values()) v.lengthVotes = [];
  const sorted = [...draft.lengthVotes].sort((a, b) => compareIds(a.uid, b.uid) || compareIds(a.vid, b.vid));
  for (const e of sorted) {
    const vn = draft.vn.get(e.vid);
    if (!vn) throw new Error(`Length vote for unknown VN ${e.vid}`);
    vn.lengthVotes.push(e.minutes);
  }
}

function addBuiltinLabels(draft: Draft): void {
  const builtin: LabelRow[] = [];
  for (const uid of draft.users.keys()) {
    for (const [id, label] of BUILTIN_LABELS) builtin.push({ uid, id, label, private: false });
  }
  draft.labels.unshift(...builtin);
}

/** Producers that rows reference, that descriptions link to, plus the search set. */
function selectProducers(draft: Draft): Set<string> {
  const keep = new Set<string>(SEARCH_PRODUCERS);
  for (const r of draft.release.values()) for (const p of r.producers) keep.add(p.producer);
  for (const p of draft.allProducers.values()) {
    // Legacy producer.json rows are the only real ones with relations set.
    if (p.manual || p.relations !== undefined) keep.add(p.id);
  }
  const texts: string[] = [];
  for (const v of draft.vn.values()) texts.push(v.description);
  for (const c of draft.character.values()) texts.push(c.description);
  for (const s of draft.staff.values()) texts.push(s.description);
  for (const id of keep) texts.push(draft.allProducers.get(id)?.description ?? "");
  for (const t of texts) for (const m of t.matchAll(PRODUCER_LINK)) keep.add(m[1]);
  for (const id of [...keep]) {
    for (const r of draft.allProducers.get(id)?.relations ?? []) keep.add(r.producer);
  }
  return new Set([...keep].filter((id) => draft.allProducers.has(id)));
}

function finish(draft: Draft): Catalogue {
  const producers = selectProducers(draft);
  const byUidThen = <T extends { uid: string }>(rows: T[], key: (r: T) => string | number): T[] =>
    [...rows].sort((a, b) => {
      const u = compareIds(a.uid, b.uid);
      if (u !== 0) return u;
      const ka = key(a);
      const kb = key(b);
      return typeof ka === "number" && typeof kb === "number" ? ka - kb : compareIds(String(ka), String(kb));
    });
  const vns: VnRow[] = sortById([...draft.vn.values()]);
  return {
    meta: { source: "VNDB.org (see NOTICE and docs/catalogue.md)", built: DATA_AS_OF, attribution: ATTRIBUTION },
    images: sortById([...draft.images.values()]),
    vn: vns,
    release: sortById([...draft.release.values()]),
    producer: sortById([...draft.allProducers.values()].filter((p) => producers.has(p.id))),
    character: sortById([...draft.character.values()]),
    staff: sortById([...draft.staff.values()]).map((s) => ({
      ...s,
      aliases: [...s.aliases].sort((a, b) => a.aid - b.aid),
    })),
    tag: sortById([...draft.tag.values()]),
    trait: sortById([...draft.trait.values()]),
    quote: sortById([...draft.quote.values()]),
    users: sortById([...draft.users.values()]),
    labels: byUidThen(draft.labels, (l) => l.id),
    ulist: byUidThen(draft.ulist, (e) => e.vid),
    rlist: byUidThen(draft.rlist, (e) => e.rid),
    tokens: [...draft.tokens].sort((a, b) => compareIds(a.uid, b.uid) || (a.token < b.token ? -1 : 1)),
    lengthVotes: byUidThen(draft.lengthVotes, (e) => e.vid),
  };
}
