// The evaluation set: realistic user questions whose subjects and answers are chosen by code
// from the catalogue's data files (facts.ts), so the set follows the data when it changes.
// A question names what a right answer must contain (`need`: every item, each item satisfied
// by any of its alternatives) and, where it matters, what it must not (`forbid`).

import { Facts, idNum, insightTruth, type VnRow } from "./facts.js";
import { readerQuestions } from "./reader-questions.js";

export type Alternatives = string[];

/**
 * The situations where calls go (issue 21), each tagged on the questions that test it so the
 * set can be checked to cover them and results read per situation.
 */
export const SITUATIONS = {
  "list-state": "writer mode: a task that needs the owner's list or release-list state (is it on my list, mark, vote, remove)",
  "empty-reason": "a result that is empty for a reason the data holds (unused tag or trait, a publisher asked as developer, a sort key unknown for every row)",
  spelling: "a field or filter asked in natural words that VNDB spells differently (release languages, rtype, seiyuu)",
  "size-cap": "a question whose natural call returns a page over the answer size cap",
  "staff-credit": "what a person did on a VN, or one role among many staff credits",
  "nested-list": "nested list options: a VN's tags with spoilers",
  "recommend-untagged": "recommendations for seeds without content tags (the sample has tags for one VN)",
  "sample-gap": "a value the offline sample does not hold (age rating, release date, release languages): the answer says unknown",
  "reader-identify": "a game named by its folder or file name (brand prefixes, underscores, edition and language tags)",
  "reader-described": "a VN remembered by what its story has in it, not by its title (words in descriptions: local data)",
  "reader-compare": "two readers side by side: shared VNs, disagreements, what one loved the other has not read, a user who does not exist",
  "reader-should-read": "should I read it: length, rating and fit, in one answer",
  "reader-upcoming": "what is coming for the VNs on my list (or that nothing is)",
  "reader-export": "the whole list exported",
  "reader-import": "a pasted list imported onto the list, with one confirmation, graded on the list read back",
} as const;
export type Situation = keyof typeof SITUATIONS;

/** A list row the emulator's state must (not) hold after the question: graded where the answer cannot show it. */
export type ListCheck =
  | { kind: "vn"; uid: string; vid: string; present: boolean; vote?: number | null; labels?: number[] }
  | { kind: "release"; uid: string; rid: string; present: boolean; status?: number };

export interface EvalQuestion {
  id: string;
  kind: "catalogue" | "list";
  /** What the user says. */
  question: string;
  /** Whose session: "anonymous" (no token) or "owner" (the list owner's token). */
  session: "anonymous" | "owner";
  need: Alternatives[];
  forbid?: string[];
  /** The fewest tool calls an expert needs, and how. */
  minCalls: number;
  expert: string;
  /** The list state after the run (write tasks), checked in the emulator's state file. */
  after?: ListCheck[];
  /** Which situation of SITUATIONS the question tests, when it tests one. */
  situation?: Situation;
}

const LANGUAGE_NAMES: Record<string, string> = {
  ja: "Japanese", en: "English", "zh-Hans": "Chinese", "zh-Hant": "Chinese", zh: "Chinese", ko: "Korean", ru: "Russian",
  de: "German", fr: "French", es: "Spanish", it: "Italian", vi: "Vietnamese", id: "Indonesian", pt: "Portuguese", "pt-br": "Portuguese",
};
const PLATFORM_NAMES: Record<string, string> = {
  win: "Windows", lin: "Linux", mac: "Mac", ios: "iOS", and: "Android", web: "browser", swi: "Switch", ps4: "PlayStation 4",
  ps5: "PlayStation 5", ps3: "PlayStation 3", ps2: "PlayStation 2", ps1: "PlayStation", psv: "Vita", psp: "PSP", xb1: "Xbox One",
  xb3: "Xbox 360", xbs: "Xbox Series", dvd: "DVD", nds: "Nintendo DS", n3d: "3DS", sat: "Saturn", dc: "Dreamcast", wii: "Wii",
};
/** The full names players also write (eval round 5: "PlayStation Portable" for PSP was graded wrong). */
const PLATFORM_LONG_NAMES: Record<string, string[]> = { psp: ["PlayStation Portable"], psv: ["PS Vita"], swi: ["Nintendo Switch"], n3d: ["Nintendo 3DS"] };
const CATEGORY_WORDS: Record<string, string[]> = { cont: ["content"], ero: ["sexual", "ero"], tech: ["technical", "tech"] };
const PRODUCER_TYPES: Record<string, string[]> = { co: ["company"], in: ["individual", "person"], ng: ["amateur", "doujin", "circle", "group"] };

const lang = (code: string) => [code, LANGUAGE_NAMES[code] ?? code];
const plat = (code: string) => [code, PLATFORM_NAMES[code] ?? code];
const num = (n: number) => [String(n), n.toLocaleString("en-US")];
/** VNDB data says 86.2 (10-100), the site 8.62: either scale is right. */
const rating = (r: number) => [(r / 10).toFixed(2), (r / 10).toFixed(1), String(r), r.toFixed(1)];

/** A typo a user makes: two neighbouring letters of the longest word swapped. */
function typo(title: string): string | null {
  const words = title.split(" ");
  const i = words.reduce((best, w, k) => (w.length > words[best]!.length ? k : best), 0);
  const w = words[i]!;
  if (w.length < 5 || !/^[A-Za-z]+$/.test(w)) return null;
  const m = Math.floor(w.length / 2);
  words[i] = w.slice(0, m - 1) + w[m] + w[m - 1] + w.slice(m + 1);
  return words.join(" ");
}

