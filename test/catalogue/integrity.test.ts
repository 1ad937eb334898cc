// Referential integrity of the committed catalogue: every id a row names exists (hidden
// targets are allowed: VNDB keeps links to deleted entries and filters them on output),
// ids are unique, and the derived views agree with each other.
import { describe, expect, it } from "vitest";
import { testCatalogue } from "../../src/emulator/presets/test.js";
import type { Catalogue } from "../../src/emulator/catalogue/types.js";

// The test preset: the real catalogue plus the hand-made rows, which cover what the real data lacks.
const cat = testCatalogue();

/** Every (from, to) reference in the catalogue, by the kind of id it points at. */
function references(c: Catalogue): { from: string; kind: string; to: string }[] {
  const refs: { from: string; kind: string; to: string }[] = [];
  const add = (from: string, kind: string, to: string | null) => {
    if (to !== null) refs.push({ from, kind, to });
  };
  for (const v of c.vn) {
    add(v.id, "image", v.image);
    for (const s of v.screenshots) {
      add(v.id, "image", s.image);
      add(v.id, "release", s.release);
    }
    for (const r of v.relations) add(v.id, "vn", r.vn);
    for (const t of v.tags) add(v.id, "tag", t.tag);
    for (const s of v.staff) add(v.id, "aid", String(s.aid));
    for (const a of v.va) {
      add(v.id, "aid", String(a.aid));
      add(v.id, "character", a.character);
    }
  }
  for (const r of c.release) {
    for (const v of r.vns) add(r.id, "vn", v.vn);
    for (const p of r.producers) add(r.id, "producer", p.producer);
    for (const i of r.images) {
      add(r.id, "image", i.image);
      add(r.id, "vn", i.vn);
    }
  }
  for (const p of c.producer) for (const r of p.relations ?? []) add(p.id, "producer", r.producer);
  for (const ch of c.character) {
    add(ch.id, "image", ch.image);
    for (const v of ch.vns) {
      add(ch.id, "vn", v.vn);
      add(ch.id, "release", v.release);
    }
    for (const t of ch.traits) add(ch.id, "trait", t.trait);
  }
  for (const t of c.tag) for (const p of t.parents) add(t.id, "tag", p);
  for (const t of c.trait) for (const p of t.parents) add(t.id, "trait", p);
  for (const q of c.quote) {
    add(q.id, "vn", q.vn);
    add(q.id, "character", q.character);
  }
  for (const l of c.labels) add(`label ${l.uid}/${l.id}`, "user", l.uid);
  for (const e of c.ulist) {
    add(`ulist ${e.uid}/${e.vid}`, "user", e.uid);
    add(`ulist ${e.uid}/${e.vid}`, "vn", e.vid);
  }
  for (const e of c.rlist) {
    add(`rlist ${e.uid}/${e.rid}`, "user", e.uid);
    add(`rlist ${e.uid}/${e.rid}`, "release", e.rid);
  }
  for (const t of c.tokens) add(`token of ${t.uid}`, "user", t.uid);
  for (const e of c.lengthVotes) {
    add(`lengthvote ${e.uid}/${e.vid}`, "user", e.uid);
    add(`lengthvote ${e.uid}/${e.vid}`, "vn", e.vid);
  }
  return refs;
}

function idsOf(c: Catalogue): Record<string, Set<string>> {
  return {
    image: new Set(c.images.map((i) => i.id)),
    vn: new Set(c.vn.map((v) => v.id)),
    release: new Set(c.release.map((r) => r.id)),
    producer: new Set(c.producer.map((p) => p.id)),
    character: new Set(c.character.map((x) => x.id)),
    tag: new Set(c.tag.map((t) => t.id)),
    trait: new Set(c.trait.map((t) => t.id)),
    user: new Set(c.users.map((u) => u.id)),
    aid: new Set(c.staff.flatMap((s) => s.aliases.map((a) => String(a.aid)))),
  };
}

function dangling(c: Catalogue): string[] {
  const ids = idsOf(c);
  return references(c)
    .filter((r) => !ids[r.kind].has(r.to))
    .map((r) => `${r.from} → ${r.kind} ${r.to}`);
}

