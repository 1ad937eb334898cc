// The 2024 dump and its companions turned into catalogue rows for a chosen set of VNs
// (the bundled sample, or every VN for the full-scale build). Newest source wins:
// JiZPaper (2026-07) → vn_titles (2025-06) → mojimoon votes (2025-05) → dump (2024-06) →
// vn_staff (2023-06) → legacy records (2020, kept where richer: tags, screenshots, the
// legacy releases' titles and dates). Where the API needs a value the data lacks, a rule
// documented in docs/catalogue.md derives it from real data and the row lists the field
// in `derived`. Nothing is made up: no date, rating, language or tag vote.
import type { CharacterRow, ReleaseRow, StaffRow, VnRow } from "../../src/emulator/catalogue/types.js";
import { blankCharacter, blankRelease, blankVn } from "../../src/emulator/catalogue/blank-rows.js";
import type { Draft } from "./draft.js";
import type { DumpTables, NamedRecord, TitleRecord } from "./dump-2024.js";
import { compareIds, guessLang } from "./values.js";

/** VNDB shows no rating below this many votes (the VN page and Kana answer null). */
export const MIN_VOTES_FOR_RATING = 5;

/** How many of the most-voted VNs the bundled sample holds (plus the legacy-named ones). */
export const BUNDLED_TOP_VOTED = 1000;

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** Every VN id the real data knows today: vn_titles 2025-06 ∪ JiZPaper 2026-07. */
export function vnUniverse(t: DumpTables): Set<string> {
  const ids = new Set<string>();
  for (const r of t.titles2025) ids.add(r.vid);
  for (const r of t.vnTexts) ids.add(r.id);
  return ids;
}

/** The most-voted VNs by the 2025-05 vote statistics, best first (ties by id). */
export function mostVoted(t: DumpTables, n: number): string[] {
  return [...t.votes]
    .sort((a, b) => b.votecount - a.votecount || compareIds(a.vid, b.vid))
    .slice(0, n)
    .map((v) => v.vid);
}

/**
 * The main title row (and so the original language): the title row whose title and
 * romanisation are JiZPaper's name/original (Kana's title/alttitle), else the only row.
 * Several matches (v4 CLANNAD: "CLANNAD" in en, ja and zh-Hans) prefer ja, then the
 * lowest language code; the choice is then a derived value.
 */
function mainTitle(rows: TitleRecord[], text: NamedRecord | undefined): { row: TitleRecord; derived: boolean } {
  if (rows.length === 1) return { row: rows[0], derived: false };
  const matches = text
    ? rows.filter((r) =>
        text.original ? r.title === text.original && r.latin === text.name : r.title === text.name && r.latin === null,
      )
    : [];
  const loose = matches.length > 0 ? matches : text ? rows.filter((r) => (r.latin ?? r.title) === text.name) : [];
  if (loose.length === 1) return { row: loose[0], derived: false };
  const pool = loose.length > 0 ? loose : rows;
  // Japanese first (most VNs), then English: a pool of identical Latin-script titles without
  // a Japanese row is far likelier an English original (Doki Doki Literature Club!) than
  // whichever language sorts first (it used to say German).
  const pick = pool.find((r) => r.lang === "ja") ?? pool.find((r) => r.lang === "en") ?? [...pool].sort((a, b) => (a.lang < b.lang ? -1 : 1))[0];
  return { row: pick, derived: true };
}

function markDerived(row: { derived?: string[] }, field: string): void {
  const list = row.derived ?? [];
  if (!list.includes(field)) list.push(field);
  row.derived = list;
}

export interface RealSetResult {
  /** VN ids made from the real set. */
  vns: Set<string>;
}

/**
 * Builds or overlays the rows of `selected` VNs and what they reference. Existing draft
 * rows (legacy records) are overlaid with the newer values and keep what only they have.
 */
