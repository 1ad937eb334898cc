// A list import in the list editor (vndb_update_list_entry {import}, issue 31 item 2): the dry
// run as a table, each row with its match and confidence; a row whose VN is not sure (ambiguous,
// or unknown with candidates) can be given one of its candidates, and any row to be written can
// be left out. One Confirm button writes the batch: it calls the same model-visible tool with
// the import's own text (those edits applied, editImport) and confirm:true, so the server's
// single confirmation for the batch still stands. The answer, read back from VNDB, is drawn
// again, with Undo for the batch. Nothing is written without the click.

import type { ImportResult, ImportRowResult } from "../shapes.js";
import { editImport } from "../../tools/lists/import-rows.js";
import { resultText, type Bridge, type ToolResult } from "./bridge.js";
import { h, show, sourceLine } from "./dom.js";
import { Fit, heightLimit } from "./fit.js";

/** Rows an inline first screen lists at most before "show all" (fit.ts): five rows and the Confirm button stay within 500 px at 720 px wide (measured: test/ui/views.browser.test.ts); fewer where titles wrap. */
const FIRST_SCREEN_ROWS = 5;

const TOOL = "vndb_update_list_entry";

/** Whether a write tool's answer is an import's (its shape: rows and dry_run). */
export function isImport(s: Record<string, unknown>): boolean {
  return Array.isArray(s.rows) && typeof s.dry_run === "boolean";
}

const WRITES = new Set(["add", "change"]);
/** A row the reader may give a VN: not sure, with candidates to choose from. */
const choosable = (r: ImportRowResult) => (r.action === "ambiguous" || r.action === "unknown") && (r.candidates?.length ?? 0) > 0;
/** The order of the table: ambiguous rows (a choice wanted), the writes, unknown rows (a long shot to choose), the rest; by line within each. */
const rank = (r: ImportRowResult) => (r.action === "ambiguous" ? 0 : WRITES.has(r.action) ? 1 : r.action === "unknown" ? 2 : 3);

const ACTION_WORDS: Readonly<Record<ImportRowResult["action"], string>> = {
  add: "add",
  change: "change",
  already: "already there",
  ambiguous: "ambiguous",
  unknown: "unknown",
  duplicate: "duplicate",
};

export class ImportTable {
  #result: ImportResult | null = null;
  /** The import call's arguments (tool input): the text the Confirm button sends again. */
  #args: Record<string, unknown> = {};
  /** The reader's edits by line: a chosen VN id, or null for a row left out. */
  readonly #edits = new Map<number, string | null>();
  #note: { text: string; kind: "ok" | "error" } | null = null;
  readonly #fit: Fit;

  constructor(
    private readonly root: HTMLElement,
    private readonly bridge: () => Bridge | undefined,
  ) {
    this.#fit = new Fit((full) => this.#draw(full));
  }

  connected(bridge: Bridge): void {
    this.#fit.connected(bridge);
  }

  /** The arguments the import was called with, as the host sends them before the result. */
  input(args: Record<string, unknown>): void {
    if (typeof args.import === "string") this.#args = args;
  }

  show(result: ToolResult, note: { text: string; kind: "ok" | "error" } | null = null): void {
    const s = result.structuredContent as unknown as ImportResult;
    // A new dry run starts without edits; a written batch keeps nothing to edit.
    if (s !== this.#result) this.#edits.clear();
    this.#result = s;
    this.#note = note ?? (s.confirmed === false ? { text: "Not confirmed: nothing was written.", kind: "error" } : null);
    this.#fit.show();
  }

  /** The editor draws something else now: a context change must not bring the table back. */
  forget(): void {
    this.#result = null;
  }

  redraw(): void {
    if (this.#result) this.#fit.show();
  }

  /** Whether the row will be written when Confirm is clicked, and as which VN. */
  #target(r: ImportRowResult): string | null {
    const edit = this.#edits.get(r.line);
    if (edit !== undefined) return edit;
    return WRITES.has(r.action) ? (r.vn ?? null) : null;
  }

  /**
   * The table whole, or as a first screen: FIRST_SCREEN_ROWS rows, fewer while the screen is
   * still taller than the host's inline height (long titles wrap on a narrow screen).
   */
  #draw(full: boolean): void {
    const s = this.#result!;
    if (!s.dry_run && s.confirmed) return this.#drawWritten(s, full);
    if (full) return this.#drawDryRun(s, Infinity);
    const limit = heightLimit(this.bridge()?.context ?? {}, false) ?? Infinity;
    for (let rows = FIRST_SCREEN_ROWS; rows >= 1; rows--) {
      this.#drawDryRun(s, rows);
      if (document.documentElement.scrollHeight <= limit) return;
    }
  }

