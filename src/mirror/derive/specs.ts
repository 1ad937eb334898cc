// The dump tables derive reads, and their columns (util/dbdump.pl %tables; sql/schema.sql
// `[pub]` columns). Required columns are the ones every dump since 2024 has; the optional
// ones differ between schema versions (noted per table). Tables streamed into aggregates
// (tags_vn, users, vn_length_votes) are read by their own sinks (index.ts), not buffered.
import type { TableSpec } from "./table-buffer.js";

export const BUFFERED: Record<string, TableSpec> = {
  // c_image, c_length, c_lengthnum: today's dump; l_*: the 2024 dump's link columns.
  vn: { required: ["id", "olang"], optional: ["image", "c_image", "c_votecount", "c_rating", "c_average", "c_length", "c_lengthnum", "length", "devstatus", "alias", "description"], prefix: "l_" },
  vn_titles: { required: ["id", "lang", "official", "title", "latin"] },
  vn_anime: { required: ["id", "aid"] },
  vn_editions: { required: ["id", "lang", "eid", "official", "name"] },
  vn_extlinks: { required: ["id", "link"] },
  vn_relations: { required: ["id", "vid", "relation", "official"] },
  vn_screenshots: { required: ["id", "scr"], optional: ["rid"] },
  vn_seiyuu: { required: ["id", "aid", "cid"], optional: ["note"] },
  vn_staff: { required: ["id", "aid", "role"], optional: ["eid", "note"] },
  extlinks: { required: ["id", "site", "value"] },
  // `website` and l_*: the 2024 dump.
  releases: {
    required: ["id", "olang", "released"],
    optional: [
      "gtin", "voiced", "reso_x", "reso_y", "minage", "ani_story", "ani_ero", "ani_story_sp", "ani_story_cg", "ani_cutscene",
      "ani_ero_sp", "ani_ero_cg", "ani_bg", "ani_face", "has_ero", "patch", "freeware", "uncensored", "official", "catalog",
      "notes", "engine", "website",
    ],
    prefix: "l_",
  },
  releases_titles: { required: ["id", "lang", "mtl", "title", "latin"] },
  releases_platforms: { required: ["id", "platform"] },
  releases_media: { required: ["id", "medium"], optional: ["qty"] },
  releases_vn: { required: ["id", "vid", "rtype"] },
  releases_producers: { required: ["id", "pid", "developer", "publisher"] },
  releases_images: { required: ["id", "img", "itype"], optional: ["vid", "lang"] },
  releases_drm: { required: ["id", "drm"] },
  releases_extlinks: { required: ["id", "link"] },
  drm: { required: ["id", "name"] },
  engines: { required: ["id", "name"] },
  producers: { required: ["id", "type", "lang", "name"], optional: ["latin", "alias", "description", "website"], prefix: "l_" },
  producers_extlinks: { required: ["id", "link"] },
  producers_relations: { required: ["id", "pid", "relation"] },
  // name/latin/alias and b_month/b_day: the 2024 dump (today's has chars_names and `birthday`).
  chars: {
    required: ["id"],
    optional: [
      "image", "bloodt", "cup_size", "sex", "spoil_sex", "gender", "spoil_gender", "s_bust", "s_waist", "s_hip", "birthday",
      "b_month", "b_day", "height", "weight", "age", "description", "name", "latin", "alias",
    ],
  },
  chars_names: { required: ["id", "lang", "name", "latin"] },
  chars_alias: { required: ["id", "name", "latin"] },
  chars_traits: { required: ["id", "tid", "spoil", "lie"] },
  chars_vns: { required: ["id", "vid", "rid", "role", "spoil"] },
  staff: { required: ["id", "lang", "main"], optional: ["gender", "description"], prefix: "l_" },
  staff_alias: { required: ["id", "aid", "name", "latin"] },
  staff_extlinks: { required: ["id", "link"] },
  tags: { required: ["id", "cat", "defaultspoil", "searchable", "applicable", "name", "alias", "description"] },
  tags_parents: { required: ["id", "parent", "main"] },
  traits: { required: ["id", "defaultspoil", "sexual", "searchable", "applicable", "name", "alias", "description"] },
  traits_parents: { required: ["id", "parent", "main"] },
  quotes: { required: ["id", "vid", "cid", "score", "quote"] },
  images: { required: ["id", "width", "height", "c_votecount", "c_sexual_avg", "c_violence_avg"] },
};

/** Streamed tables, each aggregated by its own sink. */
export const STREAMED: Record<string, TableSpec> = {
  tags_vn: { required: ["tag", "vid", "uid", "vote", "spoiler", "ignore", "lie"] },
  users: { required: ["id", "perm_tag", "username"], optional: ["perm_lengthvote"] },
  vn_length_votes: { required: ["vid", "uid", "length", "speed"] },
};