export function buildQuestions(f: Facts = new Facts()): EvalQuestion[] {
  const out: EvalQuestion[] = [];
  const add = (q: Omit<EvalQuestion, "id" | "kind" | "session"> & Partial<Pick<EvalQuestion, "kind" | "session">>, slug: string) => {
    if (q.need.length === 0 || q.need.some((alts) => alts.length === 0 || alts.some((a) => !a))) return;
    const n = out.filter((x) => x.id.startsWith(`${slug}-`)).length + 1;
    out.push({ kind: "catalogue", session: "anonymous", ...q, id: `${slug}-${n}` });
  };
  const t = (v: VnRow) => f.title(v);
  const pop = f.popular();
  const latinTitled = pop.filter((v) => /^[\x20-\x7e]+$/.test(t(v)));
  // Subjects rotate so that no VN answers every question.
  const pick = (pred: (v: VnRow) => boolean, n: number, skip = 0) => latinTitled.filter(pred).slice(skip, skip + n);

  for (const v of pick((v) => f.developers(v.id).length > 0, 3)) {
    add({ question: `Who developed ${t(v)}?`, need: f.developers(v.id).slice(0, 2).map((d) => [d]), minCalls: 1, expert: 'vndb_search_vn {query, fields: "developers.name"}' }, "developer");
  }
  for (const v of pick((v) => v.rating !== null, 3, 1)) {
    add({ question: `What's the rating of ${t(v)} on VNDB?`, need: [rating(v.rating!)], minCalls: 1, expert: "vndb_search_vn {query}" }, "rating");
  }
  for (const v of pick((v) => v.votecount > 0, 3, 4)) {
    add({ question: `How many people have voted on ${t(v)}?`, need: [num(v.votecount)], minCalls: 1, expert: 'vndb_search_vn {query, fields: "votecount"}' }, "votecount");
  }
  const nonJa = pick((v) => v.olang !== "ja", 1)[0];
  for (const v of [...pick((v) => v.olang === "ja", 1, 5), ...(nonJa ? [nonJa] : [])]) {
    add({ question: `What language was ${t(v)} originally written in?`, need: [lang(v.olang)], minCalls: 1, expert: 'vndb_search_vn {query, fields: "olang"}' }, "olang");
  }
  for (const v of pick((v) => f.platforms(v.id).length > 1, 2)) {
    add({ question: `Which platforms can I play ${t(v)} on?`, need: f.platforms(v.id).slice(0, 3).map(plat), minCalls: 1, expert: 'vndb_search_vn {query, fields: "platforms"}' }, "platforms");
  }
  for (const v of pick((v) => v.aliases.length > 0, 2)) {
    add({ question: `What other names is ${t(v)} known by?`, need: v.aliases.slice(0, 2).map((a) => [a]), minCalls: 1, expert: 'vndb_search_vn {query, fields: "aliases"}' }, "aliases");
  }
  const themes = (v: VnRow) => f.safeTags(v, 2).filter((x) => f.tagCategory(x.tag) === "cont");
  for (const v of pick((v) => themes(v).length >= 3, 2)) {
    const tags = themes(v).slice(0, 5).map((x) => x.name);
    add({ question: `What is ${t(v)} about? Main themes only, no spoilers please.`, need: [tags], minCalls: 1, expert: 'vndb_search_vn {query, fields: "tags.name,description"}' }, "themes");
  }
  // Tag searches: a popular content tag; any VN carrying it (or a child tag) without spoiler is right.
  const tagUse = new Map<string, Set<string>>();
  for (const v of f.vns) for (const x of f.safeTags(v, 1)) if (f.tagCategory(x.tag) === "cont") tagUse.set(x.tag, (tagUse.get(x.tag) ?? new Set()).add(v.id));
  const tags = [...tagUse].filter(([, s]) => s.size >= 2).sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]));
  for (const [tag, vids] of tags.slice(0, 2)) {
    add({ question: `Can you suggest a visual novel with the tag "${f.tagName(tag)}"?`, need: [[...vids].flatMap((id) => [id, t(f.vn(id)!)])], minCalls: 1, expert: "vndb_search_vn {filters: {tag}}" }, "by-tag");
  }
  const top = [...f.vns].filter((v) => v.rating !== null).sort((a, b) => b.rating! - a.rating!)[0];
  if (top) add({ question: "What's the highest-rated visual novel on VNDB?", need: [[top.id, t(top)]], minCalls: 1, expert: 'vndb_search_vn {sort: "rating", reverse: true}' }, "top-rated");
  const topEn = [...f.vns].filter((v) => v.rating !== null && v.olang === "en").sort((a, b) => b.rating! - a.rating!)[0];
  if (topEn) add({ question: "Which VN originally written in English has the best rating?", need: [[topEn.id, t(topEn)]], minCalls: 1, expert: 'vndb_search_vn {filters: {olang: "en"}, sort: "rating", reverse: true}' }, "top-rated-en");
  if (pop[0]) add({ question: "Which visual novel has the most votes?", need: [[pop[0].id, t(pop[0])]], minCalls: 1, expert: 'vndb_search_vn {sort: "votecount", reverse: true}' }, "most-voted");

  // Producers: their VNs, their kind.
  const devVns = new Map<string, VnRow[]>();
  for (const v of pop) for (const d of f.developers(v.id)) devVns.set(d, [...(devVns.get(d) ?? []), v]);
  const prolific = [...devVns].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  for (const [name, vns] of prolific.slice(0, 2)) {
    add({ question: `What games has ${name} made?`, need: vns.slice(0, 3).map((v) => [v.id, t(v)]), minCalls: 2, expert: "vndb_search_producer, then vndb_search_vn {filters: {developer}} (or one call with the name)" }, "producer-vns");
  }
  if (prolific[2]) {
    add({ question: `How many visual novels has ${prolific[2][0]} developed?`, need: [num(prolific[2][1].length)], minCalls: 1, expert: "vndb_search_vn {filters: {developer}, count: true}" }, "producer-count");
  }
  const apiName = (p: (typeof f.cat.producer)[number]) => p.latin ?? p.name;
  const producer = f.cat.producer.find((p) => !p.hidden && devVns.has(apiName(p)) && p.type !== "co") ?? f.cat.producer.find((p) => !p.hidden && devVns.has(apiName(p)));
  if (producer) add({ question: `Is ${producer.latin ?? producer.name} a company or a doujin circle, and which country/language are they?`, need: [PRODUCER_TYPES[producer.type]!, lang(producer.lang)], minCalls: 1, expert: "vndb_search_producer {query}" }, "producer-type");

  // Characters.
  const chars = f.cat.character.filter((c) => !c.hidden && c.vns.length > 0);
  const cname = (c: (typeof chars)[number]) => c.latin ?? c.name;
  for (const c of chars.slice(0, 2)) {
    const vn = f.vn(c.vns[0]!.vn);
    if (vn) add({ question: `Which visual novel is ${cname(c)} from?`, need: [[vn.id, t(vn)]], minCalls: 1, expert: 'vndb_search_character {query, fields: "vns.title"}' }, "character-vn");
  }
  const aliasName = new Map<number, string[]>();
  // Placeholder rows (a bare id for a name) stand for people the sample does not hold.
  for (const s of f.cat.staff) for (const a of s.aliases) if (!/^s[0-9]+$/.test(a.name)) aliasName.set(a.aid, [a.name, ...(a.latin ? [a.latin] : [])]);
  // Voice credits by character, in VN order (one pass, not characters × VNs).
  const vaByChar = new Map<string, number[]>();
  for (const v of f.vns) for (const x of v.va) vaByChar.set(x.character, [...(vaByChar.get(x.character) ?? []), x.aid]);
  const voiced = chars.flatMap((c) => (vaByChar.get(c.id) ?? []).map((aid) => ({ c, names: aliasName.get(aid) ?? [] })));
  const voicedOnce = voiced.filter((x, i) => x.names.length && voiced.findIndex((y) => y.c.id === x.c.id) === i);
  for (const { c, names } of voicedOnce.slice(0, 2)) add({ question: `Who is the voice actor of ${cname(c)}?`, need: [names], minCalls: 1, expert: 'vndb_search_vn {fields: "va.staff.name,va.character.name"} or the character\'s credits' }, "voice-actor");
  const tall = chars.find((c) => c.height > 0);
  if (tall) add({ question: `How tall is ${cname(tall)}?`, need: [[`${tall.height}`]], minCalls: 1, expert: 'vndb_search_character {query, fields: "height"}' }, "character-height");
  const typed = chars.find((c) => c.bloodType);
  if (typed) add({ question: `What's ${cname(typed)}'s blood type?`, need: [[typed.bloodType!.toUpperCase() + " ", `type ${typed.bloodType}`, `${typed.bloodType!.toUpperCase()}.`, `blood type ${typed.bloodType}`]], minCalls: 1, expert: 'vndb_search_character {query, fields: "blood_type"}' }, "blood-type");
  const untyped = chars.find((c) => !c.bloodType);
  if (untyped) add({ question: `What's ${cname(untyped)}'s blood type?`, need: [["unknown", "not known", "not listed", "no blood type", "not recorded", "none", "doesn't list", "does not list", "isn't listed", "not specified", "not given"]], minCalls: 1, expert: 'vndb_search_character {query, fields: "blood_type"} (null = unknown)' }, "missing-value");
  const traitUse = new Map<string, string[]>();
  for (const c of chars) for (const x of c.traits) if (x.spoiler === 0 && !x.lie) traitUse.set(x.trait, [...(traitUse.get(x.trait) ?? []), cname(c)]);
  const trait = [...traitUse].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0];
  const traitRow = trait && f.cat.trait.find((x) => x.id === trait[0]);
  if (trait && traitRow) add({ question: `Name a character with the trait "${traitRow.name}".`, need: [trait[1]], minCalls: 1, expert: "vndb_search_character {filters: {trait}}" }, "by-trait");

  // Staff.
  const credits = new Map<string, { vn: VnRow; role: string }[]>();
  for (const v of pop) for (const s of v.staff) for (const n of (aliasName.get(s.aid) ?? []).slice(-1)) credits.set(n, [...(credits.get(n) ?? []), { vn: v, role: s.role }]);
  const writers = [...credits].filter(([, cs]) => cs.some((c) => c.role === "scenario")).sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  for (const [name, cs] of writers.slice(0, 2)) {
    const vns = [...new Set(cs.filter((c) => c.role === "scenario").map((c) => c.vn))].slice(0, 2);
    add({ question: `What has ${name} written?`, need: vns.map((v) => [v.id, t(v)]), minCalls: 1, expert: 'vndb_search_vn {filters: {staff: {name, role: "scenario"}}}' }, "staff-written");
  }
  for (const v of pick((v) => v.staff.some((s) => s.role === "scenario" && aliasName.has(s.aid)), 2)) {
    const names = v.staff.filter((s) => s.role === "scenario").map((s) => aliasName.get(s.aid)!).slice(0, 2);
    add({ question: `Who wrote the scenario of ${t(v)}?`, need: names, minCalls: 1, expert: 'vndb_search_vn {query, fields: "staff.name,staff.role"}' }, "scenario-writer");
  }
  const person = f.cat.staff.find((s) => !s.hidden && s.lang === "ja" && s.aliases.some((a) => a.aid === s.mainAid && a.latin));
  if (person) {
    const main = person.aliases.find((a) => a.aid === person.mainAid)!;
    add({ question: `What is ${main.latin}'s name in Japanese?`, need: [[main.name]], minCalls: 1, expert: "vndb_search_staff {query}" }, "staff-original");
  }

  // Releases and quotes.
  const year = (v: VnRow) => {
    const dates = (v.cReleased !== undefined ? [v.cReleased] : f.releasesOf(v.id).map((r) => r.released)).filter((d) => d > 0 && d < 99999999);
    return dates.length ? String(Math.floor(Math.min(...dates) / 10000)) : null;
  };
  for (const v of pick((v) => year(v) !== null, 2, 2)) add({ question: `When did ${t(v)} first come out?`, need: [[year(v)!]], minCalls: 1, expert: 'vndb_search_vn {query, fields: "released"}' }, "release-year");
  for (const v of pick((v) => f.releasesOf(v.id).length > 1, 2, 10)) {
    add({ question: `How many releases does ${t(v)} have?`, need: [num(f.releasesOf(v.id).length)], minCalls: 1, expert: "vndb_search_release {filters: {vn}, count: true}" }, "release-count");
  }
  const rated = f.cat.release.find((r) => !r.hidden && r.minage !== null && r.minage > 0 && r.titles[0]?.title);
  if (rated) add({ question: `What's the age rating of the release "${rated.titles.find((x) => x.lang === rated.olang)?.latin ?? rated.titles.find((x) => x.lang === rated.olang)?.title ?? rated.titles[0]!.title}" (${rated.id})?`, need: [[`${rated.minage}+`, `${rated.minage} `, `age ${rated.minage}`, `${rated.minage}.`]], minCalls: 1, expert: 'vndb_search_release {filters: {id}, fields: "minage"}' }, "age-rating");
  const quoted = f.cat.quote.find((q) => !q.hidden && f.vn(q.vn));
  if (quoted) {
    const quotes = f.cat.quote.filter((q) => !q.hidden && q.vn === quoted.vn).map((q) => q.quote.slice(0, 25));
    add({ question: `Give me a quote from ${t(f.vn(quoted.vn)!)}.`, need: [quotes], minCalls: 1, expert: "vndb_search_quote {filters: {vn}}" }, "quote");
  }

  // Pasted URLs and typos.
  for (const v of pick(() => true, 3, 8)) add({ question: `What is https://vndb.org/${v.id} ?`, need: [[t(v)]], minCalls: 1, expert: "vndb_search_vn {filters: {id}}" }, "url");
  for (const v of pick((v) => typo(t(v)) !== null, 2, 1)) add({ question: `Tell me about ${typo(t(v))}.`, need: [[v.id, t(v)]], minCalls: 1, expert: "vndb_search_vn {query} (did-you-mean on a miss)" }, "typo");

  // Tag metadata.
  const tagRow = tags[0] && f.cat.tag.find((x) => x.id === tags[0]![0]);
  if (tagRow) add({ question: `What does the VNDB tag "${tagRow.name}" mean, and what kind of tag is it?`, need: [CATEGORY_WORDS[tagRow.category]!], minCalls: 1, expert: "vndb_search_tag {query}" }, "tag-meaning");

  // Relations.
  const withSequel = pick((v) => v.relations.some((r) => r.relation === "seq" && f.vn(r.vn) && !f.vn(r.vn)!.hidden), 1)[0];
  if (withSequel) {
    const seqs = withSequel.relations.filter((r) => r.relation === "seq").map((r) => f.vn(r.vn)!).filter((v) => v && !v.hidden);
    add({ question: `Is there a sequel to ${t(withSequel)}?`, need: [seqs.flatMap((v) => [v.id, t(v)])], minCalls: 1, expert: 'vndb_search_vn {query, fields: "relations.title,relations.relation"}' }, "sequel");
  }

  out.push(...situationQuestions(f));
  out.push(...listTasks(f));
  out.push(...readerQuestions(f));
  out.push(...writerTasks(f));
  return out;
}

