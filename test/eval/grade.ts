// Grading: an answer against a question's `need` / `forbid`, and a run's calls against the
// expert minimum. Pure, so the rules are tested apart from the harness.

import { countTokens } from "@anthropic-ai/tokenizer";
import type { ListTables } from "./facts.js";
import type { EvalQuestion, ListCheck } from "./questions.js";

export type Verdict = "right" | "partial" | "wrong";

export interface RecordedCall {
  question: string;
  tool: string;
  args: Record<string, unknown>;
  isError: boolean;
  text: string;
  ms: number;
}

export interface QuestionResult {
  id: string;
  kind: EvalQuestion["kind"];
  verdict: Verdict;
  /** Which `need` items the answer satisfied. */
  met: boolean[];
  /** Which `after` checks the list state at the end of the question satisfied (empty when it has none). */
  stateMet: boolean[];
  forbidden: string[];
  calls: number;
  minCalls: number;
  errorCalls: number;
  /** The first call's answer already held something the right answer needs. */
  firstCallUseful: boolean;
  /** Tokens of every tool answer the player read for this question (Anthropic tokenizer). */
  tokensRead: number;
  answered: boolean;
}

const normal = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ");

/** Whether `text` contains `alt`; numbers must stand alone (7.7 is not in 7.72, 2 not in 12). */
export function mentions(text: string, alt: string): boolean {
  const t = normal(text);
  const a = normal(alt).trim();
  if (!a) return false;
  if (/^[0-9][0-9.,]*$/.test(a)) {
    const escaped = a.replace(/[.]/g, "\\.");
    return new RegExp(`(?<![0-9.,])${escaped}(?![0-9]|[.,][0-9])`).test(t);
  }
  return t.includes(a);
}

export function gradeAnswer(q: EvalQuestion, answer: string): { verdict: Verdict; met: boolean[]; forbidden: string[] } {
  const met = q.need.map((alts) => alts.some((a) => mentions(answer, a)));
  const forbidden = (q.forbid ?? []).filter((f) => mentions(answer, f));
  const all = met.every(Boolean);
  const some = met.some(Boolean);
  const verdict: Verdict = all && forbidden.length === 0 ? "right" : some ? "partial" : "wrong";
  return { verdict, met, forbidden };
}

/** Whether the list tables satisfy one check: the row is there (or not), with the vote, labels or status asked. */
export function checkList(c: ListCheck, lists: ListTables): boolean {
  if (c.kind === "vn") {
    const row = lists.ulist.find((e) => e.uid === c.uid && e.vid === c.vid);
    if (!c.present) return !row;
    if (!row) return false;
    if (c.vote !== undefined && row.vote !== c.vote) return false;
    return (c.labels ?? []).every((id) => row.labels.includes(id));
  }
  const row = lists.rlist.find((e) => e.uid === c.uid && e.rid === c.rid);
  if (!c.present) return !row;
  return !!row && (c.status === undefined || row.status === c.status);
}

/**
 * The answer's verdict, then the list state's: a task whose `after` checks fail is at most
 * partial however well the answer reads (a write claimed but not made is the worst answer).
 */
export function gradeQuestion(q: EvalQuestion, answer: string | undefined, calls: RecordedCall[], lists?: ListTables): QuestionResult {
  const mine = calls.filter((c) => c.question === q.id);
  const a = gradeAnswer(q, answer ?? "");
  const stateMet = lists ? (q.after ?? []).map((c) => checkList(c, lists)) : [];
  const stateOk = stateMet.every(Boolean);
  const g = { ...a, stateMet, verdict: (a.verdict === "right" && !stateOk ? "partial" : a.verdict) as Verdict };
  const first = mine[0];
  return {
    id: q.id,
    kind: q.kind,
    ...g,
    calls: mine.length,
    minCalls: q.minCalls,
    errorCalls: mine.filter((c) => c.isError).length,
    firstCallUseful: !!first && !first.isError && q.need.some((alts) => alts.some((a) => mentions(first.text, a))),
    tokensRead: mine.reduce((n, c) => n + countTokens(c.text), 0),
    answered: answer !== undefined,
  };
}

export interface Summary {
  questions: number;
  answered: number;
  right: number;
  partial: number;
  wrong: number;
  /** Calls made over the experts' minimum, over answered questions. */
  calls: number;
  minCalls: number;
  callsPerMinimum: number | null;
  firstCallUseful: number;
  errorCalls: number;
  /** Median tokens of tool answers read per answered question. */
  tokensReadPerAnswer: number | null;
}

export function summarise(results: QuestionResult[]): Summary {
  const answered = results.filter((r) => r.answered);
  const calls = answered.reduce((n, r) => n + r.calls, 0);
  const minCalls = answered.reduce((n, r) => n + r.minCalls, 0);
  return {
    questions: results.length,
    answered: answered.length,
    right: results.filter((r) => r.verdict === "right").length,
    partial: results.filter((r) => r.verdict === "partial").length,
    wrong: results.filter((r) => r.verdict === "wrong").length,
    calls,
    minCalls,
    callsPerMinimum: minCalls ? Math.round((calls / minCalls) * 100) / 100 : null,
    firstCallUseful: answered.filter((r) => r.firstCallUseful).length,
    errorCalls: results.reduce((n, r) => n + r.errorCalls, 0),
    tokensReadPerAnswer: median(answered.map((r) => r.tokensRead)),
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}
