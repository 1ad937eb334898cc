// The evaluation set must be computable on the current catalogue: enough questions, every
// truth non-empty, and the grader able to tell a right answer from a wrong one.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Facts, type ListTables } from "./facts.js";
import { countTokens } from "@anthropic-ai/tokenizer";
import { checkList, gradeAnswer, gradeQuestion, mentions, summarise } from "./grade.js";
import { buildQuestions, SITUATIONS, type EvalQuestion, type ListCheck, type Situation } from "./questions.js";

const facts = new Facts();
const questions = buildQuestions(facts);
const byIdOrThrow = (id: string) => {
  const q = questions.find((x) => x.id === id);
  if (!q) throw new Error(`no question ${id}`);
  return q;
};

describe("evaluation set", () => {
  it("has at least 40 catalogue questions and 10 list tasks, with unique ids", () => {
    expect(questions.filter((q) => q.kind === "catalogue").length).toBeGreaterThanOrEqual(40);
    expect(questions.filter((q) => q.kind === "list").length).toBeGreaterThanOrEqual(10);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it.each(questions.map((q) => [q.id, q] as const))("%s has a non-empty truth and an expert minimum", (_id, q) => {
    expect(q.question.length).toBeGreaterThan(5);
    expect(q.need.length).toBeGreaterThan(0);
    for (const alts of q.need) {
      expect(alts.length).toBeGreaterThan(0);
      for (const a of alts) expect(a.trim()).not.toBe("");
    }
    expect(q.minCalls).toBeGreaterThanOrEqual(1);
    // An answer made of the first alternatives is right; an empty one is wrong.
    expect(gradeAnswer(q, q.need.map((alts) => alts[0]).join("; ")).verdict).toBe("right");
    expect(gradeAnswer(q, "I could not find that.").verdict).not.toBe("right");
  });

  it("uses the list owner's real numbers", () => {
    const owner = facts.listOwner();
    const size = questions.find((q) => q.id === "list-size")!;
    expect(size.need[0]).toContain(String(facts.listOf(owner.uid, true).length));
  });
});

/** The list tables after a player did exactly what the checks ask (rows added, changed or removed). */
function applied(lists: ListTables, checks: ListCheck[]): ListTables {
  let { ulist, rlist } = lists;
  for (const c of checks) {
    if (c.kind === "vn") {
      const old = ulist.find((e) => e.uid === c.uid && e.vid === c.vid);
      ulist = ulist.filter((e) => e !== old);
      if (c.present) {
        const base = old ?? { uid: c.uid, vid: c.vid, added: 0, lastmod: 0, voteDate: null, vote: null, started: null, finished: null, notes: "", labels: [] };
        ulist = [...ulist, { ...base, vote: c.vote === undefined ? base.vote : c.vote, labels: [...new Set([...base.labels, ...(c.labels ?? [])])] }];
      }
    } else {
      const old = rlist.find((e) => e.uid === c.uid && e.rid === c.rid);
      rlist = rlist.filter((e) => e !== old);
      if (c.present) rlist = [...rlist, { uid: c.uid, rid: c.rid, added: 0, status: (c.status ?? old?.status ?? 0) as 0 }];
    }
  }
  return { ulist, rlist };
}

describe("the situations where calls go (issue 21)", () => {
  const of = (s: Situation) => questions.filter((q) => q.situation === s);
  const byId = (id: string) => questions.find((q) => q.id === id);

  it("every situation has questions, and there are at least 20 of them", () => {
    for (const s of Object.keys(SITUATIONS) as Situation[]) expect(of(s).length, s).toBeGreaterThan(0);
    expect(of("list-state").length).toBeGreaterThanOrEqual(6);
    expect(of("empty-reason").length).toBeGreaterThanOrEqual(3);
    expect(of("sample-gap").length).toBeGreaterThanOrEqual(2);
    expect(questions.filter((q) => q.situation).length).toBeGreaterThanOrEqual(20);
  });

  it("writer-mode tasks run with the owner's token and name real list state", () => {
    const owner = facts.listOwner();
    const on = new Set(facts.listOf(owner.uid, true).map((e) => e.vid));
    for (const q of of("list-state")) expect(q.session, q.id).toBe("owner");
    const vnOf = (q: EvalQuestion | undefined) => q?.after?.find((c) => c.kind === "vn")?.kind === "vn" ? (q.after!.find((c) => c.kind === "vn") as { vid: string }).vid : undefined;
    expect(on.has(vnOf(byId("list-mark-existing"))!)).toBe(true);
    expect(on.has(vnOf(byId("list-mark-new"))!)).toBe(false);
    expect(on.has(vnOf(byId("list-remove"))!)).toBe(true);
    expect(on.has(vnOf(byId("list-remove-absent"))!)).toBe(false);
  });

  it("a write task's checks fail on the starting lists (unless it must change nothing) and pass once done", () => {
    const start = facts.initialLists();
    const writes = questions.filter((q) => q.after?.length);
    expect(writes.map((q) => q.id)).toEqual(expect.arrayContaining(["list-mark-new", "list-mark-existing", "list-remove", "list-remove-absent", "list-release-add"]));
    for (const q of writes) {
      const before = q.after!.map((c) => checkList(c, start));
      if (q.id === "list-remove-absent") expect(before.every(Boolean)).toBe(true);
      else expect(before.every(Boolean), q.id).toBe(false);
      expect(q.after!.every((c) => checkList(c, applied(start, q.after!))), q.id).toBe(true);
    }
  });

  it("the README's table of situations names questions that exist, in the situation it puts them", () => {
    const readme = readFileSync(new URL("./README.md", import.meta.url), "utf8");
    const rows = readme.split("\n").filter((l) => /^\| `[a-z-]+` \| `/.test(l));
    expect(rows.length).toBe(Object.keys(SITUATIONS).length);
    for (const row of rows) {
      const [situation, ...ids] = [...row.split("|")[1]!.matchAll(/`([a-z0-9-]+)`/g), ...row.split("|")[2]!.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!);
      expect(ids.sort(), situation).toEqual(of(situation as Situation).map((q) => q.id).sort());
    }
  });

  it("empty-for-a-reason subjects are empty in the data", () => {
    const tag = /"(.+)"/.exec(byId("empty-tag-1")!.question)![1];
    const row = facts.cat.tag.find((t) => t.name === tag)!;
    expect(facts.tagUsed(row.id)).toBe(false);
    const publisher = /did (.+) develop\?/.exec(byId("empty-publisher-1")!.question)![1]!;
    expect(facts.vns.some((v) => facts.developers(v.id).includes(publisher))).toBe(false);
  });
});

describe("grader", () => {
  it("grades a write task by the list state, not only by the answer", () => {
    const q = byIdOrThrow("list-mark-new");
    const answer = q.need.map((alts) => alts[0]).join("; ");
    expect(gradeQuestion(q, answer, [], facts.initialLists()).verdict).toBe("partial");
    expect(gradeQuestion(q, answer, [], applied(facts.initialLists(), q.after!)).verdict).toBe("right");
    expect(gradeQuestion(q, answer, [], applied(facts.initialLists(), q.after!)).stateMet).toEqual([true]);
  });

  it("matches numbers only as whole numbers", () => {
    expect(mentions("average 7.72/10", "7.7")).toBe(false);
    expect(mentions("average 7.72/10", "7.72")).toBe(true);
    expect(mentions("you have 12 entries", "2")).toBe(false);
    expect(mentions("you have 2 entries.", "2")).toBe(true);
    expect(mentions("Developed by KEY", "Key")).toBe(true);
  });

  it("grades partial answers, counts calls, errors and first-call usefulness", () => {
    const q = { id: "x", kind: "catalogue" as const, session: "anonymous" as const, question: "Who?", need: [["Alice"], ["Bob"]], minCalls: 1, expert: "" };
    const calls = [
      { question: "x", tool: "t", args: {}, isError: true, text: "error", ms: 1 },
      { question: "x", tool: "t", args: {}, isError: false, text: "Alice and Bob", ms: 1 },
      { question: "y", tool: "t", args: {}, isError: false, text: "", ms: 1 },
    ];
    const r = gradeQuestion(q, "Alice", calls);
    expect(r).toMatchObject({ verdict: "partial", calls: 2, errorCalls: 1, firstCallUseful: false, answered: true });
    const s = summarise([r, gradeQuestion({ ...q, id: "y" }, undefined, calls)]);
    expect(s).toMatchObject({ questions: 2, answered: 1, partial: 1, wrong: 1, calls: 2, minCalls: 1, callsPerMinimum: 2, errorCalls: 1 });
    // Tokens read: both of its calls' answers ("error", "Alice and Bob"), not the other question's.
    expect(r.tokensRead).toBe(countTokens("error") + countTokens("Alice and Bob"));
    expect(s.tokensReadPerAnswer).toBe(r.tokensRead);
  });
});
