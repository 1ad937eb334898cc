// Members that were asked for but hold nothing. Empty members are dropped from answers
// (format/prune.ts), which hides the difference between "VNDB has no value" and "not asked
// for": models spent calls proving a value absent. So the text names each requested member
// that came back empty: "unknown" (null), "none" (empty list or text), and for ratings the
// vote count that explains the gap ("— (0 votes)").

type Obj = Record<string, unknown>;

/** Members whose null is explained by too few votes (VNDB shows no rating below a minimum). */
const RATING_KEYS: ReadonlySet<string> = new Set(["rating", "average"]);

/**
 * Members of the standard views said when empty although the model did not name them: the
 * ones models asked again for just to see "unknown" (a VN's or release's date, a release's
 * platforms and age rating, a quote's speaker, a character's age and height). Other preset
 * members stay unsaid when empty, or every answer would list unknowns nobody asked about.
 */
export const SAID_WHEN_EMPTY: Readonly<Partial<Record<string, readonly string[]>>> = {
  vn: ["released"],
  release: ["released", "platforms", "minage"],
  quote: ["character"],
  character: ["age", "height"],
};

/** The top-level names of a field string: "title,tags{name},image.url" → title, tags, image. */
export function topLevelFields(fields: string): string[] {
  const out = new Set<string>();
  let depth = 0;
  let word = "";
  const flush = () => {
    const name = word.trim().split(".")[0];
    if (name) out.add(name);
    word = "";
  };
  for (const ch of fields) {
    if (ch === "{") {
      if (depth === 0) flush();
      depth++;
    } else if (ch === "}") depth--;
    else if (depth === 0) {
      if (ch === ",") flush();
      else word += ch;
    }
  }
  flush();
  return [...out];
}

/**
 * Empty lists that are not "none": a VN's languages and platforms are those of its releases,
 * so an empty one means no release records any (issue 29 item 7), not that it has none.
 */
const EMPTY_LIST_TEXT: Readonly<Partial<Record<string, Readonly<Record<string, string>>>>> = {
  vn: { languages: "none recorded on the releases", platforms: "none recorded on the releases" },
};

/** Requested members of a raw entry that hold no value, each with the text to show. */
export function missingValues(raw: Obj, requested: readonly string[], endpoint?: string): [string, string][] {
  const out: [string, string][] = [];
  for (const key of requested) {
    if (key === "id" || !(key in raw)) continue;
    const v = raw[key];
    // The old 1-5 length is only VNDB's fallback when nobody voted on play time: unset
    // beside a known play time, it is not an unknown length — but asked for, it is said
    // (left out, a model reported the VN's length as missing: issue 29, defect 4).
    if (key === "length" && (v === null || v === 0) && typeof raw.length_minutes === "number") {
      out.push([key, `not set (only for VNs without play-time votes; length_minutes: ${raw.length_minutes})`]);
      continue;
    }
    // Without length_minutes beside it, an unset `length` says nothing about the play time
    // (v37 has 17 h of votes and no old estimate): point at the field that has it.
    if (key === "length" && (v === null || v === 0) && !("length_minutes" in raw)) {
      out.push([key, "not set (the old 1-5 estimate; the play time is in length_minutes)"]);
      continue;
    }
    if (v === null || v === undefined) {
      if (RATING_KEYS.has(key)) {
        const votes = typeof raw.votecount === "number" ? raw.votecount : 0;
        out.push([key, `— (${votes} ${votes === 1 ? "vote" : "votes"})`]);
      } else out.push([key, "unknown"]);
    } else if (v === "" || (Array.isArray(v) && v.length === 0)) out.push([key, (endpoint && EMPTY_LIST_TEXT[endpoint]?.[key]) || "none"]);
  }
  return out;
}

/**
 * Sort keys that can be missing, how to say the value, and where VNDB puts the entries
 * without it (reference §7: an unknown date is stored as 0 and sorts first ascending;
 * unrated VNs are always last). Ties are broken by id.
 */
const NULLABLE_SORTS: Readonly<Record<string, Readonly<Record<string, { what: string; place: (reverse: boolean) => string }>>>> = {
  vn: {
    released: { what: "release date", place: (r) => (r ? "last" : "first") },
    rating: { what: "rating", place: () => "last" },
  },
  release: { released: { what: "release date", place: (r) => (r ? "last" : "first") } },
};

/** "3 of 6 have no release date; VNDB puts them first, in id order." */
export function missingSortKeyNote(endpoint: string, sort: string | undefined, reverse: boolean | undefined, results: Obj[]): string | null {
  const rule = sort ? NULLABLE_SORTS[endpoint]?.[sort] : undefined;
  if (!rule || results.length === 0 || !results.every((r) => sort! in r)) return null;
  const lacking = results.filter((r) => r[sort!] === null || r[sort!] === undefined).length;
  if (lacking === 0) return null;
  // The first row is then only the lowest id, not "the newest" (issue 29 item 7). Where VNDB
  // puts the entries without the value last, a page of only such entries means no match has one.
  if (lacking === results.length) {
    // Players still named the first row "the newest" (eval round 4, empty-sort-1): say that
    // the order answers nothing about the value, and that the id order is VNDB's entry order.
    return rule.place(reverse === true) === "last"
      ? // Players read the ascending ids of a "reverse" page as `reverse` ignored (eval round 6): say VNDB keeps that tie-break ascending.
        `No match has a ${rule.what} (VNDB sorts those without one last), so which comes first by ${rule.what} is unknown; the page is in id order, earliest added first (VNDB does not reverse that tie-break).`
      : `None of these ${lacking} has a ${rule.what} (VNDB sorts those without one first); the page is in id order, earliest added first.`;
  }
  return `${lacking} of ${results.length} have no ${rule.what}; VNDB puts them ${rule.place(reverse === true)}, in id order.`;
}

