// The three dump files (tags, traits, producers), converted whole. Mapping per
// research/real-data.md, "Mapping dump/old-API fields onto Kana".
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ProducerRow, TagRow, TraitRow } from "../../src/emulator/catalogue/types.js";
import { parseCsv, readJson } from "./sources.js";
import { splitAliases } from "./values.js";

export const TAGS_FILE = "dumps/vndb-tags-2024-10-22.json";
export const TRAITS_FILE = "dumps/vndb-traits-2022-10-02.json";
export const PRODUCERS_FILE = "dumps/producers_20250521.csv";

interface DumpTag {
  id: number;
  name: string;
  description: string;
  cat: "cont" | "ero" | "tech";
  aliases: string[];
  searchable: boolean;
  applicable: boolean;
  parents: number[];
}

interface DumpTrait {
  id: number;
  name: string;
  description: string;
  aliases: string[];
  searchable: boolean;
  applicable: boolean;
  parents: number[];
  /** Absent in the 2022 dump; honoured if a newer dump is dropped in. */
  sexual?: boolean;
}

/**
 * The two top-level trait groups whose traits VNDB flags as sexual: "Engages in (Sexual)"
 * (i43) and "Subject of (Sexual)" (i1625). The 2022 dump predates the `sexual` key, so a
 * trait is sexual when its primary-parent chain ends in one of these groups.
 */
export const SEXUAL_TRAIT_GROUPS = new Set(["i43", "i1625"]);

export function convertTags(dir: string): TagRow[] {
  return readJson<DumpTag[]>(dir, TAGS_FILE).map((t) => ({
    id: `g${t.id}`,
    name: t.name,
    aliases: t.aliases.filter((a) => a.trim() !== ""),
    description: t.description ?? "",
    category: t.cat,
    searchable: t.searchable,
    applicable: t.applicable,
    parents: t.parents.map((p) => `g${p}`),
  }));
}

export function convertTraits(dir: string): TraitRow[] {
  const dump = readJson<DumpTrait[]>(dir, TRAITS_FILE);
  const byId = new Map(dump.map((t) => [`i${t.id}`, t]));
  const groupOf = (t: DumpTrait): string => {
    let cur = t;
    const seen = new Set<number>();
    while (cur.parents.length > 0 && !seen.has(cur.id)) {
      seen.add(cur.id);
      const parent = byId.get(`i${cur.parents[0]}`);
      if (!parent) break;
      cur = parent;
    }
    return `i${cur.id}`;
  };
  return dump.map((t) => ({
    id: `i${t.id}`,
    name: t.name,
    aliases: t.aliases.filter((a) => a.trim() !== ""),
    description: t.description ?? "",
    searchable: t.searchable,
    applicable: t.applicable,
    sexual: t.sexual ?? SEXUAL_TRAIT_GROUPS.has(groupOf(t)),
    parents: t.parents.map((p) => `i${p}`),
  }));
}

/** Every producer of the CSV by id; the assembler keeps only the ones it needs. */
export function readProducers(dir: string): Map<string, ProducerRow> {
  const rows = parseCsv(readFileSync(join(dir, PRODUCERS_FILE), "utf8"));
  const out = new Map<string, ProducerRow>();
  for (const r of rows) {
    if (r.type !== "co" && r.type !== "in" && r.type !== "ng") {
      throw new Error(`Producer ${r.id} has unknown type ${r.type}`);
    }
    out.set(r.id, {
      id: r.id,
      type: r.type,
      lang: r.lang,
      // The dump's `name` is the original script and `latin` its romanisation (empty when none).
      name: r.name,
      latin: r.latin === "" ? null : r.latin,
      aliases: splitAliases(r.alias),
      description: r.description,
      extlinks: [],
    });
  }
  return out;
}
