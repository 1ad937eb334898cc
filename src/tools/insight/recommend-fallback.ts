// Recommendations when the seeds have no content tags to compare by (issue 21): most VNs in
// the offline sample have no tag votes, and some live VNs have none either. The seeds' own
// data still says something: who made them (developers), who wrote, drew and scored them
// (staff credits), what they are related to (sequels, fandiscs) and how they were rated.
// One candidate request asks for VNs sharing any of these; each pick says what it shares.

import type { VndbApi } from "../api.js";

/** Staff roles that shape what a VN is like, by what a reader calls them (GET /schema staff_role). */
export const CREDIT_ROLES: Readonly<Record<string, string>> = {
  scenario: "writer",
  art: "artist",
  chardesign: "artist",
  music: "composer",
};

/** VNDB's relation codes (reference: VN `relations[]`.relation) in words: the related VN is the … of the seed. */
const RELATION_WORDS: Readonly<Record<string, string>> = {
  seq: "sequel",
  preq: "prequel",
  set: "same setting as",
  alt: "alternative version",
  char: "shares characters with",
  side: "side story",
  par: "parent story",
  ser: "same series as",
  fan: "fandisc",
  orig: "original game",
};

/** What each shared thing weighs: a direct relation most, then the makers. */
const WEIGHTS = { relation: 3, developer: 2, writer: 2, artist: 1.5, composer: 1 } as const;

/** Clauses per kind in the one candidate request (VNDB allows many; these keep it readable). */
const MAX_DEVELOPERS = 5;
const MAX_CREDITS = 8;
const MAX_RELATIONS = 10;

/** Seed fields the fallback needs, added to the seed request. */
export const FALLBACK_SEED_FIELDS = "rating,developers{id,name},staff{id,name,role},relations{id,title,relation}";

export interface FallbackSeed {
  id: string;
  title: string;
  rating?: number | null;
  developers?: { id: string; name: string }[];
  staff?: { id: string; name: string; role: string }[];
  relations?: { id: string; title: string; relation: string }[];
}

interface Candidate {
  id: string;
  title: string;
  rating?: number | null;
  developers?: { id: string; name: string }[];
  staff?: { id: string; name: string; role: string }[];
}

export interface FallbackPick {
  id: string;
  title: string;
  rating: number | null;
  /** What it shares with the seeds, in words: "developer KID", "writer s12 Uchikoshi Koutarou", "sequel of v17". */
  shares: string[];
  score: number;
  /**
   * Shares only artist or composer credits: a thin link (a composer scores many unlike VNs),
   * ranked below any pick sharing a relation, developer or writer, and marked (issue 29 item 9).
   */
  weak: boolean;
}

/** What a pick shares that makes it a match on its own. */
const STRONG_KINDS: ReadonlySet<string> = new Set(["relation", "developer", "writer"]);

export interface FallbackSignals {
  developers: { id: string; name: string }[];
  credits: { id: string; name: string; as: string }[];
  relations: { id: string; title: string; relation: string; of: string }[];
}

/** The signals the seeds offer, de-duplicated, in the order they are asked for. */
export function fallbackSignals(seeds: readonly FallbackSeed[]): FallbackSignals {
  const developers = new Map<string, { id: string; name: string }>();
  const credits = new Map<string, { id: string; name: string; as: string }>();
  const relations = new Map<string, { id: string; title: string; relation: string; of: string }>();
  const seedIds = new Set(seeds.map((s) => s.id));
  for (const s of seeds) {
    for (const d of s.developers ?? []) if (!developers.has(d.id)) developers.set(d.id, { id: d.id, name: d.name });
    for (const c of s.staff ?? []) {
      const as = CREDIT_ROLES[c.role];
      if (as && !credits.has(c.id)) credits.set(c.id, { id: c.id, name: c.name, as });
    }
    for (const r of s.relations ?? []) {
      if (!seedIds.has(r.id) && !relations.has(r.id)) relations.set(r.id, { id: r.id, title: r.title, relation: r.relation, of: s.id });
    }
  }
  return {
    developers: [...developers.values()].slice(0, MAX_DEVELOPERS),
    credits: [...credits.values()].slice(0, MAX_CREDITS),
    relations: [...relations.values()].slice(0, MAX_RELATIONS),
  };
}

export function hasSignals(s: FallbackSignals): boolean {
  return s.developers.length + s.credits.length + s.relations.length > 0;
}

/** The signals in words, for the answer's head: "developers KID; writer s12 …; relations of v17". */
export function signalsText(s: FallbackSignals): string {
  const parts: string[] = [];
  if (s.developers.length) parts.push(`shared developers (${s.developers.map((d) => d.name).join(", ")})`);
  if (s.credits.length) parts.push(`shared staff (${s.credits.map((c) => `${c.as} ${c.name}`).join(", ")})`);
  if (s.relations.length) parts.push(`relations (${s.relations.length} related VNs)`);
  return parts.join(", ");
}

