// The catalogue under construction: maps by id that the converters fill in turn, plus
// the "hints" about VNs that are only referenced (by a credit, a list row, a release),
// from which the assembler makes VN rows at the end.
import type {
  CharacterRow,
  ImageRow,
  LabelRow,
  ProducerRow,
  QuoteRow,
  RDate,
  ReleaseRow,
  RlistRow,
  StaffRow,
  TagRow,
  TokenRow,
  TraitRow,
  UlistRow,
  UserRow,
  VnRow,
} from "../../src/emulator/catalogue/types.js";

/** What the real data says about a VN that has no full record. */
export interface VnHint {
  /** Romanised title and original-script title, when some source names the VN. */
  title?: string;
  original?: string | null;
  olang?: string;
  /** The VN-level release date as the API reported it (sora list). */
  released?: RDate;
  /** Bayesian rating ×10 as the API reported it (sora list). */
  rating?: number;
  image?: string;
  /** Named by a 2026 source (sora list, release calendar), so it exists today. */
  current?: boolean;
}

export interface Draft {
  images: Map<string, ImageRow>;
  vn: Map<string, VnRow>;
  release: Map<string, ReleaseRow>;
  /** Every producer of the CSV; the assembler keeps a subset. */
  allProducers: Map<string, ProducerRow>;
  character: Map<string, CharacterRow>;
  staff: Map<string, StaffRow>;
  tag: Map<string, TagRow>;
  trait: Map<string, TraitRow>;
  quote: Map<string, QuoteRow>;
  users: Map<string, UserRow>;
  labels: LabelRow[];
  ulist: UlistRow[];
  rlist: RlistRow[];
  tokens: TokenRow[];
  lengthVotes: { uid: string; vid: string; minutes: number }[];
  vnHints: Map<string, VnHint>;
  /** VN descriptions and names from descriptions/ (the newest source for these). */
  vnDescriptions: Map<string, { name: string; original: string | null; description: string }>;
  /** Credits found before their VN row exists; applied once every VN row is made. */
  pendingStaff: { vn: string; aid: number; role: string; note: string }[];
  pendingVa: { vn: string; aid: number; character: string; note: string }[];
  /** What was dropped because the newer dumps no longer know it, for the build report. */
  dropped: string[];
}

export function emptyDraft(): Draft {
  return {
    images: new Map(),
    vn: new Map(),
    release: new Map(),
    allProducers: new Map(),
    character: new Map(),
    staff: new Map(),
    tag: new Map(),
    trait: new Map(),
    quote: new Map(),
    users: new Map(),
    labels: [],
    ulist: [],
    rlist: [],
    tokens: [],
    lengthVotes: [],
    vnHints: new Map(),
    vnDescriptions: new Map(),
    pendingStaff: [],
    pendingVa: [],
    dropped: [],
  };
}

/** Records what a source says about a VN; the first source to say something wins. */
export function hintVn(draft: Draft, id: string, hint: VnHint = {}): void {
  const cur = draft.vnHints.get(id) ?? {};
  for (const [k, v] of Object.entries(hint) as [keyof VnHint, unknown][]) {
    if (v !== undefined && cur[k] === undefined) (cur as Record<string, unknown>)[k] = v;
  }
  draft.vnHints.set(id, cur);
}



/**
 * An image whose dimensions and flagging votes the real data does not give.
 * Covers default to VNDB's cover box (256×400), character images to its character box
 * (256×300); no votes.
 */
export const DEFAULT_COVER_DIMS = [256, 400] as const;
export const DEFAULT_CHARACTER_DIMS = [256, 300] as const;

export function addImage(draft: Draft, row: ImageRow): void {
  if (!draft.images.has(row.id)) draft.images.set(row.id, row);
}

export function defaultImage(id: string): ImageRow {
  const [width, height] = id.startsWith("ch") ? DEFAULT_CHARACTER_DIMS : DEFAULT_COVER_DIMS;
  return { id, width, height, sexual: 0, violence: 0, votecount: 0 };
}