/** The list tasks: the owner's list (token session) and one public list. */
function listTasks(f: Facts): EvalQuestion[] {
  const owner = f.listOwner();
  const truth = insightTruth(f, owner.uid, true);
  const list = f.listOf(owner.uid, true);
  const onList = new Set(list.map((e) => e.vid));
  const title = (vid: string) => f.title(f.vn(vid)!);
  const qs: EvalQuestion[] = [];
  const q = (slug: string, question: string, need: Alternatives[], minCalls: number, expert: string) =>
    qs.push({ id: `list-${slug}`, kind: "list", session: "owner", question, need, minCalls, expert });

  if (truth.average !== null) q("average", "What's my average vote?", [[truth.average.toFixed(2), truth.average.toFixed(1)]], 1, "vndb_list_insight {}");
  q("size", "How many visual novels are on my list?", [num(truth.entries)], 1, "vndb_list_labels {} or vndb_list_insight {}");
  q("finished", "How many VNs have I finished?", [num(truth.labelCounts.get("Finished") ?? 0)], 1, "vndb_list_labels {}");
  const years = Object.entries(truth.finishedByYear).sort((a, b) => b[1] - a[1] || b[0].localeCompare(a[0]));
  if (years[0]) q("finished-year", `How many did I finish in ${years[0][0]}?`, [num(years[0][1])], 1, "vndb_list_insight {}");
  if (truth.topDevelopers.length) q("favourite-developer", "Who's my favourite developer, judging by my votes?", [truth.topDevelopers], 1, "vndb_list_insight {}");
  if (truth.best) {
    const best = list.filter((e) => e.vote === truth.best!.vote).flatMap((e) => [e.vid, title(e.vid)]);
    q("highest-vote", "Which VN did I rate highest?", [best], 1, 'vndb_get_user_list {sort: "vote", reverse: true, filters: {label: "Voted"}}');
  }
  q("high-votes", "How many of my votes are 8 or higher?", [num(truth.highVoted)], 1, "vndb_list_insight {}");
  q("tens", "How many VNs have I given a 10/10?", [num(list.filter((e) => e.vote === 100).length)], 1, "vndb_list_insight {}");
  const lowest = Math.min(...list.filter((e) => e.vote !== null).map((e) => e.vote!));
  if (Number.isFinite(lowest)) {
    q("lowest-vote", "Which VN did I rate lowest?", [list.filter((e) => e.vote === lowest).flatMap((e) => [e.vid, title(e.vid)])], 1, 'vndb_get_user_list {sort: "vote", filters: {label: "Voted"}}');
  }
  const wish = list.filter((e) => e.labels.includes(5));
  q("wishlist", "What's on my wishlist?", wish.length ? wish.slice(0, 3).map((e) => [e.vid, title(e.vid)]) : [["empty", "nothing", "no entries", "0 entries", "none"]], 1, 'vndb_get_user_list {filters: {label: "Wishlist"}}');

  // Recommendations: any VN off the list that shares a visible content tag with the seeds is right.
  const shares = (v: VnRow, seeds: VnRow[]) => {
    const seedTags = new Set(seeds.flatMap((s) => f.safeTags(s, 1.5).filter((x) => f.tagCategory(x.tag) === "cont").map((x) => x.tag)));
    return f.safeTags(v, 1.5).some((x) => seedTags.has(x.tag));
  };
  const favourites = list.filter((e) => (e.vote ?? 0) >= 80).map((e) => f.vn(e.vid)!);
  const fromFavs = f.vns.filter((v) => !onList.has(v.id) && shares(v, favourites));
  if (fromFavs.length) q("recommend-next", "Based on the VNs I rated highest, what should I read next?", [fromFavs.flatMap((v) => [v.id, f.title(v)])], 1, "vndb_recommend {}");
  const seed = f.popular((v) => f.safeTags(v, 1.5).some((x) => f.tagCategory(x.tag) === "cont")).find((v) => /^[\x20-\x7e]+$/.test(f.title(v)));
  if (seed) {
    const like = f.vns.filter((v) => v.id !== seed.id && !onList.has(v.id) && f.languages(v.id).includes("en") && shares(v, [seed]));
    if (like.length) q("recommend-like", `Recommend something like ${f.title(seed)} that I haven't played, available in English.`, [like.flatMap((v) => [v.id, f.title(v)])], 1, `vndb_recommend {like: ["${seed.id}"], lang: "en"}`);
  }
  const other = f.cat.users.find((u) => u.username && u.id !== owner.uid && f.listOf(u.id, false).some((e) => e.vote !== null));
  if (other) {
    const t2 = insightTruth(f, other.id, false);
    q("other-average", `What's the average vote of VNDB user ${other.username}?`, [[t2.average!.toFixed(2), t2.average!.toFixed(1)]], 1, `vndb_list_insight {user: "${other.username}"}`);
    q("other-size", `How many VNs does ${other.username} have on their public list?`, [num(t2.entries)], 1, `vndb_list_labels {user: "${other.username}"} or vndb_list_insight`);
  }
  return qs.filter((x) => x.need.every((alts) => alts.length > 0));
}

