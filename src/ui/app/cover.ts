// A cover image that honours VNDB's image flags: above the reader's limits it is blurred
// behind a reveal button; without an image, or when it fails to load (the offline sample has
// covers for a tenth of its VNs), a placeholder with the title — never a broken image.

import type { ImageFlags, ImageLimits } from "../shapes.js";
import { h } from "./dom.js";

const SEXUAL = ["safe", "suggestive", "explicit"];
const VIOLENCE = ["tame", "violent", "brutal"];

/** The word for an averaged flag (VNDB rounds the average to the nearest level). */
function level(words: string[], value: number): string {
  return words[Math.min(2, Math.max(0, Math.round(value)))]!;
}

/**
 * Why a cover is hidden, or null to show it. Flags nobody has voted on are unknown, not safe:
 * such a cover is hidden too, as VNDB hides unflagged images.
 */
export function hiddenBecause(image: ImageFlags, limits: ImageLimits): string | null {
  if (image.votecount === 0) return "not yet flagged on VNDB";
  if (image.sexual > limits.sexual || image.violence > limits.violence) return `${level(SEXUAL, image.sexual)}, ${level(VIOLENCE, image.violence)}`;
  return null;
}

export function cover(title: string, image: ImageFlags | null, limits: ImageLimits): HTMLElement {
  const box = h("div", { class: "cover" });
  const placeholder = () => box.replaceChildren(h("div", { class: "placeholder", role: "img", "aria-label": `No cover image for ${title}` }, title, h("br"), "(no image)"));
  if (!image) {
    placeholder();
    return box;
  }
  const img = h("img", { src: image.url, alt: `Cover of ${title}`, loading: "lazy", referrerpolicy: "no-referrer" });
  img.addEventListener("error", placeholder);
  box.append(img);
  const why = hiddenBecause(image, limits);
  if (why) {
    box.classList.add("hidden");
    img.alt = `Cover of ${title}, hidden: ${why}`;
    const reveal = h(
      "button",
      {
        class: "reveal",
        type: "button",
        "aria-label": `Show the cover of ${title} (hidden: ${why})`,
        onclick: (event: Event) => {
          event.stopPropagation();
          box.classList.remove("hidden");
          img.alt = `Cover of ${title}`;
          reveal.remove();
        },
      },
      "Show image",
    );
    box.append(reveal);
  }
  return box;
}
