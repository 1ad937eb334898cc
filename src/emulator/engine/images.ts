// Image sub-objects (reference §6 "IMG" fields; imgurl/imgsize in lib/VNDB/Func.pm).
import type { FieldSelection } from "../../kana/types.js";
import type { Database } from "../database.js";
import { orderedKeys } from "./key-order.js";

/** Production static host (reference §6 image URLs). */
export const STATIC_HOST = "https://t.vndb.org";

/** cv_size and scr_size from lib/VNDB/Config.pm: thumbnail boxes for covers and screenshots. */
export const COVER_BOX: [number, number] = [256, 400];
export const SCREENSHOT_BOX: [number, number] = [136, 102];

/** `https://t.vndb.org/<type>[.t]/<NN>/<num>.jpg`, NN = num % 100 zero-padded. */
export function imageUrl(id: string, thumb: boolean): string {
  const m = /^([a-z]+)(\d+)$/.exec(id);
  if (!m) return "";
  const n = Number(m[2]);
  return `${STATIC_HOST}/${m[1]}${thumb ? ".t" : ""}/${String(n % 100).padStart(2, "0")}/${n}.jpg`;
}

/** Scales (w, h) to fit the box, never enlarging, rounding to whole pixels (imgsize). */
export function fitSize(w: number, h: number, [bw, bh]: [number, number]): [number, number] {
  if (w <= bw && h <= bh) return [w, h];
  if (w / h > bw / bh) return [bw, Math.round((h * bw) / w)];
  return [Math.round((w * bh) / h), bh];
}

export type ThumbRule = "none" | "cover" | "screenshot" | "release";

/** The selected keys of an image object, in response key order; `link` adds what its owner knows (a release image's type). */
export function imageObject(db: Database, id: string, sel: FieldSelection, rule: ThumbRule, link?: Record<string, unknown>): Record<string, unknown> {
  const img = db.images.get(id);
  const w = img?.width ?? 0;
  const h = img?.height ?? 0;
  const out: Record<string, unknown> = {};
  for (const k of orderedKeys(sel, false)) {
    switch (k) {
      case "id":
        out.id = id;
        break;
      case "url":
        out.url = imageUrl(id, false);
        break;
      case "dims":
        out.dims = [w, h];
        break;
      case "sexual":
        out.sexual = img?.sexual ?? null;
        break;
      case "violence":
        out.violence = img?.violence ?? null;
        break;
      case "votecount":
        out.votecount = img?.votecount ?? 0;
        break;
      case "thumbnail":
        if (rule === "none") break;
        // A cover that already fits the box is its own thumbnail.
        out.thumbnail = imageUrl(id, !(rule === "cover" && w <= COVER_BOX[0] && h <= COVER_BOX[1]));
        break;
      case "thumbnail_dims":
        if (rule === "none") break;
        out.thumbnail_dims = fitSize(w, h, rule === "screenshot" ? SCREENSHOT_BOX : COVER_BOX);
        break;
      default:
        if (link !== undefined && k in link) out[k] = link[k];
    }
  }
  return out;
}