  #drawDryRun(s: ImportResult, cap: number): void {
    const full = cap === Infinity;
    const rows = [...s.rows].sort((a, b) => rank(a) - rank(b) || a.line - b.line);
    const shown = rows.slice(0, cap);
    const count = (...actions: string[]) => s.rows.filter((r) => actions.includes(r.action)).length;
    const writing = s.rows.filter((r) => this.#target(r) !== null).length;
    const text = typeof this.#args.import === "string" ? this.#args.import : null;
    show(
      this.root,
      h("h1", {}, `Import into ${s.user}'s list`),
      h(
        "p",
        {},
        `${s.rows.length} rows: ${count("add")} to add, ${count("change")} to change, ${count("already")} already there, ${count("ambiguous", "unknown")} not matched for sure, ${count("duplicate")} duplicate.`,
      ),
      this.#note ? h("p", { class: this.#note.kind, role: "status" }, this.#note.text) : null,
      h(
        "div",
        { class: "actions" },
        h("button", { type: "button", class: "primary", disabled: writing === 0 || text === null, onclick: () => void this.#confirm() }, `Confirm: write ${writing} row${writing === 1 ? "" : "s"}`),
        text === null ? h("span", { class: "muted" }, "The import's text did not reach this view: confirm in the chat.") : null,
      ),
      h(
        "table",
        { class: "import" },
        h("colgroup", {}, h("col", { class: "line" }), h("col", {}), h("col", { class: "sure" }), h("col", { class: "write" })),
        h("thead", {}, h("tr", {}, h("th", {}, "Line"), h("th", {}, "Row → match"), h("th", {}, "Sure"), h("th", {}, "Write"))),
        h("tbody", {}, shown.map((r) => this.#row(r, full))),
      ),
      shown.length < rows.length ? h("div", { class: "actions" }, this.#fit.button(`Show all ${rows.length} rows`)) : null,
      h("p", { class: "note" }, "Nothing is written until you confirm. ", sourceLine()),
    );
  }

  /** One row; a first screen leaves out what a write would change (the labels and vote), shown whole. */
  #row(r: ImportRowResult, full: boolean): HTMLElement {
    const target = this.#target(r);
    let match: (HTMLElement | string)[];
    let sure: string;
    let write: HTMLElement | string;
    if (choosable(r)) {
      const select = h(
        "select",
        {
          "aria-label": `VN for line ${r.line}`,
          "data-line": r.line,
          onchange: (e: Event) => {
            const value = (e.target as HTMLSelectElement).value;
            if (value) this.#edits.set(r.line, value);
            else this.#edits.delete(r.line);
            this.#fit.show();
          },
        },
        h("option", { value: "" }, `leave out (${ACTION_WORDS[r.action]})`),
        r.candidates!.map((c) => h("option", { value: c.id, selected: target === c.id }, `${c.title} (${c.id})`)),
      );
      match = [select];
      const chosen = r.candidates!.find((c) => c.id === target);
      sure = (chosen?.score ?? r.confidence ?? r.candidates![0]!.score).toFixed(2);
      write = target ? "add" : "—";
    } else if (WRITES.has(r.action)) {
      match = [`→ ${r.title ?? ""} (${r.vn})`, h("span", { class: "muted" }, ` ${ACTION_WORDS[r.action]}${full && r.change ? `: ${r.change}` : ""}`)];
      sure = r.confidence === undefined ? "—" : r.confidence.toFixed(2);
      write = h("input", {
        type: "checkbox",
        "aria-label": `Write line ${r.line}`,
        "data-line": r.line,
        checked: target !== null,
        onchange: (e: Event) => {
          if ((e.target as HTMLInputElement).checked) this.#edits.delete(r.line);
          else this.#edits.set(r.line, null);
          this.#fit.show();
        },
      });
    } else {
      match = [r.vn ? `→ ${r.title ?? ""} (${r.vn})` : "", h("span", { class: "muted" }, ` ${ACTION_WORDS[r.action]}${r.note ? `: ${r.note}` : ""}`)];
      sure = r.confidence === undefined ? "—" : r.confidence.toFixed(2);
      write = "—";
    }
    return h(
      "tr",
      { class: target ? "" : "left", "data-action": r.action },
      h("td", {}, String(r.line)),
      h("td", {}, h("div", { class: "input" }, r.input ?? ""), match),
      h("td", { class: "conf" }, sure),
      h("td", {}, write),
    );
  }

  #drawWritten(s: ImportResult, full: boolean): void {
    const rows = s.rows.filter((r) => r.outcome !== undefined);
    const shown = full ? rows : rows.slice(0, FIRST_SCREEN_ROWS);
    show(
      this.root,
      h("h1", {}, `Imported into ${s.user}'s list`),
      this.#note ? h("p", { class: this.#note.kind, role: "status" }, this.#note.text) : null,
      h("p", {}, s.stopped ? `Stopped at line ${s.stopped.line}: ${s.stopped.reason}. Written before it: ${s.rows_written} of ${rows.length}.` : `Written: ${s.rows_written} of ${rows.length}.`),
      h("div", { class: "actions" }, s.batch ? h("button", { type: "button", onclick: () => void this.#undo(s.batch!) }, "Undo this import") : null),
      h(
        "table",
        { class: "import" },
        h("thead", {}, h("tr", {}, h("th", {}, "Line"), h("th", {}, "VN"), h("th", {}, "Outcome (read back from VNDB)"))),
        h("tbody", {}, shown.map((r) => h("tr", {}, h("td", {}, String(r.line)), h("td", {}, `${r.title ?? ""} (${r.vn})`), h("td", {}, r.outcome!)))),
      ),
      shown.length < rows.length ? h("div", { class: "actions" }, this.#fit.button(`Show all ${rows.length} rows`)) : null,
      h("p", { class: "note" }, sourceLine()),
    );
  }

  async #confirm(): Promise<void> {
    const s = this.#result!;
    const text = this.#args.import as string;
    // Only the rows the reader changed are edited; the rest of the text goes as the model sent it.
    const edits = new Map<number, string | null>();
    for (const r of s.rows) {
      const edit = this.#edits.get(r.line);
      if (edit !== undefined && edit !== (WRITES.has(r.action) ? (r.vn ?? null) : null)) edits.set(r.line, edit);
    }
    const args = { ...this.#args, import: edits.size ? editImport(text, edits) : text, confirm: true };
    await this.#call(args, "Writing to VNDB…");
  }

  async #undo(batch: string): Promise<void> {
    await this.#call({ undo: batch, confirm: true }, "Undoing the import…");
  }

  async #call(args: Record<string, unknown>, busy: string): Promise<void> {
    const bridge = this.bridge();
    if (!bridge) return;
    show(this.root, h("p", { class: "skeleton", role: "status" }, busy));
    try {
      const result = await bridge.callTool(TOOL, args);
      const s = result.structuredContent ?? {};
      if (isImport(s)) {
        if (args.confirm && !args.undo) this.#args = { ...this.#args, import: args.import };
        this.show(result);
      } else {
        // An undo's answer: its text says row by row what was put back.
        this.#result = null;
        const [head, ...lines] = resultText(result).split("\n");
        show(this.root, h("h1", {}, "Undo of the import"), h("p", { class: "ok", role: "status" }, head ?? ""), h("ul", {}, lines.map((l) => h("li", {}, l))));
      }
    } catch (error) {
      this.#note = { text: (error as Error).message, kind: "error" };
      if (this.#result) this.#fit.show();
      else show(this.root, h("p", { class: "error" }, this.#note.text));
    }
  }
}
