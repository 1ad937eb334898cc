// The arguments of a query tool call, as the tool's input schema (tools/query/tool.ts) admits them.

export type QueryArgs = {
  query?: string;
  /** VN and character searches: words in descriptions, where the data is local (about.ts). */
  about?: string;
  /** vndb_search_vn only: a folder or file name to identify (query/identify/). */
  identify?: string;
  filters?: unknown;
  user?: string;
  fields?: string;
  sort?: string;
  reverse?: boolean;
  results?: number;
  page?: number;
  count?: boolean;
  spoilers?: number;
};

/** Whether a filter argument mentions list labels (only then is the token's user needed). */
export function mentionsLabel(filters: unknown): boolean {
  return filters !== undefined && JSON.stringify(filters).includes('"label"');
}
