// Ground truth straight from the catalogue's data files (the raw tables the emulator loads),
// never through the emulator's engine or the server, so an answer and its truth cannot share
// a bug. Rules that VNDB states (visibility of private list entries, a VN's developers) are
// restated here from the reference, not imported from src/emulator.

import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import type { Catalogue, UlistRow, VnRow } from "../../src/emulator/catalogue/types.js";

export type { Catalogue, VnRow };

export function catalogue(): Catalogue {
  return loadCatalogue();
}

/** Indexes over the raw tables, built once per catalogue. */
export class Facts {
  readonly vns: VnRow[];
  private readonly vnById = new Map<string, VnRow>();
  private readonly tagById: Map<string, Catalogue["tag"][number]>;
  private readonly producerById: Map<string, Catalogue["producer"][number]>;
  /** Visible releases per VN: the questions ask for them per VN thousands of times. */
  private readonly releasesByVn = new Map<string, Catalogue["release"]>();

  constructor(readonly cat: Catalogue = catalogue()) {
    this.vns = cat.vn.filter((v) => !v.hidden);
    for (const v of cat.vn) this.vnById.set(v.id, v);
    this.tagById = new Map(cat.tag.map((t) => [t.id, t]));
    this.producerById = new Map(cat.producer.map((p) => [p.id, p]));
    for (const r of cat.release) {
      if (r.hidden) continue;
      for (const vid of new Set(r.vns.map((x) => x.vn))) {
        const list = this.releasesByVn.get(vid);
        if (list) list.push(r);
        else this.releasesByVn.set(vid, [r]);
      }
    }
  }

  vn(id: string): VnRow | undefined {
    return this.vnById.get(id);
  }

  /** The main title: the title row in the original language (latin form when given). */
  title(v: VnRow): string {
    const t = v.titles.find((x) => x.lang === v.olang) ?? v.titles[0];
    return t ? (t.latin ?? t.title) : v.id;
  }

  /** VNs by vote count, most first (the ones users ask about), ties by id. */
  popular(pred: (v: VnRow) => boolean = () => true): VnRow[] {
    return this.vns.filter(pred).sort((a, b) => b.votecount - a.votecount || idNum(a.id) - idNum(b.id));
  }

  releasesOf(vid: string): Catalogue["release"] {
    return this.releasesByVn.get(vid) ?? [];
  }

  /** c_developers: developers of official, non-hidden releases (reference §6). */
  developers(vid: string): string[] {
    const names = new Set<string>();
    for (const r of this.releasesOf(vid)) {
      if (!r.official) continue;
      for (const p of r.producers) {
        const row = this.producerById.get(p.producer);
        // The API's `name` is the romanised name when there is one.
        if (p.developer && row && !row.hidden) names.add(row.latin ?? row.name);
      }
    }
    return [...names];
  }

  platforms(vid: string): string[] {
    const v = this.vn(vid);
    if (v?.cPlatforms) return v.cPlatforms;
    return [...new Set(this.releasesOf(vid).flatMap((r) => r.platforms))].sort();
  }

  languages(vid: string): string[] {
    const v = this.vn(vid);
    if (v?.cLanguages) return v.cLanguages;
    return [...new Set(this.releasesOf(vid).flatMap((r) => r.titles.filter((t) => !t.mtl).map((t) => t.lang)))].sort();
  }

  tagName(id: string): string {
    return this.tagById.get(id)?.name ?? id;
  }

  tagCategory(id: string): string | undefined {
    return this.tagById.get(id)?.category;
  }

  /** A VN's tags a spoiler-0 reader may see: not spoilers, not lies, with this rating or more. */
  safeTags(v: VnRow, minRating: number): { tag: string; name: string; rating: number }[] {
    return v.tags
      .filter((t) => t.spoiler === 0 && !t.lie && t.rating >= minRating)
      .sort((a, b) => b.rating - a.rating)
      .map((t) => ({ tag: t.tag, name: this.tagName(t.tag), rating: t.rating }));
  }

  userName(uid: string): string | null {
    return this.cat.users.find((u) => u.id === uid)?.username ?? null;
  }

  /**
   * A user's list as a reader sees it. The owner sees everything; anyone else sees entries
   * with at least one public label (reference §4.5/§12: private entries are hidden).
   */
  listOf(uid: string, asOwner: boolean): UlistRow[] {
    const labels = new Map(this.cat.labels.filter((l) => l.uid === uid).map((l) => [l.id, l]));
    return this.cat.ulist
      .filter((e) => e.uid === uid && this.vn(e.vid) && !this.vn(e.vid)!.hidden)
      .filter((e) => asOwner || e.labels.some((id) => labels.get(id)?.private === false));
  }

  labelName(uid: string, id: number): string | undefined {
    return this.cat.labels.find((l) => l.uid === uid && l.id === id)?.label;
  }

  /** The user whose list is longest among users with a list-reading token, and that token. */
  listOwner(): { uid: string; token: string; name: string | null } {
    const readers = this.cat.tokens.filter((t) => t.listread);
    const best = readers
      .map((t) => ({ t, n: this.listOf(t.uid, true).length }))
      .sort((a, b) => b.n - a.n || idNum(a.t.uid) - idNum(b.t.uid))[0];
    if (!best) throw new Error("the catalogue has no token with listread");
    return { uid: best.t.uid, token: best.t.token, name: this.userName(best.t.uid) };
  }
}

export function idNum(id: string): number {
  return Number(id.slice(1));
}

/** The insight numbers of a list, stated from the rows (votes are 10..100). */
export function insightTruth(f: Facts, uid: string, asOwner: boolean) {
  const list = f.listOf(uid, asOwner);
  const voted = list.filter((e) => e.vote !== null);
  const labelCounts = new Map<string, number>();
  for (const e of list) {
    for (const id of e.labels) {
      const name = f.labelName(uid, id);
      if (name) labelCounts.set(name, (labelCounts.get(name) ?? 0) + 1);
    }
  }
  const finishedByYear: Record<string, number> = {};
  for (const e of list) if (e.finished) finishedByYear[e.finished.slice(0, 4)] = (finishedByYear[e.finished.slice(0, 4)] ?? 0) + 1;
  const high = list.filter((e) => (e.vote ?? 0) >= 80);
  const devCounts = new Map<string, number>();
  for (const e of high) for (const d of f.developers(e.vid)) devCounts.set(d, (devCounts.get(d) ?? 0) + 1);
  const topDevCount = Math.max(0, ...devCounts.values());
  return {
    entries: list.length,
    labelCounts,
    votes: voted.length,
    average: voted.length ? voted.reduce((n, e) => n + e.vote!, 0) / voted.length / 10 : null,
    finishedByYear,
    highVoted: high.length,
    /** Every developer tied for the most highly voted entries. */
    topDevelopers: [...devCounts].filter(([, n]) => n === topDevCount && n > 0).map(([d]) => d),
    best: [...voted].sort((a, b) => b.vote! - a.vote!)[0],
  };
}