// Words an answer uses for a value the data does not hold.
const UNKNOWN = ["unknown", "not known", "isn't known", "is not known", "not recorded", "not listed", "no data", "doesn't say", "does not say", "no information", "not in the", "no record", "doesn't have", "does not have", "don't know", "do not know", "can't tell", "cannot tell", "missing", "can't say", "cannot say", "not stored"];
const NOT_ON_LIST = ["not on your list", "isn't on your list", "is not on your list", "not in your list", "isn't in your list", "is not in your list", "not on your vn list", "isn't on your vn list", "is not on your vn list", "not on your vndb list", "isn't on your vndb list", "not on it", "haven't added", "have not added", "no entry"];
const ROLE_WORDS: Record<string, string[]> = {
  scenario: ["scenario", "writer", "wrote", "writing", "script"],
  art: ["artist", "artwork", "illustrat", "graphics", "the art", "art:"],
  chardesign: ["character design"],
  music: ["music", "compos"],
  songs: ["song", "vocal", "singer", "singing", "sang", "sung", "perform", "ending theme", "opening theme"],
  director: ["director", "directed", "directing"],
};
const ascii = (s: string) => /^[\x20-\x7e]+$/.test(s);

/** The roles whose people make two VNs alike (writer, artist, character designer, composer). */
const LIKENESS_ROLES = new Set(["scenario", "art", "chardesign", "music"]);
const similarIndex = new WeakMap<Facts, { byKey: Map<string, Set<string>>; keysOf: Map<string, string[]> }>();

