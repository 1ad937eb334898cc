// Release rows from `releases` and its child tables (releases_titles, _platforms, _media,
// _vn, _producers, _images, _drm, _extlinks; engines and drm for names). Child rows keep
// the dump's order (each table's primary key order). Rows whose parent release is not in
// the dump (hidden) are dropped: dbdump.pl already leaves them out, this only guards.
import type { ExtlinkRow, ReleaseRow } from "../../emulator/catalogue/types.js";
import { bool, flag, int, num, strings, text } from "./copy-values.js";
import { columnLinks, entryLinks } from "./extlinks.js";
import { groupBy, type TableBuffer } from "./table-buffer.js";

type Tables = Record<string, TableBuffer>;

/**
 * The `animation` domain (sql/schema.sql) as the catalogue's flag text: NULL unknown, 0 "no",
 * 1 "na", otherwise the first type bit set (4 hand, 8 vect, 16 3d, 32 live), which is what
 * AdvSearch's `& 4 > 0` … filters test. A release with two types set keeps only the first
 * (the row type holds one value); the frequency bits (256, 512) have no Kana field.
 */
export function animationFlag(v: string | null): string | null {
  const n = int(v);
  if (n === null) return null;
  if (n === 0) return "no";
  if (n === 1) return "na";
  if (n & 4) return "hand";
  if (n & 8) return "vect";
  if (n & 16) return "3d";
  if (n & 32) return "live";
  return null;
}

const IMAGE_TYPES = new Set(["pkgfront", "pkgback", "pkgcontent", "pkgside", "pkgmed", "dig"]);

export function releaseRows(t: Tables, links: ReadonlyMap<number, ExtlinkRow>): ReleaseRow[] {
  const rel = t.releases;
  const titles = groupBy(t.releases_titles.rows);
  const platforms = groupBy(t.releases_platforms.rows);
  const media = groupBy(t.releases_media.rows);
  const vns = groupBy(t.releases_vn.rows);
  const producers = groupBy(t.releases_producers.rows);
  const images = groupBy(t.releases_images.rows);
  const drms = groupBy(t.releases_drm.rows);
  const extlinks = entryLinks(t.releases_extlinks, links);
  const drmNames = new Map(t.drm.rows.map((r) => [r[0]!, r[1]!]));
  const engineNames = new Map(t.engines.rows.map((r) => [r[0]!, r[1]!]));
  const c = (name: string) => rel.at(name);
  const [cTitle, cMtl, cLatin, cLang] = [t.releases_titles.at("title"), t.releases_titles.at("mtl"), t.releases_titles.at("latin"), t.releases_titles.at("lang")];
  const ri = t.releases_images;
  const oldLinks = rel.prefixed.length > 0 || rel.has("website");
  const out: ReleaseRow[] = [];
  for (const r of rel.rows) {
    const id = r[0]!;
    const v = (name: string) => r[c(name)];
    const engine = v("engine");
    out.push({
      id,
      olang: r[c("olang")]!,
      titles: (titles.get(id) ?? []).map((x) => ({ lang: x[cLang]!, title: x[cTitle], latin: x[cLatin], mtl: flag(x[cMtl]) })),
      platforms: (platforms.get(id) ?? []).map((x) => x[1]!),
      media: (media.get(id) ?? []).map((x) => ({ medium: x[1]!, qty: num(x[2], 1) })),
      vns: (vns.get(id) ?? []).map((x) => ({ vn: x[1]!, rtype: x[2] as "trial" | "partial" | "complete" })),
      producers: (producers.get(id) ?? []).map((x) => ({ producer: x[1]!, developer: flag(x[2]), publisher: flag(x[3]) })),
      images: (images.get(id) ?? [])
        .filter((x) => IMAGE_TYPES.has(x[ri.at("itype")]!))
        .map((x) => ({
          image: x[ri.at("img")]!,
          type: x[ri.at("itype")] as ReleaseRow["images"][number]["type"],
          vn: x[ri.at("vid")],
          languages: x[ri.at("lang")] === null ? null : strings(x[ri.at("lang")]),
          // releases_images.photo is not [pub]: the dump cannot say; false.
          photo: false,
        })),
      released: num(v("released")),
      minage: int(v("minage")),
      patch: flag(v("patch")),
      freeware: flag(v("freeware")),
      // releases.doujin is not [pub]: the dump cannot say; false.
      doujin: false,
      official: flag(v("official"), true),
      hasEro: flag(v("has_ero")),
      uncensored: bool(v("uncensored")),
      resoX: num(v("reso_x")),
      resoY: num(v("reso_y")),
      // Today's dump: an engines.id; the 2024 dump: the name itself.
      engine: engine === null ? "" : (engineNames.get(engine) ?? (/^[0-9]+$/.test(engine) ? "" : engine)),
      voiced: num(v("voiced")),
      notes: text(v("notes")),
      // gtin is a bigint, 0 = none.
      gtin: v("gtin") === null || v("gtin") === "0" ? "" : v("gtin")!,
      catalog: text(v("catalog")),
      aniStory: num(v("ani_story")),
      aniEro: num(v("ani_ero")),
      aniStorySp: animationFlag(v("ani_story_sp")),
      aniStoryCg: animationFlag(v("ani_story_cg")),
      aniCutscene: animationFlag(v("ani_cutscene")),
      aniEroSp: animationFlag(v("ani_ero_sp")),
      aniEroCg: animationFlag(v("ani_ero_cg")),
      aniBg: bool(v("ani_bg")),
      aniFace: bool(v("ani_face")),
      drm: (drms.get(id) ?? []).map((x) => drmNames.get(x[1]!)).filter((x): x is string => x !== undefined),
      extlinks: oldLinks ? columnLinks(rel, r, "release") : (extlinks.get(id) ?? []),
    });
  }
  return out;
}
