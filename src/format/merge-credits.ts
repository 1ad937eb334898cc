// A VN's staff list has one row per credit, so a writer-director-planner reads as three
// people. Merged per person (and edition), the roles share one line: "s3 Tanaka Romeo
// (role: scenario, staff; note: staff: Planning)".

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Staff credits merged per person and edition, in order of first appearance. */
export function mergeStaffCredits(credits: unknown[]): unknown[] {
  if (!credits.every((c) => isObj(c) && typeof c.id === "string" && typeof c.role === "string")) return credits;
  const merged = new Map<string, { row: Obj; roles: string[]; notes: [string, string][] }>();
  for (const c of credits as Obj[]) {
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
