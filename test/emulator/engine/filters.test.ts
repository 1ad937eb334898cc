// Every filter of every entity type over the fixture catalogue, with positive and
// negative cases and the null/unknown/inheritance/privacy edge cases of reference §8.
// Expected ids were worked out by hand from the fixture and the rules.
import { describe, expect, it } from "vitest";
import { executeQuery } from "../../../src/emulator/engine/execute.js";
import type { Filter, QueryEndpoint, Session } from "../../../src/kana/types.js";
import { OTHER, OWNER, OWNER_NO_READ, USERMOD, clock, fixtureDb, request } from "./fixture.js";

type Case = [QueryEndpoint, Filter, (string | number)[], Session?];

function run(endpoint: QueryEndpoint, filters: Filter, session: Session | null = null): (string | number)[] {
  const out = executeQuery(fixtureDb(), request(endpoint, { filters, fields: endpoint === "staff" ? { aid: true } : {} }), session, clock);
  if (!out.ok) throw new Error(out.failure.message);
  const rows = out.body.results as Record<string, unknown>[];
  return rows.map((r) => (endpoint === "staff" ? (r.aid as number) : (r.id as string)));
}

const vnCases: Case[] = [
  ["vn", ["id", "=", "v1"], ["v1"]],
  ["vn", ["id", ">", "v2"], ["v3", "v5"]],
  ["vn", ["id", "!=", "v1"], ["v2", "v3", "v5"]],
  ["vn", ["id", "<=", "v2"], ["v1", "v2"]],
  ["vn", ["lang", "=", "en"], ["v1", "v5"]],
  ["vn", ["lang", "!=", "en"], ["v2", "v3"]],
  ["vn", ["lang", "=", "de"], ["v5"]], // unofficial releases count for languages
  ["vn", ["olang", "=", "ja"], ["v1", "v2"]],
  ["vn", ["olang", "!=", "ja"], ["v3", "v5"]],
  ["vn", ["platform", "=", "win"], ["v1", "v2", "v5"]],
  ["vn", ["platform", "!=", "win"], ["v3"]],
  ["vn", ["platform", "=", "ps2"], []], // only on a trial release
  ["vn", ["length", "=", 4], ["v1"]], // median 3000 is the upper bound of bucket 4 …
  ["vn", ["length", "=", 5], ["v1"]], // … and the lower bound of bucket 5
  ["vn", ["length", "=", 3], ["v2"]], // no votes: the old length field
  ["vn", ["length", "=", 1], ["v3"]], // votes on a VN in development are ignored
  ["vn", ["length", "=", 0], ["v5"]],
  ["vn", ["length", "!=", 3], ["v1", "v3", "v5"]],
  ["vn", ["developer_id", "=", "p1"], ["v1", "v2"]],
  ["vn", ["developer_id", "=", "p3"], ["v2"]],
  ["vn", ["developer_id", "!=", "p1"], ["v3", "v5"]],
  ["vn", ["released", "=", 20040428], ["v1"]], // the trial's earlier date does not count
  ["vn", ["released", ">=", 20051125], ["v2", "v3", "v5"]], // TBA sorts after everything
  ["vn", ["released", "=", 20109999], ["v5"]], // "2010": the unofficial 2010-05 release does not count
  ["vn", ["released", "<", 20100101], ["v1", "v2"]],
  ["vn", ["released", "<=", 1], ["v1", "v2", "v5"]], // 1 = today (2024-06-15)
  ["vn", ["released", ">", 1], ["v3"]],
  ["vn", ["released", "=", 0], []],
  ["vn", ["released", "=", 99999999], ["v3"]],
  ["vn", ["tag", "=", ["g1", 0, 0]], ["v1"]], // inherited from g2; v2's direct g1 is a spoiler
  ["vn", ["tag", "=", ["g1", 2, 0]], ["v1", "v2"]],
  ["vn", ["tag", "=", ["g1", 1, 2]], ["v1"]], // level: v2's 1.5 < 2
  ["vn", ["tag", "!=", ["g1", 2, 0]], ["v3", "v5"]],
  ["vn", ["tag", "=", ["g4", 2, 0]], ["v1"]],
  ["vn", ["tag", "=", ["g4", 2, 0, 1]], []], // the only g4 vote is a lie
  ["vn", ["tag", "=", ["g4", 0, 0]], []], // major spoiler
  ["vn", ["tag", "=", ["g3", 2, 0]], []], // hidden tag
  ["vn", ["tag", "=", ["g5", 2, 0]], []], // not searchable: absent from the inherited table
  ["vn", ["tag", "=", ["g6", 0, 0]], ["v3"]],
  ["vn", ["dtag", "=", ["g1", 2, 0]], ["v2"]], // v1 has g1 only through its child
  ["vn", ["dtag", "=", ["g2", 0, 0]], ["v1"]],
  ["vn", ["dtag", "=", ["g3", 0, 0]], []],
  ["vn", ["dtag", "!=", ["g2", 0, 0]], ["v2", "v3", "v5"]],
  ["vn", ["popularity", ">=", 1], ["v1"]], // votecount >= 150
  ["vn", ["popularity", "=", 0], ["v3"]],
  ["vn", ["rating", ">=", 80], ["v1", "v2", "v5"]],
  ["vn", ["rating", "=", 80], ["v2", "v5"]],
  ["vn", ["rating", "!=", 80], ["v1"]], // unrated v3 matches neither
  ["vn", ["rating", "<", 85], ["v2", "v5"]],
  ["vn", ["votecount", ">", 100], ["v1"]],
  ["vn", ["votecount", "=", 100], ["v2", "v5"]],
  ["vn", ["votecount", "!=", 0], ["v1", "v2", "v5"]],
  ["vn", ["anime_id", "=", 100], ["v1"]],
  ["vn", ["anime_id", "!=", 100], ["v2", "v3", "v5"]],
  ["vn", ["release", "=", ["platform", "=", "ps2"]], ["v1"]],
  ["vn", ["release", "=", ["rtype", "=", "trial"]], ["v1"]],
  ["vn", ["release", "=", ["rtype", "=", "partial"]], ["v3"]],
  ["vn", ["release", "=", ["released", "=", 20000101]], []], // hidden release
  ["vn", ["release", "!=", ["rtype", "=", "complete"]], ["v3"]],
  ["vn", ["character", "=", ["role", "=", "primary"]], ["v1"]],
  ["vn", ["character", "=", ["and", ["id", "=", "c2"], ["role", "=", "main"]]], ["v2"]], // role of that VN's link
  ["vn", ["character", "=", ["role", "=", "side"]], ["v3"]], // v1's side character is hidden
  ["vn", ["character", "!=", ["role", "=", "main"]], ["v3", "v5"]],
  ["vn", ["staff", "=", ["id", "=", "s1"]], ["v1", "v2"]],
  ["vn", ["staff", "=", ["role", "=", "seiyuu"]], ["v1"]],
  ["vn", ["staff", "=", ["role", "=", "music"]], []], // hidden staff
  ["vn", ["staff", "=", ["and", ["id", "=", "s1"], ["role", "=", "songs"]]], ["v1"]],
  ["vn", ["staff", "=", ["aid", "=", 2]], ["v1"]],
  ["vn", ["staff", "!=", ["id", "=", "s1"]], ["v3", "v5"]],
  ["vn", ["developer", "=", ["id", "=", "p3"]], []], // hidden developer
  ["vn", ["developer", "=", ["lang", "=", "ja"]], ["v1", "v2"]],
  ["vn", ["developer", "!=", ["lang", "=", "ja"]], ["v3", "v5"]],
  ["vn", ["has_description", "=", 1], ["v1", "v3"]],
  ["vn", ["has_description", "!=", 1], ["v2", "v5"]],
  ["vn", ["has_anime", "=", 1], ["v1"]],
  ["vn", ["has_anime", "!=", 1], ["v2", "v3", "v5"]],
  ["vn", ["has_screenshot", "=", 1], ["v1"]],
  ["vn", ["has_screenshot", "!=", 1], ["v2", "v3", "v5"]],
  ["vn", ["has_review", "=", 1], ["v1"]],
  ["vn", ["has_review", "!=", 1], ["v2", "v3", "v5"]],
  ["vn", ["devstatus", "=", 1], ["v3"]],
  ["vn", ["devstatus", "!=", 0], ["v3"]],
  ["vn", ["search", "=", "clannad"], ["v1"]],
  ["vn", ["search", "=", "kuranado"], ["v1"]], // alias
  ["vn", ["search", "=", "zeta de"], ["v5"]], // a release title ("Zeta DE")
  ["vn", ["search", "=", "trial"], []], // "Clannad Trial": edition words leave VN labels (func.sql)
  ["release", ["search", "=", "trial"], ["r2"]], // … and stay in the release's own
  ["vn", ["search", "=", "after tomoyo"], ["v2"]], // word order does not matter
  ["vn", ["search", "=", "v2"], ["v2"]], // id as the only word
  ["vn", ["search", "=", "clannad zeta"], []], // words must share one label
  ["vn", ["search", "!=", "clannad"], ["v2", "v3", "v5"]],
  ["vn", ["search", "=", null], ["v1", "v2", "v3", "v5"]], // empty search matches everything
  ["vn", ["and", ["olang", "=", "ja"], ["lang", "=", "en"]], ["v1"]],
  ["vn", ["or", ["devstatus", "=", 1], ["id", "=", "v5"]], ["v3", "v5"]],
];

