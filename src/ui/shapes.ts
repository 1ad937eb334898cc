// What the views are fed: the structured results of the app-only tools (src/tools/ui-*.ts).
// Types only, shared by the server (which builds them) and the views (which draw them).

/** VNDB rates every image on two axes, averaged over votes: 0 safe/tame … 2 explicit/brutal. */
export interface ImageFlags {
  url: string;
  sexual: number;
  violence: number;
  /** Flag votes behind the averages; with none, the flags are unknown (not "safe"). */
  votecount: number;
}

/** The reader's ceilings: an image above either is blurred until revealed. */
export interface ImageLimits {
  sexual: number;
  violence: number;
}

export interface VnCard {
  id: string;
  title: string;
  alttitle: string | null;
  /** "2000-08-31", "2000", "TBA"; null when unknown. */
  released: string | null;
  /** 10..100; null with too few votes or unknown. */
  rating: number | null;
  votecount: number | null;
  /** Average play time in minutes; null when nobody voted. */
  length_minutes: number | null;
  developers: string[];
  image: ImageFlags | null;
}

export interface VnSheet extends VnCard {
  titles: { lang: string; title: string; latin: string | null; official: boolean; main: boolean }[];
  /** Languages and platforms of its releases (from the VN's own fields). */
  languages: string[];
  platforms: string[];
  staff: { name: string; role: string; note: string | null }[];
  cast: { character: string; seiyuu: string | null }[];
  /** Tags at or below the server's spoiler level, strongest first. */
  tags: { name: string; rating: number; spoiler: number }[];
  relations: { id: string; title: string; relation: string; official: boolean }[];
}

export interface CardsResult {
  cards: VnCard[];
  limits: ImageLimits;
}

export interface SheetResult {
  vn: VnSheet;
  limits: ImageLimits;
  spoilerLevel: number;
}

/** vndb_list_insight {compare}: two readers side by side (src/tools/insight/compare-users.ts). */
export interface ComparisonResult {
  users: [string, string];
  /** "Yorhel (u2)": the users as the answer names them. */
  names?: [string, string];
  public_only?: [boolean, boolean];
  entries: [number, number];
  votes?: [number, number];
  shared: number;
  sharedVoted?: number;
  correlation?: number | null;
  meanDifference?: number | null;
  disagreements?: { id: string; title: string; a: number; b: number }[];
  favourites?: [Favourites, Favourites];
  lovedUnread?: [{ id: string; title: string; vote: number | null }[], { id: string; title: string; vote: number | null }[]];
}

export interface Favourites {
  developers: { name: string; mean: number; count: number }[];
  writers: { name: string; mean: number; count: number }[];
  tags: { name: string; mean: number; count: number }[];
}

/** One language's releases of a VN, in the brief: the first date, whether it is out, where. */
export interface Availability {
  first: string | null;
  out: boolean;
  platforms: string[];
  releases: number;
}

/** vndb_list_insight {vn}: "should I read it?" (src/tools/insight/read-brief.ts). */
export interface BriefResult {
  user: string;
  name?: string;
  vn: { id: string; title: string; rating: number | null; votecount: number; length: number | null; length_minutes: number | null };
  on_list: string | null;
  languages: string[];
  languages_from: string | null;
  availability: { lang: string; official: Availability | null; fan: Availability | null; mtl: Availability | null }[];
  warnings: { name: string; rating: number; spoiler: number }[];
  warnings_hidden: number;
  read_first: { id: string; title: string; relation: string; status: string }[];
  taste: {
    mean_vote: number | null;
    votes: number;
    similar: { id: string; vote: number; shared: string[] }[];
    similar_mean: number | null;
    same_developer_mean: number | null;
  };
}

/** One row of a list import (src/tools/lists/list-import.ts): its plan and, once written, its outcome. */
export interface ImportRowResult {
  line: number;
  input?: string;
  action: "add" | "change" | "already" | "ambiguous" | "unknown" | "duplicate";
  vn?: string;
  title?: string;
  confidence?: number;
  candidates?: { id: string; title: string; score: number }[];
  change?: string;
  note?: string;
  outcome?: string;
}

/** vndb_update_list_entry {import}: the dry run, a declined confirmation, or the batch written. */
export interface ImportResult {
  user: string;
  dry_run: boolean;
  confirmed?: boolean;
  batch?: string | null;
  rows_written: number;
  stopped?: { line: number; reason: string } | null;
  rows: ImportRowResult[];
}
