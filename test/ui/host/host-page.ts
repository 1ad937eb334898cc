// A minimal MCP Apps host for the browser tests, built on the extension's own host bridge
// (AppBridge from @modelcontextprotocol/ext-apps): it renders a view in a sandboxed iframe
// under a deny-by-default CSP, as hosts do, hands it a tool's input and result, and forwards
// the view's tool calls and links to the test (window.hostCallTool / hostOpenLink, exposed by
// Playwright from Node, where a real SDK client talks to the server).

import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

interface StartOptions {
  html: string;
  tool: { name: string };
  args: Record<string, unknown>;
  result: Record<string, unknown>;
  theme: "light" | "dark";
  width: number;
  /** The inline height the host gives (containerDimensions.maxHeight); none named when absent. */
  maxHeight?: number;
  /** The display modes the host offers (hostContext.availableDisplayModes). */
  displayModes?: ("inline" | "fullscreen" | "pip")[];
}

declare global {
  interface Window {
    hostCallTool(name: string, args: unknown): Promise<Record<string, unknown>>;
    hostOpenLink(url: string): Promise<void>;
    startView(options: StartOptions): Promise<number>;
    viewFrame(): HTMLIFrameElement;
    /** The display modes the view asked for, in order. */
    displayRequests: string[];
  }
}

/** What hosts enforce on a view: nothing but inline code and the declared image host. */
const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src https://t.vndb.org data:";

window.viewFrame = () => document.querySelector("iframe")!;

window.startView = async (o) => {
  document.body.replaceChildren();
  document.body.style.margin = "0";
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.title = "view";
  iframe.style.cssText = `width:${o.width}px;height:100px;border:0;display:block`;
  document.body.append(iframe);
  const context: Record<string, unknown> = {
    theme: o.theme,
    displayMode: "inline",
    availableDisplayModes: o.displayModes ?? ["inline"],
    toolInfo: { tool: { name: o.tool.name, inputSchema: { type: "object" } } },
    containerDimensions: o.maxHeight === undefined ? { width: o.width } : { width: o.width, maxHeight: o.maxHeight },
  };
  const bridge = new AppBridge(null, { name: "test-host", version: "1" }, { openLinks: {}, serverTools: {} }, { hostContext: context as never });
  window.displayRequests = [];
  // As hosts do: a mode on offer is granted (and announced as a context change), any other refused.
  bridge.onrequestdisplaymode = async ({ mode }) => {
    window.displayRequests.push(mode);
    if (!(o.displayModes ?? ["inline"]).includes(mode)) return { mode: "inline" };
    context.displayMode = mode;
    bridge.setHostContext({ ...context } as never);
    return { mode };
  };
  bridge.oncalltool = async (params) => (await window.hostCallTool(params.name, params.arguments ?? {})) as never;
  bridge.onopenlink = async ({ url }) => {
    await window.hostOpenLink(url);
    return {};
  };
  bridge.addEventListener("sizechange", ({ height }) => {
    if (height) iframe.style.height = `${height}px`;
  });
  const initialized = new Promise<void>((resolve) => bridge.addEventListener("initialized", () => resolve()));
  // Connect before the page loads: a view sends ui/initialize as soon as its script runs.
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  const started = performance.now();
  iframe.srcdoc = o.html.replace("<head>", `<head><meta http-equiv="Content-Security-Policy" content="${CSP}">`);
  await initialized;
  await bridge.sendToolInput({ arguments: o.args });
  await bridge.sendToolResult(o.result as never);
  return started;
};