describe("catalogue referential integrity", () => {
  it("has no dangling reference", () => {
    expect(dangling(cat)).toEqual([]);
  });

  it("detects a dangling reference (the check can fail)", () => {
    const broken: Catalogue = { ...cat, vn: cat.vn.filter((v) => v.id !== "v6540") };
    expect(dangling(broken)).toContain("q900001 → vn v6540");
  });

  it("references hidden entries only on purpose: a deleted VN and the manual hidden rows", () => {
    const hidden = new Set(
      [cat.vn, cat.release, cat.producer, cat.character, cat.staff, cat.quote].flatMap((rows) =>
        rows.filter((r) => r.hidden).map((r) => r.id),
      ),
    );
    const staffOfAid = new Map(cat.staff.flatMap((s) => s.aliases.map((a) => [String(a.aid), s.id] as const)));
    const target = (r: { kind: string; to: string }) => (r.kind === "aid" ? staffOfAid.get(r.to)! : r.to);
    const hiddenTargets = new Set(references(cat).map(target).filter((id) => hidden.has(id)));
    // Only the manual hidden rows: the real rows link to VNs the 2025/2026 data still knows.
    expect([...hiddenTargets].sort()).toEqual(["c900002", "p900003", "r900006", "s900003", "v900003"]);
  });

  it("keeps as hidden rows the deleted VNs that real staff credits name", () => {
    const hiddenVns = cat.vn.filter((v) => v.hidden && !v.manual);
    // v9318: credited by a 2020 staff record, absent from the 2025 titles and 2026 descriptions.
    expect(hiddenVns.map((v) => v.id).sort()).toEqual(["v9318"]);
    const credited = hiddenVns.filter((v) => v.staff.length > 0).map((v) => v.id);
    expect(credited.length).toBeGreaterThan(0);
  });

  it("has unique ids per entity, unique staff alias ids and unique list keys", () => {
    for (const rows of [cat.images, cat.vn, cat.release, cat.producer, cat.character, cat.staff, cat.tag, cat.trait, cat.quote, cat.users]) {
      const ids = rows.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    const aids = cat.staff.flatMap((s) => s.aliases.map((a) => a.aid));
    expect(new Set(aids).size).toBe(aids.length);
    for (const [rows, key] of [
      [cat.ulist, (e: { uid: string; vid: string }) => `${e.uid}/${e.vid}`],
      [cat.rlist, (e: { uid: string; rid: string }) => `${e.uid}/${e.rid}`],
      [cat.labels, (e: { uid: string; id: number }) => `${e.uid}/${e.id}`],
    ] as const) {
      const keys = (rows as { uid: string }[]).map((r) => (key as (r: unknown) => string)(r));
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it("gives every staff row a main alias among its aliases", () => {
    for (const s of cat.staff) expect(s.aliases.map((a) => a.aid), s.id).toContain(s.mainAid);
  });

  it("uses every image it lists", () => {
    const used = new Set(references(cat).filter((r) => r.kind === "image").map((r) => r.to));
    expect(cat.images.map((i) => i.id).filter((id) => !used.has(id))).toEqual([]);
  });

  it("keeps each VN's play-time votes equal to the per-user votes", () => {
    for (const v of cat.vn) {
      const mine = cat.lengthVotes.filter((e) => e.vid === v.id).map((e) => e.minutes);
      expect([...v.lengthVotes].sort((a, b) => a - b), v.id).toEqual(mine.sort((a, b) => a - b));
    }
  });

  it("has each release-list entry's VNs on the owner's VN list (the rlist trigger, §12.3)", () => {
    for (const e of cat.rlist) {
      const release = cat.release.find((r) => r.id === e.rid)!;
      for (const v of release.vns) {
        expect(cat.ulist.some((u) => u.uid === e.uid && u.vid === v.vn), `${e.uid} ${v.vn}`).toBe(true);
      }
    }
  });

  it("gives every account the seven built-in labels", () => {
    for (const u of cat.users) {
      const ids = cat.labels.filter((l) => l.uid === u.id && l.id < 10).map((l) => l.id);
      expect(ids, u.id).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
  });

  it("marks Voted (7) on exactly the list entries with a vote, as VNDB's trigger keeps it", () => {
    for (const e of cat.ulist) expect(e.labels.includes(7), `${e.uid} ${e.vid}`).toBe(e.vote !== null);
  });

  it("has a private custom label and a private list entry", () => {
    const privateLabels = cat.labels.filter((l) => l.private && l.id >= 10);
    expect(privateLabels.length).toBeGreaterThan(0);
    const isPrivate = (e: Catalogue["ulist"][number]) =>
      e.labels.every((id) => cat.labels.find((l) => l.uid === e.uid && l.id === id)?.private ?? true);
    expect(cat.ulist.some((e) => e.labels.length > 0 && isPrivate(e))).toBe(true);
  });
});
