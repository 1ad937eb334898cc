// External links. Today's dump keeps them in `extlinks` (id, site, value) joined to each
// entry by `vn_extlinks` / `releases_extlinks` / `producers_extlinks` / `staff_extlinks`;
// the 2024 dump had one `l_<site>` column per site on the entry (and `website`). Both read
// into the catalogue's {site, value}: a number where the site's URL template takes one
// (`%d`, from GET /schema's extlinks), the text otherwise.
import { EXTLINK_SITES, type ExtlinkEntity } from "../../schema/index.js";
import type { ExtlinkRow } from "../../emulator/catalogue/types.js";
import type { Row, TableBuffer } from "./table-buffer.js";

const numericSites = new Set<string>();
for (const list of Object.values(EXTLINK_SITES)) for (const s of list) if (s.urlFormat && /%[0-9]*d/.test(s.urlFormat)) numericSites.add(s.name);

/** The catalogue's value for a link: a number for sites whose URL template formats one. */
export function linkValue(site: string, value: string): string | number {
  return numericSites.has(site) && /^[0-9]+$/.test(value) ? Number(value) : value;
}

/** extlinks by id. */
export function linkTable(extlinks: TableBuffer): Map<number, ExtlinkRow> {
  const out = new Map<number, ExtlinkRow>();
  const [id, site, value] = [extlinks.at("id"), extlinks.at("site"), extlinks.at("value")];
  for (const r of extlinks.rows) out.set(Number(r[id]), { site: r[site]!, value: linkValue(r[site]!, r[value] ?? "") });
  return out;
}

/** The links of each entry from a `<entity>_extlinks` table (rows whose link is unknown are dropped). */
export function entryLinks(table: TableBuffer, links: ReadonlyMap<number, ExtlinkRow>): Map<string, ExtlinkRow[]> {
  const out = new Map<string, ExtlinkRow[]>();
  const [id, link] = [table.at("id"), table.at("link")];
  for (const r of table.rows) {
    const l = links.get(Number(r[link]));
    if (!l) continue;
    const list = out.get(r[id]!);
    if (list) list.push(l);
    else out.set(r[id]!, [l]);
  }
  return out;
}

/** The 2024 dump's `l_<site>` columns (and `website`) of one row; empty strings and 0 mean no link. */
export function columnLinks(table: TableBuffer, row: Row, _entity: ExtlinkEntity): ExtlinkRow[] {
  const out: ExtlinkRow[] = [];
  const cols = table.has("website") ? ["website", ...table.prefixed] : table.prefixed;
  for (const c of cols) {
    const v = row[table.at(c)];
    if (v === null || v === "" || v === "0") continue;
    // l_site was staff's website column in the 2024 dump.
    const site = c === "website" || c === "l_site" ? "website" : c.slice(2);
    out.push({ site, value: linkValue(site, v) });
  }
  return out;
}