/**
 * VNs like `seed` by what the data holds without tags: a shared developer, writer, artist,
 * character designer or composer, or a relation (either way). Indexed once per catalogue.
 */
function similarWithoutTags(f: Facts, seed: VnRow): VnRow[] {
  let index = similarIndex.get(f);
  if (!index) {
    index = { byKey: new Map(), keysOf: new Map() };
    for (const v of f.vns) {
      const keys = new Set([
        ...f.developers(v.id).map((d) => `dev:${d}`),
        ...v.staff.filter((s) => LIKENESS_ROLES.has(s.role)).flatMap((s) => (f.staffOf(s.aid) ? [`staff:${f.staffOf(s.aid)}`] : [])),
      ]);
      index.keysOf.set(v.id, [...keys]);
      for (const k of keys) index.byKey.set(k, (index.byKey.get(k) ?? new Set()).add(v.id));
    }
    similarIndex.set(f, index);
  }
  const ids = new Set<string>();
  for (const k of index.keysOf.get(seed.id) ?? []) for (const id of index.byKey.get(k) ?? []) ids.add(id);
  for (const r of seed.relations) ids.add(r.vn);
  for (const v of f.vns) if (v.relations.some((r) => r.vn === seed.id)) ids.add(v.id);
  ids.delete(seed.id);
  return f.vns.filter((v) => ids.has(v.id));
}

