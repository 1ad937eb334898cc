// Puts the catalogue together: the legacy records and reshaped Kana responses first, then
// the 2024 dump and its companions for the chosen VNs (real-set.ts), then hidden rows for
// what is only referenced, then sorting. Hand-made rows are not part of it (only the test
// tokens); the `test` preset adds them. Pure apart from reading the source folder: same
// input, same output.
import type { Catalogue, LabelRow, ReleaseRow, VnRow } from "../../src/emulator/catalogue/types.js";
import { MANUAL } from "../../src/emulator/catalogue/manual.js";
import { convertTags, convertTraits, readProducers } from "./dumps.js";
import { addImage, defaultImage, emptyDraft, type Draft } from "./draft.js";
import { readDumpTables } from "./dump-2024.js";
import { applyRealSet, BUNDLED_TOP_VOTED, mostVoted, vnUniverse } from "./real-set.js";
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
import { applyCharacterDescriptions, applyDocUsernames, convertCalendar, convertSora } from "./derived.js";
import { checkSourceDir } from "./sources.js";
import { compareIds, guessLang, sortById } from "./values.js";

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

export interface BuildOptions {
  /**
   * "bundled": the most-voted VNs plus those the legacy records and lists name (the
   * committed sample); "full": every VN the real data knows (never committed).
   */
  scope?: "bundled" | "full";
  /** full scope only: keep just the N most-voted VNs (plus the legacy-named ones), for quick tests. */
  limit?: number;
}

export function buildCatalogue(sourceDir: string, options: BuildOptions = {}): BuildResult {
  checkSourceDir(sourceDir);
  const draft = emptyDraft();
  for (const t of convertTags(sourceDir)) draft.tag.set(t.id, t);
  for (const t of convertTraits(sourceDir)) draft.trait.set(t.id, t);
  draft.allProducers = readProducers(sourceDir);
  const tables = readDumpTables(sourceDir);
  for (const d of tables.vnTexts) draft.vnDescriptions.set(d.id, { name: d.name, original: d.original, description: d.description });

  // Order matters for VN title hints: the first source to name a VN wins.
  convertLegacyVn(sourceDir, draft);
  convertLegacyReleases(sourceDir, draft);
  convertLegacyProducers(sourceDir, draft);
  convertLegacyCharacters(sourceDir, draft);
  applyCharacterDescriptions(tables.charTexts, draft);
  convertLegacyStaff(sourceDir, draft);
  convertLegacyLists(sourceDir, draft);
  applyDocUsernames(sourceDir, draft);
  convertSora(sourceDir, draft);
  convertCalendar(sourceDir, draft);
  // Only the tokens of manual.ts are part of the default catalogue (they grant access to
  // the real users' lists and are no VNDB fact); every other hand-made row lives in the
  // `test` preset (src/emulator/presets/test.ts).
  draft.tokens.push(...MANUAL.tokens);

  const universe = vnUniverse(tables);
  const named = referencedVns(draft);
  const top = mostVoted(tables, options.scope === "full" ? (options.limit ?? universe.size) : BUNDLED_TOP_VOTED);
  const selected = new Set<string>(options.scope === "full" && options.limit === undefined ? universe : top);
  for (const id of named) if (universe.has(id)) selected.add(id);
  // The full set holds every producer and staff entry, referenced or not.
  const everything = options.scope === "full" && options.limit === undefined;
  const real = applyRealSet(tables, selected, draft, everything);

  makeReferencedVns(draft, real.vns);
  applyCovers(draft);
  applyPendingCredits(draft);
  fillReleaseDates(draft);
  fillLengthVotes(draft);
  addBuiltinLabels(draft);

  return { catalogue: finish(draft, everything), dropped: [...draft.dropped].sort() };
}

/** Every VN id a legacy record, list or release names. */
function referencedVns(draft: Draft): Set<string> {
  const ids = new Set(draft.vnHints.keys());
  for (const v of draft.vn.keys()) ids.add(v);
  for (const r of draft.release.values()) for (const v of r.vns) ids.add(v.vn);
  for (const c of draft.character.values()) for (const v of c.vns) ids.add(v.vn);
  for (const v of draft.vn.values()) for (const r of v.relations) ids.add(r.vn);
  for (const e of draft.ulist) ids.add(e.vid);
  for (const e of draft.lengthVotes) ids.add(e.vid);
  return ids;
}

/**
 * A row for every referenced VN that the real set did not make: the real data no longer
 * knows it (not in the 2025 titles nor the 2026 descriptions), so it is taken to be
 * deleted since and kept hidden, named as the older source named it.
 */
function makeReferencedVns(draft: Draft, realVns: Set<string>): void {
  for (const id of [...referencedVns(draft)].sort(compareIds)) {
    if (realVns.has(id)) continue;
    const hint = draft.vnHints.get(id) ?? {};
    const desc = draft.vnDescriptions.get(id);
    let row = draft.vn.get(id);
    if (!row) {
      const original = desc ? desc.original : (hint.original ?? null);
      row = blankVn(id, hint.olang ?? guessLang(original));
      draft.vn.set(id, row);
    }
    const knownToday = desc !== undefined || hint.current === true;
    if (!knownToday) row.hidden = true;
    const name = desc?.name ?? hint.title ?? id;
    const original = desc ? desc.original : (hint.original ?? null);
    if (row.titles.length === 0) {
      row.titles = [
        original
          ? { lang: row.olang, title: original, latin: name, official: true }
          : { lang: row.olang, title: name, latin: null, official: true },
      ];
    }
    if (desc && desc.description !== "") row.description = desc.description;
  }
}

/** Cover images the 2026 sora list names (their dimensions are VNDB's cover box, see draft.ts). */
function applyCovers(draft: Draft): void {
  for (const [id, hint] of draft.vnHints) {
    const row = draft.vn.get(id);
    if (!hint.image || !row || row.image !== null) continue;
    row.image = hint.image;
    addImage(draft, defaultImage(hint.image));
  }
}

/**
 * The VN-level release date: the 2026 sora list's recorded date where it has one; else
 * unknown (0) when any of the VN's releases has no known date (most dump releases: the
 * dump lacks release dates), since the earliest known date could then be a re-release.
 */
function fillReleaseDates(draft: Draft): void {
  const releasesOf = new Map<string, ReleaseRow[]>();
  for (const r of draft.release.values()) {
    for (const v of r.vns) releasesOf.set(v.vn, [...(releasesOf.get(v.vn) ?? []), r]);
  }
  for (const v of draft.vn.values()) {
    const hint = draft.vnHints.get(v.id);
    if (hint?.released !== undefined) {
      v.cReleased = hint.released;
      continue;
    }
    if (v.cReleased !== undefined) continue;
    const rels = (releasesOf.get(v.id) ?? []).filter((r) => !r.hidden && r.vns.find((x) => x.vn === v.id)!.rtype !== "trial");
    if (rels.some((r) => r.official && r.released === 0)) v.cReleased = 0;
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

function finish(draft: Draft, everything: boolean): Catalogue {
  const producers = everything ? new Set(draft.allProducers.keys()) : selectProducers(draft);
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