const listCases: Case[] = [
  ["vn", ["on_list", "=", 1], []], // anonymous
  ["vn", ["on_list", "=", 1], ["v1", "v2", "v3", "v5"], OWNER],
  ["vn", ["on_list", "=", 1], ["v1", "v5"], OWNER_NO_READ], // private entries need listread
  ["vn", ["on_list", "!=", 1], [], OWNER],
  ["vn", ["label", "=", ["u2", 2]], ["v1"]],
  ["vn", ["label", "=", ["u2", 7]], ["v1", "v5"]],
  ["vn", ["label", "=", ["u2", 11]], ["v5"]],
  ["vn", ["label", "=", ["u2", 5]], []], // private label, anonymous
  ["vn", ["label", "!=", ["u2", 5]], ["v1", "v2", "v3", "v5"]], // … whose negation matches everything
  ["vn", ["label", "=", ["u2", 5]], ["v2"], OWNER],
  ["vn", ["label", "=", ["u2", 5]], [], OWNER_NO_READ],
  ["vn", ["label", "=", ["u2", 5]], ["v2"], USERMOD],
  ["vn", ["label", "=", ["u2", 1]], []], // only on a hidden VN
  ["vn", ["label", "=", ["u2", 0]], []], // unlabelled: owner only …
  ["vn", ["label", "!=", ["u2", 0]], []], // … and no match either way for others
  ["vn", ["label", "=", ["u2", 0]], ["v3"], OWNER],
  ["vn", ["label", "!=", ["u2", 0]], ["v1", "v2", "v5"], OWNER],
  ["vn", ["label", "=", ["u2", 99]], ["v1"], OWNER], // an id without a label row
  ["vn", ["label", "=", ["u2", "7"]], ["v1", "v5"]], // label ids may arrive as strings
  ["vn", ["label", "=", ["u3", 7]], []], // Voted is queryable, but the entry is private
  ["vn", ["label", "=", ["u3", 7]], ["v1"], OTHER],
  ["vn", ["and", ["label", "=", ["u2", 2]], ["label", "=", ["u2", 7]]], ["v1"]],
  ["vn", ["or", ["label", "=", ["u2", 2]], ["label", "=", ["u2", 5]]], ["v1"]],
];

