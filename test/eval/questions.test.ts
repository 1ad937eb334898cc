// The evaluation set must be computable on the current catalogue: enough questions, every
// truth non-empty, and the grader able to tell a right answer from a wrong one.

import { describe, expect, it } from "vitest";
import { Facts } from "./facts.js";
import { gradeAnswer, gradeQuestion, mentions, summarise } from "./grade.js";
import { buildQuestions } from "./questions.js";

const facts = new Facts();
const questions = buildQuestions(facts);

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

describe("grader", () => {
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
  });
});