/** One /vn request for VNs sharing any signal, within `extra` (seeds excluded, lang, platform…). */
export async function fallbackCandidates(
  api: VndbApi,
  signals: FallbackSignals,
  extra: readonly unknown[],
  results: number,
  signal: AbortSignal | undefined,
): Promise<Candidate[]> {
  const any: unknown[] = [
    ...signals.relations.map((r) => ["id", "=", r.id]),
    ...signals.developers.map((d) => ["developer", "=", ["id", "=", d.id]]),
    ...signals.credits.map((c) => ["staff", "=", ["id", "=", c.id]]),
  ];
  const match = any.length === 1 ? any[0] : ["or", ...any];
  const res = await api.query(
    "vn",
    { filters: ["and", match, ...extra], fields: "title,rating,developers{id,name},staff{id,name,role}", sort: "rating", reverse: true, results },
    { signal },
  );
  return res.results as unknown as Candidate[];
}

/** The seeds' mean rating, for the tie-break; null when none has one. */
export function meanRating(seeds: readonly FallbackSeed[]): number | null {
  const rated = seeds.map((s) => s.rating).filter((r): r is number => typeof r === "number");
  return rated.length ? rated.reduce((a, b) => a + b, 0) / rated.length : null;
}

/**
 * Candidates scored by what they share; ties go to the rating closest to the seeds' mean
 * (the votes' verdict on the seeds), then the higher rating.
 */
export function scoreFallback(candidates: readonly Candidate[], signals: FallbackSignals, mean: number | null): FallbackPick[] {
  const devs = new Map(signals.developers.map((d) => [d.id, d]));
  const credits = new Map(signals.credits.map((c) => [c.id, c]));
  const relations = new Map(signals.relations.map((r) => [r.id, r]));
  const picks: FallbackPick[] = [];
  for (const c of candidates) {
    const shares: string[] = [];
    let score = 0;
    let strong = false;
    const rel = relations.get(c.id);
    if (rel) {
      strong = true;
      const word = RELATION_WORDS[rel.relation] ?? rel.relation;
      shares.push(word.endsWith(" as") || word.endsWith(" with") ? `${word} ${rel.of}` : `${word} of ${rel.of}`);
      score += WEIGHTS.relation;
    }
    // Grouped per kind ("developers KID, Regista; writer s548 Uchikoshi Koutarou"): one line per pick stays short.
    const groups = new Map<string, string[]>();
    const add = (kind: string, what: string, weight: number) => {
      const list = groups.get(kind) ?? [];
      if (list.includes(what)) return;
      list.push(what);
      groups.set(kind, list);
      score += weight;
      if (STRONG_KINDS.has(kind)) strong = true;
    };
    for (const d of c.developers ?? []) if (devs.has(d.id)) add("developer", d.name, WEIGHTS.developer);
    for (const st of c.staff ?? []) {
      const as = CREDIT_ROLES[st.role];
      // One person credited under two aliases (s1288 as Mameda Susumu and Kinugasa Michio) is
      // one reason, named as the seed credits them.
      const seed = credits.get(st.id);
      if (seed && as) add(as, `${st.id} ${seed.name}`, WEIGHTS[as as keyof typeof WEIGHTS]);
    }
    for (const [kind, list] of groups) shares.push(`${kind}${list.length > 1 ? "s" : ""} ${list.join(", ")}`);
    if (shares.length) picks.push({ id: c.id, title: c.title, rating: c.rating ?? null, shares, score, weak: !strong });
  }
  const distance = (p: FallbackPick) => (mean === null || p.rating === null ? Infinity : Math.abs(p.rating - mean));
  return picks.sort((a, b) => Number(a.weak) - Number(b.weak) || b.score - a.score || distance(a) - distance(b) || (b.rating ?? 0) - (a.rating ?? 0));
}

/**
 * The signals no candidate shared, each with why: nothing else carries it (within the
 * filters), or everything that does is on the user's list. Said so that a named developer or
 * writer that yields nothing is not read as overlooked (issue 29 item 9).
 */
export function barrenSignals(signals: FallbackSignals, candidates: readonly Candidate[], onList: ReadonlySet<string>, filtered: boolean): string[] {
  const out: string[] = [];
  const why = (hits: readonly Candidate[]) =>
    hits.length === 0 ? `no other VN${filtered ? " within the filters" : ""}` : hits.every((c) => onList.has(c.id)) ? `its ${hits.length} other VN${hits.length === 1 ? " is" : "s are all"} on the list` : null;
  for (const d of signals.developers) {
    const w = why(candidates.filter((c) => (c.developers ?? []).some((x) => x.id === d.id)));
    if (w) out.push(`developer ${d.name} (${w})`);
  }
  for (const cr of signals.credits) {
    const w = why(candidates.filter((c) => (c.staff ?? []).some((x) => x.id === cr.id && CREDIT_ROLES[x.role] !== undefined)));
    if (w) out.push(`${cr.as} ${cr.name} (${w})`);
  }
  const unrelated = signals.relations.filter((r) => !candidates.some((c) => c.id === r.id));
  if (unrelated.length) out.push(`${unrelated.length} related VN${unrelated.length === 1 ? "" : "s"} (outside the filters)`);
  return out;
}
