// The list editor (vndb_update_list_entry, vndb_remove_list_entry): the change as "before →
// after", read back from VNDB, with Undo and an edit form. Nothing is written without a click:
// every write is a call of the same model-visible tool through the host, and its read-back
// answer is drawn again. A removal goes through the tool's own confirmation. An import's
// answer (the same tool's import mode) is drawn by its shape as an editable table with one
// Confirm button (import-table.ts): a host opens one view per tool.

import { connect, resultText, type Bridge, type ToolResult } from "./bridge.js";
import { h, mainElement, show } from "./dom.js";
import { ImportTable, isImport } from "./import-table.js";

interface Entry {
  id: string;
  vote?: number | null;
  labels?: { id: number; label: string }[];
  started?: string | null;
  finished?: string | null;
  notes?: string | null;
  vn?: { title?: string };
}

/** The write tools' structured answers (src/tools/lists/list-writes.ts). */
interface WriteAnswer {
  vn?: string;
  entry?: Entry | null;
  previous?: Entry | null;
  changes?: string[];
  not_applied?: string[];
  removed?: boolean;
  preview?: boolean;
}

/** VNDB's built-in labels (reference §12.1); 7 (Voted) follows the vote and is not set by hand. */
const STANDARD_LABELS = [
  { id: 1, label: "Playing" },
  { id: 2, label: "Finished" },
  { id: 3, label: "Stalled" },
  { id: 4, label: "Dropped" },
  { id: 5, label: "Wishlist" },
  { id: 6, label: "Blacklist" },
];
const VOTED = 7;

const root = mainElement();
let bridge: Bridge;
const imports = new ImportTable(root, () => bridge);

const voteText = (e: Entry | null | undefined) => (e?.vote == null ? "no vote" : `${e.vote / 10}/10`);
const labelsText = (e: Entry | null | undefined) => (e?.labels?.length ? e.labels.map((l) => l.label).join(", ") : "no labels");
const rows: [string, (e: Entry | null | undefined) => string][] = [
  ["Labels", labelsText],
  ["Vote", voteText],
  ["Started", (e) => e?.started ?? "—"],
  ["Finished", (e) => e?.finished ?? "—"],
  ["Notes", (e) => e?.notes || "—"],
];

function draw(result: ToolResult, note?: string): void {
  if (!result.isError && result.structuredContent && isImport(result.structuredContent)) {
    imports.show(result);
    return;
  }
  imports.forget();
  const s = (result.structuredContent ?? {}) as WriteAnswer;
  const before = s.previous ?? null;
  const after = s.entry ?? null;
  const vid = s.vn ?? after?.id ?? before?.id;
  const title = after?.vn?.title ?? before?.vn?.title ?? vid ?? "this visual novel";
  if (!vid) {
    show(root, h("p", { class: result.isError ? "error" : "" }, resultText(result) || "Nothing to show."));
    return;
  }
  const removed = s.removed === true;
  show(
    root,
    h("h1", {}, title, h("span", { class: "muted" }, ` (${vid})`)),
    note ? h("p", { class: "ok", role: "status" }, note) : null,
    result.isError ? h("p", { class: "error" }, resultText(result)) : null,
    s.preview ? h("p", {}, "Preview: nothing was removed yet.") : null,
    h(
      "table",
      { class: "diff" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, "Before"), h("th", {}, removed ? "After (removed)" : "After"))),
      h(
        "tbody",
        {},
        rows.map(([name, text]) => {
          const was = before === null && !removed && after ? "not on the list" : text(before);
          const now = removed ? "—" : text(after);
          return h("tr", {}, h("th", { scope: "row" }, name), h("td", { class: "before" }, was), h("td", { class: was !== now ? "changed" : "" }, now));
        }),
      ),
    ),
    h("p", { class: "muted" }, "Read back from VNDB after the write."),
    h(
      "div",
      { class: "actions" },
      !removed && (before || after) ? h("button", { type: "button", onclick: () => undo(vid, before, after) }, before ? "Undo" : "Undo (remove again)") : null,
      after ? h("button", { type: "button", onclick: () => edit(vid, after) }, "Edit") : null,
    ),
  );
}

/**
 * The label edits that turn `from` into `to`, as labels_set/labels_unset: replacing the whole
 * set (`labels`) would make VNDB drop Voted while the vote stays. Voted follows the vote.
 */