const releaseCases: Case[] = [
  ["release", ["id", "=", "r1"], ["r1"]],
  ["release", ["id", ">=", "r4"], ["r4", "r6", "r7"]],
  ["release", ["lang", "=", "en"], ["r1", "r4", "r6"]], // r3's English title is machine-translated
  ["release", ["lang", "!=", "ja"], ["r4", "r6", "r7"]],
  ["release", ["platform", "=", "win"], ["r1", "r3", "r6"]],
  ["release", ["platform", "=", null], ["r7"]],
  ["release", ["platform", "!=", null], ["r1", "r2", "r3", "r4", "r6"]],
  ["release", ["developer_id", "=", "p1"], ["r1", "r3"]],
  ["release", ["developer_id", "=", "p2"], []], // publisher only
  ["release", ["producer_id", "=", "p2"], ["r2"]],
  ["release", ["producer_id", "!=", "p1"], ["r2", "r4", "r6", "r7"]],
  ["release", ["released", ">=", 20100101], ["r4", "r6", "r7"]],
  ["release", ["released", "=", 99999999], ["r4"]],
  ["release", ["released", "<", 20040428], ["r2"]],
  ["release", ["released", "<=", 1], ["r1", "r2", "r3", "r6", "r7"]],
  ["release", ["resolution", "=", [800, 600]], ["r1"]],
  ["release", ["resolution", ">=", [640, 480]], ["r1", "r2", "r4"]], // r3 is non-standard (0×1)
  ["release", ["resolution", "!=", [800, 600]], ["r2", "r4"]], // not a negation: unknown never matches
  ["release", ["resolution_aspect", ">=", [640, 480]], ["r1", "r2"]], // 16:9 excluded
  ["release", ["minage", "=", null], ["r2", "r4", "r7"]],
  ["release", ["minage", "!=", null], ["r1", "r3", "r6"]],
  ["release", ["minage", ">=", 18], ["r1", "r3"]],
  ["release", ["minage", "=", 0], ["r6"]],
  ["release", ["medium", "=", "dvd"], ["r1"]],
  ["release", ["medium", "=", null], ["r2", "r3", "r4", "r7"]],
  ["release", ["medium", "!=", null], ["r1", "r6"]],
  ["release", ["voiced", "=", 4], ["r1"]],
  ["release", ["voiced", "=", 2], ["r3"]], // a patch's voicing counts (no NOT r.patch)
  ["release", ["voiced", "=", null], ["r2", "r4", "r6", "r7"]],
  ["release", ["voiced", "!=", 4], ["r2", "r3", "r4", "r6", "r7"]],
  ["release", ["animation_story", "=", 2], ["r1"]],
  ["release", ["animation_ero", "=", 1], ["r4"]],
  ["release", ["animation_ero", "!=", 0], ["r3", "r4"]], // the patch fails =, so != holds
  ["release", ["engine", "=", "Ren'Py"], ["r4"]],
  ["release", ["engine", "=", null], ["r1", "r2", "r3", "r6", "r7"]],
  ["release", ["rtype", "=", "trial"], ["r2"]],
  ["release", ["rtype", "!=", "complete"], ["r2", "r4"]],
  ["release", ["rlist", "=", 2], []], // anonymous
  ["release", ["rlist", "=", 2], ["r1"], OWNER], // r5 is hidden
  ["release", ["rlist", "=", 1], ["r2"], OWNER],
  ["release", ["rlist", "!=", 2], ["r2", "r3", "r4", "r6", "r7"], OWNER],
  ["release", ["extlink", "=", "steam"], ["r1"]],
  ["release", ["extlink", "=", ["steam", 702050]], ["r1"]],
  ["release", ["extlink", "=", ["steam", "1"]], []],
  ["release", ["extlink", "=", "website"], ["r1"]],
  ["release", ["extlink", "!=", "steam"], ["r2", "r3", "r4", "r6", "r7"]],
  ["release", ["drm", "=", "Steam"], ["r4"]],
  ["release", ["drm", "=", ""], ["r1", "r2", "r3", "r6", "r7"]],
  ["release", ["vn", "=", ["id", "=", "v1"]], ["r1", "r2"]],
  ["release", ["vn", "=", ["olang", "=", "ja"]], ["r1", "r2", "r3"]],
  ["release", ["vn", "!=", ["olang", "=", "ja"]], ["r4", "r6", "r7"]],
  ["release", ["producer", "=", ["id", "=", "p3"]], []], // hidden producer
  ["release", ["producer", "=", ["type", "=", "in"]], ["r4"]],
  ["release", ["patch", "=", 1], ["r3"]],
  ["release", ["patch", "!=", 1], ["r1", "r2", "r4", "r6", "r7"]],
  ["release", ["freeware", "=", 1], ["r4"]],
  ["release", ["doujin", "=", 1], ["r4"]],
  ["release", ["uncensored", "=", 1], ["r3"]],
  ["release", ["uncensored", "!=", 1], ["r4"]], // unknown matches neither
  ["release", ["official", "=", 1], ["r1", "r2", "r3", "r4", "r6"]],
  ["release", ["official", "!=", 1], ["r7"]],
  ["release", ["has_ero", "=", 1], ["r1"]],
  ["release", ["has_ero", "!=", 1], ["r2", "r3", "r4", "r6", "r7"]],
  ["release", ["image", "=", "pkgfront"], ["r1"]],
  ["release", ["image", "=", null], ["r2", "r3", "r4", "r6", "r7"]],
  ["release", ["ani_story_sp", "=", "hand"], ["r1"]],
  ["release", ["ani_story_sp", "=", null], ["r2", "r4", "r6", "r7"]], // the patch r3 never matches =, not even null
  ["release", ["ani_story_sp", "!=", "hand"], ["r3"]], // NOT(NOT patch AND …): the patch matches; unknown flags are NULL
  ["release", ["ani_story_cg", "=", "hand"], []],
  ["release", ["ani_cutscene", "!=", null], ["r3"]], // patch OR known
  ["release", ["ani_ero_sp", "=", null], ["r1", "r2", "r4", "r6", "r7"]],
  ["release", ["ani_ero_cg", "=", "3d"], []],
  ["release", ["ani_bg", "=", 1], ["r1"]],
  ["release", ["ani_bg", "=", 0], []],
  ["release", ["ani_face", "=", null], ["r1", "r2", "r4", "r6", "r7"]],
  ["release", ["search", "=", "clannad"], ["r1", "r2"]],
  ["release", ["search", "=", "KEY-0001"], ["r1"]], // catalog number
  ["release", ["search", "=", "4560123456789"], ["r2"]], // GTIN
  ["release", ["search", "=", "r3"], ["r3"]],
];

