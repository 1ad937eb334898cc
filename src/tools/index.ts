// The registry: every tool, in the order tools/list shows them. The README tool table,
// manifest.json and the snapshot tests are checked against this one list. A server imports
// it on the first call that needs a tool (shelf.ts), not at its start.

import type { AnyTool } from "./define-tool.js";
import { getAuthInfoTool } from "./info/get-auth-info.js";
import { getSchemaTool } from "./info/get-schema.js";
import { getStatsTool } from "./info/get-stats.js";
import { getUserTool } from "./info/get-user.js";
import { listInsightTool } from "./insight/list-insight.js";
import { listLabelsTool } from "./lists/list-labels.js";
import {
  removeListEntryTool,
  removeReleaseEntryTool,
  updateListEntryTool,
  updateReleaseEntryTool,
} from "./lists/list-writes.js";
import { QUERY_SPECS } from "./query/specs.js";
import { recommendTool } from "./insight/recommend.js";
import { defineQueryTool } from "./query/tool.js";
import { vnCardsTool } from "./app/vn-cards.js";
import { vnSheetTool } from "./app/vn-sheet.js";

export const ALL_TOOLS: readonly AnyTool[] = [
  ...QUERY_SPECS.map(defineQueryTool),
  listLabelsTool,
  getUserTool,
  getAuthInfoTool,
  getSchemaTool,
  getStatsTool,
  listInsightTool,
  recommendTool,
  updateListEntryTool,
  updateReleaseEntryTool,
  removeListEntryTool,
  removeReleaseEntryTool,
  // App-only (src/ui/): listed only to clients that render MCP Apps.
  vnCardsTool,
  vnSheetTool,
];

/** The tools a model can see (the README table and manifest.json list these): all but app-only ones. */
export const MODEL_TOOLS: readonly AnyTool[] = ALL_TOOLS.filter((t) => t.audience !== "app");

