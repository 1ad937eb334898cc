// The MCP App views (io.modelcontextprotocol/ui), one value per view: its ui:// address, the
// browser entry it is built from (src/ui/app/, bundled into one self-contained HTML page by
// scripts/build-ui.ts) and the tools whose answers it draws. A new view is a new entry file
// and one line here. A tool's modes (list insight's compare/vn/upcoming, the update tool's
// import) share their tool's view and are drawn by the shape of their answer: a host opens the
// one view a tool names in tools/list (_meta.ui.resourceUri), whatever the call's arguments.

/** Marker in each built page that the server replaces with the data's provenance (src/ui/resources.ts). */
export const SOURCE_MARKER = "%VNDB_SOURCE%";

export interface View {
  /** The resource address tools point at (_meta.ui.resourceUri). */
  uri: string;
  /** Resource name and human title. */
  name: string;
  title: string;
  description: string;
  /** File under src/ui/app/ that starts the view. */
  entry: string;
  /** Tools whose results open this view. */
  tools: readonly string[];
}

export const VIEWS: readonly View[] = [
  {
    uri: "ui://vndb/search-grid.html",
    name: "search-grid",
    title: "Visual novels",
    description: "Cover cards for a search or recommendations; a card opens the VN's sheet.",
    entry: "search-grid.ts",
    tools: ["vndb_search_vn", "vndb_recommend"],
  },
  {
    uri: "ui://vndb/vn-sheet.html",
    name: "vn-sheet",
    title: "Visual novel sheet",
    description: "One visual novel: cover, titles, rating, length, languages, staff, cast, tags, reading order.",
    entry: "vn-sheet.ts",
    tools: ["vndb_vn_sheet"],
  },
  {
    uri: "ui://vndb/list-dashboard.html",
    name: "list-dashboard",
    title: "List dashboard",
    description: "A user's list as charts: labels, votes, finished per year, top developers and tags; two readers compared; should-I-read-it as a card; releases to come.",
    entry: "list-dashboard.ts",
    tools: ["vndb_list_insight"],
  },
  {
    uri: "ui://vndb/list-editor.html",
    name: "list-editor",
    title: "List editor",
    description: "A list change as before → after, read back from VNDB, with Undo and Edit; an import's dry run as an editable table with one Confirm button.",
    entry: "list-editor.ts",
    tools: ["vndb_update_list_entry", "vndb_remove_list_entry"],
  },
];

/** The view that draws a tool's answers, if any. */
export function viewOfTool(tool: string): View | undefined {
  return VIEWS.find((v) => v.tools.includes(tool));
}
