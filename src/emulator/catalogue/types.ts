// The emulator's data model: rows shaped like VNDB's own tables (reference §6 and §14),
// not like API responses. The query engine derives every API field from these rows
// (cached columns such as a VN's release date, languages, platforms and developers are
// computed at load time from its releases, as VNDB's c_* columns are).
//
// Conventions:
// - ids are prefixed strings ("v17", "r12", "p30", "c5", "s81", "g505", "i5", "q1", "u2");
// - release dates are stored as VNDB stores them: YYYYMMDD integers, 99 for an unknown
//   month or day, 0 = unknown, 99999999 = TBA;
// - "" means empty for text columns (the API turns some of them into null);
// - `hidden` entries exist (nested references may point at them) but are never results;
// - `manual: true` marks rows added by hand where the real data lacks a case the tests
//   need (see the catalogue build script); everything else comes from ../shared/kana-data.

export type RDate = number;

/** One image (cover "cv…", screenshot "sf…", character "ch…"); the URL is derived from the id. */
export interface ImageRow {
  id: string;
  width: number;
  height: number;
  /** Average flagging votes, 0..2. */
  sexual: number;
  violence: number;
  votecount: number;
  manual?: boolean;
}

export interface ExtlinkRow {
  /** A site name of VNDB's link table (`steam`, `egs`, `wikidata`, `website` …). */
  site: string;
  value: string | number;
}

export interface VnTitleRow {
  lang: string;
  title: string;
  latin: string | null;
  official: boolean;
}

export interface VnRow {
  id: string;
  hidden?: boolean;
  manual?: boolean;
  olang: string;
  titles: VnTitleRow[];
  aliases: string[];
  devstatus: 0 | 1 | 2;
  description: string;
  /** Cover image id, or null. */
  image: string | null;
  /** The old length field 1..5, 0 = unknown. */
  length: number;
  /** Play-time votes in minutes (length_minutes is their average, length_votes their count). */
  lengthVotes: number[];
  /** Bayesian rating and plain average ×10 (10..100), null when there are no votes. */
  rating: number | null;
  average: number | null;
  votecount: number;
  screenshots: { image: string; release: string }[];
  relations: { vn: string; relation: string; official: boolean }[];
  /** Directly applied tags, aggregated over votes. */
  tags: { tag: string; rating: number; spoiler: 0 | 1 | 2; lie: boolean }[];
  editions: { eid: number; lang: string | null; name: string; official: boolean }[];
  /** Staff credits by staff alias id. */
  staff: { aid: number; eid: number | null; role: string; note: string }[];
  /** Voice actors: staff alias id and the character voiced. */
  va: { aid: number; character: string; note: string }[];
  extlinks: ExtlinkRow[];
  /** Linked AniDB anime ids. */
  anime: number[];
  hasReview: boolean;
  /**
   * Recorded values of VNDB's c_released / c_languages / c_platforms, for VNs whose
   * releases the catalogue does not hold (the real data gives the VN-level value only,
   * e.g. the sora list's `vn.released`). When present they replace the value computed
   * from releases; when absent, compute as usual.
   */
  cReleased?: RDate;
  cLanguages?: string[];
  cPlatforms?: string[];
  /**
   * Recorded length_minutes / length_votes (an aggregate of the votes, when the per-user
   * votes are not in the data). When present they replace the values computed from lengthVotes.
   */
  cLengthMinutes?: number;
  cLengthVotes?: number;
  /** API fields whose value a documented rule derived from real data (docs/catalogue.md). */
  derived?: string[];
}

export interface ReleaseTitleRow {
  lang: string;
  /** null = same as the main title. */
  title: string | null;
  latin: string | null;
  mtl: boolean;
}

export interface ReleaseRow {
  id: string;
  hidden?: boolean;
  manual?: boolean;
  /** The release's main language (its main title is the title in this language). */
  olang: string;
  titles: ReleaseTitleRow[];
  platforms: string[];
  media: { medium: string; qty: number }[];
  vns: { vn: string; rtype: "trial" | "partial" | "complete" }[];
  producers: { producer: string; developer: boolean; publisher: boolean }[];
  images: {
    image: string;
    type: "pkgfront" | "pkgback" | "pkgcontent" | "pkgside" | "pkgmed" | "dig";
    vn: string | null;
    languages: string[] | null;
    photo: boolean;
  }[];
  released: RDate;
  minage: number | null;
  patch: boolean;
  freeware: boolean;
  doujin: boolean;
  official: boolean;
  hasEro: boolean;
  uncensored: boolean | null;
  /** 0×0 = unknown, 0×1 = non-standard. */
  resoX: number;
  resoY: number;
  engine: string;
  /** 0 unknown, 1..4. */
  voiced: number;
  notes: string;
  /** Digits, "" when none. */
  gtin: string;
  catalog: string;
  /** Legacy animation fields, 0..4 (0 = unknown). */
  aniStory: number;
  aniEro: number;
  /** Animation flags; null = unknown. */
  aniStorySp: string | null;
  aniStoryCg: string | null;
  aniCutscene: string | null;
  aniEroSp: string | null;
  aniEroCg: string | null;
  aniBg: boolean | null;
  aniFace: boolean | null;
  drm: string[];
  extlinks: ExtlinkRow[];
  /** API fields whose value a documented rule derived from real data (docs/catalogue.md). */
  derived?: string[];
}

