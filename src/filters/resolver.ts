// Names → ids for filter values. A model knows "Key", "Nakige" or "Kotaro Uchikoshi", not
// p24, g1234 or s81; VNDB filters need ids. Resolution prefers an exact name or alias match
// (as VNDB normalises search terms), accepts a single search hit, and otherwise refuses
// with the candidates and their ids, never guessing between several.

import type { QueryEndpoint } from "../kana/types.js";
import { normalizeSearchTerm } from "../kana/search-normalize.js";

export type NameKind = "tag" | "trait" | "producer" | "staff" | "character" | "vn";

export interface Candidate {
  id: string;
  name: string;
  /** A short distinguishing detail: category, group, original name, first VN … */
  note?: string;
}

export type Resolution =
  | {
      ok: true;
      id: string;
      name: string;
      /** "exact" name/alias match or the only "search" hit */
      how: "exact" | "search";
      /** A person's other credited names (staff only): credits under them count too. */
      others?: string[];
    }
  | { ok: false; reason: "ambiguous" | "unknown"; candidates: Candidate[] };

/** What the filter helper needs; tests inject fakes, the server the Kana-backed one. */
export interface NameResolver {
  resolve(kind: NameKind, name: string): Promise<Resolution>;
}

/** The query function of KanaClient (or anything shaped like it). */
export type QueryFn = (
  endpoint: QueryEndpoint,
  body: Record<string, unknown>,
) => Promise<{ results: Record<string, unknown>[]; more: boolean }>;

/**
 * Resolutions are kept this long. Names and ids of tags, traits, producers and staff change
 * rarely (renames go through moderated edits); an hour keeps a conversation to one request
 * per name while still seeing new entries the same day.
 */
export const RESOLUTION_TTL_MS = 60 * 60 * 1000;

/** Cache entries kept at most; the oldest go first. Names in one session are few. */
export const RESOLUTION_CACHE_MAX = 1000;

/** Search hits fetched per name: enough to find an exact match among near-namesakes. */
export const RESOLUTION_RESULTS = 25;

/** Candidates listed in an ambiguity error; more would bury the right one. */
export const MAX_CANDIDATES = 8;

type Row = Record<string, unknown>;

interface KindSpec {
  endpoint: QueryEndpoint;
  fields: string;
  /** Names that count as exact, first the primary ones then aliases. */
  names(row: Row): { primary: string[]; aliases: string[] };
  display(row: Row): string;
  note(row: Row): string | undefined;
}

const s = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const named = (row: Row): string => [s(row.name), s(row.original) && s(row.original) !== s(row.name) ? `(${row.original})` : null].filter(Boolean).join(" ");

export const KIND_SPECS: Record<NameKind, KindSpec> = {
  tag: {
    endpoint: "tag",
    fields: "name,aliases,category,searchable",
    names: (r) => ({ primary: [s(r.name) ?? ""], aliases: strs(r.aliases) }),
    display: (r) => String(r.name),
    note: (r) => [s(r.category), r.searchable === false ? "not searchable" : null].filter(Boolean).join(", ") || undefined,
  },
  trait: {
    endpoint: "trait",
    fields: "name,aliases,group_name,searchable",
    names: (r) => ({ primary: [s(r.name) ?? ""], aliases: strs(r.aliases) }),
    display: (r) => String(r.name),
    // Trait names repeat across groups ("Hair > Black", "Eyes > Black"): the group tells them apart.
    note: (r) => [s(r.group_name), r.searchable === false ? "not searchable" : null].filter(Boolean).join(", ") || undefined,
  },
  producer: {
    endpoint: "producer",
    fields: "name,original,aliases,type",
    names: (r) => ({ primary: [s(r.name), s(r.original)].filter((x): x is string => !!x), aliases: strs(r.aliases) }),
    display: named,
    note: (r) => s(r.type) ?? undefined,
  },
  staff: {
    endpoint: "staff",
    // One row per alias; every row lists all names of the person.
    fields: "name,original,ismain,aliases.name,aliases.latin",
    names: (r) => ({
      primary: [s(r.name), s(r.original)].filter((x): x is string => !!x),
      aliases: Array.isArray(r.aliases) ? (r.aliases as Row[]).flatMap((a) => [s(a.name), s(a.latin)].filter((x): x is string => !!x)) : [],
    }),
    display: named,
    note: () => undefined,
  },
  character: {
    endpoint: "character",
    fields: "name,original,aliases,vns.title",
    names: (r) => ({ primary: [s(r.name), s(r.original)].filter((x): x is string => !!x), aliases: strs(r.aliases) }),
    display: named,
    note: (r) => (Array.isArray(r.vns) && r.vns.length ? s((r.vns[0] as Row).title) ?? undefined : undefined),
  },
  vn: {
    endpoint: "vn",
    fields: "title,alttitle,aliases,released,titles.title,titles.latin",
    names: (r) => ({
      primary: [s(r.title), s(r.alttitle), ...(Array.isArray(r.titles) ? (r.titles as Row[]).flatMap((t) => [s(t.title), s(t.latin)]) : [])].filter(
        (x): x is string => !!x,
      ),
      aliases: strs(r.aliases),
    }),
    display: (r) => [s(r.title), s(r.alttitle) ? `(${r.alttitle})` : null].filter(Boolean).join(" "),
    note: (r) => (typeof r.released === "string" ? r.released.slice(0, 4) : undefined),
  },
};

