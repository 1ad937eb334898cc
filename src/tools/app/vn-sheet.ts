// vndb_vn_sheet: one VN as the sheet view draws it (src/ui/app/vn-sheet-view.ts). App-only, like
// vndb_vn_cards. Spoilers are cut here, on the server, at the server's spoiler level, exactly as
// in text answers: tags and characters above it never reach the view.

import { z } from "zod";
import { SHEET_OUTPUT } from "../output-shapes.js";
import { defineTool, READ_ANNOTATIONS } from "../define-tool.js";
import type { SheetResult, VnSheet } from "../../ui/shapes.js";
import { ToolError } from "../errors.js";
import { imageLimits, toCard } from "./vn-cards.js";
import { LIE_REVEAL_LEVEL } from "../../format/spoilers.js";
import { LANGUAGE, PLATFORM, STAFF_ROLE } from "../../schema/generated.js";

/** "Japanese (ja)": a code with the name GET /schema gives it. */
function codeWithName(table: readonly { id: string; label: string }[], code: string): string {
  const label = table.find((e) => e.id === code)?.label;
  return label && label !== code ? `${label} (${code})` : code;
}

const SHEET_FIELDS = [
  "title,alttitle,released,rating,votecount,length_minutes,developers.name,image.url,image.sexual,image.violence,image.votecount",
  "titles.lang,titles.title,titles.latin,titles.official,titles.main,languages,platforms",
  "staff.name,staff.role,staff.note,staff.eid,editions.eid,editions.name",
  "va.character.id,va.staff.name",
  "tags.name,tags.rating,tags.spoiler,tags.lie",
  "relations.id,relations.title,relations.relation,relations.relation_official",
].join(",");

/** Characters the sheet lists, at most (one request; the cast table shows the first dozen). */
const MAX_CHARACTERS = 100;

/** The order of character roles on a sheet (VNDB: main, primary, side, appears). */
const ROLE_ORDER = ["main", "primary", "side", "appears"];

interface SheetRow {
  id: string;
  title: string;
  titles?: VnSheet["titles"];
  languages?: string[];
  platforms?: string[];
  staff?: { name: string; role: string; note: string | null; eid?: number | null }[];
  editions?: { eid: number; name: string }[];
  va?: { character: { id: string }; staff: { name: string } }[];
  tags?: { name: string; rating: number; spoiler: number; lie: boolean }[];
  relations?: { id: string; title: string; relation: string; relation_official: boolean }[];
}

interface CharacterRow {
  id: string;
  name: string;
  vns: { id: string; spoiler: number; role: string }[];
}

export const vnSheetTool = defineTool({
  name: "vndb_vn_sheet",
  endpoint: "vn",
  composite: true,
  alsoQueries: ["character"],
  audience: "app",
  title: "VN sheet",
  description: "One VN for the sheet view: titles, rating, length, languages, platforms, staff, cast, tags and relations, spoiler-safe.",
  input: { id: z.string().regex(/^v[1-9]\d*$/, "a VN id such as v17") },
  output: SHEET_OUTPUT,
  annotations: READ_ANNOTATIONS,
  access: "read",
  async run(args, ctx) {
    const level = ctx.config.spoilerLevel;
    const res = await ctx.api.query("vn", { filters: ["id", "=", args.id], fields: SHEET_FIELDS }, { signal: ctx.signal });
    const row = res.results[0] as unknown as (SheetRow & Parameters<typeof toCard>[0]) | undefined;
    if (!row) throw new ToolError(`${args.id} is not in VNDB${ctx.config.embedded ? "'s offline sample" : ""}.`);
    const chars = await ctx.api.query(
      "character",
      { filters: ["vn", "=", ["id", "=", args.id]], fields: "name,vns.id,vns.spoiler,vns.role", results: MAX_CHARACTERS },
      { signal: ctx.signal },
    );
    const voice = new Map((row.va ?? []).map((v) => [v.character.id, v.staff.name]));
    const cast = (chars.results as unknown as CharacterRow[])
      .map((c) => ({ c, appearance: c.vns.find((v) => v.id === args.id) }))
      .filter((x) => x.appearance !== undefined && x.appearance.spoiler <= level)
      .sort((a, b) => ROLE_ORDER.indexOf(a.appearance!.role) - ROLE_ORDER.indexOf(b.appearance!.role))
      .map(({ c }) => ({ character: c.name, seiyuu: voice.get(c.id) ?? null }));
    const vn: VnSheet = {
      ...toCard(row),
      titles: row.titles ?? [],
      // Names beside the codes, for fans who do not read "psv" (issue 29 item 10).
      languages: (row.languages ?? []).map((c) => codeWithName(LANGUAGE, c)),
      platforms: (row.platforms ?? []).map((c) => codeWithName(PLATFORM, c)),
      // The VN's own credits first, then each edition's (named), each in VNDB's role order
      // (scenario, director, art, music… translators last) and labels: VNDB lists edition
      // credits first, which put Nasu Kinoko 5th on Fate/stay night's sheet (issue 29 item 10).
      staff: (row.staff ?? [])
        .map((s, i) => ({ s, i, rank: STAFF_ROLE.findIndex((r) => r.id === s.role), e: typeof s.eid === "number" ? s.eid : -1 }))
        .sort((a, b) => a.e - b.e || a.rank - b.rank || a.i - b.i)
        .map(({ s }) => {
          const edition = typeof s.eid === "number" ? `${row.editions?.find((e) => e.eid === s.eid)?.name ?? `edition ${s.eid}`}` : null;
          const note = [edition, s.note || null].filter(Boolean).join("; ");
          return { name: s.name, role: STAFF_ROLE.find((r) => r.id === s.role)?.label ?? s.role, note: note || null };
        }),
      cast,
      tags: (row.tags ?? [])
        .filter((t) => t.spoiler <= level && (level >= LIE_REVEAL_LEVEL || !t.lie))
        .sort((a, b) => b.rating - a.rating)
        .map((t) => ({ name: t.name, rating: t.rating, spoiler: t.spoiler })),
      relations: (row.relations ?? []).map((r) => ({ id: r.id, title: r.title, relation: r.relation, official: r.relation_official })),
    };
    const structured: SheetResult = { vn, limits: imageLimits(ctx), spoilerLevel: level };
    return { text: `${vn.id} ${vn.title}: sheet with ${vn.staff.length} credits, ${cast.length} characters, ${vn.tags.length} tags.`, structured: structured as unknown as Record<string, unknown> };
  },
});
