// The evaluation harness: a shell CLI a model-playing agent drives one step per command.
// Every `call` starts the Kana emulator on 127.0.0.1 (list state kept per question in the run folder:
// writes persist between a question's calls and are graded after it) and the real stdio server
// (src/cli/main.ts) pointed at it, calls one tool through an SDK client and prints what the model sees.
//
//   npx tsx test/eval/play.ts reset                 new run (state in test/eval/runs/<run>/)
//   npx tsx test/eval/play.ts questions             the questions (ids, session), no answers
//   npx tsx test/eval/play.ts start <id>            make <id> current; prints the question
//   npx tsx test/eval/play.ts brief                 server instructions + tools/list for the current session
//   npx tsx test/eval/play.ts call <tool> '<json>'  one tool call for the current question
//   npx tsx test/eval/play.ts answer '<text>'       the final answer to the current question
//   npx tsx test/eval/play.ts grade                 grades the run; writes runs/<run>/results.json
//
// EVAL_RUN=<name> picks the run (default "current"). EVAL_SERVER_DIR=<checkout> and
// EVAL_SERVER_ENTRY=<path in it> run another build of the server (an older commit, for a
// before/after comparison) against the same emulator and questions.

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator } from "../../src/emulator/index.js";
import { Facts, type ListTables } from "./facts.js";
import { gradeQuestion, summarise, type RecordedCall } from "./grade.js";
import { buildQuestions, SITUATIONS, type EvalQuestion } from "./questions.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const run = process.env.EVAL_RUN ?? "current";
const dir = join(root, "test", "eval", "runs", run);
const statePath = join(dir, "state.json");

interface RunState {
  run: string;
  created: string;
  current: string | null;
  answers: Record<string, string>;
  calls: RecordedCall[];
}

function load(): RunState {
  if (!existsSync(statePath)) throw new Error(`no run "${run}": start with  npx tsx test/eval/play.ts reset`);
  return JSON.parse(readFileSync(statePath, "utf8")) as RunState;
}
const save = (s: RunState) => writeFileSync(statePath, JSON.stringify(s, null, 1));

function current(s: RunState, questions: EvalQuestion[]): EvalQuestion {
  const q = questions.find((x) => x.id === s.current);
  if (!q) throw new Error("no current question: npx tsx test/eval/play.ts start <id>");
  return q;
}

/**
 * Each question keeps its own list state (writes persist across its calls, not into other
 * questions), so a task's truth never depends on the order the questions were played in.
 */
const listStatePath = (id: string) => join(dir, "lists", `${id}.json`);

/** The list tables at the end of a question: its state file when it wrote, else the catalogue's. */
function listsAfter(id: string, facts: Facts): ListTables {
  const path = listStatePath(id);
  if (!existsSync(path)) return facts.initialLists();
  const saved = JSON.parse(readFileSync(path, "utf8")) as { lists: ListTables };
  return { ulist: saved.lists.ulist, rlist: saved.lists.rlist };
}

/**
 * The real stdio server for one session; `use` runs with a connected client. An anonymous
 * session is the offline mode (--embedded), which serves the same sample and says so in its
 * answers, as a user without network would see it. The owner's session writes the list, so
 * it runs against an emulator of ours whose list state outlives each call (stateFile).
 */
