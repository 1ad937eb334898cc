// The view's side of the MCP Apps protocol (io.modelcontextprotocol/ui): JSON-RPC 2.0 over
// postMessage with the host window. Written here rather than bundling the extension's App
// class, which brings the SDK's protocol layer and zod (about 540 kB) into every view; a view
// needs five messages. The browser tests drive these views with the extension's own host
// bridge (AppBridge), so this file is checked against the reference implementation.

/** The Apps protocol revision these views speak (ext-apps LATEST_PROTOCOL_VERSION). */
export const APPS_PROTOCOL_VERSION = "2026-01-26";

/** How long a request to the host may take before the view says so (a tool call to VNDB included). */
const REQUEST_TIMEOUT_MS = 60_000;

export interface ToolResult {
  content?: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** How a host shows a view (MCP Apps display modes). */
export type DisplayMode = "inline" | "fullscreen" | "pip";

export interface HostContext {
  theme?: "light" | "dark";
  displayMode?: DisplayMode;
  /** The modes the host offers; a view asks for another one only when it is offered here. */
  availableDisplayModes?: DisplayMode[];
  containerDimensions?: { height?: number; maxHeight?: number; width?: number; maxWidth?: number };
  styles?: { variables?: Record<string, string | undefined> };
  toolInfo?: { tool?: { name?: string } };
  [key: string]: unknown;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export interface Bridge {
  /** Host context from ui/initialize (theme, styles, the tool that opened the view). */
  readonly context: HostContext;
  /** Calls a server tool through the host; rejects with the tool's own text when it answers isError. */
  callTool(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  /** Asks the host to open a link (a view may not navigate itself). */
  openLink(url: string): void;
  /** Asks the host for another display mode; resolves with the mode the host chose. */
  requestDisplayMode(mode: DisplayMode): Promise<DisplayMode>;
}

export interface BridgeHandlers {
  onToolInput?(args: Record<string, unknown>): void;
  onResult(result: ToolResult): void;
  onToolCancelled?(reason: string | undefined): void;
  onContext?(context: HostContext): void;
}

/** The text of a tool result, for errors and for hosts' text alternatives. */
export function resultText(result: ToolResult): string {
  return (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text ?? "").join("\n");
}

/**
 * Connects to the host: ui/initialize, then ui/notifications/initialized, then the host's
 * notifications are handed to `handlers`. The view's height is reported as it changes so the
 * host can size the frame (no nested scrolling in inline mode).
 */
export async function connect(appName: string, handlers: BridgeHandlers): Promise<Bridge> {
  const host = window.parent;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const post = (message: Record<string, unknown>) => host.postMessage({ jsonrpc: "2.0", ...message }, "*");

  const request = (method: string, params: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`The host did not answer ${method} in ${REQUEST_TIMEOUT_MS / 1000} s.`));
      }, REQUEST_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      post({ id, method, params });
    });

  window.addEventListener("message", (event: MessageEvent) => {
    // Only the host frame speaks to a view; anything else (another frame, an extension) is ignored.
    if (event.source !== host) return;
    const msg = event.data as { id?: number; method?: string; params?: Record<string, unknown>; result?: unknown; error?: { message?: string } };
    if (!msg || typeof msg !== "object") return;
    if (msg.method === undefined && typeof msg.id === "number") {
      const waiting = pending.get(msg.id);
      if (!waiting) return;
      pending.delete(msg.id);
      clearTimeout(waiting.timer);
      if (msg.error) waiting.reject(new Error(msg.error.message ?? "The host refused the request."));
      else waiting.resolve(msg.result);
      return;
    }
    switch (msg.method) {
      case "ui/notifications/tool-input":
        handlers.onToolInput?.((msg.params?.arguments as Record<string, unknown>) ?? {});
        break;
      case "ui/notifications/tool-result":
        handlers.onResult((msg.params ?? {}) as ToolResult);
        break;
      case "ui/notifications/tool-cancelled":
        handlers.onToolCancelled?.(msg.params?.reason as string | undefined);
        break;
      case "ui/notifications/host-context-changed":
        Object.assign(context, msg.params ?? {});
        applyContext(context);
        handlers.onContext?.(context);
        break;
      case "ui/resource-teardown":
        if (typeof msg.id === "number") post({ id: msg.id, result: {} });
        break;
      default:
        // A request this view does not implement gets the JSON-RPC "method not found".
        if (typeof msg.id === "number" && msg.method) post({ id: msg.id, error: { code: -32601, message: `${msg.method} is not supported by this view` } });
    }
  });

  const context: HostContext = {};
  const init = (await request("ui/initialize", {
    appInfo: { name: appName, version: "1" },
    // Inline first; fullscreen when the host offers it and the reader asks for everything (fit.ts).
    appCapabilities: { availableDisplayModes: ["inline", "fullscreen"] },
    protocolVersion: APPS_PROTOCOL_VERSION,
  })) as { hostContext?: HostContext };
  Object.assign(context, init.hostContext ?? {});
  applyContext(context);
  post({ method: "ui/notifications/initialized", params: {} });
  reportSize(post);

  return {
    context,
    async callTool(name, args) {
      const result = (await request("tools/call", { name, arguments: args })) as ToolResult;
      if (result.isError) throw new Error(resultText(result) || `${name} failed.`);
      return result;
    },
    openLink(url) {
      request("ui/open-link", { url }).catch(() => undefined);
    },
    async requestDisplayMode(mode) {
      const answer = (await request("ui/request-display-mode", { mode })) as { mode?: DisplayMode };
      const granted = answer?.mode ?? context.displayMode ?? "inline";
      // Hosts also send host-context-changed; the answer alone is enough to redraw.
      if (granted !== context.displayMode) {
        context.displayMode = granted;
        handlers.onContext?.(context);
      }
      return granted;
    },
  };
}

/** Host theme and CSS variables onto the document; the views' CSS falls back to its own values. */
function applyContext(context: HostContext): void {
  const root = document.documentElement;
  if (context.theme) root.dataset.theme = context.theme;
  for (const [name, value] of Object.entries(context.styles?.variables ?? {})) {
    if (value && name.startsWith("--")) root.style.setProperty(name, value);
  }
}

function reportSize(post: (message: Record<string, unknown>) => void): void {
  let last = -1;
  const send = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height === last) return;
    last = height;
    post({ method: "ui/notifications/size-changed", params: { height } });
  };
  new ResizeObserver(send).observe(document.documentElement);
  send();
}
