// Titles and names as a reader wants them: the romanised form first (what English-language
// sources use), the original script in brackets so the model can match either.

type Entry = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** "Romanised (original)", or just one of them when the other is absent or identical. */
export function withOriginal(romanised: string | null, original: string | null): string | null {
  if (romanised && original && original !== romanised) return `${romanised} (${original})`;
  return romanised ?? original;
}

/**
 * The display title of any VNDB entry: VNs and releases (`title`/`alttitle`, or the main
 * entry of `titles[]`), producers, characters and staff (`name`/`original`), tags and traits
 * (`name`), list labels (`label`), list entries (their `vn`), quotes (the quote text).
 */
export function displayTitle(entry: Entry): string | null {
  const title = str(entry.title);
  if (title) return withOriginal(title, str(entry.alttitle));
  if (Array.isArray(entry.titles)) {
    const main = (entry.titles as Entry[]).find((t) => t && t.main === true);
    if (main) return withOriginal(str(main.latin) ?? str(main.title), str(main.latin) ? str(main.title) : null);
  }
  const name = str(entry.name);
  if (name) return withOriginal(name, str(entry.original));
  const label = str(entry.label);
  if (label) return label;
  const quote = str(entry.quote);
  if (quote) return `“${quote}”`;
  if (entry.vn && typeof entry.vn === "object") return displayTitle(entry.vn as Entry);
  return null;
}

/** The keys displayTitle consumes, which a renderer need not repeat. */
export const TITLE_KEYS: ReadonlySet<string> = new Set(["title", "alttitle", "name", "original", "label"]);
