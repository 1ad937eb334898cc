// Round 4 of the evaluation: what readers keep asking trackers for (issue 31) and words in
// descriptions (issue 28 item 6), each asked as a user would. Subjects and answers come from
// the catalogue's data files (facts.ts), never from the server; a question whose subject the
// data cannot supply is left out rather than made up.

import { Facts, type VnRow } from "./facts.js";
import type { Alternatives, EvalQuestion, Situation } from "./questions.js";
import { wordsOf } from "../../src/local/text-index.js";

/** "Today" of the sample's release dates (the emulator's clock is the system's). */
const today = () => Number(new Date().toISOString().slice(0, 10).replaceAll("-", ""));
const num = (n: number) => [String(n), n.toLocaleString("en-US")];
const ascii = (s: string) => /^[\x20-\x7e]+$/.test(s);
const NONE: Alternatives = ["no upcoming", "none", "nothing", "no releases", "no new release", "no future", "not any"];

export function readerQuestions(f: Facts): EvalQuestion[] {
  const out: EvalQuestion[] = [];
  const add = (slug: string, situation: Situation, session: EvalQuestion["session"], q: Pick<EvalQuestion, "question" | "need" | "minCalls" | "expert" | "forbid" | "after">) => {
    if (q.need.length === 0 || q.need.some((alts) => alts.length === 0 || alts.some((a) => !a))) return;
    const n = out.filter((x) => x.id.startsWith(`${slug}-`)).length + 1;
    out.push({ kind: session === "owner" ? "list" : "catalogue", session, situation, ...q, id: `${slug}-${n}` });
  };
  const t = (v: VnRow) => f.title(v);
  const popular = f.popular((v) => ascii(t(v)));
  const vnAlts = (v: VnRow) => [v.id, t(v)];

  // Identify a game from its folder or file name: the names launchers meet, noise included.
  const developed = popular.filter((v) => f.developers(v.id).length > 0 && t(v).length >= 6);
  const underscored = (s: string) => s.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "");
  const names: ((v: VnRow) => string)[] = [
    (v) => `C:\\Games\\${f.developers(v.id)[0]}\\${underscored(t(v)).toUpperCase()}\\`,
    (v) => `[${f.developers(v.id)[0]}] ${t(v)} (Steam).zip`,
    (v) => `${t(v).toLowerCase().replace(/[^a-z0-9]+/g, "")}_v1.02_eng.7z`,
    (v) => `D:\\VN\\${t(v)} [Complete Edition]\\game.exe`,
    (v) => `${underscored(t(v))}_EN_patch_final`,
    (v) => `/home/me/Games/${f.developers(v.id)[0]} - ${t(v)} (Limited Edition)/`,
    (v) => `[200415][${f.developers(v.id)[0]}] ${t(v)} Ver1.01`,
    (v) => `${t(v).replace(/ou/g, "o").replace(/uu/g, "u")} (JP).iso`,
  ];
  names.forEach((name, i) => {
    const v = developed[i * 3];
    if (v) add("identify", "reader-identify", "anonymous", { question: `I have this on my drive: \`${name(v)}\` — which visual novel is it?`, need: [vnAlts(v)], minCalls: 1, expert: `vndb_search_vn {identify: "${name(v)}"}` });
  });

  // Words in descriptions: two words only its description holds (outside spoiler blocks), asked as a half-remembered plot.
  // Spoiler blocks and link targets are not what a reader remembers of a story.
  const plain = (v: VnRow) => v.description.replace(/\[spoiler\][\s\S]*?\[\/spoiler\]/gi, " ").replace(/\[url=[^\]]*\]|https?:\/\/\S+/gi, " ");
  const visible = (v: VnRow) => wordsOf(plain(v));
  const counts = new Map<string, number>();
  for (const v of f.vns) for (const w of new Set(visible(v).map((x) => x.word))) counts.set(w, (counts.get(w) ?? 0) + 1);
  const described = popular
    .map((v) => {
      const seen = new Map<string, string>();
      // Lower-case words only: what the story holds, not its characters' names.
      for (const m of plain(v).matchAll(/\b[a-z]{7,}\b/g)) {
        const word = wordsOf(m[0])[0]?.word;
        if (word && counts.get(word) === 1 && !t(v).toLowerCase().includes(m[0])) seen.set(word, m[0]);
      }
      return { v, words: [...seen.values()].slice(0, 2) };
    })
    .filter((x) => x.words.length === 2)
    .slice(0, 4);
  for (const { v, words } of described) {
    add("described", "reader-described", "anonymous", { question: `There's a visual novel whose story has something about "${words[0]}" and "${words[1]}" in it — I forgot the title. Which one is it?`, need: [vnAlts(v)], minCalls: 1, expert: `vndb_search_vn {about: "${words.join(" ")}"}` });
  }

  const owner = f.listOwner();
  const mine = f.listOf(owner.uid, true);
  const onMine = new Set(mine.map((e) => e.vid));

  // Two readers side by side: the other user with the longest public list.
  const others = f.cat.users.filter((u) => u.id !== owner.uid).map((u) => ({ u, list: f.listOf(u.id, false) })).filter((x) => x.list.length > 0).sort((a, b) => b.list.length - a.list.length);
  const other = others[0];
  if (other) {
    const shared = other.list.filter((e) => onMine.has(e.vid));
    add("compare", "reader-compare", "owner", { question: `How many visual novels do ${other.u.username} and I both have on our lists?`, need: [num(shared.length)], minCalls: 1, expert: `vndb_list_insight {compare: "${other.u.username}"}` });
    const bothVoted = shared.filter((e) => e.vote !== null && mine.find((m) => m.vid === e.vid)!.vote !== null);
    const diff = (e: (typeof shared)[number]) => Math.abs(e.vote! - mine.find((m) => m.vid === e.vid)!.vote!);
    const most = [...bothVoted].sort((a, b) => diff(b) - diff(a))[0];
    if (most && diff(most) > 0) {
      const ties = bothVoted.filter((e) => diff(e) === diff(most)).flatMap((e) => vnAlts(f.vn(e.vid)!));
      add("compare", "reader-compare", "owner", { question: `Which VN do ${other.u.username} and I disagree on most?`, need: [ties], minCalls: 1, expert: `vndb_list_insight {compare: "${other.u.username}"}` });
    }
    const theirLoved = other.list.filter((e) => (e.vote ?? 0) >= 80 && !onMine.has(e.vid)).sort((a, b) => b.vote! - a.vote!);
    if (theirLoved.length) add("compare", "reader-compare", "owner", { question: `What did ${other.u.username} love that I haven't read yet? Just name a few.`, need: [theirLoved.flatMap((e) => vnAlts(f.vn(e.vid)!))], minCalls: 1, expert: `vndb_list_insight {compare: "${other.u.username}"}` });
  }
  add("compare-nobody", "reader-compare", "owner", { question: "Compare my taste with the user nobody-here-xyz, please.", need: [["no user", "not found", "doesn't exist", "does not exist", "no such user", "no VNDB user"]], minCalls: 1, expert: 'vndb_list_insight {compare: "nobody-here-xyz"}' });

  // "Should I read it?": the facts a brief must hold, from the data.
  const lengthOf = (v: VnRow) => v.cLengthMinutes ?? (v.lengthVotes.length ? v.lengthVotes.reduce((a, b) => a + b, 0) / v.lengthVotes.length : null);
  const briefable = popular.filter((v) => !onMine.has(v.id) && lengthOf(v) !== null && v.rating !== null).slice(0, 4);
  for (const v of briefable) {
    const hours = Math.round(lengthOf(v)! / 60);
    add("should-read", "reader-should-read", "owner", { question: `Should I read ${t(v)}? How long is it, and how is it rated?`, need: [[String(hours), `${hours} h`, `${hours} hours`], [(v.rating! / 10).toFixed(2), (v.rating! / 10).toFixed(1)]], minCalls: 1, expert: `vndb_list_insight {vn: "${t(v)}"}` });
  }

  // What is coming for the VNs on my list: releases dated after today (TBA included).
  const upcoming = f.cat.release.filter((r) => !r.hidden && r.released > today() && r.vns.some((x) => onMine.has(x.vn)));
  add("upcoming", "reader-upcoming", "owner", {
    question: "Is anything on my list getting a new release soon?",
    need: upcoming.length ? [upcoming.flatMap((r) => [r.id, ...r.vns.filter((x) => onMine.has(x.vn)).flatMap((x) => vnAlts(f.vn(x.vn)!))])] : [NONE],
    minCalls: 1,
    expert: "vndb_list_insight {upcoming: true} (or the calendar resource)",
  });

  // Export: the whole list as CSV, every entry in it.
  const exported = mine.filter((e) => f.vn(e.vid) && !f.vn(e.vid)!.hidden);
  if (exported.length) {
    const need = [[exported[0]!.vid, t(f.vn(exported[0]!.vid)!)], [exported.at(-1)!.vid, t(f.vn(exported.at(-1)!.vid)!)]];
    add("export", "reader-export", "owner", { question: "Export my whole VNDB list as CSV so I can keep a copy.", need, minCalls: 1, expert: "the list export (CSV)" });
    add("export", "reader-export", "owner", { question: "Can I get my list as JSON, with my votes and notes?", need, minCalls: 1, expert: "the list export (JSON)" });
  }

  // Import: titles and a vndb.org link onto the wishlist; the list state read back decides.
  const wishlist = f.cat.labels.find((l) => l.uid === owner.uid && l.label === "Wishlist")?.id;
  const toAdd = popular.filter((v) => !onMine.has(v.id)).slice(10, 12);
  if (wishlist !== undefined && toAdd.length === 2) {
    const [a, b] = toAdd as [VnRow, VnRow];
    add("import", "reader-import", "owner", {
      question: `Please add these to my wishlist:\n${t(a)}\nhttps://vndb.org/${b.id}`,
      need: [vnAlts(a), vnAlts(b)],
      after: [
        { kind: "vn", uid: owner.uid, vid: a.id, present: true, labels: [wishlist] },
        { kind: "vn", uid: owner.uid, vid: b.id, present: true, labels: [wishlist] },
      ],
      minCalls: 2,
      expert: "the list import: a dry run, then the one confirmation",
    });
  }
  const another = popular.filter((v) => !onMine.has(v.id))[12];
  if (wishlist !== undefined && another) {
    add("import", "reader-import", "owner", {
      question: `Add these to my wishlist: ${t(another)}; Qwyxz Nonexistent Tale`,
      need: [vnAlts(another), ["not found", "no match", "couldn't find", "could not find", "no VN", "unknown", "not recognised", "not recognized"]],
      after: [{ kind: "vn", uid: owner.uid, vid: another.id, present: true, labels: [wishlist] }],
      minCalls: 2,
      expert: "the list import: a dry run (one row unknown), then the one confirmation",
    });
  }
  return out;
}
