// The search grid (vndb_search_vn, vndb_recommend): one card per VN of the answer — cover,
// title, year, rating, length, developer — drawn from the app-only vndb_vn_cards tool, since
// the model's answer carries only the fields it asked for. A card opens the VN sheet in place.

import type { CardsResult, SheetResult, VnCard } from "../shapes.js";
import { connect, type Bridge, type ToolResult } from "./bridge.js";
import { cover } from "./cover.js";
import { h, mainElement, show, sourceLine } from "./dom.js";
import { drawSheet } from "./vn-sheet-view.js";
import { Fit, heightLimit } from "./fit.js";
import { lengthText, ratingText, yearText } from "./words.js";

/** Cards asked for at once (the app-only tool's own cap). */
const CARDS_PER_CALL = 24;

/** Rows an inline first screen starts from (compact rows, then trimmed to the height the host gives). */
const INLINE_ROWS = 6;

const root = mainElement();
let bridge: Bridge;
let ids: string[] = [];
let cards: CardsResult | null = null;
/** The VN whose sheet is open, or null while the grid shows. */
let openSheetOf: { id: string; sheet: SheetResult } | null = null;
const fit = new Fit((full) => (openSheetOf ? drawOpenSheet(full) : drawCards(full)));

/** The VN ids an answer names: query results, or a recommender's picks. */
export function vnIds(result: ToolResult): string[] {
  const s = result.structuredContent ?? {};
  const rows = (Array.isArray(s.results) ? s.results : Array.isArray(s.picks) ? s.picks : []) as { id?: unknown }[];
  return rows.map((r) => r.id).filter((id): id is string => typeof id === "string" && /^v\d+$/.test(id));
}

async function onResult(result: ToolResult): Promise<void> {
  if (result.isError) return show(root, h("p", { class: "error" }, "The search failed; the answer in the chat says why."));
  ids = vnIds(result);
  if (!ids.length) return show(root, h("p", {}, "No visual novels in this answer."), h("p", { class: "muted" }, "The text answer in the chat says why and what to try next."));
  if (ids.length === 1) return openSheet(ids[0]!);
  show(root, h("p", { class: "skeleton", role: "status" }, `Loading ${ids.length} visual novels…`));
  try {
    cards = (await bridge.callTool("vndb_vn_cards", { ids: ids.slice(0, CARDS_PER_CALL) })).structuredContent as unknown as CardsResult;
    drawGrid();
  } catch (error) {
    show(root, h("p", { class: "error" }, (error as Error).message));
  }
}

async function loadMore(): Promise<void> {
  if (!cards) return;
  const next = ids.slice(cards.cards.length, cards.cards.length + CARDS_PER_CALL);
  const more = (await bridge.callTool("vndb_vn_cards", { ids: next })).structuredContent as unknown as CardsResult;
  cards.cards.push(...more.cards);
  drawGrid();
}

function card(vn: VnCard, limits: CardsResult["limits"]): HTMLElement {
  return h(
    "li",
    {},
    h(
      "button",
      { type: "button", class: "card", "data-id": vn.id, onclick: () => openSheet(vn.id), "aria-label": `${vn.title}: open its sheet` },
      cover(vn.title, vn.image, limits),
      h("span", { class: "title" }, vn.title),
      h("span", { class: "meta" }, [yearText(vn.released), ratingText(vn.rating, null), lengthText(vn.length_minutes)].join(" · ")),
      h("span", { class: "meta" }, vn.developers.length ? vn.developers.join(", ") : "developer unknown"),
    ),
  );
}

function drawGrid(): void {
  openSheetOf = null;
  fit.show();
}

function drawCards(full: boolean): void {
  if (!cards) return;
  const rest = ids.length - cards.cards.length;
  const shownCards = full ? cards.cards : cards.cards.slice(0, INLINE_ROWS);
  const list = h("ul", { class: full ? "grid" : "grid compact", "aria-label": "Search results" }, shownCards.map((c) => card(c, cards!.limits)));
  const counted = h("p", { class: "muted", role: "status" });
  show(
    root,
    h("h1", {}, `${ids.length} visual novel${ids.length === 1 ? "" : "s"}`),
    list,
    full
      ? rest > 0
        ? h("div", { class: "actions" }, h("button", { type: "button", onclick: () => void loadMore() }, `Show ${Math.min(rest, CARDS_PER_CALL)} more`))
        : null
      : h("div", { class: "actions" }, counted, fit.button(`Show all ${ids.length}`)),
    h("p", { class: "note" }, sourceLine()),
  );
  if (!full) trimToFit(list, counted);
}

/** Drops rows from the end of an inline first screen until the view fits the host's height. */
function trimToFit(list: HTMLElement, counted: HTMLElement): void {
  const limit = heightLimit(bridge?.context ?? {}, false);
  if (limit === null) return;
  while (list.children.length > 1 && document.documentElement.scrollHeight > limit) list.lastElementChild!.remove();
  counted.textContent = `Showing ${list.children.length} of ${ids.length}.`;
}

async function openSheet(id: string): Promise<void> {
  show(root, h("p", { class: "skeleton", role: "status" }, `Loading ${id}…`));
  try {
    const sheet = (await bridge.callTool("vndb_vn_sheet", { id })).structuredContent as unknown as SheetResult;
    openSheetOf = { id, sheet };
    fit.show();
    (root.querySelector("h1") as HTMLElement | null)?.focus?.();
  } catch (error) {
    show(root, h("p", { class: "error" }, (error as Error).message));
  }
}

function drawOpenSheet(full: boolean): void {
  if (!openSheetOf) return;
  const back = ids.length > 1 ? h("div", { class: "actions" }, h("button", { type: "button", onclick: drawGrid }, "← Back to the results")) : null;
  show(root, back, drawSheet(openSheetOf.sheet, bridge, (other) => void openSheet(other), { full, expand: full ? null : fit.button("Show the whole sheet") }));
}

show(root, h("p", { class: "skeleton", role: "status" }, "Waiting for the search…"));
connect("vndb-search-grid", { onResult: (r) => void onResult(r), onContext: () => fit.show(), onToolCancelled: () => show(root, h("p", { class: "muted" }, "The search was cancelled.")) }).then((b) => {
  bridge = b;
  fit.connected(b);
});