const characterCases: Case[] = [
  ["character", ["id", "=", "c2"], ["c2"]],
  ["character", ["id", "<", "c4"], ["c1", "c2"]],
  ["character", ["role", "=", "main"], ["c1", "c2", "c4"]], // outside a VN query: any VN
  ["character", ["role", "=", "side"], ["c4"]],
  ["character", ["role", "!=", "main"], []],
  ["character", ["blood_type", "=", "a"], ["c1"]],
  ["character", ["blood_type", "=", "unknown"], ["c2", "c4"]],
  ["character", ["blood_type", "!=", "a"], ["c2", "c4"]],
  ["character", ["sex", "=", "f"], ["c1"]],
  ["character", ["sex", "=", "m"], ["c2"]],
  ["character", ["sex", "=", ""], ["c4"]],
  ["character", ["sex", "!=", "m"], ["c1", "c4"]],
  ["character", ["sex_spoil", "=", "f"], ["c1", "c2"]],
  ["character", ["sex_spoil", "=", "m"], []],
  ["character", ["sex_spoil", "=", "unknown"], ["c4"]],
  ["character", ["height", "=", null], ["c2", "c4"]],
  ["character", ["height", "!=", null], ["c1"]],
  ["character", ["height", ">=", null], ["c1", "c2", "c4"]],
  ["character", ["height", "<", 200], ["c1"]], // unknown (0) never compares
  ["character", ["height", "!=", 155], []],
  ["character", ["weight", "=", null], ["c1", "c4"]],
  ["character", ["weight", ">", null], ["c2"]],
  ["character", ["weight", ">", 50], ["c2"]],
  ["character", ["bust", "=", 80], ["c1"]],
  ["character", ["bust", "=", null], ["c2", "c4"]],
  ["character", ["waist", "<", 60], ["c1"]],
  ["character", ["hips", "=", null], ["c2", "c4"]],
  ["character", ["hips", ">", 80], ["c1"]],
  ["character", ["cup", "=", "B"], ["c1"]],
  ["character", ["cup", ">", "AA"], ["c1"]],
  ["character", ["cup", "<", "B"], ["c2"]], // AAA < AA < A < B
  ["character", ["cup", "=", null], ["c4"]],
  ["character", ["cup", "!=", null], ["c1", "c2"]],
  ["character", ["age", "=", 17], ["c1"]],
  ["character", ["age", "=", null], ["c2", "c4"]],
  ["character", ["trait", "=", ["i2", 0]], ["c1"]],
  ["character", ["trait", "=", ["i3", 0]], ["c2"]], // inherited; c1's path is a spoiler
  ["character", ["trait", "=", ["i3", 1]], ["c1", "c2"]],
  ["character", ["trait", "=", ["i4", 2, 1]], ["c2"]], // c1's i4 is a lie
  ["character", ["trait", "=", ["i1", 0]], []], // not searchable
  ["character", ["trait", "=", ["i5", 0]], []], // hidden
  ["character", ["trait", "!=", ["i2", 0]], ["c2", "c4"]],
  ["character", ["dtrait", "=", ["i4", 2]], ["c1", "c2"]],
  ["character", ["dtrait", "=", ["i3", 2]], []], // only inherited
  ["character", ["birthday", "=", [12, 24]], ["c1"]],
  ["character", ["birthday", "=", [12, 0]], ["c1"]], // day 0: the whole month
  ["character", ["birthday", "=", [10, 0]], ["c2"]],
  ["character", ["birthday", "=", [10, 5]], []],
  ["character", ["birthday", "=", [0, 0]], ["c4"]], // null → unknown birthday
  ["character", ["birthday", "!=", [12, 24]], ["c2", "c4"]],
  ["character", ["gender", "=", "f"], ["c1"]], // derived from the sex
  ["character", ["gender", "=", "m"], ["c2"]],
  ["character", ["gender", "=", "a"], ["c4"]],
  ["character", ["gender", "=", "unknown"], []],
  ["character", ["gender", "!=", "m"], ["c4"]], // c1 has no gender and sex f: NULL, neither = nor !=
  ["character", ["gender_spoil", "=", "o"], ["c2"]],
  ["character", ["gender_spoil", "=", "f"], ["c1"]],
  ["character", ["gender_spoil", "=", "m"], []],
  ["character", ["seiyuu", "=", ["id", "=", "s2"]], ["c1"]],
  ["character", ["seiyuu", "=", ["lang", "=", "en"]], []],
  ["character", ["seiyuu", "!=", ["id", "=", "s2"]], ["c2", "c4"]],
  ["character", ["vn", "=", ["id", "=", "v2"]], ["c2"]],
  ["character", ["vn", "=", ["id", "=", "v4"]], []], // hidden VN
  ["character", ["vn", "!=", ["olang", "=", "ja"]], ["c4"]],
  ["character", ["search", "=", "nagisa"], ["c1"]],
  ["character", ["search", "=", "古河"], ["c1"]],
  ["character", ["search", "=", "tomoya"], ["c2"]],
];

