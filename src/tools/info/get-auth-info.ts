// vndb_get_auth_info: GET /authinfo — whose token is configured and what it may do.

import { AUTH_INFO_OUTPUT } from "../output-shapes.js";
import { defineTool, READ_ANNOTATIONS } from "../define-tool.js";
import { ToolError } from "../errors.js";
import { permissionHint } from "../lists/permissions.js";

export const getAuthInfoTool = defineTool({
  name: "vndb_get_auth_info",
  endpoint: "authinfo",
  title: "Check the VNDB token",
  description: "Show which VNDB user the configured token belongs to and its permissions (listread, listwrite).",
  input: {},
  output: AUTH_INFO_OUTPUT,
  annotations: READ_ANNOTATIONS,
  access: "read",
  async run(_args, ctx) {
    if (!ctx.config.token) {
      throw new ToolError(
        "No VNDB token is configured, so there is no authenticated user.",
        "The user can add a token (VNDB_TOKEN, or the token setting in Claude Desktop) to read private list entries and edit their list.",
      );
    }
    const info = await ctx.session.whoAmI(ctx.api, ctx.signal);
    const missing = (["listread", "listwrite"] as const).filter((p) => !info.permissions.includes(p));
    const lines = [
      `Token of ${info.username} (${info.id}); permissions: ${info.permissions.join(", ") || "none"}.`,
      ...(missing.length ? [permissionHint(info, missing)] : []),
      ctx.config.readOnly ? "The server runs read-only: list-write tools are disabled." : "",
    ].filter(Boolean);
    return { text: lines.join("\n"), structured: { ...info, readOnly: ctx.config.readOnly } };
  },
});
