// The views as MCP resources and the tool metadata that points at them (MCP Apps,
// io.modelcontextprotocol/ui). SDK-free: src/resources/ and src/tools/define-tool.ts register
// what this file describes.

import type { ServerConfig } from "../server/config.js";
import { OFFLINE_SAMPLE_YEARS } from "../server/offline-sample.js";
import { SOURCE_MARKER, VIEWS, viewOfTool, type View } from "./views.js";

/** The MIME type hosts render as an app (ext-apps RESOURCE_MIME_TYPE). */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";

/** The extension's identifier in client capabilities (`extensions`). */
export const UI_EXTENSION = "io.modelcontextprotocol/ui";

/**
 * VNDB serves every cover and screenshot from this host (api.vndb.org answers
 * `https://t.vndb.org/cv/…`); the views load images from it and nothing else.
 */
export const VNDB_IMAGE_ORIGIN = "https://t.vndb.org";

/** Where the data comes from, as every view says it. */
export function sourceLine(config: Pick<ServerConfig, "embedded">): string {
  return config.embedded
    ? `Data from an offline sample of VNDB (${OFFLINE_SAMPLE_YEARS} data, ODbL), not the live database: a value shown as unknown may only be missing from the sample.`
    : "Data from VNDB (vndb.org), ODbL.";
}

/** A view as a resource: what resources/list shows of it (its page is read with uiPage). */
export interface UiResource {
  view: View;
  mimeType: typeof APP_MIME_TYPE;
  _meta: { ui: { csp: { resourceDomains: string[] }; prefersBorder: boolean } };
}

/** One view's resource: its MIME type and sandbox policy. */
export function uiResource(view: View): UiResource {
  return { view, mimeType: APP_MIME_TYPE, _meta: { ui: { csp: { resourceDomains: [VNDB_IMAGE_ORIGIN] }, prefersBorder: true } } };
}

export function uiResources(): UiResource[] {
  return VIEWS.map(uiResource);
}

/**
 * A view's page with the provenance filled in. The pages (45 KB of HTML) are imported by the
 * first read, not at every start: only a host that renders MCP Apps reads them.
 */
export async function uiPage(view: View, config: Pick<ServerConfig, "embedded">): Promise<string> {
  const { VIEW_HTML } = await import("./generated/view-html.js");
  const html = VIEW_HTML[view.name];
  if (html === undefined) throw new Error(`view ${view.name} has not been built: run npm run gen`);
  const escaped = sourceLine(config).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return html.replace(SOURCE_MARKER, escaped);
}

/** A tool's `_meta.ui`: the view that draws its answers, and "app" visibility for app-only tools. */
export function uiToolMeta(tool: { name: string; audience?: "app" }): { ui: { resourceUri?: string; visibility?: ["app"] } } | undefined {
  const view = viewOfTool(tool.name);
  if (!view && tool.audience !== "app") return undefined;
  return { ui: { ...(view ? { resourceUri: view.uri } : {}), ...(tool.audience === "app" ? { visibility: ["app"] as ["app"] } : {}) } };
}

/** Whether a client's capabilities say it renders MCP Apps (it lists our MIME type under the extension). */
export function clientRendersApps(capabilities: unknown): boolean {
  const ext = (capabilities as { extensions?: Record<string, { mimeTypes?: unknown }> } | undefined)?.extensions?.[UI_EXTENSION];
  return Array.isArray(ext?.mimeTypes) && ext.mimeTypes.includes(APP_MIME_TYPE);
}
