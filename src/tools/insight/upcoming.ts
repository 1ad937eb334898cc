import type { ToolContext, ToolResult } from "../define-tool.js";
export async function runUpcoming(_ctx: ToolContext, _user: string | undefined): Promise<ToolResult> {
  throw new Error("todo");
}