async function withServer<T>(session: EvalQuestion["session"], stateFile: string, use: (client: Client) => Promise<T>): Promise<T> {
  mkdirSync(join(dir, "lists"), { recursive: true });
  const emulator = session === "owner" ? await startEmulator({ port: 0, stateFile }) : undefined;
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...(emulator ? { VNDB_API_URL: emulator.url } : {}) };
  if (session === "owner") env.VNDB_TOKEN = new Facts().listOwner().token;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", process.env.EVAL_SERVER_ENTRY ?? "src/cli/main.ts", ...(emulator ? [] : ["--embedded"]), "--log-level", "error"],
    cwd: process.env.EVAL_SERVER_DIR ?? root,
    env,
    stderr: "pipe",
  });
  const client = new Client({ name: "vndb-mcp-eval", version: "0" });
  try {
    await client.connect(transport);
    return await use(client);
  } finally {
    await client.close().catch(() => {});
    await emulator?.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const questions = buildQuestions();
  switch (command) {
    case "reset": {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      save({ run, created: new Date().toISOString(), current: null, answers: {}, calls: [] });
      console.log(`run "${run}" reset: ${questions.length} questions. Next: questions, then start <id>.`);
      return;
    }
    case "questions": {
      const s = load();
      for (const q of questions) console.log(`${q.id}${s.answers[q.id] !== undefined ? " [answered]" : ""} (${q.session}) ${q.question}`);
      return;
    }
    case "start": {
      const s = load();
      const q = questions.find((x) => x.id === rest[0]);
      if (!q) throw new Error(`no question ${rest[0]}`);
      s.current = q.id;
      save(s);
      // The owner's session runs against an emulator over the same offline sample (withServer), so
      // its server believes it is online and its instructions do not say "sample"; players could
      // not tell (eval round 6). The harness says what the product would in the offline mode.
      const where = q.session === "owner" ? "; the catalogue is the same offline sample of VNDB, served by a local emulator" : "";
      console.log(`${q.id} (session: ${q.session === "owner" ? "a VNDB token of the user is configured" : "no token"}${where})\nUser: ${q.question}`);
      return;
    }
    case "brief": {
      const s = load();
      const q = s.current ? current(s, questions) : null;
      await withServer(q?.session ?? "anonymous", listStatePath(q?.id ?? "brief"), async (client) => {
        // What a host shows the model of each tool: name, description, input schema and hints.
        // Output schemas are for the host's validation (model-facing budget, test/helpers/model-facing.ts);
        // printed whole they were two thirds of 3,000 lines players paged through (eval round 6).
        console.log(`# Server instructions\n${client.getInstructions() ?? "(none)"}\n\n# Tools (tools/list as a host shows them to a model: output schemas left out)`);
        const shown = (await client.listTools()).tools.map(({ outputSchema: _output, ...rest }) => rest);
        console.log(JSON.stringify(shown, null, 1));
      });
      return;
    }
    case "call": {
      const s = load();
      const q = current(s, questions);
      const [tool, json] = rest;
      if (!tool) throw new Error("usage: call <tool> '<json arguments>'");
      const args = json ? (JSON.parse(json) as Record<string, unknown>) : {};
      const started = performance.now();
      const outcome = await withServer(q.session, listStatePath(q.id), async (client) => {
        try {
          const r = await client.callTool({ name: tool, arguments: args });
          return { isError: r.isError === true, text: (r.content as { type: string; text?: string }[]).filter((c) => c.type === "text").map((c) => c.text ?? "").join("\n") };
        } catch (e) {
          return { isError: true, text: e instanceof Error ? e.message : String(e) };
        }
      });
      s.calls.push({ question: q.id, tool, args, ...outcome, ms: Math.round(performance.now() - started) });
      save(s);
      console.log(`${outcome.isError ? "[isError] " : ""}${outcome.text}`);
      return;
    }
    case "answer": {
      const s = load();
      const q = current(s, questions);
      s.answers[q.id] = rest.join(" ");
      save(s);
      console.log(`answer to ${q.id} recorded.`);
      return;
    }
    case "grade": {
      const s = load();
      const facts = new Facts();
      const results = questions.map((q) => gradeQuestion(q, s.answers[q.id], s.calls, q.after ? listsAfter(q.id, facts) : undefined));
      const summary = summarise(results);
      const byKind = Object.fromEntries(
        (["catalogue", "list"] as const).map((k) => [k, summarise(results.filter((r) => r.kind === k))]),
      );
      const situationOf = new Map(questions.map((q) => [q.id, q.situation]));
      const bySituation = Object.fromEntries(
        Object.keys(SITUATIONS).map((k) => [k, summarise(results.filter((r) => situationOf.get(r.id) === k))]),
      );
      writeFileSync(join(dir, "results.json"), JSON.stringify({ run, graded: new Date().toISOString(), summary, byKind, bySituation, results }, null, 1));
      for (const r of results.filter((x) => x.answered)) {
        const state = r.stateMet.length ? ` list-state ${r.stateMet.filter(Boolean).length}/${r.stateMet.length}` : "";
        console.log(`${r.id} ${r.verdict} calls ${r.calls}/${r.minCalls} errors ${r.errorCalls}${state}${r.firstCallUseful ? "" : " first-call-not-useful"}`);
      }
      console.log(JSON.stringify(summary));
      console.log(`written: ${join(dir, "results.json")}`);
      return;
    }
    default:
      console.log(readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n").slice(0, 14).join("\n"));
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