/** Exact-match key: VNDB's own search normalisation of the whole name (case, accents, punctuation). */
export function nameKey(name: string): string {
  return normalizeSearchTerm(name);
}

/** Picks the resolution from search results (pure; exported for tests). */
export function pickResolution(kind: NameKind, name: string, rows: Row[]): Resolution {
  const spec = KIND_SPECS[kind];
  const key = nameKey(name);
  // Staff come one row per alias: one candidate per person.
  const seen = new Set<string>();
  const unique = rows.filter((r) => typeof r.id === "string" && !seen.has(r.id) && seen.add(r.id as string));
  const candidate = (r: Row): Candidate => {
    const note = spec.note(r);
    return note ? { id: r.id as string, name: spec.display(r), note } : { id: r.id as string, name: spec.display(r) };
  };
  const primary = unique.filter((r) => spec.names(r).primary.some((n) => nameKey(n) === key));
  const alias = unique.filter((r) => spec.names(r).aliases.some((n) => nameKey(n) === key));
  const found = (r: Row, how: "exact" | "search"): Resolution => {
    const out: Resolution = { ok: true, id: r.id as string, name: spec.display(r), how };
    if (kind !== "staff") return out;
    const shown = new Set([nameKey(spec.display(r)), key, ...[s(r.name), s(r.original)].filter((x): x is string => !!x).map(nameKey)]);
    const others = [...new Set(spec.names(r).aliases)].filter((n) => !shown.has(nameKey(n)) && shown.add(nameKey(n)));
    return others.length ? { ...out, others } : out;
  };
  for (const group of [primary, alias]) {
    if (group.length === 1) return found(group[0], "exact");
    if (group.length > 1) return { ok: false, reason: "ambiguous", candidates: group.slice(0, MAX_CANDIDATES).map(candidate) };
  }
  if (unique.length === 1) return found(unique[0], "search");
  if (unique.length === 0) return { ok: false, reason: "unknown", candidates: [] };
  return { ok: false, reason: "ambiguous", candidates: unique.slice(0, MAX_CANDIDATES).map(candidate) };
}

/** The error text for a failed resolution, with candidates and ids. */
export function resolutionMessage(kind: NameKind, name: string, r: Extract<Resolution, { ok: false }>): string {
  if (r.reason === "unknown") return `Unknown ${kind} "${name}": no ${kind} matches that name. Check the spelling, or search with vndb_search_${kind === "vn" ? "vn" : kind}.`;
  const list = r.candidates.map((c) => `${c.id} ${c.name}${c.note ? ` (${c.note})` : ""}`).join(", ");
  return `Ambiguous ${kind} "${name}": ${list} — pass the id.`;
}

export interface KanaResolverOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/** A NameResolver over Kana queries, with a TTL cache and shared in-flight lookups. */
export function createKanaResolver(query: QueryFn, options: KanaResolverOptions = {}): NameResolver & { cacheSize(): number } {
  const ttl = options.ttlMs ?? RESOLUTION_TTL_MS;
  const max = options.maxEntries ?? RESOLUTION_CACHE_MAX;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; value: Promise<Resolution> }>();

  return {
    cacheSize: () => cache.size,
    resolve(kind, name) {
      const key = `${kind}\u0000${nameKey(name) || name}`;
      const hit = cache.get(key);
      if (hit && now() - hit.at < ttl) return hit.value;
      const spec = KIND_SPECS[kind];
      // Nothing searchable (only punctuation): VNDB would match everything, and refuse searchrank.
      if (!nameKey(name)) return Promise.resolve({ ok: false, reason: "unknown", candidates: [] });
      const value = query(spec.endpoint, {
        filters: ["search", "=", name],
        fields: spec.fields,
        sort: "searchrank",
        results: RESOLUTION_RESULTS,
      }).then((page) => pickResolution(kind, name, page.results));
      cache.delete(key);
      cache.set(key, { at: now(), value });
      // A failed request must not be remembered as an answer.
      value.catch(() => {
        if (cache.get(key)?.value === value) cache.delete(key);
      });
      while (cache.size > max) cache.delete(cache.keys().next().value as string);
      return value;
    },
  };
}
