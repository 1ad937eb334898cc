// Character rows from `chars` and chars_names / chars_alias / chars_vns / chars_traits.
//
// The main name: today's dump keeps a character's names per language in chars_names, and
// the API shows the one in `chars.c_lang` (charst() in sql/func.sql), a column the dump
// does not carry. edit_committed (sql/func.sql) sets it: among the character's names, the
// one in the original language of one of its VNs, preferring (ORDER BY) a name matching its
// VN's olang, then visible VNs, then the VN released first. That rule is followed here; a
// character with no VN keeps the column's default 'ja' when it has a Japanese name, else its
// first name. The 2024 dump has name/latin/alias on `chars` itself.
//
// Traits are stored as given per character (chars_traits: spoil, lie); traits_chars_calc's
// inheritance (parents, searchable only, MIN(spoil), bool_and(lie)) is the engine's, at load.
import type { CharacterRow } from "../../emulator/catalogue/types.js";
import { flag, int, lines, num, text } from "./copy-values.js";
import { groupBy, type Row, type TableBuffer } from "./table-buffer.js";

type Tables = Record<string, TableBuffer>;

/** chars.c_lang's default (sql/schema.sql). */
const DEFAULT_CHAR_LANG = "ja";

const SEX = new Set(["m", "f", "b", "n"]);
const GENDER = new Set(["m", "f", "o", "a"]);
const BLOOD = new Set(["a", "b", "ab", "o"]);
const ROLES = new Set(["main", "primary", "side", "appears"]);

function oneOf<T extends string>(set: ReadonlySet<string>, v: string | null): T | null {
  return v !== null && set.has(v) ? (v as T) : null;
}

/** `birthday` (mmdd, 0 = unknown) or the 2024 dump's b_month / b_day. */
function birthday(t: TableBuffer, r: Row): [number, number] | null {
  if (t.has("birthday")) {
    const b = num(r[t.at("birthday")]);
    const m = Math.floor(b / 100);
    const d = b % 100;
    return m >= 1 && d >= 1 ? [m, d] : null;
  }
  const m = num(r[t.at("b_month")]);
  const d = num(r[t.at("b_day")]);
  return m >= 1 && d >= 1 ? [m, d] : null;
}

export interface CharacterInputs {
  tables: Tables;
  /** Each VN's olang and c_released, for the main-name rule. */
  vns: ReadonlyMap<string, { olang: string; released: number }>;
}

export function characterRows(inp: CharacterInputs): CharacterRow[] {
  const t = inp.tables;
  const ch = t.chars;
  const names = groupBy(t.chars_names.rows);
  const aliases = groupBy(t.chars_alias.rows);
  const vns = groupBy(t.chars_vns.rows);
  const traits = groupBy(t.chars_traits.rows);
  const N = t.chars_names;
  const A = t.chars_alias;
  const V = t.chars_vns;
  const oldNames = ch.has("name");
  const out: CharacterRow[] = [];
  for (const r of ch.rows) {
    const id = r[0]!;
    const v = (name: string) => r[ch.at(name)];
    const links = vns.get(id) ?? [];
    let name: string;
    let latin: string | null;
    if (oldNames) {
      name = text(v("name"));
      latin = v("latin");
    } else {
      const list = names.get(id) ?? [];
      const main = mainName(list, links, N, V, inp.vns);
      name = main ? main[N.at("name")]! : "";
      latin = main ? main[N.at("latin")] : null;
    }
    out.push({
      id,
      name,
      latin,
      aliases: oldNames
        ? lines(v("alias")).map((a) => ({ name: a, latin: null }))
        : (aliases.get(id) ?? []).map((x) => ({ name: x[A.at("name")]!, latin: x[A.at("latin")] })),
      description: text(v("description")),
      image: v("image"),
      bloodType: oneOf(BLOOD, v("bloodt")),
      height: num(v("height")),
      bust: num(v("s_bust")),
      waist: num(v("s_waist")),
      hips: num(v("s_hip")),
      weight: int(v("weight")),
      age: int(v("age")),
      cup: v("cup_size") === null || v("cup_size") === "" ? null : v("cup_size"),
      birthday: birthday(ch, r),
      sex: oneOf(SEX, v("sex")),
      spoilSex: oneOf(SEX, v("spoil_sex")),
      gender: oneOf(GENDER, v("gender")),
      spoilGender: oneOf(GENDER, v("spoil_gender")),
      vns: links
        .filter((x) => ROLES.has(x[V.at("role")]!))
        .map((x) => ({
          vn: x[V.at("vid")]!,
          release: x[V.at("rid")],
          spoiler: num(x[V.at("spoil")]),
          role: x[V.at("role")] as CharacterRow["vns"][number]["role"],
        })),
      traits: (traits.get(id) ?? []).map((x) => ({ trait: x[1]!, spoiler: Math.min(2, Math.max(0, num(x[2]))) as 0 | 1 | 2, lie: flag(x[3]) })),
    });
  }
  return out;
}

/** The chars_names row edit_committed's c_lang picks (see the file comment). */
function mainName(list: Row[], links: Row[], N: TableBuffer, V: TableBuffer, vns: ReadonlyMap<string, { olang: string; released: number }>): Row | undefined {
  if (list.length <= 1) return list[0];
  let best: Row | undefined;
  let bestKey: [number, number, string] | undefined;
  for (const l of links) {
    const vn = vns.get(l[V.at("vid")]!);
    if (!vn) continue;
    for (const n of list) {
      const key: [number, number, string] = [vn.olang === n[N.at("lang")] ? 0 : 1, vn.released, n[N.at("lang")]!];
      if (!bestKey || key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
        best = n;
        bestKey = key;
      }
    }
  }
  return best ?? list.find((n) => n[N.at("lang")] === DEFAULT_CHAR_LANG) ?? list[0];
}
