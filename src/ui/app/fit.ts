// Views that fit inline. Hosts show an App inline at most about 500 px tall (Claude's
// directory checklist for MCP Apps, research/landscape-2026-11-27.md §4) and with no nested
// scrolling, while a VN sheet is about 1,500 px and a search grid about 1,100 px drawn whole.
// So inline a view draws its first screen only — the facts, the first results — with the rest
// collapsed, and one button that shows everything: in the host's fullscreen mode when the host
// offers one (asked for, never assumed), else in place, grown because the reader asked.

import type { Bridge, HostContext } from "./bridge.js";
import { h } from "./dom.js";

/** The tallest an inline view may be drawn (px) when the host names no height of its own. */
export const INLINE_MAX_HEIGHT = 500;

/** The height the view must keep within, or null when it may grow (fullscreen, or expanded by the reader). */
export function heightLimit(context: HostContext, expanded: boolean): number | null {
  if (expanded || context.displayMode === "fullscreen") return null;
  const given = context.containerDimensions?.height ?? context.containerDimensions?.maxHeight;
  return typeof given === "number" && given > 0 ? given : INLINE_MAX_HEIGHT;
}

/** Whether the host offers fullscreen (hostContext.availableDisplayModes). */
export function fullscreenOffered(context: HostContext): boolean {
  return context.availableDisplayModes?.includes("fullscreen") ?? false;
}

/**
 * The view's "show everything" state. `draw(full)` draws the view whole or as its first
 * screen; `show` draws it whole and, when that is taller than the host's inline height, draws
 * the first screen instead (measured, so a host that names a tall frame gets the whole view).
 * The reader's "show everything", or the host's switch to fullscreen, draws it whole again.
 */
export class Fit {
  #expandedInPlace = false;
  #bridge: Bridge | undefined;
  constructor(private readonly draw: (full: boolean) => void) {}

  /** The bridge, once connected (its context says the mode and the height). */
  connected(bridge: Bridge): void {
    this.#bridge = bridge;
  }

  show(): void {
    const limit = heightLimit(this.#bridge?.context ?? {}, this.#expandedInPlace);
    this.draw(true);
    if (limit !== null && document.documentElement.scrollHeight > limit) this.draw(false);
  }

  /** The button that shows everything, for a first screen. */
  button(label: string): HTMLElement {
    const bridge = this.#bridge;
    const inFullscreen = bridge !== undefined && fullscreenOffered(bridge.context);
    return h(
      "button",
      {
        type: "button",
        class: "expand",
        "data-expand": inFullscreen ? "fullscreen" : "inline",
        onclick: () => {
          if (inFullscreen) {
            bridge.requestDisplayMode("fullscreen").then(
              (mode) => mode !== "fullscreen" && this.expandInPlace(),
              () => this.expandInPlace(),
            );
          } else this.expandInPlace();
        },
      },
      inFullscreen ? `${label} (full screen)` : label,
    );
  }

  private expandInPlace(): void {
    this.#expandedInPlace = true;
    this.show();
  }
}