const staffCases: Case[] = [
  ["staff", ["id", "=", "s1"], [1, 2]], // one row per alias
  ["staff", ["id", ">", "s1"], [3, 5]],
  ["staff", ["lang", "=", "en"], [5]],
  ["staff", ["lang", "!=", "en"], [1, 2, 3]],
  ["staff", ["gender", "=", "m"], [1, 2]],
  ["staff", ["gender", "=", "unknown"], [5]],
  ["staff", ["gender", "!=", "m"], [3, 5]],
  ["staff", ["role", "=", "scenario"], [1]], // credits belong to aliases
  ["staff", ["role", "=", "songs"], [2]],
  ["staff", ["role", "=", "seiyuu"], [3]],
  ["staff", ["role", "=", "art"], [5]],
  ["staff", ["role", "=", "music"], []], // only the hidden staff
  ["staff", ["role", "!=", "scenario"], [2, 3, 5]],
  ["staff", ["extlink", "=", "twitter"], [1, 2]],
  ["staff", ["extlink", "=", ["twitter", "maeda"]], [1, 2]],
  ["staff", ["extlink", "!=", "twitter"], [3, 5]],
  ["staff", ["type", "=", "company"], [5]],
  ["staff", ["type", "!=", "company"], [1, 2, 3]],
  ["staff", ["ismain", "=", 1], [1, 3, 5]],
  ["staff", ["ismain", "!=", 1], [2]],
  ["staff", ["aid", "=", 2], [2]],
  ["staff", ["aid", "!=", 2], [1, 3, 5]],
  ["staff", ["search", "=", "maeda"], [1]], // per alias
  ["staff", ["search", "=", "だーまえ"], [2]],
  ["staff", ["search", "=", "s2"], [3]],
];

