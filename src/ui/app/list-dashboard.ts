// The list dashboard (vndb_list_insight): labels, the vote histogram, finished per year and
// the developers and tags of the highly voted, as charts with their numbers beside them. The
// tool's modes answer in the same view (a host opens one view per tool), each drawn by the
// shape of its structured answer: a comparison chart (compare), the brief's card (vn) and
// the releases to come (upcoming).

import type { ListStats } from "../../tools/insight/list-stats.js";
import { connect, type ToolResult } from "./bridge.js";
import { barChart } from "./charts.js";
import { h, mainElement, show, sourceLine } from "./dom.js";
import { Fit } from "./fit.js";
import type { BriefResult, ComparisonResult } from "../shapes.js";
import { drawComparison, isComparison } from "./taste-chart.js";
import { drawBrief, isBrief } from "./brief-card.js";
import { drawUpcoming, isUpcoming } from "./upcoming-list.js";

/** vndb_list_insight's structured result: the list's numbers and whose list it is. */
type Insight = ListStats & { user: string; cut?: boolean };

const root = mainElement();
let shown: ToolResult | null = null;
const fit = new Fit((full) => shown && drawInsight(shown, full));

function draw(result: ToolResult): void {
  shown = result;
  fit.show();
}

function drawInsight(result: ToolResult, full: boolean): void {
  const data = result.structuredContent;
  if (!result.isError && data) {
    const source = h("p", { class: "note" }, sourceLine());
    const expand = (label: string) => (full ? null : fit.button(label));
    if (isComparison(data)) return show(root, drawComparison(data as unknown as ComparisonResult, full, expand("Show favourites and loved VNs")), source);
    if (isBrief(data)) return show(root, drawBrief(data as unknown as BriefResult, full, expand("Show the whole card")), source);
    if (isUpcoming(data)) return show(root, drawUpcoming(data as never, full, (label) => fit.button(label)), source);
  }
  const s = data as unknown as Insight | undefined;
  if (result.isError || !s || typeof s.entries !== "number") {
    show(root, h("p", { class: "error" }, "The list could not be read; the answer in the chat says why."));
    return;
  }
  const years = Object.keys(s.finishedByYear).sort();
  const charts = [
    barChart("Votes", s.histogram.map((n, i) => ({ label: `${i + 1}`, value: n })), "votes"),
    barChart("Entries per label", s.labels.map((l) => ({ label: l.label, value: l.count })), "entries"),
    barChart("Finished per year", years.map((y) => ({ label: y, value: s.finishedByYear[y]! })), "finished"),
    barChart("Developers of the VNs voted 8+", s.topDevelopers.map((d) => ({ label: d.name, value: d.count })), "VNs"),
    barChart("Tags of the VNs voted 8+", s.topTags.map((t) => ({ label: t.name, value: t.count })), "VNs"),
  ];
  // A first screen holds the numbers and the vote chart; the others wait behind one button (fit.ts).
  show(
    root,
    h("h1", {}, `${s.user}'s list`),
    h(
      "p",
      {},
      `${s.entries} entries · ${s.votes} votes`,
      s.average !== null ? ` · average ${s.average.toFixed(2)}` : " · no votes yet",
      ` · ${s.highVoted} voted 8 or more`,
    ),
    s.cut ? h("p", { class: "muted" }, "Only part of a long list was read; the numbers cover that part.") : null,
    h("div", { class: "charts" }, full ? charts : charts.slice(0, 1)),
    full ? null : h("div", { class: "actions" }, fit.button(`Show all ${charts.length} charts`)),
    full && s.finishedUndated ? h("p", { class: "muted" }, `${s.finishedUndated} finished without a finish date (not in the yearly chart).`) : null,
    h("p", { class: "note" }, sourceLine()),
  );
}

show(root, h("p", { class: "skeleton", role: "status" }, "Reading the list…"));
connect("vndb-list-dashboard", { onResult: draw, onContext: () => fit.show() }).then((b) => fit.connected(b));
