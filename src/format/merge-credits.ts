// A VN's staff list has one row per credit, so a writer-director-planner reads as three
// people. Merged per person (and edition), the roles share one line: "s3 Tanaka Romeo
// (role: scenario, staff; note: staff: Planning)".

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** An edition credit's edition id; null for the VN's own (main) credits. */
const editionOf = (c: Obj): number | null => (typeof c.eid === "number" ? c.eid : null);

/**
 * Staff credits merged per person and edition, the VN's own credits first (VNDB lists an
 * edition's translators and porters before them: Nasu Kinoko came 5th on Fate/stay night's
 * sheet, issue 29 item 10), then each edition's, in order of first appearance.
 */
export function mergeStaffCredits(credits: unknown[]): unknown[] {
  if (!credits.every((c) => isObj(c) && typeof c.id === "string" && typeof c.role === "string")) return credits;
  const merged = new Map<string, { row: Obj; roles: string[]; notes: [string, string][] }>();
  const ordered = (credits as Obj[])
    .map((c, i) => ({ c, i, e: editionOf(c) }))
    .sort((a, b) => (a.e === null ? -1 : a.e) - (b.e === null ? -1 : b.e) || a.i - b.i)
    .map((x) => x.c);
  for (const c of ordered) {
    const key = `${c.id as string}\u0000${String(c.eid ?? "")}`;
    let m = merged.get(key);
    if (!m) merged.set(key, (m = { row: { ...c }, roles: [], notes: [] }));
    if (!m.roles.includes(c.role as string)) m.roles.push(c.role as string);
    if (typeof c.note === "string" && c.note !== "") m.notes.push([c.role as string, c.note]);
  }
  return [...merged.values()].map(({ row, roles, notes }) => {
    const out: Obj = { ...row, role: roles.join(", ") };
    if ("note" in row) out.note = roles.length > 1 ? notes.map(([r, n]) => `${r}: ${n}`).join("; ") : (notes[0]?.[1] ?? "");
    return out;
  });
}