export function applyRealSet(t: DumpTables, selected: Set<string>, draft: Draft, allStaff = false): RealSetResult {
  const titles2025 = groupBy(t.titles2025, (r) => r.vid);
  const titles2024 = groupBy(t.titles2024, (r) => r.vid);
  const texts = new Map(t.vnTexts.map((r) => [r.id, r]));
  const votes = new Map(t.votes.map((r) => [r.vid, r]));
  const lengths = new Map(t.lengths.map((r) => [r.vid, r]));
  const relations = groupBy(t.relations, (r) => r.vid);
  const vnStaff = groupBy(t.vnStaff, (r) => r.vid);
  const editions2023 = groupBy(t.editions2023, (r) => r.vid);
  const editions2024 = groupBy(t.editions2024, (r) => r.vid);
  const seiyuu = groupBy(t.seiyuu, (r) => r.vid);
  const aliasToStaff = new Map(t.staffAlias.map((a) => [a.aid, a.sid]));

  // --- VNs ---
  for (const id of [...selected].sort(compareIds)) {
    const text = texts.get(id);
    const titleRows = titles2025.get(id) ?? titles2024.get(id) ?? [];
    const legacy = draft.vn.get(id);
    const row: VnRow = legacy ?? blankVn(id, "ja");
    if (titleRows.length > 0) {
      const { row: main, derived } = mainTitle(titleRows, text);
      row.olang = main.lang;
      if (derived) markDerived(row, "olang");
      row.titles = [...titleRows]
        .sort((a, b) => (a.lang === main.lang ? -1 : b.lang === main.lang ? 1 : a.lang < b.lang ? -1 : 1))
        .map((r) => ({ lang: r.lang, title: r.title, latin: r.latin, official: r.official }));
      // VNDB keeps one title per language its releases are in (vn_titles), so the VN's
      // languages are taken to be its title languages; the dump lacks release languages.
      if (!legacy?.cLanguages) {
        row.cLanguages = [...new Set(titleRows.map((r) => r.lang))].sort();
        markDerived(row, "languages");
      }
    } else if (text) {
      // Newer than vn_titles: only JiZPaper names it.
      row.olang = guessLang(text.original);
      markDerived(row, "olang");
      row.titles = [
        text.original
          ? { lang: row.olang, title: text.original, latin: text.name, official: true }
          : { lang: row.olang, title: text.name, latin: null, official: true },
      ];
    }
    if (text) row.description = text.description;
    const v = votes.get(id);
    if (v) {
      row.votecount = v.votecount;
      row.average = v.average;
      row.rating = v.votecount >= MIN_VOTES_FOR_RATING ? v.rating : null;
      if (v.aliases.length > 0) row.aliases = v.aliases;
    } else {
      // Not among the 7,086 most-voted VNs of 2025-05 (each had at least 30 votes): the
      // count is unknown, so no rating, no average and a count of 0.
      row.votecount = 0;
      row.rating = null;
      row.average = null;
      markDerived(row, "votecount");
    }
    const len = lengths.get(id);
    if (len) {
      row.cLengthMinutes = len.median;
      row.cLengthVotes = len.votes;
    }
    row.relations = (relations.get(id) ?? [])
      .filter((r) => selected.has(r.other))
      .map((r) => ({ vn: r.other, relation: r.relation, official: r.official }));
    const credits = vnStaff.get(id) ?? [];
    if (credits.length > 0) {
      row.staff = credits
        .filter((c) => aliasToStaff.has(c.aid))
        .map((c) => ({ aid: c.aid, eid: c.eid, role: c.role, note: c.note }));
      row.editions = (editions2023.get(id) ?? []).map((e) => ({ eid: e.eid, lang: e.lang, name: e.name, official: e.official }));
    } else if (row.editions.length === 0) {
      row.editions = (editions2024.get(id) ?? []).map((e) => ({ eid: e.eid, lang: e.lang, name: e.name, official: e.official }));
    }
    // Voice credits are kept once the characters are known (below).
    draft.vn.set(id, row);
  }

  // --- releases ---
  const releaseLinks = groupBy(
    t.releasesVn.filter((r) => selected.has(r.vid)),
    (r) => r.rid,
  );
  const producersOf = groupBy(t.releasesProducers, (r) => r.rid);
  const platformsOf = groupBy(t.releasesPlatforms, (r) => r.rid);
  const mediaOf = groupBy(t.releasesMedia, (r) => r.rid);
  for (const [rid, links] of releaseLinks) {
    const existing = draft.release.get(rid);
    const vns = [...links].sort((a, b) => compareIds(a.vid, b.vid));
    const row: ReleaseRow = existing ?? blankRelease(rid, "ja");
    row.vns = vns.map((l) => ({ vn: l.vid, rtype: l.rtype }));
    row.producers = (producersOf.get(rid) ?? [])
      .filter((p) => draft.allProducers.has(p.pid))
      .sort((a, b) => compareIds(a.pid, b.pid))
      .map((p) => ({ producer: p.pid, developer: p.developer, publisher: p.publisher }));
    row.platforms = [...new Set((platformsOf.get(rid) ?? []).map((p) => p.platform))].sort();
    row.media = (mediaOf.get(rid) ?? []).map((m) => ({ medium: m.medium, qty: m.qty }));
    if (!existing) {
      // The dump lacks release titles and languages: the release is named after its
      // (first) VN's main title in that VN's original language.
      const vn = draft.vn.get(vns[0].vid)!;
      const main = vn.titles[0];
      row.olang = vn.olang;
      row.titles = main ? [{ lang: vn.olang, title: main.title, latin: main.latin, mtl: false }] : [];
      markDerived(row, "title");
      markDerived(row, "languages");
    }
    draft.release.set(rid, row);
  }

  // --- characters: those named by JiZPaper or a legacy record ---
  const charTexts = new Map(t.charTexts.map((r) => [r.id, r]));
  const charLinks = groupBy(
    t.charsVns.filter((c) => selected.has(c.vid)),
    (c) => c.cid,
  );
  const starsbit = new Map(t.starsbit.map((c) => [c.id, c]));
  for (const [cid, links] of charLinks) {
    const text = charTexts.get(cid);
    const existing = draft.character.get(cid);
    if (!text && !existing) continue;
    const row: CharacterRow = existing ?? blankCharacter(cid, "");
    if (text) {
      row.name = text.original ?? text.name;
      row.latin = text.original ? text.name : null;
      row.description = text.description;
    }
    row.vns = [...links]
      .sort((a, b) => compareIds(a.vid, b.vid) || compareIds(a.rid ?? "r0", b.rid ?? "r0"))
      .map((l) => ({
        vn: l.vid,
        release: l.rid !== null && draft.release.has(l.rid) ? l.rid : null,
        spoiler: l.spoiler,
        role: l.role,
      }));
    const s = starsbit.get(cid);
    if (s && !existing) {
      if (s.sex === "m" || s.sex === "f" || s.sex === "b" || s.sex === "n") row.sex = s.sex;
      if (s.age !== null) row.age = s.age;
      const b = s.birthday ? /^(\d{1,2})\.(\d{1,2})\.$/.exec(s.birthday) : null;
      if (b) row.birthday = [Number(b[2]), Number(b[1])];
    }
    draft.character.set(cid, row);
  }

  // --- voice credits of the characters kept ---
  for (const id of selected) {
    const row = draft.vn.get(id)!;
    const credits = (seiyuu.get(id) ?? []).filter((c) => draft.character.has(c.cid) && aliasToStaff.has(c.aid));
    if (credits.length > 0) row.va = credits.map((c) => ({ aid: c.aid, character: c.cid, note: c.note }));
  }

  // --- staff credited by the VNs kept (and the legacy staff records) ---
  const wantedStaff = new Set<string>();
  for (const id of selected) {
    const row = draft.vn.get(id)!;
    for (const s of row.staff) wantedStaff.add(aliasToStaff.get(s.aid) ?? "");
    for (const s of row.va) wantedStaff.add(aliasToStaff.get(s.aid) ?? "");
  }
  for (const id of draft.staff.keys()) wantedStaff.add(id);
  const aliasesOf = groupBy(t.staffAlias, (a) => a.sid);
  for (const s of t.staff) {
    if (!allStaff && !wantedStaff.has(s.id)) continue;
    const aliases = (aliasesOf.get(s.id) ?? []).map((a) => ({ aid: a.aid, name: a.name, latin: a.latin }));
    if (aliases.length === 0) continue;
    const row: StaffRow = {
      id: s.id,
      lang: s.lang,
      gender: s.gender,
      // The 2024 dump has no staff type column; every staff entry then was a person.
      type: "person",
      description: s.description,
      mainAid: s.mainAid,
      aliases,
      extlinks: s.links.map((l) => ({ ...l })),
    };
    draft.staff.set(s.id, row);
  }

  // --- quotes of the VNs kept ---
  for (const q of t.quotes) {
    if (!selected.has(q.vid)) continue;
    draft.quote.set(q.id, {
      id: q.id,
      vn: q.vid,
      character: q.cid !== null && draft.character.has(q.cid) ? q.cid : null,
      quote: q.quote,
      score: q.score,
    });
  }

  // --- producer links (2024 dump) ---
  for (const [pid, links] of t.producerLinks) {
    const row = draft.allProducers.get(pid);
    if (!row || row.extlinks.length > 0) continue;
    if (links.website !== "") row.extlinks.push({ site: "website", value: links.website });
    if (links.wikidata !== null) row.extlinks.push({ site: "wikidata", value: links.wikidata });
  }

  return { vns: new Set(selected) };
}