/** Catalogue questions for the situations where calls go (issue 21); subjects chosen by code. */
function situationQuestions(f: Facts): EvalQuestion[] {
  const out: EvalQuestion[] = [];
  const add = (slug: string, situation: Situation, q: Pick<EvalQuestion, "question" | "need" | "minCalls" | "expert" | "forbid">) => {
    if (q.need.length === 0 || q.need.some((alts) => alts.length === 0 || alts.some((a) => !a))) return;
    out.push({ kind: "catalogue", session: "anonymous", situation, ...q, id: `${slug}-1` });
  };
  const t = (v: VnRow) => f.title(v);
  const popular = f.popular((v) => ascii(t(v)));
  const vnAlts = (vs: VnRow[]) => vs.flatMap((v) => [v.id, t(v)]);

  // Empty for a reason: a tag / trait on no entry here, a publisher asked as developer, a sort key unknown everywhere.
  const WHY_EMPTY = ["sample", "no vn has", "no vns have", "no visual novel has", "no visual novels have", "not on any", "is on no", "0 vns", "0 visual novels", "0 characters", "no character has", "no characters have", "not applied", "isn't applied", "not used", "isn't used", "count 0", "count of 0", "count is 0", "attached to no", "no entries"];
  // Names shared by several tags/traits (trait "Black" is a hair, eye and skin colour) resolve ambiguously: unique ones only.
  const unique = <T extends { name: string }>(rows: T[]) => rows.filter((x) => rows.filter((y) => y.name.toLowerCase() === x.name.toLowerCase()).length === 1);
  const tag = unique(f.cat.tag).filter((x) => !x.hidden && x.category === "cont" && x.applicable && x.searchable && ascii(x.name)).sort((a, b) => idNum(a.id) - idNum(b.id)).find((x) => !f.tagUsed(x.id));
  if (tag) add("empty-tag", "empty-reason", { question: `Find me visual novels tagged "${tag.name}".`, need: [WHY_EMPTY], minCalls: 1, expert: `vndb_search_vn {filters: {tag: "${tag.name}"}} (the answer says the tag is on no VN here)` });
  const trait = unique(f.cat.trait).filter((x) => !x.hidden && !x.sexual && x.applicable && x.searchable && x.parents.length > 0 && ascii(x.name)).sort((a, b) => idNum(a.id) - idNum(b.id)).find((x) => !f.traitUsed(x.id));
  if (trait) add("empty-trait", "empty-reason", { question: `Which characters have the trait "${trait.name}"?`, need: [WHY_EMPTY], minCalls: 1, expert: `vndb_search_character {filters: {trait: "${trait.name}"}}` });

  const credited = new Map<string, { dev: boolean; vns: Set<string> }>();
  // Official, non-patch releases: a fan translator "publishes" patches, which is not what a user means.
  for (const r of f.cat.release) {
    if (r.hidden || !r.official || r.patch) continue;
    for (const p of r.producers) {
      const c = credited.get(p.producer) ?? { dev: false, vns: new Set<string>() };
      c.dev ||= p.developer;
      for (const x of r.vns) if (f.vn(x.vn) && !f.vn(x.vn)!.hidden) c.vns.add(x.vn);
      credited.set(p.producer, c);
    }
  }
  const publisher = f.cat.producer
    .filter((p) => !p.hidden && ascii(p.latin ?? p.name) && !/[0-9]/.test(p.latin ?? p.name) && credited.get(p.id) && !credited.get(p.id)!.dev && credited.get(p.id)!.vns.size >= 2)
    .sort((a, b) => credited.get(b.id)!.vns.size - credited.get(a.id)!.vns.size || idNum(a.id) - idNum(b.id))[0];
  if (publisher) {
    const vns = [...credited.get(publisher.id)!.vns].map((id) => f.vn(id)!);
    // The API counts VNs by any release naming the producer (patches and unofficial ones too): either count is right.
    const anyRelease = new Set(f.cat.release.filter((r) => !r.hidden && r.producers.some((p) => p.producer === publisher.id)).flatMap((r) => r.vns.map((x) => x.vn)).filter((id) => f.vn(id) && !f.vn(id)!.hidden));
    add("empty-publisher", "empty-reason", {
      question: `Which visual novels did ${publisher.latin ?? publisher.name} develop?`,
      need: [["publish"], [...num(vns.length), ...num(anyRelease.size), ...vnAlts(vns)]],
      minCalls: 1,
      expert: `vndb_search_vn {filters: {developer: "${publisher.latin ?? publisher.name}"}} (empty; the answer says it published N VNs and names the call)`,
    });
  }
  const undated = (v: VnRow) => !v.cReleased && f.releasesOf(v.id).every((r) => r.released === 0);
  const byDev = new Map<string, VnRow[]>();
  for (const v of f.vns) for (const d of f.developers(v.id)) byDev.set(d, [...(byDev.get(d) ?? []), v]);
  const undatedDev = [...byDev].filter(([d, vs]) => ascii(d) && vs.length >= 3 && vs.every(undated)).sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))[0];
  if (undatedDev) {
    add("empty-sort", "empty-reason", {
      question: `What's the newest visual novel from ${undatedDev[0]}?`,
      need: [["no release date", "release dates are unknown", "release date is unknown", "dates are unknown", "dates aren't known", "no dates", "undated", "has a release date", "carries a release date", "sort them by date", ...UNKNOWN]],
      minCalls: 1,
      expert: `vndb_search_vn {filters: {developer: "${undatedDev[0]}"}, sort: "released", reverse: true} (none has a date: say so, do not name the first row)`,
    });
  }

  // Spelling traps: release languages, release type, voice actors in natural words.
  // Release languages the data holds (not derived from the VN's original language): the oldest such release
  // (the legacy records'; the 2026 calendar's languages are guessed from the title's script).
  const realLangs = f.cat.release.filter((r) => !r.hidden && !(r.derived ?? []).includes("languages") && ascii(f.releaseTitle(r)) && r.vns.some((x) => f.vn(x.vn))).sort((a, b) => idNum(a.id) - idNum(b.id));
  const langsOf = (r: (typeof realLangs)[number]) => [...new Set(r.titles.filter((x) => !x.mtl).map((x) => x.lang))];
  const translated = realLangs[0];
  if (translated) {
    add("release-languages", "spelling", {
      question: `In which languages is the release "${f.releaseTitle(translated)}" (${translated.id}) available?`,
      need: langsOf(translated).slice(0, 3).map(lang),
      minCalls: 1,
      expert: `vndb_search_release {filters: {id: "${translated.id}"}, fields: "languages{lang}"}`,
    });
  }
  const rtypeOf = (vid: string, kind: string) => f.releasesOf(vid).filter((r) => r.vns.some((x) => x.vn === vid && x.rtype === kind));
  const withPartial = popular.find((v) => rtypeOf(v.id, "partial").length > 0);
  if (withPartial) {
    const r = rtypeOf(withPartial.id, "partial")[0]!;
    add("release-rtype", "spelling", { question: `Is ${r.id} the complete game of ${t(withPartial)}, a partial release or a trial?`, need: [["partial"]], minCalls: 1, expert: `vndb_search_release {filters: {id: "${r.id}"}} (vns{rtype})` });
  }
  const withTrials = popular.find((v) => v.id !== withPartial?.id && rtypeOf(v.id, "trial").length >= 1 && rtypeOf(v.id, "trial").length <= 3);
  if (withTrials) {
    add("release-trials", "spelling", {
      question: `Does ${t(withTrials)} have a trial version? Which releases are trials?`,
      need: rtypeOf(withTrials.id, "trial").map((r) => [r.id]),
      minCalls: 1,
      expert: `vndb_search_release {filters: {vn: "${withTrials.id}", rtype: "trial"}}`,
    });
  }
  // rtype on VNs: a developer's VNs that have a trial (a release filter, asked of VNs).
  const devTrials = [...byDev]
    .map(([d, vs]) => [d, vs.filter((v) => rtypeOf(v.id, "trial").length > 0)] as const)
    .filter(([d, vs]) => ascii(d) && vs.length >= 2 && vs.length <= 5 && (byDev.get(d)?.length ?? 0) > vs.length)
    .sort((a, b) => (byDev.get(b[0])?.length ?? 0) - (byDev.get(a[0])?.length ?? 0) || a[0].localeCompare(b[0]))[0];
  if (devTrials) {
    add("vn-rtype", "spelling", {
      question: `Which of ${devTrials[0]}'s visual novels have a trial version I could try first?`,
      need: devTrials[1].slice(0, 2).map((v) => [v.id, t(v)]),
      minCalls: 1,
      expert: `vndb_search_vn {filters: {developer: "${devTrials[0]}", release: {rtype: "trial"}}} (or {rtype: "trial"} with the filter aliases)`,
    });
  }
  const voicedIn = new Map<string, Set<string>>();
  for (const v of f.vns) for (const x of v.va) { const sid = f.staffOf(x.aid); if (sid) voicedIn.set(sid, (voicedIn.get(sid) ?? new Set()).add(v.id)); }
  const seiyuu = f.cat.staff.find((s) => !s.hidden && (voicedIn.get(s.id)?.size ?? 0) >= 2 && (voicedIn.get(s.id)?.size ?? 0) <= 10 && s.aliases.find((a) => a.aid === s.mainAid)?.latin);
  if (seiyuu) {
    const name = seiyuu.aliases.find((a) => a.aid === seiyuu.mainAid)!.latin!;
    add("voiced-in", "spelling", {
      question: `Which visual novels has the voice ${seiyuu.gender === "f" ? "actress" : "actor"} ${name} been in?`,
      need: [vnAlts([...voicedIn.get(seiyuu.id)!].map((id) => f.vn(id)!))],
      minCalls: 1,
      expert: `vndb_search_vn {filters: {staff: {search: "${name}", role: "seiyuu"}}} (or {seiyuu: "${name}"} with the filter aliases)`,
    });
  }

  // Size cap: every character of a VN with many (the standard view of 100 characters is far over the cap).
  const crowded = popular.find((v) => f.charactersOf(v.id).length >= 40 && f.charactersOf(v.id).length <= 100 && f.charactersOf(v.id).some((c) => c.vns.some((x) => x.vn === v.id && x.role === "main")));
  if (crowded) {
    const cs = f.charactersOf(crowded.id);
    const mains = cs.filter((c) => c.vns.some((x) => x.vn === crowded.id && x.role === "main")).flatMap((c) => [c.name, ...(c.latin ? [c.latin] : [])]);
    add("size-characters", "size-cap", {
      question: `How many characters does ${t(crowded)} have on VNDB? List them all with their roles.`,
      // Characters whose link to the VN is a spoiler may be counted or hidden: either count is right.
      need: [[...num(cs.length), ...num(f.cat.character.filter((c) => !c.hidden && c.vns.some((x) => x.vn === crowded.id)).length)], mains],
      minCalls: 1,
      expert: `vndb_search_character {filters: {vn: "${crowded.id}"}, fields: "name,vns{role}", results: 100, count: true}`,
    });
  }

  // Size cap: every release of a VN with many (the standard view of that page is over the cap too).
  const releasePlatforms = (v: VnRow) => {
    const n = new Map<string, number>();
    for (const r of f.releasesOf(v.id)) for (const p of r.platforms) n.set(p, (n.get(p) ?? 0) + 1);
    return [...n].filter(([p]) => PLATFORM_NAMES[p]).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([p]) => p);
  };
  const manyReleases = popular.filter((v) => v.id !== withTrials?.id && f.releasesOf(v.id).length >= 60 && f.releasesOf(v.id).length <= 100 && releasePlatforms(v).length >= 3)[0];
  if (manyReleases) {
    add("size-releases", "size-cap", {
      question: `List every release of ${t(manyReleases)}: how many are there, and on which platforms?`,
      // The platforms most of its releases are on.
      // Names only: codes such as "and" or "lin" are inside ordinary words.
      need: [num(f.releasesOf(manyReleases.id).length), ...releasePlatforms(manyReleases).slice(0, 3).map((p) => [PLATFORM_NAMES[p]!, ...(PLATFORM_LONG_NAMES[p] ?? [])])],
      minCalls: 1,
      expert: `vndb_search_release {filters: {vn: "${manyReleases.id}"}, fields: "title,platforms,released", results: 100, count: true}`,
    });
  }

  // Staff credits: what one person did on one VN; one role among many credits.
  const creditCount = new Map<string, number>();
  for (const v of f.vns) for (const sid of new Set(v.staff.map((s) => f.staffOf(s.aid)))) if (sid) creditCount.set(sid, (creditCount.get(sid) ?? 0) + 1);
  for (const v of popular.slice(5)) {
    const person = v.staff.find((s) => s.role in ROLE_WORDS && (creditCount.get(f.staffOf(s.aid) ?? "") ?? 0) >= 3 && f.aliasNames(s.aid)[1]);
    if (!person) continue;
    const sid = f.staffOf(person.aid)!;
    const roles = [...new Set(v.staff.filter((s) => f.staffOf(s.aid) === sid).map((s) => s.role))].filter((r) => r in ROLE_WORDS);
    // A voice part is a credit too (the VN's va list, not its staff list).
    const voiced = v.va.filter((x) => f.staffOf(x.aid) === sid).map((x) => f.cat.character.find((c) => c.id === x.character)).filter((c) => c && !c.hidden);
    const voice = voiced.length ? [["voice", "voiced", "seiyuu", ...voiced.flatMap((c) => [c!.name, ...(c!.latin ? [c!.latin] : [])])]] : [];
    add("staff-credit", "staff-credit", {
      question: `What did ${f.aliasNames(person.aid)[1]} do on ${t(v)}?`,
      need: [...roles.slice(0, voice.length ? 1 : 2).map((r) => ROLE_WORDS[r]!), ...voice],
      minCalls: 1,
      expert: `vndb_search_vn {filters: {id: "${v.id}", staff: "${f.aliasNames(person.aid)[1]}"}} (the matched credit) or {query, fields: "staff{name,role,note},va{character{name},staff{name}}"}`,
    });
    break;
  }
  const manyStaff = popular.find((v) => v.staff.length >= 60 && v.staff.some((s) => s.role === "chardesign" && f.aliasNames(s.aid).length));
  if (manyStaff) {
    const designers = [...new Set(manyStaff.staff.filter((s) => s.role === "chardesign").map((s) => f.staffOf(s.aid)))];
    const names = designers.map((sid) => [...new Set(manyStaff.staff.filter((s) => f.staffOf(s.aid) === sid).flatMap((s) => f.aliasNames(s.aid)))]).filter((n) => n.length);
    add("many-staff", "nested-list", {
      question: `Who did the character designs for ${t(manyStaff)}?`,
      need: names.slice(0, 2),
      minCalls: 1,
      expert: `vndb_search_vn {query: "${t(manyStaff)}", fields: "staff{name,role}"} (${manyStaff.staff.length} credits) or {query, filters: {staff: {role: "chardesign"}}}`,
    });
  }
  // Nested list options: a VN's tags with spoilers (the one VN the sample holds tags for).
  const tagged = popular.find((v) => v.tags.some((x) => x.spoiler > 0 && !x.lie));
  if (tagged) {
    const spoilerTags = tagged.tags.filter((x) => x.spoiler > 0 && !x.lie).sort((a, b) => b.rating - a.rating || idNum(a.tag) - idNum(b.tag));
    add("tags-spoilers", "nested-list", {
      question: `I've finished ${t(tagged)}. Show me its tags, spoiler ones included.`,
      need: spoilerTags.slice(0, 2).map((x) => [f.tagName(x.tag)]),
      minCalls: 1,
      expert: `vndb_search_vn {query: "${t(tagged)}", fields: "tags{name,rating,spoiler}", spoilers: 2} (${tagged.tags.length} tags)`,
    });
  }

  // Recommendations without tags.
  const seed = popular.filter((v) => v.tags.length === 0 && f.developers(v.id).length > 0 && similarWithoutTags(f, v).length >= 3)[3];
  if (seed) {
    add("recommend-untagged", "recommend-untagged", {
      question: `I loved ${t(seed)}. What similar visual novels should I try?`,
      need: [vnAlts(similarWithoutTags(f, seed))],
      minCalls: 1,
      expert: `vndb_recommend {like: ["${seed.id}"]} (falls back to shared developers/staff/relations) or vndb_search_vn {filters: {developer}}`,
    });
  }

  // The offline sample's gaps: an age rating, a release date, release languages it does not hold.
  // Subjects whose title is in no other VN's title, so a search for it cannot answer with a sequel's or remake's value.
  const lower = f.vns.map((v) => t(v).toLowerCase());
  const distinct = (v: VnRow) => lower.filter((x) => x.includes(t(v).toLowerCase())).length === 1;
  const noRating = popular.slice(10).find((v) => distinct(v) && f.releasesOf(v.id).length > 0 && f.releasesOf(v.id).every((r) => r.minage === null));
  if (noRating) {
    add("gap-age-rating", "sample-gap", {
      question: `My 15-year-old wants to play ${t(noRating)}. What is it rated, is it OK for them?`,
      need: [UNKNOWN],
      forbid: ["all ages", "all-ages", "no sexual content", "no adult content", "no ero content", "no ero scenes", "no erotic content", "no erotic scenes", "suitable for all", "rated for everyone", "not an adult"],
      minCalls: 1,
      expert: `vndb_search_release {filters: {vn: "${noRating.id}"}, fields: "minage,has_ero"} (age rating unknown in every release)`,
    });
  }
  const noDate = popular.slice(12).find((v) => distinct(v) && f.releasesOf(v.id).length > 0 && undated(v) && v.id !== noRating?.id);
  if (noDate) add("gap-release-date", "sample-gap", { question: `When was ${t(noDate)} released?`, need: [["no release date", "nor any of its", "none of its", ...UNKNOWN]], minCalls: 1, expert: `vndb_search_vn {query: "${t(noDate)}", fields: "title,released"}` });
  const enOnlyVn = popular.slice(3).find((v) => distinct(v) && v.olang === "ja" && f.languages(v.id).includes("en") && !f.releasesOf(v.id).some((r) => r.titles.some((x) => x.lang === "en")));
  if (enOnlyVn) {
    add("gap-english", "sample-gap", {
      question: `Can I play ${t(enOnlyVn)} in English?`,
      need: [["yes", "available in english", "has an english", "english is available", "english is among", "includes english"]],
      // The claims a data gap must not turn into; "no English release entries in the sample" is the honest caveat, not one of them.
      forbid: ["no english version", "no english release exists", "there is no english", "not available in english", "isn't available in english", "only in japanese", "only japanese", "not been translated"],
      minCalls: 1,
      expert: `vndb_search_vn {query: "${t(enOnlyVn)}", fields: "languages"} (the VN's languages; the sample's release languages are the original only)`,
    });
  }
  return out;
}

