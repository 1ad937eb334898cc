// A credit's note as the answers show it after the role: scenario "Tobitate!". VNDB's
// notes are free text that credits often already put in quotes (a song title, `"Tobitate!"`),
// which quoted again read `""Tobitate!""` (issue 29, defect 4).

/** Quote pairs a note may already be wrapped in. */
const QUOTE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ["“", "”"],
  ["「", "」"],
  ["『", "』"],
];

/** ` "note"` to append after a role, or "" for no note; a note already in quotes keeps its own. */
export function quotedNote(note: unknown): string {
  if (typeof note !== "string" || !note.trim()) return "";
  const text = note.trim();
  const wrapped = QUOTE_PAIRS.some(([open, close]) => text.length > open.length + close.length && text.startsWith(open) && text.endsWith(close) && !text.slice(open.length, -close.length).includes(close));
  return wrapped ? ` ${text}` : ` "${text}"`;
}
