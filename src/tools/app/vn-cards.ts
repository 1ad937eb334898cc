// vndb_vn_cards: the cards the search grid draws (src/ui/app/search-grid.ts) for the VNs of an
// answer. App-only (MCP Apps visibility "app"): the model never sees it; the view calls it
// because the model's answer carries only the fields the model asked for.

import { z } from "zod";
import { CARDS_OUTPUT } from "../output-shapes.js";
import { defineTool, READ_ANNOTATIONS, type ToolContext } from "../define-tool.js";
import type { CardsResult, ImageLimits, VnCard } from "../../ui/shapes.js";
import { ToolError } from "../errors.js";

/** Cards per call: a page of the grid (the view asks for more as the reader scrolls). */
export const MAX_CARDS = 25;

const CARD_FIELDS = "title,alttitle,released,rating,votecount,length_minutes,developers.name,image.url,image.sexual,image.violence,image.votecount";

interface VnRow {
  id: string;
  title: string;
  alttitle?: string | null;
  released?: string | null;
  rating?: number | null;
  votecount?: number | null;
  length_minutes?: number | null;
  developers?: { name: string }[];
  image?: { url: string; sexual: number; violence: number; votecount: number } | null;
}

export function imageLimits(ctx: ToolContext): ImageLimits {
  return { sexual: ctx.config.imageSexual ?? 0, violence: ctx.config.imageViolence ?? 0 };
}

export function toCard(row: VnRow): VnCard {
  return {
    id: row.id,
    title: row.title,
    alttitle: row.alttitle ?? null,
    released: row.released ?? null,
    rating: row.rating ?? null,
    votecount: row.votecount ?? null,
    length_minutes: row.length_minutes ?? null,
    developers: (row.developers ?? []).map((d) => d.name),
    image: row.image ? { url: row.image.url, sexual: row.image.sexual, violence: row.image.violence, votecount: row.image.votecount } : null,
  };
}

export const vnCardsTool = defineTool({
  name: "vndb_vn_cards",
  endpoint: "vn",
  composite: true,
  audience: "app",
  title: "VN cards for the search grid",
  description: "Cover cards (title, year, rating, length, developers, image and its flags) for up to 25 VN ids, in the order given.",
  input: {
    ids: z.array(z.string().regex(/^v[1-9]\d*$/, "a VN id such as v17")).min(1).max(MAX_CARDS),
  },
  output: CARDS_OUTPUT,
  annotations: READ_ANNOTATIONS,
  access: "read",
  async run(args, ctx) {
    const ids = [...new Set(args.ids)];
    const res = await ctx.api.query(
      "vn",
      { filters: ids.length === 1 ? ["id", "=", ids[0]] : ["or", ...ids.map((id) => ["id", "=", id])], fields: CARD_FIELDS, results: ids.length },
      { signal: ctx.signal },
    );
    const byId = new Map((res.results as unknown as VnRow[]).map((r) => [r.id, toCard(r)]));
    const cards = ids.map((id) => byId.get(id)).filter((c): c is VnCard => c !== undefined);
    const where = `VNDB${ctx.config.embedded ? "'s offline sample" : ""}`;
    if (!cards.length) throw new ToolError(ids.length === 1 ? `${ids[0]} is not in ${where}.` : `None of ${ids.join(", ")} is in ${where}.`);
    const structured: CardsResult = { cards, limits: imageLimits(ctx) };
    const missing = ids.filter((id) => !byId.has(id));
    return {
      text: `${cards.length} card${cards.length === 1 ? "" : "s"}: ${cards.map((c) => `${c.id} ${c.title}`).join(", ")}${missing.length ? `; not found: ${missing.join(", ")}` : ""}.`,
      structured: structured as unknown as Record<string, unknown>,
    };
  },
});
