// "How many releases does Muv-Luv have?" is asked as releases whose VN matches the search
// "Muv-Luv", which VNDB answers for every VN that matches it (Muv-Luv, Alternative,
// Unlimited …): 136 releases where the VN itself has 40. When a nested `vn` filter is a bare
// search that matches several VNs, the answer says so and how to ask for one — one extra
// request, made only for that shape of filter.

import type { QueryEndpoint } from "../../../kana/types.js";
import type { VndbApi } from "../../api.js";
import { line, type QueryNote } from "./note.js";

/** Endpoints whose `vn` filter is a nested VN query. */
const WITH_VN_FILTER = new Set<QueryEndpoint>(["release", "character", "quote"]);
/** VNs named in the note. */
const NAMED = 3;

interface NestedSearchInput {
  api: VndbApi;
  signal: AbortSignal | undefined;
  endpoint: QueryEndpoint;
  /** The model's filters, as it wrote them. */
  filters: unknown;
}

/** The search text of a top-level `{"vn": {"search": "…"}}` (a name given as a string resolves to one VN). */
function nestedVnSearch(filters: unknown): string | undefined {
  if (!filters || typeof filters !== "object" || Array.isArray(filters)) return undefined;
  const vn = (filters as Record<string, unknown>).vn;
  if (vn && typeof vn === "object" && !Array.isArray(vn)) {
    const keys = Object.keys(vn);
    const search = (vn as Record<string, unknown>).search;
    if (keys.length === 1 && typeof search === "string") return search.trim();
  }
  return undefined;
}

export async function nestedSearchNote(input: NestedSearchInput): Promise<string | null> {
  if (!WITH_VN_FILTER.has(input.endpoint)) return null;
  const search = nestedVnSearch(input.filters);
  if (!search) return null;
  const found = await input.api.query("vn", { filters: ["search", "=", search], fields: "title", sort: "searchrank", results: NAMED, count: true }, { signal: input.signal });
  const count = found.count ?? found.results.length;
  if (count < 2) return null;
  const first = found.results[0]!;
  const named = found.results.map((v) => `${String(v.id)} ${String(v.title ?? "")}`.trim()).join(", ");
  return `The vn filter "${search}" matches ${count} VNs (${named}${count > NAMED ? ", …" : ""}); these results cover all of them. For one VN only, filter {"vn":{"id":"${first.id}"}}.`;
}

export const nestedSearch: QueryNote = {
  name: "nested-search",
  phase: "annotate",
  maxRequests: 1,
  applies: (ctx) => ctx.firstPage && ctx.response.results.length > 0 && WITH_VN_FILTER.has(ctx.spec.endpoint) && nestedVnSearch(ctx.args.filters) !== undefined,
  run: async (ctx) => line(await nestedSearchNote({ api: ctx.api, signal: ctx.signal, endpoint: ctx.spec.endpoint, filters: ctx.args.filters })),
};
