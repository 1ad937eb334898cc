// Bar charts drawn as SVG by our own code (a chart library would outweigh the whole view),
// each with its text alternative: the same numbers as a table, read by screen readers and
// shown to anyone who opens "Numbers".

import { h, svg } from "./dom.js";

export interface Bar {
  label: string;
  value: number;
}

const ROW = 20;
const LABEL_WIDTH = 120;
const CHART_WIDTH = 320;

/** A horizontal bar chart: one row per bar, its value written at the bar's end. */
export function barChart(title: string, bars: Bar[], unit: string): HTMLElement {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = bars.length * ROW + 4;
  const plot = CHART_WIDTH - LABEL_WIDTH - 40;
  const chart = svg(
    "svg",
    { viewBox: `0 0 ${CHART_WIDTH} ${height}`, width: "100%", role: "img", "aria-label": `${title}: ${bars.map((b) => `${b.label} ${b.value}`).join(", ")}` },
    svg("line", { class: "axis", x1: LABEL_WIDTH, y1: 0, x2: LABEL_WIDTH, y2: height }),
    ...bars.flatMap((b, i) => {
      const y = i * ROW + 2;
      const w = (b.value / max) * plot;
      return [
        svg("text", { x: LABEL_WIDTH - 6, y: y + 13, "text-anchor": "end" }, truncate(b.label, 18)),
        svg("rect", { class: "bar", x: LABEL_WIDTH, y: y + 3, width: Math.max(w, b.value ? 1 : 0), height: ROW - 6, rx: 2 }),
        svg("text", { x: LABEL_WIDTH + w + 4, y: y + 13 }, String(b.value)),
      ];
    }),
  );
  return h(
    "figure",
    {},
    h("figcaption", {}, title),
    bars.length ? chart : h("p", { class: "muted" }, "Nothing to show."),
    bars.length
      ? h(
          "details",
          {},
          h("summary", {}, "Numbers"),
          h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, title), h("th", {}, unit))), h("tbody", {}, bars.map((b) => h("tr", {}, h("td", {}, b.label), h("td", {}, String(b.value)))))),
        )
      : null,
  );
}

function truncate(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text;
}

export interface Pair {
  label: string;
  a: number;
  b: number;
}

/** Rows of a paired chart: two thin bars each, one per reader. */
const PAIR_ROW = 30;

/**
 * Two readers' values side by side: per row the first reader's bar above the second's, on a
 * shared scale from 0 to `max` (a vote's 10), each value written at its bar's end.
 */
export function pairedBarChart(title: string, rows: Pair[], names: [string, string], max: number): HTMLElement {
  const height = rows.length * PAIR_ROW + 4;
  const plot = CHART_WIDTH - LABEL_WIDTH - 40;
  const bar = (value: number, y: number, which: "a" | "b") => {
    const w = (Math.min(value, max) / max) * plot;
    return [
      svg("rect", { class: `bar ${which}`, x: LABEL_WIDTH, y, width: Math.max(w, value ? 1 : 0), height: 10, rx: 2 }),
      svg("text", { x: LABEL_WIDTH + w + 4, y: y + 9 }, String(value)),
    ];
  };
  const chart = svg(
    "svg",
    { viewBox: `0 0 ${CHART_WIDTH} ${height}`, width: "100%", role: "img", "aria-label": `${title}: ${rows.map((r) => `${r.label} ${names[0]} ${r.a}, ${names[1]} ${r.b}`).join("; ")}` },
    svg("line", { class: "axis", x1: LABEL_WIDTH, y1: 0, x2: LABEL_WIDTH, y2: height }),
    ...rows.flatMap((r, i) => {
      const y = i * PAIR_ROW + 3;
      return [svg("text", { x: LABEL_WIDTH - 6, y: y + 16, "text-anchor": "end" }, truncate(r.label, 18)), ...bar(r.a, y, "a"), ...bar(r.b, y + 12, "b")];
    }),
  );
  return h(
    "figure",
    {},
    h("figcaption", {}, title),
    h("p", { class: "legend" }, h("span", { class: "key a" }), ` ${names[0]}  `, h("span", { class: "key b" }), ` ${names[1]}`),
    rows.length ? chart : h("p", { class: "muted" }, "Nothing to show."),
    rows.length
      ? h(
          "details",
          {},
          h("summary", {}, "Numbers"),
          h("table", {}, h("thead", {}, h("tr", {}, h("th", {}, "VN"), h("th", {}, names[0]), h("th", {}, names[1]))), h("tbody", {}, rows.map((r) => h("tr", {}, h("td", {}, r.label), h("td", {}, String(r.a)), h("td", {}, String(r.b)))))),
        )
      : null,
  );
}
