// Producer, staff, tag, trait, quote and image rows: mostly the dump's columns as they are.
import type { ExtlinkRow, ImageRow, ProducerRow, QuoteRow, StaffRow, TagRow, TraitRow } from "../../emulator/catalogue/types.js";
import { flag, idNum, lines, num, text } from "./copy-values.js";
import { columnLinks, entryLinks } from "./extlinks.js";
import { float4 } from "./float4.js";
import { groupBy, type Row, type TableBuffer } from "./table-buffer.js";

type Tables = Record<string, TableBuffer>;

const PRODUCER_TYPES = new Set(["co", "in", "ng"]);

export function producerRows(t: Tables, links: ReadonlyMap<number, ExtlinkRow>): ProducerRow[] {
  const p = t.producers;
  const rel = groupBy(t.producers_relations.rows);
  const extlinks = entryLinks(t.producers_extlinks, links);
  const ids = new Set(p.rows.map((r) => r[0]!));
  const oldLinks = p.prefixed.length > 0 || p.has("website");
  return p.rows.map((r) => {
    const id = r[0]!;
    const v = (c: string) => r[p.at(c)];
    const type = v("type")!;
    const row: ProducerRow = {
      id,
      type: (PRODUCER_TYPES.has(type) ? type : "co") as ProducerRow["type"],
      lang: v("lang")!,
      name: v("name")!,
      latin: v("latin"),
      aliases: lines(v("alias")),
      description: text(v("description")),
      extlinks: oldLinks ? columnLinks(p, r, "producer") : (extlinks.get(id) ?? []),
    };
    // producers_relations may name a hidden producer (dbdump.pl filters only on `id`): dropped.
    const relations = (rel.get(id) ?? []).filter((x) => ids.has(x[1]!)).map((x) => ({ producer: x[1]!, relation: x[2]! }));
    if (relations.length > 0) row.relations = relations;
    return row;
  });
}

export function staffRows(t: Tables, links: ReadonlyMap<number, ExtlinkRow>): StaffRow[] {
  const s = t.staff;
  const aliases = groupBy(t.staff_alias.rows);
  const extlinks = entryLinks(t.staff_extlinks, links);
  const oldLinks = s.prefixed.length > 0;
  return s.rows.map((r) => {
    const id = r[0]!;
    const v = (c: string) => r[s.at(c)];
    const gender = v("gender");
    return {
      id,
      lang: v("lang")!,
      gender: gender === "m" || gender === "f" ? gender : null,
      // staff.stype is not [pub]: the dump cannot tell a group or company from a person.
      type: "person",
      description: text(v("description")),
      mainAid: num(v("main")),
      aliases: (aliases.get(id) ?? []).map((x) => ({ aid: num(x[1]), name: x[2]!, latin: x[3] })),
      extlinks: oldLinks ? columnLinks(s, r, "staff") : (extlinks.get(id) ?? []),
    };
  });
}

/** Parent ids, the main parent first, then by id (export_tags / export_traits in util/dbdump.pl); parents absent from the dump (hidden) dropped. */
function parentsOf(rows: readonly Row[] | undefined, known: ReadonlySet<string>): string[] {
  return [...(rows ?? [])]
    .filter((x) => known.has(x[1]!))
    .sort((a, b) => (flag(a[2]) === flag(b[2]) ? idNum(a[1]!) - idNum(b[1]!) : flag(a[2]) ? -1 : 1))
    .map((x) => x[1]!);
}

const CATEGORIES = new Set(["cont", "ero", "tech"]);

export function tagRows(t: Tables): TagRow[] {
  const g = t.tags;
  const parents = groupBy(t.tags_parents.rows);
  const ids = new Set(g.rows.map((r) => r[0]!));
  return g.rows.map((r) => {
    const v = (c: string) => r[g.at(c)];
    return {
      id: r[0]!,
      name: v("name")!,
      aliases: lines(v("alias")),
      description: text(v("description")),
      category: (CATEGORIES.has(v("cat")!) ? v("cat") : "cont") as TagRow["category"],
      searchable: flag(v("searchable"), true),
      applicable: flag(v("applicable"), true),
      parents: parentsOf(parents.get(r[0]!), ids),
    };
  });
}

export function traitRows(t: Tables): TraitRow[] {
  const i = t.traits;
  const parents = groupBy(t.traits_parents.rows);
  const ids = new Set(i.rows.map((r) => r[0]!));
  return i.rows.map((r) => {
    const v = (c: string) => r[i.at(c)];
    return {
      id: r[0]!,
      name: v("name")!,
      aliases: lines(v("alias")),
      description: text(v("description")),
      searchable: flag(v("searchable"), true),
      applicable: flag(v("applicable"), true),
      sexual: flag(v("sexual")),
      parents: parentsOf(parents.get(r[0]!), ids),
    };
  });
}

export function quoteRows(t: Tables, characters: ReadonlySet<string>): QuoteRow[] {
  const q = t.quotes;
  return q.rows.map((r) => {
    const cid = r[q.at("cid")];
    return {
      // The 2024 dump numbered quotes without their "q".
      id: /^[0-9]+$/.test(r[0]!) ? `q${r[0]}` : r[0]!,
      vn: r[q.at("vid")]!,
      // quotes are filtered on their VN only: a quote's character may be hidden. The API
      // joins the character, so it shows none; so does the catalogue.
      character: cid !== null && characters.has(cid) ? cid : null,
      quote: r[q.at("quote")]!,
      score: num(r[q.at("score")]),
    };
  });
}

/**
 * Images. update_images_cache stores the flag averages ×100 (0..200, 200 with no votes); the
 * API reads `c_sexual_avg::real/100` (API.pm IMG), a float4.
 */
export function imageRows(t: Tables): ImageRow[] {
  const im = t.images;
  return im.rows.map((r) => ({
    id: r[0]!,
    width: num(r[im.at("width")]),
    height: num(r[im.at("height")]),
    sexual: float4(num(r[im.at("c_sexual_avg")], 200) / 100),
    violence: float4(num(r[im.at("c_violence_avg")], 200) / 100),
    votecount: num(r[im.at("c_votecount")]),
  }));
}
