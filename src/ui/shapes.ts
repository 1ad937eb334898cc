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
