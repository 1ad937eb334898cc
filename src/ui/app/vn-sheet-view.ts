// One VN drawn as a sheet: cover, titles, rating and length, languages and platforms, staff
// and cast, tags (only those at or below the server's spoiler level reach the view), and the
// relations as a reading order (prequels before, sequels after).

import type { SheetResult, VnSheet } from "../shapes.js";
import { cover } from "./cover.js";
import { h, sourceLine } from "./dom.js";
import { lengthText, ratingText, vndbUrl } from "./words.js";
import type { Bridge } from "./bridge.js";

/** How the sheet is drawn: whole, or its first screen with the long sections collapsed (fit.ts). */
export interface SheetLayout {
  full: boolean;
  /** The button that shows the whole sheet, when it is not shown whole. */
  expand: HTMLElement | null;
}

/** Relations read before the VN, and after it (VNDB relation codes); the rest are only related. */
const BEFORE = new Set(["preq", "par", "orig"]);
const AFTER = new Set(["seq", "side", "fan"]);
const RELATION_WORDS: Record<string, string> = {
  seq: "sequel", preq: "prequel", set: "same setting", alt: "alternative version", char: "shares characters",
  side: "side story", par: "parent story", ser: "same series", fan: "fandisc", orig: "original game",
};

/** How many staff credits and cast rows the sheet lists before "and N more". */
const LIST_CAP = 12;

export function drawSheet(result: SheetResult, bridge: Bridge, onOpen: (id: string) => void, layout: SheetLayout = { full: true, expand: null }): HTMLElement {
  const vn = result.vn;
  const original = vn.titles.find((t) => t.main && t.title !== vn.title);
  const open = layout.full;
  return h(
    "article",
    { class: open ? "sheet-wrap" : "sheet-wrap compact", "aria-label": vn.title },
    h(
      "div",
      { class: "sheet" },
      cover(vn.title, vn.image, result.limits),
      h(
        "div",
        {},
        h("h1", {}, vn.title),
        original ? h("p", { class: "muted", lang: original.lang }, original.title) : null,
        h("p", {}, [vn.released ?? "release date unknown", ratingText(vn.rating, vn.votecount), lengthText(vn.length_minutes)].join(" · ")),
        vn.developers.length ? h("p", {}, "By ", vn.developers.join(", ")) : h("p", { class: "muted" }, "Developer unknown"),
        facts("Languages", vn.languages, open),
        facts("Platforms", vn.platforms, open),
        h("p", {}, h("a", { href: vndbUrl(vn.id), onclick: (e: Event) => { e.preventDefault(); bridge.openLink(vndbUrl(vn.id)); } }, `${vn.id} on vndb.org`)),
      ),
    ),
    layout.expand ? h("div", { class: "actions" }, layout.expand) : null,
    readingOrder(vn, onOpen, open),
    credits(vn, open),
    tags(vn, result.spoilerLevel, open),
    h("p", { class: "note" }, sourceLine()),
  );
}

/** A section that starts collapsed on an inline first screen and open on a whole sheet. */
function section(title: string, open: boolean, ...body: (HTMLElement | HTMLElement[] | null)[]): HTMLElement {
  return h("details", { open, class: "section" }, h("summary", {}, h("h2", {}, title)), ...body);
}

/** Languages or platforms named on a first screen; the rest are counted (a VN on 11 platforms filled a narrow first screen). */
const FACTS_INLINE = 3;

function facts(label: string, values: string[], open: boolean): HTMLElement {
  const shown = open || values.length <= FACTS_INLINE ? values : values.slice(0, FACTS_INLINE);
  const more = values.length - shown.length;
  return h("p", {}, h("span", { class: "muted" }, `${label}: `), values.length ? shown.join(", ") + (more ? ` and ${more} more` : "") : "unknown");
}

function readingOrder(vn: VnSheet, onOpen: (id: string) => void, open: boolean): HTMLElement | null {
  if (!vn.relations.length) return null;
  const item = (r: VnSheet["relations"][number]) =>
    h("li", {}, h("button", { type: "button", class: "link", onclick: () => onOpen(r.id) }, r.title), ` — ${RELATION_WORDS[r.relation] ?? r.relation}${r.official ? "" : " (unofficial)"}`);
  const before = vn.relations.filter((r) => BEFORE.has(r.relation));
  const after = vn.relations.filter((r) => AFTER.has(r.relation));
  const related = vn.relations.filter((r) => !BEFORE.has(r.relation) && !AFTER.has(r.relation));
  return section(
    "Reading order",
    open,
    h("ol", { class: "order", "aria-label": "Reading order" }, before.map(item), h("li", { "aria-current": "true" }, h("strong", {}, vn.title), " (this one)"), after.map(item)),
    related.length ? [h("h3", {}, "Related"), h("ul", {}, related.map(item))] : null,
  );
}

function capped<T>(rows: T[], draw: (row: T) => HTMLElement): HTMLElement[] {
  const out = rows.slice(0, LIST_CAP).map(draw);
  if (rows.length > LIST_CAP) out.push(h("tr", {}, h("td", { colspan: 2, class: "muted" }, `and ${rows.length - LIST_CAP} more on vndb.org`)));
  return out;
}

function credits(vn: VnSheet, open: boolean): HTMLElement | null {
  if (!vn.staff.length && !vn.cast.length) return null;
  return h(
    "div",
    {},
    vn.staff.length
      ? section("Staff", open, h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Role"), h("th", {}, "Name"))), h("tbody", {}, capped(vn.staff, (s) => h("tr", {}, h("td", {}, s.role), h("td", {}, s.name, s.note ? h("span", { class: "muted" }, ` (${s.note})`) : null))))))
      : null,
    vn.cast.length
      ? section("Cast", open, h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "Character"), h("th", {}, "Voice"))), h("tbody", {}, capped(vn.cast, (c) => h("tr", {}, h("td", {}, c.character), h("td", { class: c.seiyuu ? "" : "muted" }, c.seiyuu ?? "no voice credit"))))))
      : null,
  );
}

function tags(vn: VnSheet, spoilerLevel: number, open: boolean): HTMLElement {
  const words = ["no spoilers", "minor spoilers", "all spoilers"];
  return section(
    `Tags (${vn.tags.length})`,
    open,
    vn.tags.length
      ? h("ul", { class: "chips" }, vn.tags.map((t) => h("li", { title: `rating ${t.rating.toFixed(1)}` }, t.name)))
      : h("p", { class: "muted" }, "No tags known here."),
    h("p", { class: "muted" }, `Shown at the server's spoiler setting: ${words[spoilerLevel] ?? spoilerLevel}.`),
  );
}
