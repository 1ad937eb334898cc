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

export const ID_LETTER: Partial<Record<QueryEndpoint, string>> = {
  vn: "v",
  release: "r",
  producer: "p",
  character: "c",
  staff: "s",
  tag: "g",
  trait: "i",
};

/** The member that names an entry of each kind. */
const NAME_FIELD: Partial<Record<QueryEndpoint, string>> = { vn: "title", release: "title" };

/**
 * Entries of `endpoint` whose name matches `typed` (or the id typed in full), as
 * "v17 (Ever17 -the out of infinity-)": a picker shows the value itself, and an id alone
 * tells a person nothing (issue 29, defect 5). The id leads, so the value still works
 * where an id is expected (resources/index.ts reads it back; prompts take ids or titles).
 */
export async function completeEntryId(api: VndbApi, endpoint: QueryEndpoint, typed: string): Promise<string[]> {
  const text = typed.trim();
  const letter = ID_LETTER[endpoint];
  const fullId = letter !== undefined && new RegExp(`^${letter}[1-9][0-9]*$`).test(text);
  if (!fullId && text.length < MIN_NAME_CHARS) return [];
  const name = NAME_FIELD[endpoint] ?? "name";
  try {
    const page = await api.query(endpoint, {
      filters: fullId ? ["id", "=", text] : ["search", "=", text],
      fields: name,
      ...(fullId ? {} : { sort: "searchrank" }),
      results: COMPLETION_LIMIT,
    });
    const values = page.results.map((r) => {
      const row = r as Record<string, unknown>;
      return typeof row[name] === "string" && row[name] ? `${String(row.id)} (${String(row[name])})` : String(row.id);
    });
    return fullId && values.length === 0 ? [text] : values;
  } catch {
    // A completion is a convenience: no suggestions (the id as typed) rather than an error in the picker.
    return fullId ? [text] : [];
  }
}
