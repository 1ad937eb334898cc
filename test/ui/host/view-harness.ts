// Drives the MCP App views in Debian's Chromium (playwright-core) the way a host does: a tool is
// called through a real SDK client to the server on the emulator, then its answer is shown in
// the tool's view inside test/ui/host/host-page.ts (the extension's own AppBridge). Shared by
// the view tests and the README screenshots.

import { build } from "esbuild";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Frame, Page } from "playwright-core";
import { startEmulated, type Emulated, type EmulatedOptions } from "../../helpers/emulated-server.js";
import { APP_MIME_TYPE, UI_EXTENSION } from "../../../src/ui/resources.js";
import { viewOfTool } from "../../../src/ui/views.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
/** Flags the probe found needed here: no background traffic, which this closed network refuses. */
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export interface Shown {
  page: Page;
  view: Frame;
  errors: string[];
}

export interface ShowOptions {
  theme?: "light" | "dark";
  width?: number;
  ready?: string;
  /** Covers: the project's icon as every cover, or every cover failing (as offline, where VNDB's image host is out of reach). */
  images?: "serve" | "fail";
  /** The inline height the host names: a tall frame unless a test says otherwise; null names none. */
  maxHeight?: number | null;
  displayModes?: ("inline" | "fullscreen")[];
}

export interface ViewHarness {
  server: Emulated;
  /** Links the views asked the host to open. */
  opened: string[];
  /** Render time per view (ms, host start → content). */
  renderMs: Record<string, number>;
  /** Calls `tool` as the model would, then shows its answer in the tool's view, as a host does. */
  show(tool: string, args: Record<string, unknown>, options?: ShowOptions): Promise<Shown>;
  close(): Promise<void>;
}

/** A browser, the host page's script and a server (`server` options as startEmulated takes them) that declares the Apps extension. */
export async function startViewHarness(server: Omit<EmulatedOptions, "capabilities">): Promise<ViewHarness> {
  const { chromium } = await import("playwright-core");
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const out = await build({ entryPoints: [join(root, "test", "ui", "host", "host-page.ts")], bundle: true, write: false, format: "iife", target: "es2022" });
  const hostScript = out.outputFiles[0]!.text;
  const emulated = await startEmulated({ ...server, capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } });
  const opened: string[] = [];
  const renderMs: Record<string, number> = {};

  async function show(tool: string, args: Record<string, unknown>, options: ShowOptions = {}): Promise<Shown> {
    const width = options.width ?? 720;
    const maxHeight = options.maxHeight === undefined ? 6000 : options.maxHeight ?? undefined;
    const page = await browser.newPage({ viewport: { width, height: maxHeight !== undefined && maxHeight <= 600 ? maxHeight : 2400 } });
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && !/net::ERR_|Failed to load resource/.test(m.text())) errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.route("https://t.vndb.org/**", (route) =>
      options.images === "fail" ? route.abort() : route.fulfill({ contentType: "image/png", body: readFileSync(join(root, "icon.png")) }),
    );
    await page.exposeFunction("hostCallTool", async (name: string, a: Record<string, unknown>) => emulated.client.callTool({ name, arguments: a }));
    await page.exposeFunction("hostOpenLink", async (url: string) => void opened.push(url));
    await page.setContent(`<!doctype html><html><body><script>${hostScript}</script></body></html>`);
    const result = await emulated.client.callTool({ name: tool, arguments: args });
    const uri = viewOfTool(tool)!.uri;
    const html = ((await emulated.client.readResource({ uri })).contents[0] as { text: string }).text;
    const t0 = await page.evaluate((o) => window.startView(o), {
      html,
      tool: { name: tool },
      args,
      result: result as Record<string, unknown>,
      theme: options.theme ?? "light",
      width,
      ...(maxHeight !== undefined ? { maxHeight } : {}),
      ...(options.displayModes ? { displayModes: options.displayModes } : {}),
    });
    const view = page.frames().find((f) => f !== page.mainFrame())!;
    if (options.ready) await view.waitForSelector(options.ready, { timeout: 15_000 });
    renderMs[`${tool} ${width}px`] = Math.round((await page.evaluate(() => performance.now())) - t0);
    return { page, view, errors };
  }

  return {
    server: emulated,
    opened,
    renderMs,
    show,
    async close() {
      await browser.close();
      await emulated.close();
    },
  };
}
