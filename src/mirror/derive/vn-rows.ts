// VN rows from `vn` and its child tables. What VNDB caches on the VN comes from the dump
// where it is [pub] (c_votecount, c_rating, c_average, c_length, c_lengthnum, c_image) and is
// computed here where it is not (c_released, c_languages, c_platforms: vn-cache.ts; the tags:
// tag-votes.ts). Ranks and developers are the engine's, at load, from these rows.
import type { ExtlinkRow, ReleaseRow, VnRow } from "../../emulator/catalogue/types.js";
import { flag, int, lines, num, text } from "./copy-values.js";
import { columnLinks, entryLinks } from "./extlinks.js";
import { groupBy, type TableBuffer } from "./table-buffer.js";
import { vnCache } from "./vn-cache.js";

type Tables = Record<string, TableBuffer>;

export interface VnInputs {
  tables: Tables;
  links: ReadonlyMap<number, ExtlinkRow>;
  releases: readonly ReleaseRow[];
  /** Direct tags per VN id (tag_vn_calc). */
  tags: ReadonlyMap<string, VnRow["tags"]>;
  /** update_vn_length_cache from vn_length_votes, for a dump whose `vn` lacks c_length. */
  lengthCache: ReadonlyMap<string, { minutes: number | null; votes: number }>;
  /** Character ids in the dump (vn_seiyuu rows naming another are dropped). */
  characters: ReadonlySet<string>;
  today: number;
}

export interface VnDropped {
  relations: number;
  screenshotsWithoutRelease: number;
}

export function vnRows(inp: VnInputs, dropped: VnDropped): VnRow[] {
  const t = inp.tables;
  const vn = t.vn;
  const titles = groupBy(t.vn_titles.rows);
  const anime = groupBy(t.vn_anime.rows);
  const editions = groupBy(t.vn_editions.rows);
  const relations = groupBy(t.vn_relations.rows);
  const screenshots = groupBy(t.vn_screenshots.rows);
  const seiyuu = groupBy(t.vn_seiyuu.rows);
  const staff = groupBy(t.vn_staff.rows);
  const extlinks = entryLinks(t.vn_extlinks, inp.links);
  const ids = new Set(vn.rows.map((r) => r[0]!));

  const releasesOf = new Map<string, { rtype: string; release: ReleaseRow }[]>();
  for (const r of inp.releases) {
    for (const v of r.vns) {
      const list = releasesOf.get(v.vn);
      if (list) list.push({ rtype: v.rtype, release: r });
      else releasesOf.set(v.vn, [{ rtype: v.rtype, release: r }]);
    }
  }

  const hasCLength = vn.has("c_length");
  const oldLinks = vn.prefixed.length > 0;
  const T = t.vn_titles;
  const [tLang, tOfficial, tTitle, tLatin] = [T.at("lang"), T.at("official"), T.at("title"), T.at("latin")];
  const sc = t.vn_screenshots;
  const sy = t.vn_seiyuu;
  const st = t.vn_staff;
  const out: VnRow[] = [];
  for (const r of vn.rows) {
    const id = r[0]!;
    const v = (name: string) => r[vn.at(name)];
    const cache = vnCache(releasesOf.get(id) ?? [], inp.today);
    const rating = int(v("c_rating"));
    const average = int(v("c_average"));
    const row: VnRow = {
      id,
      olang: r[vn.at("olang")]!,
      titles: (titles.get(id) ?? []).map((x) => ({ lang: x[tLang]!, title: x[tTitle]!, latin: x[tLatin], official: flag(x[tOfficial]) })),
      aliases: lines(v("alias")),
      devstatus: num(v("devstatus")) as 0 | 1 | 2,
      description: text(v("description")),
      // c_image is update_vncache's pick (the cover of the VN's releases, by olang, type, date
      // and votes); a dump without it has only the VN's own `image`.
      image: vn.has("c_image") ? v("c_image") : v("image"),
      // The old length field; 0 = unknown (the engine answers null for it).
      length: num(v("length")),
      lengthVotes: [],
      // c_rating and c_average are vote × 100 (100..1000); the API divides by 10 (API.pm), the
      // catalogue stores the API's scale.
      rating: rating === null ? null : rating / 10,
      average: average === null ? null : average / 10,
      votecount: num(v("c_votecount")),
      screenshots: [],
      relations: [],
      tags: inp.tags.get(id) ?? [],
      editions: (editions.get(id) ?? []).map((x) => ({ eid: num(x[2]), lang: x[1], name: x[4]!, official: flag(x[3], true) })),
      staff: (staff.get(id) ?? []).map((x) => ({ aid: num(x[st.at("aid")]), eid: int(x[st.at("eid")]), role: x[st.at("role")]!, note: text(x[st.at("note")]) })),
      va: [],
      extlinks: oldLinks ? columnLinks(vn, r, "vn") : (extlinks.get(id) ?? []),
      anime: (anime.get(id) ?? []).map((x) => num(x[1])),
      // Reviews are not in the dump.
      hasReview: false,
      cReleased: cache.released,
      cLanguages: cache.languages,
      cPlatforms: cache.platforms,
    };
    // The API joins relations to the related VN without checking `hidden` (API.pm), so it
    // shows relations to hidden VNs; the dump holds neither the hidden VN nor its title, so
    // such a relation cannot be shown as VNDB shows it and is dropped (counted).
    for (const x of relations.get(id) ?? []) {
      if (!ids.has(x[1]!)) {
        dropped.relations++;
        continue;
      }
      row.relations.push({ vn: x[1]!, relation: x[2]!, official: flag(x[3], true) });
    }
    // A screenshot's release may be hidden (absent from the dump): the API then answers
    // `release: null`, which the engine does for an id it does not hold, so the id is kept.
    // A screenshot with no release at all cannot be stored (the row type needs one).
    for (const x of screenshots.get(id) ?? []) {
      const rid = x[sc.at("rid")];
      if (rid === null) {
        dropped.screenshotsWithoutRelease++;
        continue;
      }
      row.screenshots.push({ image: x[sc.at("scr")]!, release: rid });
    }
    for (const x of seiyuu.get(id) ?? []) {
      const cid = x[sy.at("cid")]!;
      if (!inp.characters.has(cid)) continue;
      row.va.push({ aid: num(x[sy.at("aid")]), character: cid, note: text(x[sy.at("note")]) });
    }
    if (hasCLength) {
      const minutes = int(v("c_length"));
      const votes = num(v("c_lengthnum"));
      // With no votes the engine answers null and 0 from the empty lengthVotes already.
      if (minutes !== null) row.cLengthMinutes = minutes;
      if (votes > 0) row.cLengthVotes = votes;
    } else {
      const l = inp.lengthCache.get(id);
      if (l && l.minutes !== null) row.cLengthMinutes = l.minutes;
      if (l && l.votes > 0) row.cLengthVotes = l.votes;
    }
    out.push(row);
  }
  return out;
}
