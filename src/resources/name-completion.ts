// Completion of entry arguments: what the user typed (part of a name, or an id) becomes the
// ids of matching entries, best match first, for resource templates and prompt arguments.

import type { QueryEndpoint } from "../kana/types.js";
import type { VndbApi } from "../tools/api.js";

/** The completion list of MCP holds at most 100 values; a picker shows about ten. */
export const COMPLETION_LIMIT = 10;
/** The most values one completion answer holds (the MCP spec's limit; the SDK's too). */
const MAX_COMPLETION_VALUES = 100;

/** A completion/complete answer, as the SDK words it: the values, how many there were, whether some were cut. */
export type Completion = { completion: { values: string[]; total?: number; hasMore: boolean } };

export function completionResult(values: readonly string[]): Completion {
  return { completion: { values: values.slice(0, MAX_COMPLETION_VALUES), total: values.length, hasMore: values.length > MAX_COMPLETION_VALUES } };
}

/** The answer where there is nothing to complete. */
export const NO_COMPLETION: Completion = { completion: { values: [], hasMore: false } };

/** Below this many characters a name search matches too much to be useful. */
const MIN_NAME_CHARS = 2;

const ID_LETTER: Partial<Record<QueryEndpoint, string>> = {
  vn: "v",
  release: "r",
  producer: "p",
  character: "c",
  staff: "s",
  tag: "g",
  trait: "i",
};

/** Ids of `endpoint` entries whose name matches `typed`; an id typed in full stands as is. */
export async function completeEntryId(api: VndbApi, endpoint: QueryEndpoint, typed: string): Promise<string[]> {
  const text = typed.trim();
  const letter = ID_LETTER[endpoint];
  if (letter && new RegExp(`^${letter}[1-9][0-9]*$`).test(text)) return [text];
  if (text.length < MIN_NAME_CHARS) return [];
  try {
    const page = await api.query(endpoint, {
      filters: ["search", "=", text],
      fields: "id",
      sort: "searchrank",
      results: COMPLETION_LIMIT,
    });
    return page.results.map((r) => String((r as { id: unknown }).id));
  } catch {
    // A completion is a convenience: no suggestions rather than an error in the picker.
    return [];
  }
}
