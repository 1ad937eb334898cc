// "Should I read it?" as a card (vndb_list_insight {vn}, issue 31 item 5), drawn in the list
// dashboard: rating and length, the reader's list status, availability in the reader's
// languages, content warnings at the server's spoiler level, what to read first, and how the
// VN matches the reader's votes. Unknown is said, never filled in.

import type { Availability, BriefResult } from "../shapes.js";
import { h } from "./dom.js";
import { lengthText, ratingText } from "./words.js";

/** Whether a list insight answer is a brief (its shape: one VN with availability). */
export function isBrief(s: Record<string, unknown>): boolean {
  return typeof s.vn === "object" && s.vn !== null && Array.isArray(s.availability);
}

/** VNDB's length classes, for a VN without length votes (the same words as the text answer). */
const LENGTHS: Readonly<Record<number, string>> = { 1: "very short (< 2 h)", 2: "short (2-10 h)", 3: "medium (10-30 h)", 4: "long (30-50 h)", 5: "very long (> 50 h)" };

const RELATIONS: Readonly<Record<string, string>> = { preq: "prequel", par: "parent story", orig: "original game" };

function when(a: Availability): string {
  return `${a.out ? "since" : "due"} ${a.first ?? "TBA"}`;
}

function availability(s: BriefResult, full: boolean): HTMLElement {
  if (!s.languages_from) return h("span", { class: "muted" }, "unknown (no releases on the release list to tell the reader's languages)");
  return h(
    "ul",
    { class: "plain" },
    s.availability.map((a) => {
      const parts = (
        [
          ["official", a.official],
          ["fan translation", a.fan],
          ["MTL", a.mtl],
        ] as const
      )
        .filter(([, x]) => x)
        .map(([what, x]) => `${what} ${when(x!)}${full ? ` (${x!.platforms.join(", ")})` : ""}`);
      return h("li", {}, h("strong", {}, a.lang), ": ", parts.length ? parts.join("; ") : h("span", { class: "muted" }, "none"));
    }),
  );
}

function taste(s: BriefResult): string {
  const t = s.taste;
  if (t.mean_vote === null) return "no votes to compare with";
  const parts = [`mean vote ${t.mean_vote.toFixed(2)} over ${t.votes}`];
  parts.push(t.similar_mean === null ? "no voted VN shares 3+ of its content tags" : `similar VNs (3+ content tags) voted ${t.similar_mean.toFixed(2)}`);
  if (t.same_developer_mean !== null) parts.push(`same developer voted ${t.same_developer_mean.toFixed(2)}`);
  return parts.join(" · ");
}

/** The card; `expand` is the "show everything" button of a first screen (fit.ts), null when drawn whole. */
export function drawBrief(s: BriefResult, full: boolean, expand: HTMLElement | null): (HTMLElement | null)[] {
  const vn = s.vn;
  const length = vn.length_minutes ? lengthText(vn.length_minutes) : vn.length ? LENGTHS[vn.length] ?? "length unknown" : "length unknown";
  const similar = s.taste.similar;
  return [
    h(
      "article",
      { class: "card-brief", "aria-label": `Should ${s.name ?? s.user} read ${vn.title}?` },
      h("h1", {}, vn.title, h("span", { class: "muted" }, ` (${vn.id})`)),
      h("p", { class: "muted" }, `For ${s.name ?? s.user}`),
      h("p", {}, [ratingText(vn.rating, vn.votecount), length].join(" · ")),
      h(
        "dl",
        {},
        h("dt", {}, "On the list"),
        h("dd", { class: s.on_list ? "" : "muted" }, s.on_list ?? "not on the list"),
        h("dt", {}, "Languages"),
        h("dd", {}, availability(s, full)),
        h("dt", {}, "Warnings"),
        h(
          "dd",
          {},
          s.warnings.length ? h("ul", { class: "chips warn" }, s.warnings.map((w) => h("li", { title: `tag rating ${w.rating.toFixed(1)}` }, w.name))) : h("span", { class: "muted" }, "none at this spoiler level"),
          s.warnings_hidden ? h("span", { class: "muted" }, ` ${s.warnings_hidden} more above the spoiler level, not named`) : null,
        ),
        h("dt", {}, "Read first"),
        h("dd", {}, s.read_first.length ? s.read_first.map((r) => `${r.title} (${RELATIONS[r.relation] ?? r.relation}; ${r.status})`).join("; ") : h("span", { class: "muted" }, "nothing")),
        h("dt", {}, "Taste match"),
        h("dd", {}, taste(s)),
      ),
      full && similar.length
        ? [h("h2", {}, "Similar VNs voted"), h("ul", {}, similar.map((x) => h("li", {}, `${x.id}: vote ${x.vote} (shares ${x.shared.join(", ")})`)))]
        : null,
    ),
    expand ? h("div", { class: "actions" }, expand) : null,
  ];
}