export interface ProducerRow {
  id: string;
  hidden?: boolean;
  manual?: boolean;
  type: "co" | "in" | "ng";
  lang: string;
  /** Original-script name. */
  name: string;
  /** Romanisation, null when the name needs none. */
  latin: string | null;
  aliases: string[];
  description: string;
  extlinks: ExtlinkRow[];
  /**
   * Producer relations (VNDB's producers_relations: `old`, `new`, `spa`, `ori`, `sub`,
   * `par`, `imp`, `ipa`). No Kana field returns them; kept so the real data is not lost.
   */
  relations?: { producer: string; relation: string }[];
}

export interface CharacterRow {
  id: string;
  hidden?: boolean;
  manual?: boolean;
  /** Main name in original script and its romanisation. */
  name: string;
  latin: string | null;
  aliases: { name: string; latin: string | null }[];
  description: string;
  image: string | null;
  bloodType: "a" | "b" | "ab" | "o" | null;
  /** 0 = unknown for height, bust, waist, hips. */
  height: number;
  bust: number;
  waist: number;
  hips: number;
  weight: number | null;
  age: number | null;
  cup: string | null;
  /** [month, day], null when unknown. */
  birthday: [number, number] | null;
  /** Apparent sex and the spoiler ("real") sex; null = not recorded / same as apparent. */
  sex: "m" | "f" | "b" | "n" | null;
  spoilSex: "m" | "f" | "b" | "n" | null;
  gender: "m" | "f" | "o" | "a" | null;
  spoilGender: "m" | "f" | "o" | "a" | null;
  vns: { vn: string; release: string | null; spoiler: number; role: "main" | "primary" | "side" | "appears" }[];
  traits: { trait: string; spoiler: 0 | 1 | 2; lie: boolean }[];
}

export interface StaffAliasRow {
  aid: number;
  /** Original-script name and its romanisation. */
  name: string;
  latin: string | null;
}

export interface StaffRow {
  id: string;
  hidden?: boolean;
  manual?: boolean;
  lang: string;
  gender: "m" | "f" | null;
  type: "person" | "group" | "company" | "repo";
  description: string;
  mainAid: number;
  aliases: StaffAliasRow[];
  extlinks: ExtlinkRow[];
}

export interface TagRow {
  id: string;
  hidden?: boolean;
  name: string;
  aliases: string[];
  description: string;
  category: "cont" | "ero" | "tech";
  searchable: boolean;
  applicable: boolean;
  /** Parent tag ids, primary parent first. */
  parents: string[];
}

export interface TraitRow {
  id: string;
  hidden?: boolean;
  name: string;
  aliases: string[];
  description: string;
  searchable: boolean;
  applicable: boolean;
  sexual: boolean;
  /** Parent trait ids, primary parent first; [] for the top-level groups. */
  parents: string[];
}

export interface QuoteRow {
  id: string;
  hidden?: boolean;
  manual?: boolean;
  vn: string;
  character: string | null;
  quote: string;
  score: number;
}

/** The read-only part: what the catalogue build script writes. */
export interface Catalogue {
  meta: { source: string; built: string; attribution: string };
  images: ImageRow[];
  vn: VnRow[];
  release: ReleaseRow[];
  producer: ProducerRow[];
  character: CharacterRow[];
  staff: StaffRow[];
  tag: TagRow[];
  trait: TraitRow[];
  quote: QuoteRow[];
  /** Initial users and list data (the mutable part starts from this). */
  users: UserRow[];
  labels: LabelRow[];
  ulist: UlistRow[];
  rlist: RlistRow[];
  tokens: TokenRow[];
  /** Play-time votes per user, for GET /user lengthvotes. */
  lengthVotes: { uid: string; vid: string; minutes: number }[];
}

export interface UserRow {
  id: string;
  /** null for a deleted account (GET /user then answers {id, username: null}). */
  username: string | null;
  usermod?: boolean;
  manual?: boolean;
}

export interface LabelRow {
  uid: string;
  id: number;
  label: string;
  private: boolean;
  manual?: boolean;
}

export interface UlistRow {
  uid: string;
  vid: string;
  /** Unix seconds. */
  added: number;
  lastmod: number;
  voteDate: number | null;
  vote: number | null;
  /** "YYYY-MM-DD" or null. */
  started: string | null;
  finished: string | null;
  notes: string;
  /** Label ids, sorted; may include ids without a label row. */
  labels: number[];
  manual?: boolean;
}

export interface RlistRow {
  uid: string;
  rid: string;
  status: 0 | 1 | 2 | 3 | 4;
  added: number;
  manual?: boolean;
}

export interface TokenRow {
  /** As documented, with dashes (the emulator compares without them). */
  token: string;
  uid: string;
  listread: boolean;
  listwrite: boolean;
  /** What the README says this token is for. */
  note: string;
}
