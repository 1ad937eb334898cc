// `extlinks` objects {name, label, id, url} (reference §6.10, enrich_vislinks in
// lib/VNDB/ExtLinks.pm). Labels and URL templates come from the GET /schema snapshot;
// sites the schema omits because they have no URL parser get their own rule here.
import { EXTLINK_SITES, type ExtlinkEntity } from "../../schema/index.js";
import type { ExtlinkRow } from "../catalogue/types.js";

interface SiteRule {
  label: string;
  /** printf-style template; null = the stored value is the URL itself. */
  format: string | null;
}

/** Sites without a parser, absent from GET /schema but present in results (§4.1). */
const UNPARSED_SITES: Record<string, SiteRule> = {
  website: { label: "Official website", format: null },
  wp: { label: "Wikipedia", format: "https://en.wikipedia.org/wiki/%s" },
  encubed: { label: "Encubed", format: "http://novelnews.net/tag/%s/" },
  erotrail: { label: "ErogeTrailers", format: "http://erogetrailers.com/soft/%d" },
  dlsiteen: { label: "DLsite (eng)", format: "https://www.dlsite.com/eng/work/=/product_id/%s.html" },
};

/** Synthetic link added after every Steam link of a release (§6.10). */
const STEAMDB: SiteRule = { label: "SteamDB", format: "https://steamdb.info/app/%d/info" };

/** Release links come first in this order (§6.10); the rest follow by site name. */
const RELEASE_ORDER = ["website", "egs", "steam", "steamdb", "dlsite", "gog"];
/** VN links: Wikipedia/Wikidata first, then the rest by name, `renai` last (§6.10). */
const VN_ORDER = ["enwiki", "jawiki", "wikidata"];

const rules = new Map<string, Map<string, SiteRule>>();
function rulesFor(entity: ExtlinkEntity): Map<string, SiteRule> {
  let m = rules.get(entity);
  if (!m) {
    m = new Map();
    for (const [name, r] of Object.entries(UNPARSED_SITES)) m.set(name, r);
    for (const s of EXTLINK_SITES[entity]) m.set(s.name, { label: s.label, format: s.urlFormat });
    rules.set(entity, m);
  }
  return m;
}

/** DLsite's first placeholder is the shop section, chosen by the product id's prefix. */
function dlsiteSection(id: string): string {
  if (/^VJ/i.test(id)) return "pro";
  if (/^BJ/i.test(id)) return "books";
  if (/^RE/i.test(id)) return "eng";
  return "maniax";
}

/** Fills a printf template: %s, %d and zero-padded %0Nd, one value part per placeholder. */
export function formatUrl(format: string, value: string | number, site: string): string {
  const text = String(value);
  const count = (format.match(/%(0\d+)?[sd]/g) ?? []).length;
  let parts: string[];
  if (count <= 1) parts = [text];
  else if (site === "dlsite") parts = [dlsiteSection(text), text];
  else parts = text.split("/", count);
  let i = 0;
  return format.replace(/%(0(\d+))?([sd])/g, (_m, _p, width: string | undefined, kind: string) => {
    const part = parts[i++] ?? "";
    if (kind === "d" && width) return part.padStart(Number(width), "0");
    return part;
  });
}

export type ExtlinkObject = { name: string; label: string; id: string | number; url: string };

/** All link objects of an entry, in VNDB's order (callers pick the selected keys). */
export function extlinkObjects(entity: ExtlinkEntity, links: ExtlinkRow[]): ExtlinkObject[] {
  const r = rulesFor(entity);
  const out: ExtlinkObject[] = [];
  for (const l of links) {
    const rule = r.get(l.site) ?? { label: l.site, format: null };
    out.push({
      name: l.site,
      label: rule.label,
      id: l.value,
      url: rule.format === null ? String(l.value) : formatUrl(rule.format, l.value, l.site),
    });
    if (entity === "release" && l.site === "steam" && STEAMDB.format) {
      out.push({ name: "steamdb", label: STEAMDB.label, id: l.value, url: formatUrl(STEAMDB.format, l.value, "steamdb") });
    }
  }
  const order = entity === "release" ? RELEASE_ORDER : entity === "vn" ? VN_ORDER : [];
  const rank = (n: string) => {
    const i = order.indexOf(n);
    if (i >= 0) return i;
    return entity === "vn" && n === "renai" ? 1000 : 500;
  };
  // Stable sort keeps a steam link directly before its steamdb link.
  return out
    .map((o, i) => ({ o, i }))
    .sort((a, b) => rank(a.o.name) - rank(b.o.name) || (rank(a.o.name) === 500 ? cmpStr(a.o.name, b.o.name) : 0) || a.i - b.i)
    .map((x) => x.o);
}

function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