const otherCases: Case[] = [
  ["producer", ["id", "<=", "p2"], ["p1", "p2"]],
  ["producer", ["lang", "=", "ja"], ["p1", "p2"]],
  ["producer", ["lang", "!=", "ja"], ["p4"]],
  ["producer", ["type", "=", "in"], ["p4"]],
  ["producer", ["type", "!=", "in"], ["p1", "p2"]],
  ["producer", ["extlink", "=", "twitter"], ["p1"]],
  ["producer", ["extlink", "!=", "twitter"], ["p2", "p4"]],
  ["producer", ["search", "=", "visual arts"], ["p1", "p2"]], // p1 through its alias
  ["producer", ["search", "=", "key"], ["p1"]],
  ["tag", ["id", "=", "g2"], ["g2"]],
  ["tag", ["id", ">", "g3"], ["g4", "g5", "g6"]],
  ["tag", ["category", "=", "ero"], ["g4"]],
  ["tag", ["category", "!=", "cont"], ["g4", "g5", "g6"]],
  ["tag", ["search", "=", "fantasy"], ["g1", "g2"]],
  ["tag", ["search", "=", "magic"], ["g1"]],
  ["trait", ["id", "=", "i2"], ["i2"]],
  ["trait", ["id", "!=", "i2"], ["i1", "i3", "i4"]],
  ["trait", ["search", "=", "golden"], ["i2"]],
  ["trait", ["search", "=", "hair"], ["i1", "i2"]],
  ["quote", ["id", "=", "q1"], ["q1"]],
  ["quote", ["id", ">", "q1"], ["q2", "q3"]],
  ["quote", ["vn", "=", ["id", "=", "v1"]], ["q1"]],
  ["quote", ["vn", "=", ["id", "=", "v4"]], []], // hidden VN
  ["quote", ["vn", "!=", ["id", "=", "v1"]], ["q2", "q3"]],
  ["quote", ["character", "=", ["id", "=", "c1"]], ["q1"]],
  ["quote", ["character", "!=", ["id", "=", "c1"]], ["q2", "q3"]],
];

describe("filters", () => {
  for (const [name, cases] of Object.entries({ vnCases, listCases, releaseCases, characterCases, staffCases, otherCases })) {
    describe(name, () => {
      it.each(cases.map((c) => [JSON.stringify(c[1]), c]))("%s", (_label, [endpoint, filter, expected, session]) => {
        expect(run(endpoint, filter, session ?? null)).toEqual(expected);
      });
    });
  }

  it("quote random matches exactly one quote with a positive score", () => {
    for (let i = 0; i < 20; i++) {
      const got = run("quote", ["random", "=", 1]);
      expect(got).toHaveLength(1);
      expect(["q1", "q3"]).toContain(got[0]);
    }
  });

  it("released = today follows the clock", () => {
    const db = fixtureDb();
    const req = request("release", { filters: ["released", "=", 1] });
    const on = (d: Date) => executeQuery(db, req, null, { now: () => d });
    const a = on(new Date(Date.UTC(2004, 3, 28, 23, 59)));
    const b = on(new Date(Date.UTC(2004, 3, 29, 0, 1)));
    expect(a.ok && (a.body.results as { id: string }[]).map((r) => r.id)).toEqual(["r1"]);
    expect(b.ok && (b.body.results as unknown[]).length).toBe(0);
  });
});