function labelChanges(from: Entry | null, to: number[]): { labels_set?: number[]; labels_unset?: number[] } {
  const have = (from?.labels ?? []).map((l) => l.id).filter((id) => id !== VOTED);
  const want = to.filter((id) => id !== VOTED);
  const set = want.filter((id) => !have.includes(id));
  const unset = have.filter((id) => !want.includes(id));
  return { ...(set.length ? { labels_set: set } : {}), ...(unset.length ? { labels_unset: unset } : {}) };
}

/**
 * Restores `before`: its labels (Voted follows the vote), vote, notes and dates. VNDB's API
 * cannot clear a date once set (reference §12.2), so a date the change added is named instead.
 */
async function undo(vid: string, before: Entry | null, after: Entry | null): Promise<void> {
  if (!before) {
    await write("vndb_remove_list_entry", { vn: vid }, "Removed again.");
    return;
  }
  const args: Record<string, unknown> = {
    vn: vid,
    ...labelChanges(after, (before.labels ?? []).map((l) => l.id)),
    vote: before.vote == null ? null : before.vote / 10,
  };
  if ((before.notes ?? "") !== (after?.notes ?? "")) args.notes = before.notes ?? "";
  const stuck: string[] = [];
  for (const date of ["started", "finished"] as const) {
    if (before[date] && before[date] !== after?.[date]) args[date] = before[date];
    else if (!before[date] && after?.[date]) stuck.push(date);
  }
  const kept = stuck.length ? ` VNDB's API cannot clear a date: remove the ${stuck.join(" and ")} date on vndb.org.` : "";
  await write("vndb_update_list_entry", args, `Undone: the entry is as it was.${kept}`);
}

function edit(vid: string, entry: Entry): void {
  const have = new Set((entry.labels ?? []).map((l) => l.id));
  const all = [...STANDARD_LABELS, ...(entry.labels ?? []).filter((l) => l.id > VOTED)];
  const vote = h("select", { id: "vote", "aria-label": "Vote" }, h("option", { value: "" }, "no vote"), [...Array(10)].map((_, i) => h("option", { value: String(i + 1), selected: entry.vote != null && Math.round(entry.vote / 10) === i + 1 }, `${i + 1}/10`)));
  const boxes = all.map((l) => h("label", {}, h("input", { type: "checkbox", value: String(l.id), checked: have.has(l.id) }), ` ${l.label} `));
  show(
    root,
    h("h1", {}, `Edit ${entry.vn?.title ?? vid}`),
    // No <form>: hosts sandbox views without allow-forms, where a submit never fires.
    h("div", { role: "group", "aria-label": "Edit the entry" },
      h("fieldset", {}, h("legend", {}, "Labels"), boxes),
      h("p", {}, h("label", { for: "vote" }, "Vote "), vote),
      h("div", { class: "actions" },
        h("button", {
          type: "button",
          class: "primary",
          onclick: () => {
            const labels = boxes.map((b) => b.querySelector("input")!).filter((i) => i.checked).map((i) => Number(i.value));
            void write("vndb_update_list_entry", { vn: vid, ...labelChanges(entry, labels), vote: vote.value ? Number(vote.value) : null }, "Saved.");
          },
        }, "Apply"),
        h("button", { type: "button", onclick: () => void reread(vid) }, "Cancel"),
      ),
    ),
  );
}

async function write(tool: string, args: Record<string, unknown>, done: string): Promise<void> {
  show(root, h("p", { class: "skeleton", role: "status" }, "Writing to VNDB…"));
  try {
    draw(await bridge.callTool(tool, args), done);
  } catch (error) {
    show(root, h("p", { class: "error" }, (error as Error).message));
  }
}

/** Cancel: the entry as VNDB has it now, as a no-change update would show it (read only). */
async function reread(vid: string): Promise<void> {
  show(root, h("p", { class: "skeleton", role: "status" }, "Reading the entry…"));
  try {
    const r = await bridge.callTool("vndb_get_user_list", { filters: { id: vid }, fields: "standard" });
    const entry = ((r.structuredContent?.results as Entry[] | undefined) ?? [])[0] ?? null;
    draw({ structuredContent: { vn: vid, previous: entry, entry } });
  } catch (error) {
    show(root, h("p", { class: "error" }, (error as Error).message));
  }
}

show(root, h("p", { class: "skeleton", role: "status" }, "Waiting for the list change…"));
connect("vndb-list-editor", { onToolInput: (args) => imports.input(args), onResult: (r) => draw(r), onContext: () => imports.redraw() }).then((b) => {
  bridge = b;
  imports.connected(b);
});
