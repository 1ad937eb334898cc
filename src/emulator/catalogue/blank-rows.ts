// Rows with every column at its neutral default (no votes, no links, unknown dates).
// The catalogue build, the hand-added rows, the vectors preset and the engine's test
// fixture all start from these, so a column added to the model is defaulted in one place.

import type { Catalogue, CharacterRow, ReleaseRow, VnRow } from "./types.js";

/** A VN with no titles yet; callers add at least the main-language title. */
export function blankVn(id: string, olang: string): VnRow {
  return {
    id,
    olang,
    titles: [],
    aliases: [],
    devstatus: 0,
    description: "",
    image: null,
    length: 0,
    lengthVotes: [],
    rating: null,
    average: null,
    votecount: 0,
    screenshots: [],
    relations: [],
    tags: [],
    editions: [],
    staff: [],
    va: [],
    extlinks: [],
    anime: [],
    hasReview: false,
  };
}

/** A release with no titles or VNs yet; official, no age rating, unknown date. */
export function blankRelease(id: string, olang: string): ReleaseRow {
  return {
    id,
    olang,
    titles: [],
    platforms: [],
    media: [],
    vns: [],
    producers: [],
    images: [],
    released: 0,
    minage: null,
    patch: false,
    freeware: false,
    doujin: false,
    official: true,
    hasEro: false,
    uncensored: null,
    resoX: 0,
    resoY: 0,
    engine: "",
    voiced: 0,
    notes: "",
    gtin: "",
    catalog: "",
    aniStory: 0,
    aniEro: 0,
    aniStorySp: null,
    aniStoryCg: null,
    aniCutscene: null,
    aniEroSp: null,
    aniEroCg: null,
    aniBg: null,
    aniFace: null,
    drm: [],
    extlinks: [],
  };
}

/** A character with its name as given and nothing else known. */
export function blankCharacter(id: string, name: string): CharacterRow {
  return {
    id,
    name,
    latin: null,
    aliases: [],
    description: "",
    image: null,
    bloodType: null,
    height: 0,
    bust: 0,
    waist: 0,
    hips: 0,
    weight: null,
    age: null,
    cup: null,
    birthday: null,
    sex: null,
    spoilSex: null,
    gender: null,
    spoilGender: null,
    vns: [],
    traits: [],
  };
}

/** A catalogue with no rows at all. */
export function blankCatalogue(): Catalogue {
  return {
    meta: { source: "", built: "", attribution: "" },
    images: [],
    vn: [],
    release: [],
    producer: [],
    character: [],
    staff: [],
    tag: [],
    trait: [],
    quote: [],
    users: [],
    labels: [],
    ulist: [],
    rlist: [],
    tokens: [],
    lengthVotes: [],
  };
}
