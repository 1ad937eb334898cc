// The bundled catalogue plus the hand-made rows of manual.ts: the `test` preset's data.
// The default catalogue holds real data only; the emulator's own tests need cases the
// real data lacks (every rare column, hidden entries, private labels, a deleted account),
// so they get them here, on top of the real rows, at load time.
import type { Catalogue, LabelRow, VnRow } from "./types.js";
import type { ManualRows } from "./manual.js";

/** Built-in labels every account has (reference §4.5, `ulist_labels_create`). */
const BUILTIN_LABELS: readonly [number, string][] = [
  [1, "Playing"],
  [2, "Finished"],
  [3, "Stalled"],
  [4, "Dropped"],
  [5, "Wishlist"],
  [6, "Blacklist"],
  [7, "Voted"],
];

/** "v9" before "v10", as the committed catalogue is ordered. */
function compareIds(a: string, b: string): number {
  const pa = a.replace(/\d+$/, "");
  const pb = b.replace(/\d+$/, "");
  if (pa !== pb) return pa < pb ? -1 : 1;
  return Number(a.slice(pa.length)) - Number(b.slice(pb.length));
}

function merged<T extends { id: string }>(real: T[], manual: T[], table: string): T[] {
  const ids = new Set(real.map((r) => r.id));
  for (const r of manual) {
    if (ids.has(r.id)) throw new Error(`manual.ts ${table} row ${r.id} collides with a real row`);
  }
  return [...real, ...manual].sort((a, b) => compareIds(a.id, b.id));
}

function byUid<T extends { uid: string }>(rows: T[], key: (r: T) => string | number): T[] {
  return [...rows].sort((a, b) => {
    const u = compareIds(a.uid, b.uid);
    if (u !== 0) return u;
    const ka = key(a);
    const kb = key(b);
    return typeof ka === "number" && typeof kb === "number" ? ka - kb : compareIds(String(ka), String(kb));
  });
}

/**
 * A new catalogue: `base` with every manual row added (the base is not changed). Refuses
 * what would be silently wrong: an id already taken by a real row, a tag on an unknown VN
 * or a VN that already has it.
 */
export function withManualRows(base: Catalogue, manual: ManualRows): Catalogue {
  const vnById = new Map<string, VnRow>();
  const vn = merged(base.vn, manual.vn, "vn").map((v) => {
    const copy = v.manual ? v : { ...v, tags: [...v.tags], lengthVotes: [...v.lengthVotes] };
    vnById.set(copy.id, copy);
    return copy;
  });
  for (const { vn: id, tag, rating, spoiler, lie } of manual.vnTags) {
    const row = vnById.get(id);
    if (!row) throw new Error(`manual.ts vnTags: unknown VN ${id}`);
    if (row.tags.some((t) => t.tag === tag)) throw new Error(`manual.ts vnTags: ${id} already has ${tag}`);
    row.tags.push({ tag, rating, spoiler, lie });
  }
  const lengthVotes = byUid([...base.lengthVotes, ...manual.lengthVotes], (e) => e.vid);
  for (const e of manual.lengthVotes) {
    const row = vnById.get(e.vid);
    if (!row) throw new Error(`manual.ts lengthVotes: unknown VN ${e.vid}`);
  }
  // VnRow.lengthVotes mirrors the per-user votes in uid order, as the build writes it.
  const touched = new Set(manual.lengthVotes.map((e) => e.vid));
  for (const id of touched) vnById.get(id)!.lengthVotes = [];
  for (const e of lengthVotes) if (touched.has(e.vid)) vnById.get(e.vid)!.lengthVotes.push(e.minutes);

  const users = merged(base.users, manual.users, "users");
  const builtin: LabelRow[] = [];
  for (const u of manual.users) {
    for (const [id, label] of BUILTIN_LABELS) builtin.push({ uid: u.id, id, label, private: false });
  }
  const tokens = new Set(base.tokens.map((t) => t.token));
  return {
    ...base,
    images: merged(base.images, manual.images, "images"),
    vn,
    release: merged(base.release, manual.release, "release"),
    producer: merged(base.producer, manual.producer, "producer"),
    character: merged(base.character, manual.character, "character"),
    staff: merged(base.staff, manual.staff, "staff"),
    quote: merged(base.quote, manual.quote, "quote"),
    users,
    labels: byUid([...builtin, ...base.labels, ...manual.labels], (l) => l.id),
    ulist: byUid([...base.ulist, ...manual.ulist], (e) => e.vid),
    rlist: byUid([...base.rlist, ...manual.rlist], (e) => e.rid),
    tokens: [...base.tokens, ...manual.tokens.filter((t) => !tokens.has(t.token))],
    lengthVotes,
  };
}
