// Ground truth straight from the catalogue's data files (the raw tables the emulator loads),
// never through the emulator's engine or the server, so an answer and its truth cannot share
// a bug. Rules that VNDB states (visibility of private list entries, a VN's developers) are
// restated here from the reference, not imported from src/emulator.

import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import type { Catalogue, ReleaseRow, RlistRow, UlistRow, VnRow } from "../../src/emulator/catalogue/types.js";

export type { Catalogue, ReleaseRow, RlistRow, UlistRow, VnRow };

/** The list tables a run can change: the catalogue's at the start, the emulator's state file after. */
export interface ListTables {
  ulist: UlistRow[];
  rlist: RlistRow[];
}

export function catalogue(): Catalogue {
  return loadCatalogue();
}

/** Indexes over the raw tables, built once per catalogue. */
export class Facts {
  readonly vns: VnRow[];
  private readonly vnById = new Map<string, VnRow>();
  private readonly tagById: Map<string, Catalogue["tag"][number]>;
  private readonly producerById: Map<string, Catalogue["producer"][number]>;
  private readonly developersByVn = new Map<string, string[]>();
  private charactersByVn: Map<string, Catalogue["character"]> | undefined;
  private readonly staffByAid = new Map<number, { sid: string; alias: Catalogue["staff"][number]["aliases"][number] }>();
  /** Visible releases per VN: the questions ask for them per VN thousands of times. */
  private readonly releasesByVn = new Map<string, Catalogue["release"]>();

  constructor(readonly cat: Catalogue = catalogue()) {
    this.vns = cat.vn.filter((v) => !v.hidden);
    for (const v of cat.vn) this.vnById.set(v.id, v);
    this.tagById = new Map(cat.tag.map((t) => [t.id, t]));
    this.producerById = new Map(cat.producer.map((p) => [p.id, p]));
    for (const s of cat.staff) if (!s.hidden) for (const a of s.aliases) this.staffByAid.set(a.aid, { sid: s.id, alias: a });
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

  /** c_developers: developers of official, non-hidden releases (reference §6). Asked per VN many times: kept. */
  developers(vid: string): string[] {
    const known = this.developersByVn.get(vid);
    if (known) return known;
    const names = new Set<string>();
    for (const r of this.releasesOf(vid)) {
      if (!r.official) continue;
      for (const p of r.producers) {
        const row = this.producerById.get(p.producer);
        // The API's `name` is the romanised name when there is one.
        if (p.developer && row && !row.hidden) names.add(row.latin ?? row.name);
      }
    }
    const list = [...names];
    this.developersByVn.set(vid, list);
    return list;
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

  /** A staff alias's names: original script first, then the romanisation. Placeholder rows (a bare id) have none. */
  aliasNames(aid: number): string[] {
    const a = this.staffByAid.get(aid)?.alias;
    if (!a || /^s[0-9]+$/.test(a.name)) return [];
    return [a.name, ...(a.latin ? [a.latin] : [])];
  }

  /** The person (staff id) an alias belongs to. */
  staffOf(aid: number): string | undefined {
    return this.staffByAid.get(aid)?.sid;
  }

  /** Named, visible characters of a VN a spoiler-0 reader sees (the link itself not a spoiler). */
  charactersOf(vid: string): Catalogue["character"] {
    if (!this.charactersByVn) {
      this.charactersByVn = new Map();
      for (const c of this.cat.character) {
        if (c.hidden) continue;
        for (const v of new Set(c.vns.filter((x) => x.spoiler === 0).map((x) => x.vn))) this.charactersByVn.set(v, [...(this.charactersByVn.get(v) ?? []), c]);
      }
    }
    return this.charactersByVn.get(vid) ?? [];
  }

  /**
   * Whether any visible entry carries this tag (or trait) or one below it: VNDB's tag and
   * trait filters match child tags too, so an unused parent alone does not make a filter empty.
   */
  tagUsed(id: string): boolean {
    return this.subtree(this.cat.tag, id).some((t) => this.vns.some((v) => v.tags.some((x) => x.tag === t)));
  }

  traitUsed(id: string): boolean {
    return this.subtree(this.cat.trait, id).some((t) => this.cat.character.some((c) => !c.hidden && c.traits.some((x) => x.trait === t)));
  }

  private subtree(rows: { id: string; parents: string[] }[], id: string): string[] {
    const out = [id];
    for (let i = 0; i < out.length; i++) for (const r of rows) if (r.parents.includes(out[i]!) && !out.includes(r.id)) out.push(r.id);
    return out;
  }

  /** A release's main title as the API gives it (latin form when there is one). */
  releaseTitle(r: ReleaseRow): string {
    const t = r.titles.find((x) => x.lang === r.olang) ?? r.titles[0];
    const vn = this.vn(r.vns[0]?.vn ?? "");
    return t?.latin ?? t?.title ?? (vn ? this.title(vn) : r.id);
  }

  /** The list tables as the catalogue starts them (what a run without writes still shows). */
  initialLists(): ListTables {
    return { ulist: this.cat.ulist, rlist: this.cat.rlist };
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
