// The evaluation set: realistic user questions whose subjects and answers are chosen by code
// from the catalogue's data files (facts.ts), so the set follows the data when it changes.
// A question names what a right answer must contain (`need`: every item, each item satisfied
// by any of its alternatives) and, where it matters, what it must not (`forbid`).

import { Facts, insightTruth, type VnRow } from "./facts.js";

export type Alternatives = string[];

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
  const voiced = chars.flatMap((c) => f.vns.flatMap((v) => v.va.filter((x) => x.character === c.id).map((x) => ({ c, names: aliasName.get(x.aid) ?? [] }))));
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

  // Issue 21: a filter spelt as a model spells it (seiyuu on VNs), a release's type.
  const staffOfAlias = new Map(f.cat.staff.flatMap((st) => st.aliases.map((al) => [al.aid, st] as const)));
  const voicedIn = new Map<string, Set<string>>();
  for (const v of pop) {
    for (const va of v.va) {
      const st = staffOfAlias.get(va.aid);
      if (st) voicedIn.set(st.id, (voicedIn.get(st.id) ?? new Set()).add(v.id));
    }
  }
  const actor = [...voicedIn].filter(([, vns]) => vns.size >= 2 && vns.size <= 6).sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))[0];
  const actorRow = actor && f.cat.staff.find((st) => st.id === actor[0]);
  const actorAlias = actorRow?.aliases.find((al) => al.aid === actorRow.mainAid);
  if (actor && actorAlias) {
    const name = actorAlias.latin ?? actorAlias.name;
    add({ question: `Which visual novels has ${name} voiced a character in?`, need: [...actor[1]].slice(0, 3).map((vid) => [vid, t(f.vn(vid)!)]), minCalls: 1, expert: `vndb_search_vn {filters: {seiyuu: "${name}"}}` }, "seiyuu-vns");
  }
  const TYPE_WORDS: Record<string, string[]> = { trial: ["trial", "demo"], partial: ["partial"], complete: ["complete", "full"] };
  const trial = f.cat.release.find((r) => !r.hidden && r.vns.length === 1 && r.vns[0]!.rtype === "trial" && f.vn(r.vns[0]!.vn) && !f.vn(r.vns[0]!.vn)!.hidden);
  if (trial) {
    add({ question: `Is release ${trial.id} the full game or a trial?`, need: [TYPE_WORDS[trial.vns[0]!.rtype]!], minCalls: 1, expert: `vndb_search_release {query: "${trial.id}", fields: "brief"}` }, "release-type");
  }

  out.push(...listTasks(f));
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
  // Issue 21, writer mode: "is it on my list?" and recommendations without tags.
  const labelOf = (e: (typeof list)[number]) => e.labels.filter((id) => id !== 7).map((id) => f.labelName(owner.uid, id)).find((x) => x);
  const popularOnList = f.popular((v) => /^[\x20-\x7e]+$/.test(f.title(v))).map((v) => list.find((e) => e.vid === v.id));
  const labelled = popularOnList.find((e) => e && labelOf(e));
  if (labelled) q("on-list-label", `Is ${title(labelled.vid)} on my list, and under which label?`, [[labelOf(labelled)!]], 1, "vndb_search_vn {query} (hits carry the list status)");
  const votedOn = popularOnList.find((e) => e && e.vote !== null);
  if (votedOn) q("on-list-vote", `Is ${title(votedOn.vid)} on my list? What did I give it?`, [[String(votedOn.vote! / 10)]], 1, "vndb_search_vn {query} (hits carry the list status)");
  const absent = f.popular((v) => !onList.has(v.id) && /^[\x20-\x7e]+$/.test(f.title(v)))[0];
  if (absent) q("not-on-list", `Do I have ${f.title(absent)} on my list?`, [["not on", "isn't on", "is not on", "not in", "isn't in", "is not in"]], 1, "vndb_search_vn {query} (hits carry the list status)");
  const staffOf = new Map(f.cat.staff.flatMap((st) => st.aliases.map((al) => [al.aid, st.id] as const)));
  const credits = (v: VnRow) => new Set(v.staff.filter((c) => ["scenario", "art", "chardesign", "music"].includes(c.role)).map((c) => staffOf.get(c.aid)));
  const untagged = f.popular((v) => !f.safeTags(v, 1.5).some((x) => f.tagCategory(x.tag) === "cont") && f.developers(v.id).length > 0 && /^[\x20-\x7e]+$/.test(f.title(v)))[0];
  if (untagged) {
    const devs = new Set(f.developers(untagged.id));
    const made = credits(untagged);
    const related = new Set(untagged.relations.map((r) => r.vn));
    const like = f.vns.filter(
      (v) => v.id !== untagged.id && !onList.has(v.id) && (related.has(v.id) || f.developers(v.id).some((d) => devs.has(d)) || [...credits(v)].some((c) => made.has(c))),
    );
    if (like.length) q("recommend-untagged", `Recommend something like ${f.title(untagged)} that I haven't played.`, [like.flatMap((v) => [v.id, f.title(v)])], 1, `vndb_recommend {like: ["${untagged.id}"]}`);
  }
  const other = f.cat.users.find((u) => u.username && u.id !== owner.uid && f.listOf(u.id, false).some((e) => e.vote !== null));
  if (other) {
    const t2 = insightTruth(f, other.id, false);
    q("other-average", `What's the average vote of VNDB user ${other.username}?`, [[t2.average!.toFixed(2), t2.average!.toFixed(1)]], 1, `vndb_list_insight {user: "${other.username}"}`);
    q("other-size", `How many VNs does ${other.username} have on their public list?`, [num(t2.entries)], 1, `vndb_list_labels {user: "${other.username}"} or vndb_list_insight`);
  }
  return qs.filter((x) => x.need.every((alts) => alts.length > 0));
}
