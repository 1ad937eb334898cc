// The search grid (vndb_search_vn, vndb_recommend): one card per VN of the answer — cover,
// title, year, rating, length, developer — drawn from the app-only vndb_vn_cards tool, since
// the model's answer carries only the fields it asked for. A card opens the VN sheet in place.

import type { CardsResult, SheetResult, VnCard } from "../shapes.js";
import { connect, type Bridge, type ToolResult } from "./bridge.js";
import { cover } from "./cover.js";
import { h, mainElement, show, sourceLine } from "./dom.js";
import { drawSheet } from "./vn-sheet-view.js";
import { lengthText, ratingText, yearText } from "./words.js";

/** Cards asked for at once (the app-only tool's own cap). */
const CARDS_PER_CALL = 24;

const root = mainElement();
let bridge: Bridge;
let ids: string[] = [];
let cards: CardsResult | null = null;

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
  if (!cards) return;
  const rest = ids.length - cards.cards.length;
  show(
    root,
    h("h1", {}, `${ids.length} visual novel${ids.length === 1 ? "" : "s"}`),
    h("ul", { class: "grid", "aria-label": "Search results" }, cards.cards.map((c) => card(c, cards!.limits))),
    rest > 0 ? h("div", { class: "actions" }, h("button", { type: "button", onclick: () => void loadMore() }, `Show ${Math.min(rest, CARDS_PER_CALL)} more`)) : null,
    h("p", { class: "note" }, sourceLine()),
  );
}

async function openSheet(id: string): Promise<void> {
  show(root, h("p", { class: "skeleton", role: "status" }, `Loading ${id}…`));
  try {
    const sheet = (await bridge.callTool("vndb_vn_sheet", { id })).structuredContent as unknown as SheetResult;
    const back = ids.length > 1 ? h("div", { class: "actions" }, h("button", { type: "button", onclick: drawGrid }, "← Back to the results")) : null;
    show(root, back, drawSheet(sheet, bridge, (other) => void openSheet(other)));
    (root.querySelector("h1") as HTMLElement | null)?.focus?.();
  } catch (error) {
    show(root, h("p", { class: "error" }, (error as Error).message));
  }
}

show(root, h("p", { class: "skeleton", role: "status" }, "Waiting for the search…"));
connect("vndb-search-grid", { onResult: (r) => void onResult(r), onToolCancelled: () => show(root, h("p", { class: "muted" }, "The search was cancelled.")) }).then((b) => (bridge = b));
