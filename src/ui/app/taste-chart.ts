// Two readers side by side (vndb_list_insight {compare}, issue 31 item 1), drawn in the list
// dashboard: the agreement in figures, the biggest disagreements as a paired chart, and, once
// the reader asks for everything, what each rates highest and loved that the other has not read.

import type { ComparisonResult, Favourites } from "../shapes.js";
import { pairedBarChart } from "./charts.js";
import { h } from "./dom.js";

/** Whether a list insight answer is a comparison (its shape: two users). */
export function isComparison(s: Record<string, unknown>): boolean {
  return Array.isArray(s.users) && s.users.length === 2 && Array.isArray(s.entries);
}

const figure = (value: string, label: string) => h("div", {}, h("strong", {}, value), h("span", {}, label));

/** The comparison; `expand` is the "show everything" button of a first screen (fit.ts), null when drawn whole. */
export function drawComparison(s: ComparisonResult, full: boolean, expand: HTMLElement | null): (HTMLElement | null)[] {
  const names = s.names ?? s.users;
  const head = h("h1", {}, `${names[0]} and ${names[1]}`);
  const publicOnly = names.filter((_, i) => s.public_only?.[i]);
  const visibility = publicOnly.length ? h("p", { class: "muted" }, `Public entries only for ${publicOnly.join(" and ")}.`) : null;
  if (!s.favourites) {
    // The answer of an empty or private list: nothing to chart.
    return [head, visibility, h("p", {}, `Nothing to compare: ${names[0]} shows ${s.entries[0]} entries, ${names[1]} ${s.entries[1]}.`)];
  }
  const figures = h(
    "div",
    { class: "figures" },
    figure(String(s.shared), "shared VNs"),
    figure(String(s.sharedVoted ?? 0), "both voted"),
    figure(s.correlation == null ? "—" : s.correlation.toFixed(2), s.correlation == null ? "correlation (too few shared votes)" : "vote correlation"),
    figure(s.meanDifference == null ? "—" : s.meanDifference.toFixed(2), "mean difference (points)"),
  );
  const counts = h("p", { class: "muted" }, `${names[0]}: ${s.entries[0]} entries, ${s.votes?.[0] ?? 0} votes · ${names[1]}: ${s.entries[1]} entries, ${s.votes?.[1] ?? 0} votes`);
  const chart = pairedBarChart(
    "Biggest disagreements (votes)",
    (s.disagreements ?? []).map((d) => ({ label: d.title, a: d.a, b: d.b })),
    [names[0], names[1]],
    10,
  );
  const rest = full
    ? [
        h("h2", {}, "Rates highest (mean vote, votes)"),
        h("div", { class: "two" }, names.map((n, i) => favourites(n, s.favourites![i as 0 | 1]))),
        h("h2", {}, "Loved (8+), not on the other's list"),
        h(
          "div",
          { class: "two" },
          names.map((n, i) => {
            const rows = s.lovedUnread?.[i as 0 | 1] ?? [];
            return h("div", {}, h("h3", {}, `${n} loved`), rows.length ? h("ul", {}, rows.map((e) => h("li", {}, `${e.title} (${e.vote === null ? "?" : e.vote / 10})`))) : h("p", { class: "muted" }, "None."));
          }),
        ),
      ]
    : [];
  return [head, visibility, figures, counts, h("div", { class: "charts" }, chart), expand ? h("div", { class: "actions" }, expand) : null, ...rest];
}

function favourites(name: string, f: Favourites): HTMLElement {
  const kinds: [string, Favourites["developers"]][] = [["Developers", f.developers], ["Writers", f.writers], ["Tags", f.tags]];
  return h(
    "div",
    {},
    h("h3", {}, name),
    h("table", {}, h("tbody", {}, kinds.map(([kind, rows]) => h("tr", {}, h("th", { scope: "row" }, kind), h("td", { class: rows.length ? "" : "muted" }, rows.map((r) => `${r.name} ${r.mean.toFixed(1)} (${r.count})`).join(", ") || "none with enough votes"))))),
  );
}
