// What is coming (vndb_list_insight {upcoming}), drawn in the list dashboard: the releases
// still to come of the VNs on the reader's list, soonest first, as a table.

import { h } from "./dom.js";

interface UpcomingResult {
  user: string;
  vns: number;
  languages: string[];
  platforms: string[];
  releases: { id: string; title: string; released: string; languages: string[]; platforms: string[]; mtl: boolean }[];
}

/** Releases a first screen lists before "show all" (fit.ts): ten rows stay within 500 px. */
const FIRST_SCREEN_ROWS = 10;

export function isUpcoming(s: Record<string, unknown>): boolean {
  return Array.isArray(s.releases) && typeof s.vns === "number";
}

export function drawUpcoming(s: UpcomingResult, full: boolean, expand: (label: string) => HTMLElement): (HTMLElement | null)[] {
  const rows = full ? s.releases : s.releases.slice(0, FIRST_SCREEN_ROWS);
  return [
    h("h1", {}, `Coming for ${s.user}'s list`),
    h("p", { class: "muted" }, `${s.releases.length} releases of ${s.vns} VNs, in ${s.languages.join(", ") || "any language"} on ${s.platforms.join(", ") || "any platform"}.`),
    s.releases.length
      ? h(
          "table",
          {},
          h("thead", {}, h("tr", {}, h("th", {}, "Date"), h("th", {}, "Release"), h("th", {}, "Languages"))),
          h("tbody", {}, rows.map((r) => h("tr", {}, h("td", {}, r.released), h("td", {}, r.title), h("td", {}, `${r.languages.join(", ")}${r.mtl ? " (MTL)" : ""}`)))),
        )
      : h("p", {}, "Nothing announced."),
    rows.length < s.releases.length ? h("div", { class: "actions" }, expand(`Show all ${s.releases.length} releases`)) : null,
  ];
}