/** Writer-mode tasks on the owner's list: list state read or changed; the change is graded in the emulator's state. */
function writerTasks(f: Facts): EvalQuestion[] {
  const owner = f.listOwner();
  const uid = owner.uid;
  const list = f.listOf(uid, true);
  const onList = new Set(list.map((e) => e.vid));
  const label = (name: string) => f.cat.labels.find((l) => l.uid === uid && l.label === name)?.id;
  const finished = label("Finished");
  const t = (v: VnRow) => f.title(v);
  const popular = f.popular((v) => ascii(t(v)));
  const on = popular.filter((v) => list.some((e) => e.vid === v.id && e.vote !== null));
  const off = popular.filter((v) => !onList.has(v.id));
  const voteOf = (v: VnRow) => list.find((e) => e.vid === v.id)!.vote!;
  const qs: EvalQuestion[] = [];
  const q = (slug: string, situation: Situation, x: Pick<EvalQuestion, "question" | "need" | "minCalls" | "expert" | "forbid" | "after">) =>
    qs.push({ id: `list-${slug}`, kind: "list", session: "owner", situation, ...x });

  if (on[0]) {
    q("is-on", "list-state", {
      question: `Is ${t(on[0])} on my list?`,
      need: [num(voteOf(on[0]) / 10)],
      forbid: NOT_ON_LIST.slice(0, 6),
      minCalls: 1,
      expert: `vndb_get_user_list {query: "${t(on[0])}"}, or vndb_search_vn {query} (writer mode: list status in the hits)`,
    });
  }
  if (off[0]) q("is-off", "list-state", { question: `Have I already got ${t(off[0])} on my list?`, need: [NOT_ON_LIST], minCalls: 1, expert: `vndb_get_user_list {query: "${t(off[0])}"} (empty), or vndb_search_vn {query} (writer mode: not on the list)` });
  if (off[1] && finished !== undefined) {
    q("mark-new", "list-state", {
      question: `I just finished ${t(off[1])}! Mark it as finished and give it an 8.`,
      need: [["8"]],
      after: [{ kind: "vn", uid, vid: off[1].id, present: true, vote: 80, labels: [finished] }],
      minCalls: 1,
      expert: `vndb_update_list_entry {vn: "${t(off[1])}", labels_set: ["Finished"], vote: 8}`,
    });
  }
  const revote = on.slice(1).find((v) => voteOf(v) !== 80);
  if (revote && finished !== undefined) {
    q("mark-existing", "list-state", {
      question: `Mark ${t(revote)} as finished and change my vote to 8.`,
      need: [["8"]],
      after: [{ kind: "vn", uid, vid: revote.id, present: true, vote: 80, labels: [finished] }],
      minCalls: 1,
      expert: `vndb_update_list_entry {vn: "${t(revote)}", labels_set: ["Finished"], vote: 8}`,
    });
  }
  const gone = on.find((v) => v.id !== on[0]?.id && v.id !== revote?.id);
  if (gone) {
    q("remove", "list-state", {
      question: `Please remove ${t(gone)} from my list.`,
      need: [[gone.id, t(gone)]],
      after: [{ kind: "vn", uid, vid: gone.id, present: false }],
      minCalls: 2,
      expert: `vndb_search_vn {query} for the id (removals take ids), then vndb_remove_list_entry {vn: "${gone.id}", confirm: true} (the user asked)`,
    });
  }
  if (off[2]) {
    q("remove-absent", "list-state", {
      question: `Remove ${t(off[2])} from my list.`,
      need: [NOT_ON_LIST],
      forbid: ["has been removed", "i've removed", "i have removed", "successfully removed", "was removed"],
      after: [{ kind: "vn", uid, vid: off[2].id, present: false }],
      minCalls: 1,
      expert: `vndb_get_user_list {query: "${t(off[2])}"} (empty), or vndb_search_vn {query} (writer mode: not on the list); nothing to remove`,
    });
  }
  // The release list: one release with a real title (most dump releases are named after their VN).
  const owned = f.cat.rlist.filter((r) => r.uid === uid);
  // The second such release: the first is the subject of release-languages.
  const release = f.cat.release.filter((r) => !r.hidden && r.titles.some((x) => x.title) && r.released > 0 && !owned.some((o) => o.rid === r.id) && ascii(f.releaseTitle(r)) && r.vns.some((x) => f.vn(x.vn) && !f.vn(x.vn)!.hidden))[1];
  if (release) {
    const obtained = 2; // RLIST status 2 = obtained (reference §12.3)
    q("release-add", "list-state", {
      question: `I bought "${f.releaseTitle(release)}" (${release.id}). Put it on my release list as obtained.`,
      need: [[release.id, f.releaseTitle(release)]],
      after: [
        { kind: "release", uid, rid: release.id, present: true, status: obtained },
        { kind: "vn", uid, vid: release.vns.find((x) => f.vn(x.vn))!.vn, present: true },
      ],
      minCalls: 1,
      expert: `vndb_update_release_entry {release: "${release.id}", status: "obtained"}`,
    });
  }
  q("release-list", "list-state", {
    question: "Which releases are on my release list?",
    need: owned.length ? [owned.flatMap((r) => [r.rid])] : [["empty", "no releases", "none", "nothing", "0 releases", "no entries"]],
    minCalls: 1,
    expert: 'vndb_search_release {filters: {rlist: {any: [0, 1, 2, 3, 4]}}} or vndb_get_user_list {fields: "releases{title,list_status}"}',
  });
  // Recommendations for the owner's favourite, which has no tags: off the list, by developer/staff/relation.
  const fav = on.find((v) => voteOf(v) >= 80 && v.tags.length === 0 && similarWithoutTags(f, v).some((x) => !onList.has(x.id)));
  if (fav) {
    const like = similarWithoutTags(f, fav).filter((x) => !onList.has(x.id));
    q("like-untagged", "recommend-untagged", {
      question: `Recommend something like ${t(fav)} that isn't on my list yet.`,
      need: [like.flatMap((v) => [v.id, t(v)])],
      minCalls: 1,
      expert: `vndb_recommend {like: ["${fav.id}"]} (no tags: shared developers, staff, relations)`,
    });
  }
  return qs;
}
